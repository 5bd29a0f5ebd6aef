#include "kb/ver_driver.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "kb/ver_dotted.h"
#include "util/banned.h"

#define FIELDS_MAX 4

/* Split a dotted version into up to FIELDS_MAX numbers; the field count, or -1. */
static int split(const char *s, unsigned long *f, size_t *digits_last)
{
    int n = 0;

    if (!s || !isdigit((unsigned char)*s))
        return -1;
    for (;;) {
        unsigned long v = 0;
        size_t d = 0;
        if (n == FIELDS_MAX || !isdigit((unsigned char)*s))
            return -1;
        while (isdigit((unsigned char)*s)) {
            if (v < 100000000UL)
                v = v * 10 + (unsigned long)(*s - '0');
            s++;
            d++;
        }
        f[n++] = v;
        *digits_last = d;
        if (*s != '.')
            break;
        s++;
    }
    /* Trailing text after the number ("535.104.05 (open)") is ignored. */
    return n;
}

int ver_driver_normalize(const char *in, char *out, size_t outsz)
{
    unsigned long f[FIELDS_MAX];
    size_t dl = 0;
    int n = split(in, f, &dl);
    int w;

    if (outsz)
        out[0] = '\0';
    if (n < 0)
        return -1;
    if (n == 4) {
        unsigned long v;
        if (dl != 4 || f[3] > 9999)
            return -1;
        v = (f[2] * 10000 + f[3]) % 100000;
        w = snprintf(out, outsz, "%lu.%02lu", v / 100, v % 100);
    } else {
        size_t len = strlen(in);
        if (len + 1 > outsz)
            return -1;
        memcpy(out, in, len + 1);
        return 0;
    }
    if (w < 0 || (size_t)w >= outsz) {
        if (outsz)
            out[0] = '\0';
        return -1;
    }
    return 0;
}

int ver_cmp_driver(const char *a, const char *b)
{
    char na[64], nb[64];
    int va = ver_driver_normalize(a, na, sizeof(na)) == 0;
    int vb = ver_driver_normalize(b, nb, sizeof(nb)) == 0;

    if (!va || !vb)
        return va - vb;
    return ver_cmp_dotted(na, nb);
}

long ver_driver_branch(const char *v)
{
    char n[64];
    if (ver_driver_normalize(v, n, sizeof(n)))
        return -1;
    return ver_major(n);
}
