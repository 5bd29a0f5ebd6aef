/*
 * alloc.h - the project's one memory policy.
 *
 * xmalloc, xcalloc, xrealloc and xstrdup never return NULL: on out-of-memory
 * they print one line to stderr and abort, so no other code handles OOM.
 * Size arithmetic that depends on input goes through st_add / st_mult, which
 * BUG() on overflow rather than wrap.
 *
 * Ownership, written once for the whole project: arguments are borrowed;
 * a returned pointer belongs to the arena it came from (see arena.h) unless
 * the function's name ends in _dup or _detach, in which case the caller owns
 * it and frees it with free().
 *
 * ALLOC_GROW(ptr, nr, alloc) makes room for nr elements in a growable array
 * (the pattern from git): `ALLOC_GROW(v, n + 1, v_alloc); v[n++] = x;`.
 */
#ifndef GD_ALLOC_H
#define GD_ALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/** a + b, or BUG() if it overflows size_t. */
size_t st_add(size_t a, size_t b);
/** a * b, or BUG() if it overflows size_t. */
size_t st_mult(size_t a, size_t b);

#define ALLOC_NR(x) (((x) + 16) * 3 / 2)
#define ALLOC_GROW(ptr, nr, alloc)                                            \
    do {                                                                      \
        if ((nr) > (alloc)) {                                                 \
            (alloc) = ((nr) > ALLOC_NR(alloc)) ? (nr) : ALLOC_NR(alloc);      \
            (ptr) = xrealloc((ptr), st_mult(sizeof(*(ptr)), (alloc)));        \
        }                                                                     \
    } while (0)

#endif
