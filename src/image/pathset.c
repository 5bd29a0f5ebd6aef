/*
 * pathset.c - an open-addressing string set (pathset.h).
 */
#include "image/pathset.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

/* FNV-1a, 32 bits. */
static uint32_t hash_of(const char *p, size_t len)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= (unsigned char)p[i];
        h *= 16777619u;
    }
    return h;
}

void pathset_init(struct pathset *s)
{
    memset(s, 0, sizeof(*s));
    arena_init(&s->arena);
}

void pathset_release(struct pathset *s)
{
    arena_release(&s->arena);
    free(s->slots);
    free(s->hashes);
    pathset_init(s);
}

void pathset_clear(struct pathset *s)
{
    pathset_release(s);
}

/* The slot of path, or of the empty slot where it would go. */
static size_t find(const struct pathset *s, const char *path, size_t len, uint32_t h)
{
    size_t i = h & (s->nslots - 1);
    for (;;) {
        const char *k = s->slots[i];
        if (!k || (s->hashes[i] == h && !strncmp(k, path, len) && k[len] == '\0'))
            return i;
        i = (i + 1) & (s->nslots - 1);
    }
}

static void grow(struct pathset *s)
{
    size_t old_n = s->nslots, i;
    const char **old = s->slots;
    uint32_t *old_h = s->hashes;

    s->nslots = old_n ? st_mult(old_n, 2) : 256;
    s->slots = xcalloc(s->nslots, sizeof(*s->slots));
    s->hashes = xcalloc(s->nslots, sizeof(*s->hashes));
    for (i = 0; i < old_n; i++) {
        if (old[i]) {
            size_t j = find(s, old[i], strlen(old[i]), old_h[i]);
            s->slots[j] = old[i];
            s->hashes[j] = old_h[i];
        }
    }
    free(old);
    free(old_h);
}

int pathset_add(struct pathset *s, const char *path, size_t len)
{
    uint32_t h = hash_of(path, len);
    size_t i;

    if (memchr(path, '\0', len))
        return 0;
    if ((s->nr + 1) * 10 >= s->nslots * 7)
        grow(s);
    i = find(s, path, len, h);
    if (s->slots[i])
        return 0;
    s->slots[i] = arena_strndup(&s->arena, path, len);
    s->hashes[i] = h;
    s->nr++;
    return 1;
}

int pathset_has(const struct pathset *s, const char *path, size_t len)
{
    uint32_t h;
    size_t i;
    if (!s->nslots)
        return 0;
    h = hash_of(path, len);
    i = find(s, path, len, h);
    return s->slots[i] != NULL;
}
