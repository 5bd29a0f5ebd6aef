/*
 * hostlist.c - Slurm hostlist notation (see hostlist.h for the rules).
 */
#include "fleet/hostlist.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

#define MAX_DIGITS 18

struct hl_ent {
    const char *name;
    size_t plen;               /* prefix length; the whole name when ndig == 0 */
    unsigned long long num;
    int ndig;                  /* 0: a literal name */
    int width;                 /* the bracket class: 0 unpadded, else the padded width */
};

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static void ent_parse(struct hl_ent *e, const char *name)
{
    size_t len = strlen(name), i = len;
    e->name = name;
    e->plen = len;
    e->num = 0;
    e->ndig = 0;
    e->width = 0;
    if (strpbrk(name, ",[]\\"))
        return;                 /* written escaped, never folded */
    while (i > 0 && is_digit(name[i - 1]) && len - i < MAX_DIGITS)
        i--;
    if (i == len || (i > 0 && is_digit(name[i - 1])))
        return;                 /* no number, or one too long to fold */
    e->plen = i;
    e->ndig = (int)(len - i);
    for (; i < len; i++)
        e->num = e->num * 10 + (unsigned long long)(name[i] - '0');
    if (e->ndig > 1 && name[e->plen] == '0')
        e->width = e->ndig;     /* padded: only this width reproduces it */
}

static int prefix_cmp(const struct hl_ent *a, const struct hl_ent *b)
{
    size_t n = a->plen < b->plen ? a->plen : b->plen;
    int c = memcmp(a->name, b->name, n);
    if (c)
        return c;
    return a->plen < b->plen ? -1 : a->plen > b->plen;
}

static int ent_cmp(const void *pa, const void *pb)
{
    const struct hl_ent *a = pa, *b = pb;
    int c = prefix_cmp(a, b);
    if (c)
        return c;
    if ((a->ndig == 0) != (b->ndig == 0))
        return a->ndig == 0 ? -1 : 1;
    if (a->width != b->width)
        return a->width < b->width ? -1 : 1;
    if (a->num != b->num)
        return a->num < b->num ? -1 : 1;
    return a->ndig < b->ndig ? -1 : a->ndig > b->ndig;
}

static void put_num(struct strbuf *out, unsigned long long v, int width)
{
    strbuf_addf(out, "%0*llu", width, v);
}

/* A literal name: '\' before each of ",[]\", so that "gpu[01-99]" (one
 * node so named) cannot read as 99 nodes. */
static void put_literal(struct strbuf *out, const char *name)
{
    for (; *name; name++) {
        if (strchr(",[]\\", *name))
            strbuf_addch(out, '\\');
        strbuf_addch(out, *name);
    }
}

/* Bytes [from, to) of a hostlist with its escapes removed. */
static void add_unescaped(struct strbuf *out, const char *from, const char *to)
{
    for (; from < to; from++) {
        if (*from == '\\' && from + 1 < to)
            from++;
        strbuf_addch(out, *from);
    }
}

void hostlist_compress(const char *const *names, size_t n, struct strbuf *out)
{
    struct hl_ent *v;
    size_t i, j, k, first = 1;

    if (!n)
        return;
    v = xcalloc(n, sizeof(*v));
    for (i = 0; i < n; i++)
        ent_parse(&v[i], names[i]);
    qsort(v, n, sizeof(*v), ent_cmp);

    /*
     * An unpadded number as long as a padded class of the same prefix
     * prints identically in that class ("10" among "08", "09"): join it.
     */
    for (i = 0; i < n; i = j) {
        for (j = i + 1; j < n && !prefix_cmp(&v[i], &v[j]); j++)
            ;
        for (k = i; k < j; k++) {
            size_t m;
            if (!v[k].ndig || v[k].width)
                continue;
            for (m = i; m < j; m++)
                if (v[m].width == v[k].ndig && v[m].name[v[m].plen] == '0') {
                    v[k].width = v[k].ndig;
                    break;
                }
        }
    }
    qsort(v, n, sizeof(*v), ent_cmp);

    for (i = 0; i < n; i = j) {
        size_t count = 0;
        /* One bracket: same prefix, same class; duplicates collapse. */
        for (j = i + 1; j < n && !prefix_cmp(&v[i], &v[j]) && (v[i].ndig == 0) == (v[j].ndig == 0) &&
                        v[j].width == v[i].width;
             j++)
            ;
        if (!first)
            strbuf_addch(out, ',');
        first = 0;
        if (!v[i].ndig) {
            put_literal(out, v[i].name);
            for (k = i + 1; k < j; k++)   /* literal names: each distinct one */
                if (strcmp(v[k].name, v[k - 1].name)) {
                    strbuf_addch(out, ',');
                    put_literal(out, v[k].name);
                }
            continue;
        }
        for (k = i; k < j; k++)
            if (k == i || v[k].num != v[k - 1].num)
                count++;
        strbuf_add(out, v[i].name, v[i].plen);
        if (count == 1) {
            put_num(out, v[i].num, v[i].width);
            continue;
        }
        strbuf_addch(out, '[');
        for (k = i; k < j;) {
            unsigned long long lo = v[k].num, hi = lo;
            size_t m = k + 1;
            while (m < j && (v[m].num == hi || v[m].num == hi + 1)) {
                hi = v[m].num;
                m++;
            }
            if (k != i)
                strbuf_addch(out, ',');
            put_num(out, lo, v[i].width);
            if (hi != lo) {
                strbuf_addch(out, '-');
                put_num(out, hi, v[i].width);
            }
            k = m;
        }
        strbuf_addch(out, ']');
    }
    free(v);
}

/* Parse digits at *p (at most MAX_DIGITS); -1 if none. */
static int parse_num(const char **p, unsigned long long *v, int *ndig)
{
    const char *s = *p;
    *v = 0;
    *ndig = 0;
    while (is_digit(*s)) {
        if (*ndig == MAX_DIGITS)
            return -1;
        *v = *v * 10 + (unsigned long long)(*s - '0');
        (*ndig)++;
        s++;
    }
    *p = s;
    return *ndig ? 0 : -1;
}

int hostlist_expand(const char *s, int (*fn)(const char *name, void *arg), void *arg,
                    struct gd_err *err)
{
    struct strbuf name = STRBUF_INIT;
    size_t total = 0;
    int ret = 0;

    while (*s) {
        const char *end = s, *open = NULL, *close = NULL, *r;
        while (*end && (*end != ',' || (open && !close))) {
            if (*end == '\\') {
                if (!end[1] || (open && !close)) {
                    ret = err_setx(err, GD_ERR_USAGE, !end[1] ? "bad hostlist: '\\' at the end"
                                                              : "bad hostlist: '\\' inside brackets");
                    goto out;
                }
                end += 2;       /* the next byte is part of the name */
                continue;
            }
            if (*end == '[') {
                if (open) {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: more than one '[' in one name");
                    goto out;
                }
                open = end;
            } else if (*end == ']') {
                if (!open || close) {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: unexpected ']'");
                    goto out;
                }
                close = end;
            }
            end++;
        }
        if (open && !close) {
            ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: unclosed '['");
            goto out;
        }
        if (end == s) {
            ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: empty name");
            goto out;
        }
        if (!open) {
            strbuf_reset(&name);
            add_unescaped(&name, s, end);
            if (++total > HOSTLIST_MAX_NAMES) {
                ret = err_setx(err, GD_ERR_LIMIT, "bad hostlist: more than %d names", HOSTLIST_MAX_NAMES);
                goto out;
            }
            if ((ret = fn(name.buf, arg)) != 0)
                goto out;
        } else {
            for (r = open + 1; r < close;) {
                unsigned long long lo, hi, v;
                int lw, hw;
                if (parse_num(&r, &lo, &lw) < 0) {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: a range must be N or N-M");
                    goto out;
                }
                hi = lo;
                if (*r == '-') {
                    r++;
                    if (parse_num(&r, &hi, &hw) < 0 || hi < lo) {
                        ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: a range must be N or N-M with N <= M");
                        goto out;
                    }
                }
                if (r < close && *r != ',') {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: a range must be N or N-M");
                    goto out;
                }
                if (r < close)
                    r++;
                if (hi - lo >= HOSTLIST_MAX_NAMES || total + (hi - lo) + 1 > HOSTLIST_MAX_NAMES) {
                    ret = err_setx(err, GD_ERR_LIMIT, "bad hostlist: more than %d names", HOSTLIST_MAX_NAMES);
                    goto out;
                }
                for (v = lo;; v++) {
                    strbuf_reset(&name);
                    add_unescaped(&name, s, open);
                    put_num(&name, v, lw);
                    add_unescaped(&name, close + 1, end);
                    total++;
                    if ((ret = fn(name.buf, arg)) != 0)
                        goto out;
                    if (v == hi)
                        break;
                }
            }
            if (close == open + 1) {
                ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: empty brackets");
                goto out;
            }
        }
        s = *end ? end + 1 : end;
        if (*end == ',' && !*s) {
            ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: empty name");
            goto out;
        }
    }
out:
    strbuf_release(&name);
    return ret;
}
