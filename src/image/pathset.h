/*
 * pathset.h - a set of paths (byte strings), for one layer being applied.
 *
 * The OCI layer rules need to know which paths the layer itself has
 * created: a whiteout hides only what lower layers left, never an entry of
 * its own layer, and an opaque directory keeps its layer's entries
 * (image-spec layer.md, "Whiteouts").  One set per layer, cleared between
 * layers, so its size follows the largest layer's entry count, never the
 * image's bytes.  Open addressing; strings copied into the set's arena.
 */
#ifndef GD_IMAGE_PATHSET_H
#define GD_IMAGE_PATHSET_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"

struct pathset {
    struct arena arena;
    const char **slots;
    uint32_t *hashes;
    size_t nslots, nr;
};

void pathset_init(struct pathset *s);
/** Empty the set (its memory is freed). */
void pathset_clear(struct pathset *s);
void pathset_release(struct pathset *s);
/** Add path[0..len) (1 added, 0 already there). */
int pathset_add(struct pathset *s, const char *path, size_t len);
/** 1 if path[0..len) is in the set. */
int pathset_has(const struct pathset *s, const char *path, size_t len);

#endif
