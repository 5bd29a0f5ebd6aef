/*
 * ctk_dsl.c - NVIDIA_REQUIRE_* expressions (ctk_dsl.h), written from
 * libnvidia-container's src/cli/dsl.c semantics.
 */
#include "image/ctk_dsl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/banned.h"

#define TERM_MAX 128   /* dsl.c EXPR_MAX */

enum cmp { EQ, NE, LT, LE, GT, GE };

static int parse_op(const char *s, size_t n, enum cmp *c)
{
    /* dsl.c: the run of "<>=!" must be exactly one of the operators */
    static const struct { const char *s; enum cmp c; } ops[] = {
        { "=", EQ }, { "!=", NE }, { "<", LT }, { "<=", LE }, { ">", GT }, { ">=", GE },
    };
    size_t i;
    for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        if (strlen(ops[i].s) == n && !strncmp(s, ops[i].s, n)) {
            *c = ops[i].c;
            return 0;
        }
    return -1;
}

static int cmp_version(const char *v1, enum cmp cmp, const char *v2)
{
    if (strspn(v1, "0123456789.") != strlen(v1) || strspn(v2, "0123456789.") != strlen(v2))
        return -1;
    while (*v1 && *v2) {
        char *e1, *e2;
        unsigned long long n1 = strtoull(v1, &e1, 10), n2 = strtoull(v2, &e2, 10);
        if (e1 == v1 || e2 == v2)
            return -1;
        if (n1 != n2) {
            if (cmp == EQ)
                return 0;
            if (cmp == NE)
                return 1;
            if (cmp == LT || cmp == LE)
                return n1 < n2;
            return n1 > n2;
        }
        v1 = e1 + strspn(e1, ".");
        v2 = e2 + strspn(e2, ".");
    }
    v1 += strspn(v1, ".0");
    v2 += strspn(v2, ".0");
    if (cmp == NE)
        return *v1 != '\0' || *v2 != '\0';
    if (cmp == EQ || cmp == LE || cmp == GE) {
        if (!*v1 && !*v2)
            return 1;
        if (cmp == EQ)
            return 0;
    }
    if (cmp == LT || cmp == LE)
        return !*v1 && *v2;
    return *v1 && !*v2;
}

int ctk_dsl_compare_version(const char *v1, const char *op, const char *v2)
{
    enum cmp c;
    if (parse_op(op, strlen(op), &c) < 0)
        return -1;
    return cmp_version(v1, c, v2);
}

/* One term: 1 / 0 / -1 unknown / -2 invalid. */
static int eval_term(const char *term, const struct dsl_facts *f)
{
    char key[TERM_MAX];
    size_t n = strcspn(term, "<>=!"), m;
    const char *val, *have;
    enum cmp c;

    if (n == 0 || n >= sizeof(key))
        return -2;
    m = strspn(term + n, "<>=!");
    if (m == 0 || parse_op(term + n, m, &c) < 0)
        return -2;
    val = term + n + m;
    if (!*val)
        return -2;
    memcpy(key, term, n);
    key[n] = '\0';
    if (!strcasecmp(key, "cuda") || !strcasecmp(key, "driver")) {
        have = !strcasecmp(key, "cuda") ? f->cuda : f->driver;
        if (!have)
            return strspn(val, "0123456789.") == strlen(val) ? -1 : -2;
        return cmp_version(have, c, val) < 0 ? -2 : cmp_version(have, c, val);
    }
    if (!strcasecmp(key, "arch")) {
        if (f->no_device)
            return 1;   /* configure.c: no device visible, "assume the arch is ok" */
        if (!f->arch)
            return strspn(val, "0123456789.") == strlen(val) ? -1 : -2;
        return cmp_version(f->arch, c, val) < 0 ? -2 : cmp_version(f->arch, c, val);
    }
    if (!strcasecmp(key, "brand")) {
        if (c != EQ && c != NE)
            return -2;
        if (f->no_device)
            return 1;
        if (!f->brand)
            return -1;
        return (strcasecmp(f->brand, val) == 0) == (c == EQ);
    }
    return -2;
}

enum dsl_result ctk_dsl_eval(const char *expr, const struct dsl_facts *f, char *buf, size_t size)
{
    const char *p = expr;
    int any_unknown = 0;
    enum dsl_result ret = DSL_TRUE;
    char first_false[TERM_MAX] = "", first_unknown[TERM_MAX] = "";

    if (buf && size)
        buf[0] = '\0';
    while (*p) {
        const char *g = p, *ge;
        int group_false = 0, group_unknown = 0, group_empty = 1;
        p += strcspn(p, " ");
        ge = p;
        if (*p)
            p++;
        if (ge == g)
            continue;   /* dsl.c skips empty groups */
        while (g < ge) {
            char term[TERM_MAX];
            size_t n = strcspn(g, ",");
            int r;
            if (g + n > ge)
                n = (size_t)(ge - g);
            if (n == 0) {
                g++;
                continue;
            }
            group_empty = 0;
            if (n >= sizeof(term))
                return DSL_INVALID;
            memcpy(term, g, n);
            term[n] = '\0';
            g += n;
            if (g < ge && *g == ',')
                g++;
            r = eval_term(term, f);
            if (r == -2)
                return DSL_INVALID;
            if (r == 0) {
                group_false = 1;
                if (!first_false[0])
                    snprintf(first_false, sizeof(first_false), "%s", term);
                break;   /* the rest of the group is not evaluated */
            }
            if (r < 0) {
                group_unknown = 1;
                if (!first_unknown[0])
                    snprintf(first_unknown, sizeof(first_unknown), "%s", term);
            }
        }
        if (group_empty)
            break;      /* dsl.c: the group passes with the result so far */
        if (!group_false && !group_unknown)
            return DSL_TRUE;
        if (group_false)
            ret = DSL_FALSE;
        else
            any_unknown = 1;
    }
    if (ret == DSL_TRUE && !any_unknown)
        return DSL_TRUE;
    if (any_unknown) {
        if (buf && size)
            snprintf(buf, size, "%s", first_unknown);
        return DSL_UNKNOWN;
    }
    if (buf && size)
        snprintf(buf, size, "%s", first_false);
    return DSL_FALSE;
}

void ctk_dsl_message(const char *expr, char *buf, size_t size)
{
    size_t n = strcspn(expr, " ");
    if (n >= 6 && !strncmp(expr, "cuda>=", 6))
        snprintf(buf, size,
                 "unsatisfied condition: %.*s, please update your driver to a newer version, or use an earlier "
                 "cuda container",
                 (int)n, expr);
    else
        snprintf(buf, size, "unsatisfied condition: %.*s", (int)n, expr);
}
