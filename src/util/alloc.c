#include "util/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/err.h"
#include "util/banned.h"

GD_NORETURN static void oom(size_t size)
{
    fprintf(stderr, "gpudoctor: out of memory allocating %zu bytes\n", size);
    abort();
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        oom(size);
    return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
    void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
    if (!p)
        oom(st_mult(nmemb, size));
    return p;
}

void *xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (!p)
        oom(size);
    return p;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *p = xmalloc(st_add(len, 1));
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

size_t st_add(size_t a, size_t b)
{
    if (a > SIZE_MAX - b)
        BUG("size_t overflow: %zu + %zu", a, b);
    return a + b;
}

size_t st_mult(size_t a, size_t b)
{
    if (b && a > SIZE_MAX / b)
        BUG("size_t overflow: %zu * %zu", a, b);
    return a * b;
}
