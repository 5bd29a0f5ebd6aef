/*
 * arena.h - a bump allocator for scan results.
 *
 * Everything the scan produces (strings in facts, path lists, findings'
 * evidence) lives in one arena and is freed at once by arena_release.
 * Allocation never fails (OOM aborts, see alloc.h); memory is 16-byte
 * aligned; individual frees do not exist.  An arena is not thread-safe.
 */
#ifndef GD_ARENA_H
#define GD_ARENA_H

#include <stdarg.h>
#include <stddef.h>

#include "util/err.h"

struct arena_chunk;

struct arena {
    struct arena_chunk *head;
    size_t total;           /* bytes handed out, for statistics */
};

/** Set up an empty arena. Never fails, never allocates. */
void arena_init(struct arena *a);
/** Free every chunk; the arena is empty and reusable afterwards. */
void arena_release(struct arena *a);

/** size bytes, zeroed, owned by the arena. */
void *arena_alloc(struct arena *a, size_t size);
/** A copy of the NUL-terminated s (NULL gives NULL). */
char *arena_strdup(struct arena *a, const char *s);
/** A NUL-terminated copy of the first n bytes of s (or fewer at a NUL). */
char *arena_strndup(struct arena *a, const char *s, size_t n);
/** A formatted string owned by the arena. */
char *arena_printf(struct arena *a, const char *fmt, ...) GD_PRINTF(2, 3);
char *arena_vprintf(struct arena *a, const char *fmt, va_list ap);

#endif
