#include "kb/ver_dotted.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/arena.h"
#include "util/banned.h"

/* Components are capped so that absurd inputs cannot overflow. */
#define COMPONENT_MAX 999999999UL

/*
 * Read the next component at *p: 1 and *out set, 0 at the end of the
 * version.  Advances past one separating dot.
 */
static int next_component(const char **p, unsigned long *out)
{
    const char *s = *p;
    unsigned long v = 0;

    if (!s || !isdigit((unsigned char)*s))
        return 0;
    while (isdigit((unsigned char)*s)) {
        if (v <= COMPONENT_MAX)
            v = v * 10 + (unsigned long)(*s - '0');
        s++;
    }
    if (*s == '.' && isdigit((unsigned char)s[1]))
        s++;
    else
        s = "";
    *p = s;
    *out = v > COMPONENT_MAX ? COMPONENT_MAX + 1 : v;
    return 1;
}

int ver_cmp_dotted_n(const char *a, const char *b, int n)
{
    int i;
    int va = a && isdigit((unsigned char)*a);
    int vb = b && isdigit((unsigned char)*b);

    if (!va || !vb)
        return va - vb;
    for (i = 0; n < 0 || i < n; i++) {
        unsigned long ca = 0, cb = 0;
        int ha = next_component(&a, &ca);
        int hb = next_component(&b, &cb);
        if (!ha && !hb)
            return 0;
        if (ca != cb)
            return ca < cb ? -1 : 1;
    }
    return 0;
}

int ver_cmp_dotted(const char *a, const char *b)
{
    return ver_cmp_dotted_n(a, b, -1);
}

long ver_major(const char *v)
{
    unsigned long c;
    if (!next_component(&v, &c) || c > COMPONENT_MAX)
        return -1;
    return (long)c;
}

static int all_digits(const char *s, size_t *len)
{
    size_t n = 0;
    while (isdigit((unsigned char)s[n]))
        n++;
    *len = n;
    return n > 0 && s[n] == '\0';
}

static int put(char *out, size_t outsz, const char *fmt, ...) GD_PRINTF(3, 4);
static int put(char *out, size_t outsz, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(out, outsz, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= outsz) {
        if (outsz)
            out[0] = '\0';
        return -1;
    }
    return 0;
}

int ver_cuda_normalize(const char *in, char *out, size_t outsz)
{
    size_t n;
    unsigned long maj = 0, min = 0;

    if (outsz)
        out[0] = '\0';
    if (!in)
        return -1;
    if (!strncmp(in, "64_", 3))
        in += 3;
    if (all_digits(in, &n)) {
        unsigned long v = 0;
        size_t i;
        if (n > 6 || in[0] == '0')
            return -1;
        for (i = 0; i < n; i++)
            v = v * 10 + (unsigned long)(in[i] - '0');
        if (n >= 4) {           /* CUDART_VERSION: 1000 * major + 10 * minor */
            maj = v / 1000;
            min = (v % 1000) / 10;
        } else if (n == 3) {    /* DLL suffix: "110", "102" */
            maj = v / 10;
            min = v % 10;
        } else {                /* "12", "13": the major only */
            return put(out, outsz, "%lu", v) ? -1 : 0;
        }
        if (maj == 0)
            return -1;
        return put(out, outsz, "%lu.%lu", maj, min);
    }
    if (!next_component(&in, &maj) || maj == 0 || maj > 999)
        return -1;
    if (!next_component(&in, &min))
        return put(out, outsz, "%lu", maj);
    if (min > 99)
        return -1;
    return put(out, outsz, "%lu.%lu", maj, min);
}

int ver_cudnn_normalize(const char *in, char *out, size_t outsz)
{
    size_t n;

    if (outsz)
        out[0] = '\0';
    if (!in || !isdigit((unsigned char)*in))
        return -1;
    if (all_digits(in, &n)) {
        unsigned long v = 0;
        size_t i;
        if (n > 6)
            return -1;
        for (i = 0; i < n; i++)
            v = v * 10 + (unsigned long)(in[i] - '0');
        if (v >= 10000)   /* 9.x and later: MAJOR*10000 + MINOR*100 + PATCH */
            return put(out, outsz, "%lu.%lu.%lu", v / 10000, (v % 10000) / 100, v % 100);
        if (v >= 1000)    /* up to 8.x: MAJOR*1000 + MINOR*100 + PATCH */
            return put(out, outsz, "%lu.%lu.%lu", v / 1000, (v % 1000) / 100, v % 100);
        return put(out, outsz, "%lu", v);
    }
    n = strlen(in);
    if (n + 1 > outsz)
        return -1;
    memcpy(out, in, n + 1);
    return 0;
}

const char *ver_dotted_prefix(struct arena *arena, const char *v, int parts)
{
    const char *d = v;
    int i;
    if (!v)
        return NULL;
    for (i = 0; i < parts; i++) {
        d = strchr(i ? d + 1 : d, '.');
        if (!d)
            return v;
    }
    return arena_strndup(arena, v, (size_t)(d - v));
}
