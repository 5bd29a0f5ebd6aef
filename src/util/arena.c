#include "util/arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

#define ARENA_CHUNK 65536

struct arena_chunk {
    struct arena_chunk *next;
    size_t size;   /* usable bytes in data */
    size_t used;
    _Alignas(16) unsigned char data[];
};

void arena_init(struct arena *a)
{
    a->head = NULL;
    a->total = 0;
}

void arena_release(struct arena *a)
{
    struct arena_chunk *c = a->head;
    while (c) {
        struct arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    arena_init(a);
}

void *arena_alloc(struct arena *a, size_t size)
{
    struct arena_chunk *c = a->head;
    size_t need = st_add(size, 15) & ~(size_t)15;
    void *p;

    if (!need)
        need = 16;
    if (!c || c->size - c->used < need) {
        size_t sz = need > ARENA_CHUNK ? need : ARENA_CHUNK;
        c = xmalloc(st_add(sizeof(*c), sz));
        c->size = sz;
        c->used = 0;
        /* A big one-off block goes behind the head so that the head's
         * free space is not wasted. */
        if (a->head && sz > ARENA_CHUNK) {
            c->next = a->head->next;
            a->head->next = c;
        } else {
            c->next = a->head;
            a->head = c;
        }
    }
    p = c->data + c->used;
    c->used += need;
    a->total += need;
    memset(p, 0, size);
    return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
    if (!s)
        return NULL;
    return arena_strndup(a, s, strlen(s));
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *p = arena_alloc(a, st_add(len, 1));
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

char *arena_vprintf(struct arena *a, const char *fmt, va_list ap)
{
    va_list cp;
    int n;
    char *p;

    va_copy(cp, ap);
    n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n < 0)
        return arena_strdup(a, "");
    p = arena_alloc(a, st_add((size_t)n, 1));
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
    va_list ap;
    char *p;

    va_start(ap, fmt);
    p = arena_vprintf(a, fmt, ap);
    va_end(ap);
    return p;
}
