/*
 * resolve_int.h - what resolve.c shares with the rule sets
 * (resolve_glibc.c, resolve_musl.c, resolve_win.c).  Not for other callers.
 */
#ifndef GD_LOADER_RESOLVE_INT_H
#define GD_LOADER_RESOLVE_INT_H

#include "loader/resolve.h"

/* Append an attempt (strings already in the arena). */
void resolve_add_attempt(struct resolve_result *res, enum resolve_step step, const char *path,
                         enum resolve_outcome outcome, const char *from, const char *hwcaps,
                         const char *detail);

/**
 * Split list (separators seps) into directories: empty elements become
 * empty_as (NULL: skipped), DSTs are expanded against origin (NULL: unknown,
 * the element is dropped), trailing '/' removed, duplicates dropped.
 * Returns an xmalloc'd array of arena strings (caller frees the array).
 */
const char **resolve_split_path(struct resolver *r, const char *list, const char *seps,
                                const char *origin, const char *empty_as, size_t *n);

/** The directory of object path (arena), "" -> NULL. */
const char *resolve_origin_of(struct resolver *r, const char *path);

int resolve_glibc(struct resolver *r, const struct resolve_request *req,
                  struct resolve_result *out);
int resolve_musl(struct resolver *r, const struct resolve_request *req,
                 struct resolve_result *out);
int resolve_windows(struct resolver *r, const struct resolve_request *req,
                    struct resolve_result *out);
int resolve_macos(struct resolver *r, const struct resolve_request *req,
                  struct resolve_result *out);

#endif
