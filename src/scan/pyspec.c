#include "scan/pyspec.h"

#include <string.h>

#include "kb/ver_pep440.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* Compare the release prefix of v with the n release numbers of p. */
static int prefix_match(const struct ver_pep440 *v, const struct ver_pep440 *p)
{
    size_t i;
    if (v->epoch != p->epoch)
        return 0;
    for (i = 0; i < p->nrelease; i++) {
        unsigned long a = i < v->nrelease ? v->release[i] : 0;
        if (a != p->release[i])
            return 0;
    }
    return 1;
}

static int clause(const char *version, const char *c, size_t n)
{
    struct strbuf op = STRBUF_INIT, val = STRBUF_INIT, vv = STRBUF_INIT;
    struct ver_pep440 pv, pc;
    size_t i = 0;
    int r = -1, wild = 0, cmp;

    while (i < n && strchr("=!<>~", c[i]))
        strbuf_addch(&op, c[i++]);
    while (i < n && c[i] == ' ')
        i++;
    strbuf_add(&val, c + i, n - i);
    while (val.len && val.buf[val.len - 1] == ' ')
        strbuf_setlen(&val, val.len - 1);
    if (!strcmp(op.buf, "===")) {
        r = !strcmp(version, val.buf);
        goto out;
    }
    if (val.len >= 2 && !strcmp(val.buf + val.len - 2, ".*")) {
        wild = 1;
        strbuf_setlen(&val, val.len - 2);
    }
    /* Without a local label in the specifier, the candidate's is ignored. */
    strbuf_addstr(&vv, version);
    if (!strchr(val.buf, '+'))
        strbuf_setlen(&vv, ver_pep440_public_len(vv.buf));
    if (ver_pep440_parse(vv.buf, &pv) < 0 || ver_pep440_parse(val.buf, &pc) < 0)
        goto out;
    cmp = ver_cmp_pep440(vv.buf, val.buf);
    if (!strcmp(op.buf, "==") || !strcmp(op.buf, "!=")) {
        int eq = wild ? prefix_match(&pv, &pc) : cmp == 0;
        r = op.buf[0] == '=' ? eq : !eq;
    } else if (wild) {
        r = -1;
    } else if (!strcmp(op.buf, "~=")) {
        struct ver_pep440 pre = pc;
        if (pc.nrelease < 2)
            goto out;
        pre.nrelease = pc.nrelease - 1;
        r = cmp >= 0 && prefix_match(&pv, &pre);
    } else if (!strcmp(op.buf, ">=")) {
        r = cmp >= 0;
    } else if (!strcmp(op.buf, "<=")) {
        r = cmp <= 0;
    } else if (!strcmp(op.buf, ">")) {
        r = cmp > 0;
    } else if (!strcmp(op.buf, "<")) {
        r = cmp < 0;
    }
out:
    strbuf_release(&op);
    strbuf_release(&val);
    strbuf_release(&vv);
    return r;
}

int pyspec_match(const char *version, const char *spec)
{
    int all = 1;
    if (!spec || !*spec)
        return 1;
    if (!version || spec[0] == '@')
        return -1;
    while (*spec) {
        const char *comma = strchr(spec, ',');
        size_t n = comma ? (size_t)(comma - spec) : strlen(spec);
        while (n && *spec == ' ') {
            spec++;
            n--;
        }
        if (n) {
            int r = clause(version, spec, n);
            if (r < 0)
                return -1;
            if (r == 0)
                all = 0;
        }
        spec += n;
        if (*spec == ',')
            spec++;
    }
    return all;
}
