/*
 * kb_lint.c - whole-knowledge-base consistency checks (see kb_lint.h).
 */
#include "kb/kb_lint.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "util/alloc.h"
#include "util/banned.h"

void kb_lint_init(struct kb_lint *l)
{
    memset(l, 0, sizeof(*l));
    arena_init(&l->arena);
}

void kb_lint_release(struct kb_lint *l)
{
    free(l->v);
    arena_release(&l->arena);
    kb_lint_init(l);
}

static void add(struct kb_lint *l, const struct kb_table *t, size_t r, const char *fmt, ...)
    GD_PRINTF(4, 5);

static void add(struct kb_lint *l, const struct kb_table *t, size_t r, const char *fmt, ...)
{
    va_list ap;
    struct kb_lint_msg *m;

    ALLOC_GROW(l->v, l->n + 1, l->alloc);
    m = &l->v[l->n++];
    m->table = t ? t->schema->name : NULL;
    m->file = t && r < t->nrows ? t->files[r] : NULL;
    m->line = t && r < t->nrows ? t->lines[r] : 0;
    va_start(ap, fmt);
    m->text = arena_vprintf(&l->arena, fmt, ap);
    va_end(ap);
}

static int ncomp(const char *v)
{
    int n = 1;
    for (; *v && (isdigit((unsigned char)*v) || *v == '.'); v++)
        n += *v == '.';
    return n;
}

/* ---- driver floors ---- */

/* A table's column. */
struct col {
    enum kb_table_id table;
    size_t col;
};
#define COL(name, col) { KB_T_##name, KB_COL(name, col) }

static void check_floor(const struct kb *kb, struct kb_lint *l, struct col c)
{
    const struct kb_table *t = kb_tab(kb, c.table);
    const char *d, *s;
    size_t r;

    for (r = 0; r < t->nrows; r++) {
        const char *cu = kb_table_cell_of(t, c.table, r, c.col);
        int ok;
        if (!cu)
            continue;
        if (ver_major(cu) >= 11)
            ok = kb_cuda_mvc_floor(kb, cu, "linux", &d, &s) == 1;
        else
            ok = kb_cuda_min_driver(kb, cu, "linux", &d, &s) == 1;
        if (!ok)
            add(l, t, r, "CUDA %s (column %s) has no driver floor (cuda_mvc / cuda_driver)", cu,
                t->schema->cols[c.col].name);
    }
}

/* ---- cuDNN pairs ---- */

/* The cuda and cudnn columns of one table. */
static void check_cudnn(const struct kb *kb, struct kb_lint *l, struct col cuda, struct col cudnn)
{
    const struct kb_table *t = kb_tab(kb, cuda.table);
    size_t r;

    for (r = 0; r < t->nrows; r++) {
        const char *cu = kb_table_cell_of(t, cuda.table, r, cuda.col);
        const char *dn = kb_table_cell_of(t, cudnn.table, r, cudnn.col);
        if (!cu || !dn)
            continue;
        if (kb_cudnn_supports_cuda(kb, dn, cu, NULL) != 1)
            add(l, t, r, "cuDNN %s with CUDA %s is in no cudnn_cuda row", dn, cu);
    }
}

/* ---- Jetson ---- */

/* jetpack: rows in L4T order (each release once: the parser refuses a
 * duplicate key), the JetPack never going back as L4T rises, and within one
 * JetPack major a single CUDA major (what the JetPack/CUDA mismatch rule
 * relies on to name the JetPack a wheel's CUDA belongs to). */
static void check_jetpack(const struct kb *kb, struct kb_lint *l)
{
    const struct kb_table *t = kb_tab(kb, KB_T_jetpack);
    size_t r, q;

    for (r = 1; r < t->nrows; r++) {
        const char *l0 = kb_cell(t, r - 1, jetpack, l4t), *l1 = kb_cell(t, r, jetpack, l4t);
        const char *j0 = kb_cell(t, r - 1, jetpack, jetpack), *j1 = kb_cell(t, r, jetpack, jetpack);
        if (ver_cmp_dotted(l0, l1) >= 0)
            add(l, t, r, "L4T %s does not follow %s: rows must ascend by L4T release", l1, l0);
        else if (ver_cmp_dotted(j0, j1) > 0)
            add(l, t, r, "JetPack %s (L4T %s) is older than JetPack %s of the earlier L4T %s", j1, l1, j0, l0);
    }
    for (r = 0; r < t->nrows; r++)
        for (q = 0; q < r; q++) {
            const char *a = kb_cell(t, q, jetpack, cuda), *b = kb_cell(t, r, jetpack, cuda);
            const char *ja = kb_cell(t, q, jetpack, jetpack), *jb = kb_cell(t, r, jetpack, jetpack);
            if (a && b && !ver_cmp_dotted_n(ja, jb, 1) && ver_cmp_dotted_n(a, b, 1)) {
                add(l, t, r, "JetPack %s ships CUDA %s, but JetPack %s of the same major ships CUDA %s", jb, b,
                    ja, a);
                break;
            }
        }
}

/* ---- ranges ---- */

#define MAXC 8

static int comps(const char *v, long *out)
{
    int n = 0;
    while (n < MAXC && isdigit((unsigned char)*v)) {
        out[n++] = strtol(v, (char **)&v, 10);
        if (*v != '.')
            break;
        v++;
    }
    return n;
}

/* Is b the first release after a: a with one component incremented and
 * every later component of b zero ("0.5.99" -> "0.6.0", "1.18" -> "1.19",
 * "1.18.0" -> "1.18.1", "1.13" -> "2.0")? */
static int successor(const char *a, const char *b)
{
    long ca[MAXC], cb[MAXC];
    int na = comps(a, ca), nb = comps(b, cb), i, j;

    for (i = 0; i < na && i < nb; i++) {
        int ok = cb[i] == ca[i] + 1;
        for (j = 0; ok && j < i; j++)
            ok = cb[j] == ca[j];
        for (j = i + 1; ok && j < nb; j++)
            ok = cb[j] == 0;
        if (ok)
            return 1;
    }
    return 0;
}

struct lane_row {
    size_t r;
    const char *first, *last;
};

static int lane_cmp(const void *pa, const void *pb)
{
    const struct lane_row *a = pa, *b = pb;
    return ver_cmp_dotted(a->first, b->first);
}

/* The rows of t whose lane key is key (computed by lane()), checked in order. */
static void check_lane(struct kb_lint *l, const struct kb_table *t, const char *what,
                       struct lane_row *v, size_t n, int holes)
{
    size_t i;

    qsort(v, n, sizeof(*v), lane_cmp);
    for (i = 0; i < n; i++) {
        if (v[i].last && ver_cmp_dotted(v[i].first, v[i].last) > 0)
            add(l, t, v[i].r, "range %s-%s ends before it starts", v[i].first, v[i].last);
        if (i == 0)
            continue;
        if (!v[i - 1].last || ver_cmp_dotted_n(v[i].first, v[i - 1].last,
                                               ncomp(v[i - 1].last)) <= 0)
            add(l, t, v[i].r, "%s: range from %s overlaps the one ending %s", what, v[i].first,
                v[i - 1].last ? v[i - 1].last : "(open)");
        else if (holes && !successor(v[i - 1].last, v[i].first))
            add(l, t, v[i].r, "%s: hole between %s and %s", what, v[i - 1].last, v[i].first);
    }
}

/* The lane of row r: a string in buf, or NULL to skip the row. */
typedef const char *(*lane_fn)(const struct kb_table *t, size_t r, char *buf, size_t n);

/* The lane of a row: the text of one of its columns. */
#define LANE_COL(fn, name, col)                                                                      \
    static const char *fn(const struct kb_table *t, size_t r, char *b, size_t n)                     \
    {                                                                                                \
        (void)b;                                                                                     \
        (void)n;                                                                                     \
        return kb_cell(t, r, name, col);                                                             \
    }
LANE_COL(lane_flavor, jax, flavor)
LANE_COL(lane_package, cupy, package)
LANE_COL(lane_xgb_package, xgboost, package)
LANE_COL(lane_libs_os, tf_libs, os)
LANE_COL(lane_driver_os, tf_driver, os)
LANE_COL(lane_framework, py_support, framework)

/* One CUDA major's builds, PyPI's and ORT's own feeds together: checked for
 * overlaps only, as off PyPI a CUDA major is published for some releases
 * only (1.28's CUDA 12 build, none of 1.27).  The PyPI default (lane_ort_pypi)
 * is checked for holes too. */
static const char *lane_ort_cuda(const struct kb_table *t, size_t r, char *b, size_t n)
{
    snprintf(b, n, "CUDA %ld builds", ver_major(kb_cell(t, r, onnxruntime, cuda)));
    return b;
}
static const char *lane_ort_pypi(const struct kb_table *t, size_t r, char *b, size_t n)
{
    (void)n;
    (void)b;
    return strcmp(kb_cell(t, r, onnxruntime, pypi), "yes") ? NULL : "the PyPI default";
}
static const char *lane_fact(const struct kb_table *t, size_t r, char *b, size_t n)
{
    snprintf(b, n, "%s %s", kb_cell(t, r, pkg_fact, framework), kb_cell(t, r, pkg_fact, fact));
    return b;
}
static const char *lane_route(const struct kb_table *t, size_t r, char *b, size_t n)
{
    snprintf(b, n, "%s %s", kb_cell(t, r, cuda_compat, framework), kb_cell(t, r, cuda_compat, route));
    return b;
}
static const char *lane_all(const struct kb_table *t, size_t r, char *b, size_t n)
{
    (void)t;
    (void)r;
    (void)b;
    (void)n;
    return "all rows";
}

/* Table name's first..last ranges, lane by lane. */
#define CHECK_RANGES(kb, l, name, lane, holes)                                                       \
    check_ranges((kb), (l), (struct col)COL(name, first), KB_COL(name, last), (lane), (holes))

static void check_ranges(const struct kb *kb, struct kb_lint *l, struct col first, size_t last, lane_fn lane,
                         int holes)
{
    const struct kb_table *t = kb_tab(kb, first.table);
    struct lane_row *v = xcalloc(t->nrows + 1, sizeof(*v));
    char *done = xcalloc(t->nrows + 1, 1);
    char key[128], other[128];
    size_t r, k, n;

    for (r = 0; r < t->nrows; r++) {
        const char *lk;
        if (done[r] || !(lk = lane(t, r, key, sizeof(key))))
            continue;
        if (lk != key) {
            snprintf(key, sizeof(key), "%s", lk);
            lk = key;
        }
        n = 0;
        for (k = r; k < t->nrows; k++) {
            const char *ok = lane(t, k, other, sizeof(other));
            if (done[k] || !ok || strcmp(ok, lk))
                continue;
            done[k] = 1;
            v[n].r = k;
            v[n].first = kb_table_cell_of(t, first.table, k, first.col);
            v[n].last = kb_table_cell_of(t, first.table, k, last);
            n++;
        }
        check_lane(l, t, lk, v, n, holes);
    }
    free(done);
    free(v);
}

/* ---- sources ---- */

static int is_repo_ref(const char *s)
{
    /* owner/repo followed by @, #, a space or the end: "cupy/cupy@docs/...". */
    const char *p = s;
    size_t a = 0, b = 0;
    while (isalnum((unsigned char)*p) || *p == '-' || *p == '_' || *p == '.')
        p++, a++;
    if (!a || *p != '/')
        return 0;
    p++;
    while (isalnum((unsigned char)*p) || *p == '-' || *p == '_' || *p == '.')
        p++, b++;
    return b && (*p == '@' || *p == '#' || *p == ' ' || *p == '\0');
}

static int cites(const char *s)
{
    const char *p;
    if (strstr(s, "://"))
        return 1;
    for (p = s; *p; p++)
        if ((p == s || *(p - 1) == ' ' || *(p - 1) == '(' || *(p - 1) == ';') && is_repo_ref(p))
            return 1;
    return 0;
}

static void check_sources(const struct kb *kb, struct kb_lint *l)
{
    const struct kb_schema *s;
    size_t r;

    for (s = kb_schemas; s->name; s++) {
        const struct kb_table *t = kb_table(kb, s->name);
        for (r = 0; r < t->nrows; r++) {
            const char *src = kb_table_cell(t, r, s->ncols - 1);
            if (!src || !cites(src))
                add(l, t, r, "source names no URL or repository: '%s'", src ? src : "");
        }
    }
}

/* ---- dates ---- */

static long day_number(const char *d)
{
    long y = strtol(d, NULL, 10), m = strtol(d + 5, NULL, 10), dd = strtol(d + 8, NULL, 10);
    /* days since 0000-03-01 (civil-from-days inverse) */
    if (m <= 2)
        y--, m += 12;
    return 365 * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + dd;
}

static void check_dates(const struct kb *kb, const char *today, struct kb_lint *l)
{
    const struct kb_table *t = kb_tab(kb, KB_T_kb_meta);
    const char *rev = kb_revision(kb);
    size_t r;

    if (!rev || !kbdata_is_date(rev))
        add(l, NULL, 0, "the revision '%s' is not a date YYYY-MM-DD", rev ? rev : "(none)");
    else if (today && day_number(rev) > day_number(today))
        add(l, NULL, 0, "the revision %s is after today (%s)", rev, today);
    for (r = 0; r < t->nrows; r++) {
        const char *c = kb_cell(t, r, kb_meta, checked), *name = kb_cell(t, r, kb_meta, table);
        if (!kbdata_is_date(c))
            add(l, t, r, "checked '%s' is not a date", c);
        else if (today && day_number(c) > day_number(today))
            add(l, t, r, "checked %s is after today (%s)", c, today);
        if (!kb_schema_find(name))
            add(l, t, r, "no table called '%s'", name);
    }
}

size_t kb_lint_check(const struct kb *kb, const char *today, struct kb_lint *l)
{
    size_t before = l->n;
    static const struct col cuda_cols[] = {
        COL(tf_build, cuda),   COL(torch, cuda),           COL(jax, cuda_min),
        COL(onnxruntime, cuda), COL(paddle, cuda),         COL(cupy, cuda_min),
        COL(cupy, cuda_max),   COL(cudnn_cuda, cuda_min),  COL(cudnn_cuda, cuda_max),
        COL(arch_floor, cuda_min), COL(xgboost, cuda),
    };
    size_t i;

    if (today && !kbdata_is_date(today))
        today = NULL;
    for (i = 0; i < sizeof(cuda_cols) / sizeof(cuda_cols[0]); i++)
        check_floor(kb, l, cuda_cols[i]);
    check_cudnn(kb, l, (struct col)COL(tf_build, cuda), (struct col)COL(tf_build, cudnn));
    check_cudnn(kb, l, (struct col)COL(torch, cuda), (struct col)COL(torch, cudnn));
    CHECK_RANGES(kb, l, jax, lane_flavor, 1);
    CHECK_RANGES(kb, l, onnxruntime, lane_ort_cuda, 0);
    CHECK_RANGES(kb, l, onnxruntime, lane_ort_pypi, 1);
    CHECK_RANGES(kb, l, cupy, lane_package, 1);
    CHECK_RANGES(kb, l, xgboost, lane_xgb_package, 1);
    CHECK_RANGES(kb, l, tf_libs, lane_libs_os, 1);
    CHECK_RANGES(kb, l, tf_driver, lane_driver_os, 1);
    CHECK_RANGES(kb, l, tf_arch, lane_all, 1);
    CHECK_RANGES(kb, l, py_support, lane_framework, 1);
    CHECK_RANGES(kb, l, pkg_fact, lane_fact, 1);
    CHECK_RANGES(kb, l, cuda_compat, lane_route, 1);
    check_jetpack(kb, l);
    check_sources(kb, l);
    check_dates(kb, today, l);
    return l->n - before;
}

/* The newest release a table's rows cover: the greatest "last" (NULL when a
 * row is open-ended), else the greatest key version. */
static const char *newest_row(const struct kb_table *t, int *open)
{
    int c = kb_schema_col(t->schema, "last");
    const char *best = NULL;
    size_t r;

    *open = 0;
    if (c < 0)
        c = 0;
    for (r = 0; r < t->nrows; r++) {
        const char *v = kb_table_cell(t, r, (size_t)c);
        if (!v) {
            *open = 1;
            continue;
        }
        if (!isdigit((unsigned char)*v))
            continue;
        if (!best || ver_cmp_dotted(v, best) > 0)
            best = v;
    }
    return best;
}

/* The kb_meta row of table name, or -1. */
static long meta_row(const struct kb_table *m, const char *name)
{
    size_t r;
    for (r = 0; r < m->nrows; r++)
        if (!strcmp(kb_cell(m, r, kb_meta, table), name))
            return (long)r;
    return -1;
}

/* Tables keyed by releases: each should say in kb_meta when it was checked. */
static const enum kb_table_id versioned[] = {
    KB_T_tf_build,    KB_T_tf_libs,     KB_T_tf_driver,   KB_T_tf_arch,      KB_T_torch,
    KB_T_torch_python, KB_T_jax,        KB_T_cupy,        KB_T_paddle,       KB_T_onnxruntime,
    KB_T_cuda_driver, KB_T_driver_cuda, KB_T_cudnn_cuda,  KB_T_py_support,   KB_T_jetpack,
    KB_T_xgboost,
};

/* py_support's framework -> the table whose kb_meta row names its newest release. */
static const char *py_framework_table(const char *fw)
{
    return !strcmp(fw, "pytorch") ? "torch" : fw;
}

/* py_support, one framework at a time: its newest range against the newest
 * release kb_meta names for that framework's own table. */
static void stale_py_support(const struct kb *kb, const struct kb_table *m, struct kb_lint *l)
{
    const struct kb_table *t = kb_tab(kb, KB_T_py_support);
    size_t r, k;

    for (r = 0; r < t->nrows; r++) {
        const char *fw = kb_cell(t, r, py_support, framework), *best = kb_cell(t, r, py_support, last), *newest;
        size_t at = r;
        int seen = 0, open = !best;
        long mr;

        for (k = 0; k < r && !seen; k++)
            seen = !strcmp(kb_cell(t, k, py_support, framework), fw);
        if (seen)
            continue; /* this framework was done at its first row */
        for (k = r + 1; k < t->nrows; k++) {
            const char *v = kb_cell(t, k, py_support, last);
            if (strcmp(kb_cell(t, k, py_support, framework), fw))
                continue;
            if (!v)
                open = 1;
            else if (!best || ver_cmp_dotted(v, best) > 0)
                best = v, at = k;
        }
        mr = meta_row(m, py_framework_table(fw));
        if (open || mr < 0)
            continue;
        newest = kb_cell(m, (size_t)mr, kb_meta, newest);
        if (!best || ver_cmp_dotted_n(best, newest, ncomp(newest)) < 0)
            add(l, t, at, "%s: newest row %s is older than %s, the newest release kb_meta names "
                          "for %s", fw, best ? best : "(none)", newest, py_framework_table(fw));
    }
}

size_t kb_lint_freshness(const struct kb *kb, const char *today, struct kb_fresh **out)
{
    const struct kb_table *m = kb_tab(kb, KB_T_kb_meta);
    struct kb_fresh *v = NULL;
    size_t n = 0, alloc = 0, r;

    if (today && !kbdata_is_date(today))
        today = NULL;
    for (r = 0; r < m->nrows; r++) {
        const char *name = kb_cell(m, r, kb_meta, table);
        struct kb_fresh *f;
        const struct kb_table *t;
        if (!kb_schema_find(name))
            continue;
        t = kb_table(kb, name);
        ALLOC_GROW(v, n + 1, alloc);
        f = &v[n++];
        memset(f, 0, sizeof(*f));
        f->table = name;
        f->checked = kb_cell(m, r, kb_meta, checked);
        f->named = kb_cell(m, r, kb_meta, newest);
        f->have = newest_row(t, &f->open);
        f->mixed = t->schema == &kb_schemas[KB_T_py_support];
        f->behind = !f->mixed && !f->open &&
                    (!f->have || ver_cmp_dotted_n(f->have, f->named, ncomp(f->named)) < 0);
        f->age_days = today && kbdata_is_date(f->checked) ? day_number(today) - day_number(f->checked) : -1;
    }
    *out = v;
    return n;
}

size_t kb_lint_stale(const struct kb *kb, const char *today, struct kb_lint *l)
{
    const struct kb_table *m = kb_tab(kb, KB_T_kb_meta);
    size_t before = l->n, r;

    if (today && !kbdata_is_date(today))
        today = NULL;
    for (r = 0; r < m->nrows; r++) {
        const char *name = kb_cell(m, r, kb_meta, table), *newest = kb_cell(m, r, kb_meta, newest);
        const char *checked = kb_cell(m, r, kb_meta, checked), *have;
        const struct kb_table *t;
        int open;

        if (!kb_schema_find(name))
            continue;
        t = kb_table(kb, name);
        /* py_support mixes frameworks: compared per framework below. */
        have = newest_row(t, &open);
        if (t->schema != &kb_schemas[KB_T_py_support] && !open &&
            (!have || ver_cmp_dotted_n(have, newest, ncomp(newest)) < 0))
            add(l, t, 0, "newest row %s is older than %s, the newest release its sources name "
                         "(kb_meta, checked %s)", have ? have : "(none)", newest, checked);
        if (today && kbdata_is_date(checked) && day_number(today) - day_number(checked) > 365)
            add(l, t, 0, "last checked %s, more than a year ago", checked);
    }
    stale_py_support(kb, m, l);
    {
        /* One message for every release-keyed table kb_meta does not list. */
        char missing[512];
        size_t len = 0;

        missing[0] = '\0';
        for (r = 0; r < sizeof(versioned) / sizeof(versioned[0]); r++)
            if (meta_row(m, kb_schemas[versioned[r]].name) < 0 && len < sizeof(missing)) {
                int w = snprintf(missing + len, sizeof(missing) - len, "%s%s", len ? ", " : "",
                                 kb_schemas[versioned[r]].name);
                len += w > 0 ? (size_t)w : 0;
            }
        if (len)
            add(l, m, 0, "no row for %s: when their sources were last checked, and the newest "
                         "release they named, is not recorded", missing);
    }
    return l->n - before;
}
