#include "kb/kb.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "kb/kb_builtin.h"
#include "kb/pciids.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* Limits for files read at run time (--db, pci.ids). */
#define KB_FILE_LIMIT (4u << 20)
#define KB_DIR_LIMIT 1024
#define PCIIDS_LIMIT (16u << 20)

struct kb {
    struct kb_tables t;       /* the built-in tables */
    struct kb_tables db;      /* tables from --db; a non-empty one replaces its twin in t */
    int has_db;
    struct pciids pci;
    char *origin;             /* "built-in" or the --db path */
    char *pci_origin;
    /* Every PCI device with what the tables say about it, rebuilt whenever
     * pci.ids, gpu_pci, gpu_chip or gpu_name change; strings in gpu_arena. */
    struct arena gpu_arena;
    struct kb_gpu *gpus;
    size_t ngpus, alloc_gpus;
    /* The index costs most of a kb's load (a compute capability for each of
     * ~1,750 pci.ids devices): it is built only for the listings that need
     * every device (kb_gpu_at, kb_gpu_find: matrix, a Jetson's name), on
     * their first call.  A lookup by PCI id describes that one device
     * (kb_gpu_by_pci) and remembers it in byid; both are the lazily
     * computed part of an otherwise immutable kb (gpudoctor is
     * single-threaded). */
    int gpus_stale;
    struct kb_gpu *byid;      /* devices looked up by id, strings in gpu_arena */
    size_t nbyid, alloc_byid;
};

static void index_gpus(struct kb *kb);

const char *kb_builtin_revision(void)
{
    return kb_builtin_revision_str;
}

const char *kb_revision(const struct kb *kb)
{
    const char *a = kb->t.revision, *b = kb->has_db ? kb->db.revision : NULL;
    if (a && b)
        return strcmp(a, b) >= 0 ? a : b;
    return a ? a : b ? b : "unknown";
}

const char *kb_origin(const struct kb *kb)
{
    return kb->origin;
}

const char *kb_pci_ids_version(const struct kb *kb)
{
    return kb->pci.version;
}

void kb_free(struct kb *kb)
{
    if (!kb)
        return;
    kb_tables_release(&kb->t);
    if (kb->has_db)
        kb_tables_release(&kb->db);
    pciids_release(&kb->pci);
    free(kb->origin);
    free(kb->pci_origin);
    free(kb->gpus);
    free(kb->byid);
    arena_release(&kb->gpu_arena);
    free(kb);
}

static struct kb *kb_alloc_builtin(struct gd_err *err)
{
    struct kb *kb = xcalloc(1, sizeof(*kb));
    const struct kb_builtin_file *f;

    kb_tables_init(&kb->t);
    pciids_init(&kb->pci);
    arena_init(&kb->gpu_arena);
    kb->origin = xstrdup("built-in");
    kb->pci_origin = xstrdup("built-in pci.ids");
    for (f = kb_builtin_files; f->name; f++)
        if (kbdata_parse(&kb->t, f->name, (const uint8_t *)f->text, f->len, err))
            goto fail;
    if (pciids_parse(&kb->pci, (const uint8_t *)kb_builtin_pciids, kb_builtin_pciids_len, err))
        goto fail;
    kb->gpus_stale = 1;
    return kb;
fail:
    kb_free(kb);
    return NULL;
}

struct kb *kb_new_builtin(void)
{
    struct gd_err err;
    struct kb *kb;

    err_init(&err);
    kb = kb_alloc_builtin(&err);
    if (!kb)
        BUG("built-in knowledge base does not parse: %s", err.msg);
    return kb;
}

/* Parse one --db file into t. */
static int load_file(struct fs *fs, struct kb_tables *t, const char *path, const char *shown,
                     struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT;
    int r = fs_read_file(fs, path, KB_FILE_LIMIT, &sb, err);

    if (r == 0)
        r = err_setx(err, GD_ERR_NOTFOUND, "cannot read '%s': no such file", shown);
    if (r > 0)
        r = kbdata_parse(t, shown, (const uint8_t *)sb.buf, sb.len, err);
    strbuf_release(&sb);
    return r < 0 ? -1 : 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

struct kb *kb_load(const char *path, struct gd_err *err)
{
    struct kb *kb = NULL;
    struct kb_tables t;
    struct fs fs;
    struct compat_stat st;
    char abspath[FS_PATH_MAX];
    size_t i;
    int r;

    kb_tables_init(&t);
    if (fs_init(&fs, "/", err)) {
        kb_tables_release(&t);
        return NULL;
    }
    /* fs paths are absolute; a relative --db is relative to the cwd. */
    if (path[0] == '/') {
        r = snprintf(abspath, sizeof(abspath), "%s", path);
    } else {
        char cwd[FS_PATH_MAX];
        if (compat_getcwd(cwd, sizeof(cwd))) {
            err_set(err, "cannot resolve '%s'", path);
            goto fail;
        }
        r = snprintf(abspath, sizeof(abspath), "%s/%s", cwd, path);
    }
    if (r < 0 || (size_t)r >= sizeof(abspath)) {
        err_setx(err, GD_ERR_LIMIT, "path too long: '%s'", path);
        goto fail;
    }
    r = fs_stat(&fs, abspath, &st, err);
    if (r == 0) {
        err_setx(err, GD_ERR_NOTFOUND, "cannot read '%s': no such file or directory", path);
        goto fail;
    }
    if (r < 0)
        goto fail;
    if (st.type == COMPAT_FT_DIR) {
        struct fs_dirlist dl = { NULL, 0, 0 };
        struct strbuf p = STRBUF_INIT, shown = STRBUF_INIT;
        size_t nfiles = 0;
        if (fs_list_dir(&fs, abspath, KB_DIR_LIMIT, &dl, err) < 0) {
            fs_dirlist_release(&dl);
            goto fail;
        }
        for (i = 0; i < dl.nr; i++) {
            if (!ends_with(dl.ents[i].name, ".kb"))
                continue;
            path_join(&p, abspath, dl.ents[i].name);
            path_join(&shown, path, dl.ents[i].name);
            if (load_file(&fs, &t, p.buf, shown.buf, err)) {
                strbuf_release(&p);
                strbuf_release(&shown);
                fs_dirlist_release(&dl);
                goto fail;
            }
            nfiles++;
        }
        strbuf_release(&p);
        strbuf_release(&shown);
        fs_dirlist_release(&dl);
        if (!nfiles) {
            err_setx(err, GD_ERR_NOTFOUND, "no *.kb files in '%s'", path);
            goto fail;
        }
    } else if (load_file(&fs, &t, abspath, path, err)) {
        goto fail;
    }

    /* Start from the built-in tables; each table the --db defines replaces its twin. */
    kb = kb_new_builtin();
    kb->db = t;
    kb->has_db = 1;
    kb->gpus_stale = 1;
    kb->nbyid = 0;
    free(kb->origin);
    kb->origin = xstrdup(path);
    fs_release(&fs);
    return kb;
fail:
    kb_tables_release(&t);
    fs_release(&fs);
    return NULL;
}

/* ---- table access ---- */

const struct kb_table *kb_tab(const struct kb *kb, enum kb_table_id id)
{
    if (kb->has_db && kb->db.tables[id].nrows)
        return &kb->db.tables[id];
    return &kb->t.tables[id];
}

const struct kb_table *kb_table(const struct kb *kb, const char *name)
{
    const struct kb_schema *s = kb_schema_find(name);
    return s ? kb_tab(kb, (enum kb_table_id)(s - kb_schemas)) : NULL;
}

#define TAB(kb, name) kb_tab((kb), KB_T_##name)
#define CELL(t, r, name, col) kb_cell((t), (r), name, col)
/* Row r of table name into *out, a struct that opens with that table's columns. */
#define ROW(t, r, name, out) kb_table_row_of((t), KB_T_##name, (r), (out), sizeof(*(out)))

/* The table called name, which must exist (a typo here is a BUG); the GPU
 * lookups' way in, before they take table ids too. */
static const struct kb_table *T(const struct kb *kb, const char *name)
{
    const struct kb_table *t = kb_table(kb, name);
    if (!t)
        BUG("no kb table '%s'", name);
    return t;
}

static int ncomponents(const char *v)
{
    int n = 1;
    for (; *v && (isdigit((unsigned char)*v) || *v == '.'); v++)
        n += *v == '.';
    return n;
}

/* v lies in [first, last], each bound compared to as many components as it has. */
static int in_range(const char *v, const char *first, const char *last)
{
    if (first && ver_cmp_dotted_n(v, first, ncomponents(first)) < 0)
        return 0;
    if (last && ver_cmp_dotted_n(v, last, ncomponents(last)) > 0)
        return 0;
    return 1;
}

/* A key column and the text it must hold. */
struct key {
    size_t col;
    const char *value;
};

/*
 * The search most lookups are: from row *r on, the next row of table name
 * (t) whose key columns hold the given texts (keys: up to two, the first
 * with value NULL ends them) and whose first..last holds version (as
 * in_range; a "-" last is still current).  1 with *r at that row, 0 when
 * none is left.  A lookup with a further condition calls it again from
 * *r + 1.
 */
#define RANGE_ROW(t, name, keys, version, r)                                                         \
    range_row((t), KB_T_##name, (keys), KB_COL(name, first), KB_COL(name, last), (version), (r))
#define KEY(name, col, v) { KB_COL(name, col), (v) }
#define NOKEY { 0, NULL }

static int range_row(const struct kb_table *t, enum kb_table_id id, const struct key *keys, size_t first,
                     size_t last, const char *version, size_t *r)
{
    for (; *r < t->nrows; (*r)++) {
        size_t k;
        for (k = 0; keys[k].value; k++)
            if (strcmp(kb_table_cell_of(t, id, *r, keys[k].col), keys[k].value))
                break;
        if (keys[k].value)
            continue;
        if (in_range(version, kb_table_cell_of(t, id, *r, first), kb_table_cell_of(t, id, *r, last)))
            return 1;
    }
    return 0;
}

static int same_minor(const char *a, const char *b)
{
    return ver_cmp_dotted_n(a, b, 2) == 0;
}

static int is_version(const char *v)
{
    return v && isdigit((unsigned char)*v);
}

static int os_match(const char *row_os, const char *os)
{
    return !strcmp(row_os, "any") || !strcmp(row_os, os);
}

/* ---- driver and CUDA ---- */

int kb_driver_cuda_max(const struct kb *kb, const char *driver_version,
                       const char **cuda, const char **source)
{
    const struct kb_table *t = TAB(kb, driver_cuda);
    long branch = ver_driver_branch(driver_version);
    long best = -1, last = -1;
    size_t r, found = 0;

    if (branch < 0)
        return -1;
    for (r = 0; r < t->nrows; r++) {
        long b = ver_major(CELL(t, r, driver_cuda, branch));
        if (b > last)
            last = b;
        if (b <= branch && b > best) {
            best = b;
            found = r;
        }
    }
    /* Newer than every branch we know: its ceiling is unknown, not ours. */
    if (best < 0 || branch > last + 10)
        return 0;
    *cuda = CELL(t, found, driver_cuda, cuda);
    if (source)
        *source = CELL(t, found, driver_cuda, source);
    return 1;
}

int kb_cuda_min_driver(const struct kb *kb, const char *cuda_version, const char *os,
                       const char **driver, const char **source)
{
    const struct kb_table *t = TAB(kb, cuda_driver);
    char v[32];
    size_t r;

    if (!os || ver_cuda_normalize(cuda_version, v, sizeof(v)))
        return -1;
    if (ncomponents(v) < 2)
        return 0;
    for (r = 0; r < t->nrows; r++) {
        if (os_match(CELL(t, r, cuda_driver, os), os) && same_minor(CELL(t, r, cuda_driver, cuda), v)) {
            *driver = CELL(t, r, cuda_driver, driver);
            if (source)
                *source = CELL(t, r, cuda_driver, source);
            return 1;
        }
    }
    return 0;
}

int kb_cuda_successor(const struct kb *kb, const char *line, const char **next, const char **released)
{
    const struct kb_table *t = TAB(kb, cuda_release);
    size_t r, best = (size_t)-1, k;
    int known = 0, major;
    char v[32];

    if (!line || ver_cuda_normalize(line, v, sizeof(v)))
        return -1;
    major = ncomponents(line) < 2;   /* "11": the whole major line */
    k = strcspn(line, ".");
    for (r = 0; r < t->nrows; r++) {
        const char *c = CELL(t, r, cuda_release, cuda);
        int in_line = major ? strlen(c) > k && !strncmp(c, line, k) && c[k] == '.' : same_minor(c, v);
        if (in_line) {
            known = 1;
            continue;
        }
        if (ver_cmp_dotted(c, v) <= 0 || (major && !strncmp(c, line, k) && c[k] == '.'))
            continue;
        if (best == (size_t)-1 || ver_cmp_dotted(c, CELL(t, best, cuda_release, cuda)) < 0)
            best = r;
    }
    if (!known || best == (size_t)-1)
        return 0;
    *next = CELL(t, best, cuda_release, cuda);
    *released = CELL(t, best, cuda_release, released);
    return 1;
}

int kb_cudnn_successor(const struct kb *kb, const char *major, const char **next, const char **released)
{
    const struct kb_table *t = TAB(kb, cudnn_release);
    size_t r, best = (size_t)-1;
    int known = 0;
    char v[32];

    if (!major || ver_cuda_normalize(major, v, sizeof(v)))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        const char *c = CELL(t, r, cudnn_release, cudnn);
        int cmp = ver_cmp_dotted_n(c, v, 1);
        if (!cmp) {
            known = 1;
            continue;
        }
        if (cmp < 0)
            continue;
        if (best == (size_t)-1 || ver_cmp_dotted(c, CELL(t, best, cudnn_release, cudnn)) < 0)
            best = r;
    }
    if (!known || best == (size_t)-1)
        return 0;
    *next = CELL(t, best, cudnn_release, cudnn);
    *released = CELL(t, best, cudnn_release, released);
    return 1;
}

int kb_cuda_mvc_floor(const struct kb *kb, const char *cuda_version, const char *os,
                      const char **driver, const char **source)
{
    const struct kb_table *t = TAB(kb, cuda_mvc);
    char v[32];
    long major;
    size_t r;

    if (!os || ver_cuda_normalize(cuda_version, v, sizeof(v)))
        return -1;
    major = ver_major(v);
    for (r = 0; r < t->nrows; r++) {
        if (os_match(CELL(t, r, cuda_mvc, os), os) && ver_major(CELL(t, r, cuda_mvc, major)) == major) {
            *driver = CELL(t, r, cuda_mvc, driver);
            if (source)
                *source = CELL(t, r, cuda_mvc, source);
            return 1;
        }
    }
    return 0;
}

int kb_driver_runs_cuda(const struct kb *kb, const char *driver, const char *cuda, const char *os,
                        enum kb_drv_verdict *verdict, const char **need, const char **source)
{
    const char *tk = NULL, *tk_src = NULL, *mvc = NULL, *mvc_src = NULL;
    int rt, rm;

    if (!is_version(driver))
        return -1;
    rt = kb_cuda_min_driver(kb, cuda, os, &tk, &tk_src);
    rm = kb_cuda_mvc_floor(kb, cuda, os, &mvc, &mvc_src);
    if (rt < 0 || rm < 0)
        return -1;
    if (rt == 1 && ver_cmp_driver(driver, tk) >= 0) {
        *verdict = KB_DRV_OK;
        *need = tk;
        *source = tk_src;
        return 1;
    }
    if (rm == 1 && ver_cmp_driver(driver, mvc) >= 0) {
        *verdict = KB_DRV_OK_MVC;
        *need = mvc;
        *source = mvc_src;
        return 1;
    }
    if (rm == 1 || rt == 1) {
        *verdict = KB_DRV_TOO_OLD;
        *need = rm == 1 ? mvc : tk;
        *source = rm == 1 ? mvc_src : tk_src;
        return 1;
    }
    return 0;
}

/* "sm_70", "sm_90a", "7.0", "compute_90" -> the number 70 / 90 (and the suffix). */
static long sm_number(const char *s, const char **suffix)
{
    long v = 0;
    int digits = 0;

    if (!strncmp(s, "sm_", 3))
        s += 3;
    else if (!strncmp(s, "compute_", 8))
        s += 8;
    if (isdigit((unsigned char)s[0]) && s[1] == '.' && isdigit((unsigned char)s[2])) {
        v = (s[0] - '0') * 10 + (s[2] - '0');
        s += 3;
    } else if (isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) && s[2] == '.' &&
               isdigit((unsigned char)s[3])) {
        v = ((s[0] - '0') * 10 + (s[1] - '0')) * 10 + (s[3] - '0');
        s += 4;
    } else {
        while (isdigit((unsigned char)*s) && digits < 4) {
            v = v * 10 + (*s++ - '0');
            digits++;
        }
        if (!digits)
            return -1;
    }
    if (suffix)
        *suffix = s;
    return v;
}

int kb_sm_toolkits(const struct kb *kb, const char *sm, const char **first, const char **last,
                   const char **source)
{
    const struct kb_table *t = TAB(kb, cuda_sm);
    const char *suf = NULL, *rsuf = NULL;
    long want = sm ? sm_number(sm, &suf) : -1;
    size_t r;

    if (want < 0)
        return -1;
    for (r = 0; r < t->nrows; r++) {
        if (sm_number(CELL(t, r, cuda_sm, sm), &rsuf) == want && !strcmp(rsuf, suf)) {
            *first = CELL(t, r, cuda_sm, first);
            *last = CELL(t, r, cuda_sm, last);
            if (source)
                *source = CELL(t, r, cuda_sm, source);
            return 1;
        }
    }
    return 0;
}

int kb_cuda_sm_range(const struct kb *kb, const char *cuda, const char **lowest,
                     const char **highest)
{
    const struct kb_table *t = TAB(kb, cuda_sm);
    char v[32];
    long lo = -1, hi = -1;
    size_t r;

    if (ver_cuda_normalize(cuda, v, sizeof(v)))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        const char *sm = CELL(t, r, cuda_sm, sm);
        const char *suf = NULL;
        long n = sm_number(sm, &suf);
        if (*suf)
            continue;   /* "90a": the plain number decides the range */
        if (!in_range(v, CELL(t, r, cuda_sm, first), CELL(t, r, cuda_sm, last)))
            continue;
        if (lo < 0 || n < lo) {
            lo = n;
            *lowest = sm;
        }
        if (hi < 0 || n > hi) {
            hi = n;
            *highest = sm;
        }
    }
    return lo >= 0;
}

/*
 * The precision of the most precise cudnn_cuda row that names cuDNN dn for
 * CUDA major of cu ("9.17.1.4" with rows "9.17" and "9.17.1": 3), or 0.
 * Only rows that precise answer, so a "7.6.3" row is not overruled by a
 * broader "7.6" one below it.
 */
static int cudnn_precision(const struct kb_table *t, const char *dn, const char *cu)
{
    int best = 0;
    size_t r;

    for (r = 0; r < t->nrows; r++) {
        const char *rd = CELL(t, r, cudnn_cuda, cudnn);
        if (ver_cmp_dotted_n(dn, rd, ncomponents(rd)) ||
            ver_major(CELL(t, r, cudnn_cuda, cuda_major)) != ver_major(cu))
            continue;
        if (ncomponents(rd) > best)
            best = ncomponents(rd);
    }
    return best;
}

/* The cudnn_cuda row for cuDNN dn with CUDA cu (both normalised), or -1. */
static long cudnn_row(const struct kb_table *t, const char *dn, const char *cu)
{
    int prec = cudnn_precision(t, dn, cu);
    size_t r;

    for (r = 0; prec && r < t->nrows; r++) {
        const char *rd = CELL(t, r, cudnn_cuda, cudnn);
        if (ncomponents(rd) != prec || ver_cmp_dotted_n(dn, rd, prec) ||
            ver_major(CELL(t, r, cudnn_cuda, cuda_major)) != ver_major(cu) ||
            !in_range(cu, CELL(t, r, cudnn_cuda, cuda_min), CELL(t, r, cudnn_cuda, cuda_max)))
            continue;
        return (long)r;
    }
    return -1;
}

int kb_cudnn_supports_cuda(const struct kb *kb, const char *cudnn, const char *cuda,
                           const char **source)
{
    const struct kb_table *t = TAB(kb, cudnn_cuda);
    char dn[32], cu[32];
    long r;

    if (ver_cudnn_normalize(cudnn, dn, sizeof(dn)) || ver_cuda_normalize(cuda, cu, sizeof(cu)))
        return -1;
    if ((r = cudnn_row(t, dn, cu)) < 0)
        return 0;
    if (source)
        *source = CELL(t, (size_t)r, cudnn_cuda, source);
    return 1;
}

int kb_arch_list_covers(const char *list, const char *cc)
{
    long want;
    const char *suf = NULL;
    int best = 0;

    if (!list || !cc || (want = sm_number(cc, &suf)) < 0)
        return -1;
    while (*list) {
        char tok[32];
        size_t n = 0;
        long have;
        int sass = 1, ptx = 0;
        const char *tsuf = NULL;

        while (*list == ';' || *list == ',' || *list == ' ')
            list++;
        while (list[n] && list[n] != ';' && list[n] != ',' && list[n] != ' ')
            n++;
        if (!n)
            break;
        if (n >= sizeof(tok)) {
            list += n;
            continue;
        }
        memcpy(tok, list, n);
        tok[n] = '\0';
        list += n;
        if (!strncmp(tok, "compute_", 8)) {
            sass = 0;
            ptx = 1;
        }
        have = sm_number(tok, &tsuf);
        if (have < 0)
            continue;
        if (!strcmp(tsuf, "+PTX"))
            ptx = 1;
        else if (*tsuf && !(tsuf[0] == 'f' && !tsuf[1])) {
            /* "90a": runs only on exactly that cc, its PTX too ("PTX code
             * generated for such targets cannot be run on later generation
             * devices": PTX ISA, "Target ISA notes"). */
            if (sass && have == want && best < 2)
                best = 2;
            if (ptx && have == want && best < 1)
                best = 1;
            continue;
        }
        if (sass && have / 10 == want / 10 && have <= want)
            best = 2;
        if (ptx && have <= want && best < 1)
            best = 1;
    }
    return best;
}

/* ---- GPUs ---- */

static int lower(int c)
{
    return tolower((unsigned char)c);
}

/* needle occurs in hay as whole words, ignoring case. */
static int word_find(const char *hay, const char *needle)
{
    size_t n = strlen(needle), i, k;
    size_t h = strlen(hay);

    if (!n || n > h)
        return 0;
    for (i = 0; i + n <= h; i++) {
        if (i > 0 && isalnum((unsigned char)hay[i - 1]) && isalnum((unsigned char)needle[0]))
            continue;
        for (k = 0; k < n && lower(hay[i + k]) == lower(needle[k]); k++)
            ;
        if (k < n)
            continue;
        if (hay[i + n] && isalnum((unsigned char)hay[i + n]) && isalnum((unsigned char)needle[n - 1]))
            continue;
        return 1;
    }
    return 0;
}

/* The chip code a pci.ids name starts with ("GA107BM" from "GA107BM [GeForce ...]"). */
static size_t chip_token(const char *s)
{
    size_t n = 0;
    while (isupper((unsigned char)s[n]) || isdigit((unsigned char)s[n]))
        n++;
    return n;
}

int kb_chip_cc(const struct kb *kb, const char *chip, const char **arch, const char **cc,
               const char **source)
{
    const struct kb_table *t = T(kb, "gpu_chip");
    size_t n, r, best_len = 0, best = 0;

    if (!chip || !(n = chip_token(chip)))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        const char *c = kb_table_get(t, r, "chip");
        size_t m = strlen(c);
        if (m <= n && m > best_len && !memcmp(c, chip, m)) {
            best_len = m;
            best = r;
        }
    }
    if (!best_len)
        return 0;
    if (arch)
        *arch = kb_table_get(t, best, "arch");
    *cc = kb_table_get(t, best, "cc");
    if (source)
        *source = kb_table_get(t, best, "source");
    return 1;
}

/* A gpu_name row whose name occurs in name: its cc. */
static int name_cc(const struct kb *kb, const char *name, size_t *row)
{
    const struct kb_table *t = T(kb, "gpu_name");
    size_t r, best_len = 0;

    for (r = 0; r < t->nrows; r++) {
        const char *n = kb_table_get(t, r, "name");
        if (strlen(n) > best_len && word_find(name, n)) {
            best_len = strlen(n);
            *row = r;
        }
    }
    return best_len > 0;
}

/* What the tables say of one device (named full, its chip code in chip),
 * into g: its name, chip, architecture, compute capability and source. */
static void describe_gpu(struct kb *kb, struct kb_gpu *g, unsigned device, const char *full, const char *chip,
                         const char *src)
{
    const char *lb = strchr(full, '[');
    const char *rb = lb ? strrchr(lb, ']') : NULL;
    const char *arch = NULL, *cc = NULL, *csrc = NULL;
    size_t row;

    memset(g, 0, sizeof(*g));
    g->device = device;
    g->name = lb && rb && rb > lb + 1 ? arena_strndup(&kb->gpu_arena, lb + 1, (size_t)(rb - lb - 1))
                                      : arena_strdup(&kb->gpu_arena, full);
    if (chip && chip_token(chip))
        g->chip = arena_strndup(&kb->gpu_arena, chip, chip_token(chip));
    if (g->chip && kb_chip_cc(kb, g->chip, &arch, &cc, &csrc) == 1) {
        g->arch = arch;
        g->cc = cc;
    } else if (name_cc(kb, g->name, &row)) {
        const struct kb_table *t = T(kb, "gpu_name");
        g->arch = kb_table_get(t, row, "arch");
        g->cc = kb_table_get(t, row, "cc");
        csrc = kb_table_get(t, row, "source");
    }
    g->source = csrc ? arena_printf(&kb->gpu_arena, "%s; cc: %s", src, csrc)
                     : arena_strdup(&kb->gpu_arena, src);
}

static void add_gpu(struct kb *kb, unsigned device, const char *full, const char *chip,
                    const char *src)
{
    ALLOC_GROW(kb->gpus, kb->ngpus + 1, kb->alloc_gpus);
    describe_gpu(kb, &kb->gpus[kb->ngpus++], device, full, chip, src);
}

/* How a pci.ids name is cited. */
static const char *pci_source(struct kb *kb)
{
    return arena_printf(&kb->gpu_arena, "pci.ids %s (%s)", kb->pci.version ? kb->pci.version : "(unversioned)",
                        kb->pci_origin);
}

static void index_gpus(struct kb *kb)
{
    const struct kb_table *t = T(kb, "gpu_pci");
    const char *pci_src;
    size_t i, r;

    /* gpu_arena also holds byid's strings: they stay (kb_set_pci_ids
     * empties byid, and only a load makes the index stale). */
    kb->ngpus = 0;
    pci_src = pci_source(kb);
    for (i = 0; i < kb->pci.n; i++) {
        const struct pciids_dev *d = &kb->pci.devs[i];
        int overridden = 0;
        for (r = 0; r < t->nrows && !overridden; r++)
            overridden = strtoul(kb_table_get(t, r, "device"), NULL, 16) == d->device;
        if (!overridden)
            add_gpu(kb, d->device, d->name, d->name, pci_src);
    }
    for (r = 0; r < t->nrows; r++)
        add_gpu(kb, (unsigned)strtoul(kb_table_get(t, r, "device"), NULL, 16), kb_table_get(t, r, "name"),
                kb_table_get(t, r, "chip"), kb_table_get(t, r, "source"));
}

/* The GPU index, built now if a load or a pci.ids change left it stale. */
static const struct kb *gpus_ready(const struct kb *kb)
{
    if (kb->gpus_stale) {
        struct kb *mut = (struct kb *)(uintptr_t)kb;
        index_gpus(mut);
        mut->gpus_stale = 0;
    }
    return kb;
}

/*
 * The one device the index would give for device, without the index: a
 * gpu_pci row for it wins over pci.ids (index_gpus lists pci.ids devices
 * no gpu_pci row overrides, then the rows, and a lookup takes the first
 * match), else its pci.ids entry.  1 and *out, 0 none.
 */
static int describe_by_id(struct kb *kb, unsigned device, struct kb_gpu *out)
{
    const struct kb_table *t = T(kb, "gpu_pci");
    const struct pciids_dev *d;
    size_t r;

    for (r = 0; r < t->nrows; r++)
        if ((unsigned)strtoul(kb_table_get(t, r, "device"), NULL, 16) == device) {
            describe_gpu(kb, out, device, kb_table_get(t, r, "name"), kb_table_get(t, r, "chip"),
                         kb_table_get(t, r, "source"));
            return 1;
        }
    d = pciids_find(&kb->pci, device);
    if (!d)
        return 0;
    describe_gpu(kb, out, device, d->name, d->name, pci_source(kb));
    return 1;
}

int kb_gpu_by_pci(const struct kb *kb, unsigned vendor, unsigned device,
                  const char **name, const char **cc, const char **source)
{
    struct kb *mut = (struct kb *)(uintptr_t)kb;
    const struct kb_gpu *g = NULL;
    size_t i;

    if (vendor > 0xffff || device > 0xffff)
        return -1;
    if (vendor != 0x10de)
        return 0;
    for (i = 0; i < kb->nbyid; i++)
        if (kb->byid[i].device == device)
            g = &kb->byid[i];
    if (!g) {
        struct kb_gpu one;
        /* A device the tables do not know is remembered too, with no name. */
        if (!describe_by_id(mut, device, &one)) {
            memset(&one, 0, sizeof(one));
            one.device = device;
        }
        ALLOC_GROW(mut->byid, mut->nbyid + 1, mut->alloc_byid);
        mut->byid[mut->nbyid] = one;
        g = &mut->byid[mut->nbyid++];
    }
    if (!g->name)
        return 0;
    *name = g->name;
    *cc = g->cc;
    if (source)
        *source = g->source;
    return 1;
}

int kb_gpu_at(const struct kb *kb, size_t i, struct kb_gpu *out)
{
    kb = gpus_ready(kb);
    if (i >= kb->ngpus)
        return 0;
    *out = kb->gpus[i];
    return 1;
}

int kb_gpu_find(const struct kb *kb, const char *query, size_t *iter, struct kb_gpu *out)
{
    const struct kb_table *t = T(kb, "gpu_name");

    if (!query || !*query)
        return -1;
    kb = gpus_ready(kb);
    while (*iter < t->nrows) {
        size_t r = (*iter)++;
        if (word_find(kb_table_get(t, r, "name"), query)) {
            memset(out, 0, sizeof(*out));
            out->name = kb_table_get(t, r, "name");
            out->arch = kb_table_get(t, r, "arch");
            out->cc = kb_table_get(t, r, "cc");
            out->source = kb_table_get(t, r, "source");
            return 1;
        }
    }
    while (*iter < t->nrows + kb->ngpus) {
        const struct kb_gpu *g = &kb->gpus[(*iter)++ - t->nrows];
        if (word_find(g->name, query) || (g->chip && !strcmp(g->chip, query))) {
            *out = *g;
            return 1;
        }
    }
    return 0;
}

int kb_gpu_by_name(const struct kb *kb, const char *query, const char **name, const char **cc,
                   const char **source)
{
    struct kb_gpu g;
    size_t it = 0;
    int r = kb_gpu_find(kb, query, &it, &g);

    if (r != 1)
        return r;
    *name = g.name;
    *cc = g.cc;
    if (source)
        *source = g.source;
    return 1;
}

int kb_set_pci_ids(struct kb *kb, const uint8_t *buf, size_t len, const char *origin,
                   struct gd_err *err)
{
    struct pciids p;

    pciids_init(&p);
    if (pciids_parse(&p, buf, len, err)) {
        pciids_release(&p);
        return err_setx(err, GD_ERR_FORMAT, "%s: %s", origin, err ? err->msg : "malformed");
    }
    /* "2023.04.10" stamps compare as dotted numbers; unstamped files never win. */
    if (!p.n || !p.version ||
        (kb->pci.version && ver_cmp_dotted(p.version, kb->pci.version) <= 0)) {
        pciids_release(&p);
        return 0;
    }
    pciids_release(&kb->pci);
    kb->pci = p;
    free(kb->pci_origin);
    kb->pci_origin = xstrdup(origin);
    kb->gpus_stale = 1;
    kb->nbyid = 0;
    return 1;
}

int kb_read_pci_ids(struct kb *kb, struct fs *fs, struct gd_err *err)
{
    static const char *const paths[] = { "/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids",
                                         NULL };
    size_t i;

    for (i = 0; paths[i]; i++) {
        struct strbuf sb = STRBUF_INIT;
        int r = fs_read_head(fs, paths[i], 4096, &sb, err);
        /* The "# Version:" stamp sits in the first lines: when it is not
         * newer than the embedded one, the 1.3 MB file is not worth reading
         * (this runs on every check). */
        if (r > 0 && kb->pci.version) {
            const char *v = strstr(sb.buf, "Version:");
            if (v) {
                char stamp[32];
                size_t n;
                v += strlen("Version:");
                v += strspn(v, " \t");
                n = strspn(v, "0123456789.");
                if (n && n < sizeof(stamp)) {
                    memcpy(stamp, v, n);
                    stamp[n] = '\0';
                    if (ver_cmp_dotted(stamp, kb->pci.version) <= 0)
                        r = 0;
                }
            }
        }
        if (r > 0) {
            strbuf_reset(&sb);
            r = fs_read_file(fs, paths[i], PCIIDS_LIMIT, &sb, err);
        }
        if (r > 0)
            r = kb_set_pci_ids(kb, (const uint8_t *)sb.buf, sb.len, paths[i], err);
        strbuf_release(&sb);
        if (r != 0)
            return r;
    }
    return 0;
}

/* ---- frameworks ---- */

int kb_tf_build(const struct kb *kb, const char *tf_version, const char *os,
                struct kb_tf_build *out)
{
    const struct kb_table *t = TAB(kb, tf_build);
    size_t r;

    if (!is_version(tf_version) || !os)
        return -1;
    for (r = 0; r < t->nrows; r++) {
        if (strcmp(CELL(t, r, tf_build, os), os) || !same_minor(CELL(t, r, tf_build, version), tf_version))
            continue;
        ROW(t, r, tf_build, out);
        return 1;
    }
    return 0;
}

int kb_tf_build_at(const struct kb *kb, const char *os, size_t i, struct kb_tf_build *out)
{
    const struct kb_table *t = TAB(kb, tf_build);
    size_t r, k = 0;

    /* Rows ascend per OS (tf_build.kb): walk them from the end. */
    for (r = t->nrows; r-- > 0;) {
        if (strcmp(CELL(t, r, tf_build, os), os) || k++ != i)
            continue;
        ROW(t, r, tf_build, out);
        return 1;
    }
    return 0;
}

int kb_tf_pip_extra(const struct kb_tf_libs *l)
{
    const char *p = l->pip_libs;
    if (!p)
        return 0;
    return !strcmp(p, "rpath") ? 1 : !strcmp(p, "rpath-broken") ? 2 : !strcmp(p, "unknown") ? 3 : 0;
}

const char *kb_python_newest(struct arena *a, const char *range)
{
    const char *end, *start;
    if (!range)
        return NULL;
    /* "2.7,3.3-3.6" or "3.9-3.12": the part after the last '-' or ','. */
    end = range + strlen(range);
    start = end;
    while (start > range && start[-1] != '-' && start[-1] != ',')
        start--;
    return start < end ? arena_strndup(a, start, (size_t)(end - start)) : NULL;
}

const char *kb_tf_last_windows_gpu(const struct kb *kb)
{
    const struct kb_table *t = TAB(kb, tf_build);
    const char *best = NULL;
    size_t r;

    for (r = 0; r < t->nrows; r++) {
        const char *v = CELL(t, r, tf_build, version);
        if (strcmp(CELL(t, r, tf_build, os), "windows") || !CELL(t, r, tf_build, cuda))
            continue;
        if (!best || ver_cmp_dotted(v, best) > 0)
            best = v;
    }
    return best;
}

int kb_tf_libs(const struct kb *kb, const char *tf_version, const char *os,
               struct kb_tf_libs *out)
{
    const struct kb_table *t = TAB(kb, tf_libs);
    size_t r;

    if (!is_version(tf_version) || !os)
        return -1;
    r = 0;
    if (!RANGE_ROW(t, tf_libs, ((const struct key[]){ KEY(tf_libs, os, os), NOKEY }), tf_version, &r))
        return 0;
    ROW(t, r, tf_libs, out);
    return 1;
}

static void torch_row(const struct kb_table *t, size_t r, struct kb_torch *out)
{
    ROW(t, r, torch, out);
    out->is_default = !strcmp(out->dflt, "yes");
}

int kb_torch(const struct kb *kb, const char *torch_version, const char *variant,
             struct kb_torch *out)
{
    const struct kb_table *t = TAB(kb, torch);
    size_t r;

    if (!is_version(torch_version))
        return -1;
    if (!variant)
        variant = ver_pep440_local(torch_version);
    for (r = 0; r < t->nrows; r++) {
        if (!same_minor(CELL(t, r, torch, version), torch_version))
            continue;
        if (variant ? strcmp(CELL(t, r, torch, variant), variant)
                    : strcmp(CELL(t, r, torch, dflt), "yes"))
            continue;
        torch_row(t, r, out);
        return 1;
    }
    return 0;
}

int kb_torch_build_at(const struct kb *kb, const char *torch_version, size_t i, struct kb_torch *out)
{
    const struct kb_table *t = TAB(kb, torch);
    size_t rows[64], n = 0, r, j;

    if (!is_version(torch_version))
        return -1;
    for (r = 0; r < t->nrows && n < sizeof(rows) / sizeof(rows[0]); r++) {
        const char *cuda = CELL(t, r, torch, cuda);
        if (!cuda || !same_minor(CELL(t, r, torch, version), torch_version))
            continue;
        /* Newest CUDA first (insertion: a release has a handful of builds). */
        for (j = n; j > 0 && ver_cmp_dotted(CELL(t, rows[j - 1], torch, cuda), cuda) < 0; j--)
            rows[j] = rows[j - 1];
        rows[j] = r;
        n++;
    }
    if (i >= n)
        return 0;
    torch_row(t, rows[i], out);
    return 1;
}

int kb_torch_min_driver(const struct kb *kb, const char *torch_version, const char *variant,
                        const char *os, const char **driver, const char **source)
{
    struct kb_torch tr;
    int r = kb_torch(kb, torch_version, variant, &tr);

    if (r != 1)
        return r;
    if (!tr.cuda)
        return 0;
    if (ver_major(tr.cuda) >= 11)
        return kb_cuda_mvc_floor(kb, tr.cuda, os, driver, source);
    return kb_cuda_min_driver(kb, tr.cuda, os, driver, source);
}

int kb_torch_python(const struct kb *kb, const char *torch_version, const char **py_min,
                    const char **py_max, const char **source)
{
    const struct kb_table *t = TAB(kb, torch_python);
    size_t r;

    if (!is_version(torch_version))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        if (!same_minor(CELL(t, r, torch_python, version), torch_version))
            continue;
        *py_min = CELL(t, r, torch_python, python_min);
        *py_max = CELL(t, r, torch_python, python_max);
        *source = CELL(t, r, torch_python, source);
        return 1;
    }
    return 0;
}

int kb_jax(const struct kb *kb, const char *jaxlib_version, const char *flavor,
           struct kb_jax *out)
{
    const struct kb_table *t = TAB(kb, jax);
    size_t r;

    if (!is_version(jaxlib_version) || !flavor)
        return -1;
    r = 0;
    if (!RANGE_ROW(t, jax, ((const struct key[]){ KEY(jax, flavor, flavor), NOKEY }), jaxlib_version, &r))
        return 0;
    ROW(t, r, jax, out);
    return 1;
}

int kb_cupy(const struct kb *kb, const char *package, const char *version, struct kb_cupy *out)
{
    const struct kb_table *t = TAB(kb, cupy);
    size_t r;

    if (!package || !is_version(version))
        return -1;
    r = 0;
    if (!RANGE_ROW(t, cupy, ((const struct key[]){ KEY(cupy, package, package), NOKEY }), version, &r))
        return 0;
    ROW(t, r, cupy, out);
    return 1;
}

int kb_cupy_for_cuda(const struct kb *kb, const char *cuda, struct kb_cupy *out)
{
    const struct kb_table *t = TAB(kb, cupy);
    long best = -1;
    size_t r;

    if (cuda && !is_version(cuda))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        const char *last = CELL(t, r, cupy, last), *min = CELL(t, r, cupy, cuda_min);
        const char *blast = best < 0 ? NULL : CELL(t, (size_t)best, cupy, last);
        if (cuda ? !in_range(cuda, min, CELL(t, r, cupy, cuda_max)) : last != NULL)
            continue;
        if (best >= 0 && (cuda ? !blast || (last && ver_cmp_dotted(last, blast) <= 0)
                               : ver_cmp_dotted(min, CELL(t, (size_t)best, cupy, cuda_min)) >= 0))
            continue;
        best = (long)r;
    }
    if (best < 0)
        return 0;
    ROW(t, (size_t)best, cupy, out);
    return 1;
}

int kb_onnxruntime(const struct kb *kb, const char *version, const char *cuda_major,
                   struct kb_ort *out)
{
    const struct kb_table *t = TAB(kb, onnxruntime);
    size_t r;

    if (!is_version(version) || (cuda_major && !is_version(cuda_major)))
        return -1;
    for (r = 0; RANGE_ROW(t, onnxruntime, ((const struct key[]){ NOKEY }), version, &r); r++) {
        if (cuda_major ? ver_major(CELL(t, r, onnxruntime, cuda)) != ver_major(cuda_major)
                       : strcmp(CELL(t, r, onnxruntime, pypi), "yes"))
            continue;
        ROW(t, r, onnxruntime, out);
        return 1;
    }
    return 0;
}

int kb_paddle(const struct kb *kb, const char *version, const char *variant,
              struct kb_paddle *out)
{
    const struct kb_table *t = TAB(kb, paddle);
    char post[32] = "";
    const char *p;
    size_t r;

    if (!is_version(version))
        return -1;
    /* "2.5.2.post117": the CUDA build is in the post-release number. */
    if (!variant && (p = strstr(version, ".post")) != NULL && strlen(p + 1) < sizeof(post)) {
        memcpy(post, p + 1, strlen(p + 1) + 1);
        variant = post;
    }
    if (!variant)
        variant = "pypi";
    for (r = 0; r < t->nrows; r++) {
        if (!same_minor(CELL(t, r, paddle, version), version) || strcmp(CELL(t, r, paddle, variant), variant))
            continue;
        ROW(t, r, paddle, out);
        return 1;
    }
    return 0;
}

int kb_tf_metal(const struct kb *kb, const char *metal, const char **tf, const char **source)
{
    const struct kb_table *t = TAB(kb, tf_metal);
    size_t r;

    if (!is_version(metal))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        if (!same_minor(CELL(t, r, tf_metal, metal), metal))
            continue;
        *tf = CELL(t, r, tf_metal, tf);
        if (source)
            *source = CELL(t, r, tf_metal, source);
        return 1;
    }
    return 0;
}

/* ---- facts added with issue #18 ---- */

int kb_python_support(const struct kb *kb, const char *framework, const char *version,
                      struct kb_py *out)
{
    const struct kb_table *t = TAB(kb, py_support);
    size_t r;

    if (!framework || !is_version(version))
        return -1;
    r = 0;
    if (!RANGE_ROW(t, py_support, ((const struct key[]){ KEY(py_support, framework, framework), NOKEY }), version,
                   &r))
        return 0;
    ROW(t, r, py_support, out);
    return 1;
}

int kb_python_in(const struct kb_py *py, const char *python)
{
    if (!py || !is_version(python))
        return 0;
    if (ver_cmp_dotted_n(python, py->python_min, 2) < 0)
        return 0;
    return !py->python_max || ver_cmp_dotted_n(python, py->python_max, 2) <= 0;
}

int kb_tf_min_driver(const struct kb *kb, const char *tf_version, const char *os,
                     const char **driver, const char **source)
{
    const struct kb_table *t = TAB(kb, tf_driver);
    size_t r;

    if (!is_version(tf_version) || !os)
        return -1;
    for (r = 0; RANGE_ROW(t, tf_driver, ((const struct key[]){ NOKEY }), tf_version, &r); r++) {
        if (!os_match(CELL(t, r, tf_driver, os), os))
            continue;
        *driver = CELL(t, r, tf_driver, driver);
        if (source)
            *source = CELL(t, r, tf_driver, source);
        return 1;
    }
    return 0;
}

int kb_tf_arch(const struct kb *kb, const char *tf_version, struct kb_tf_arch *out)
{
    const struct kb_table *t = TAB(kb, tf_arch);
    size_t r;

    if (!is_version(tf_version))
        return -1;
    r = 0;
    if (!RANGE_ROW(t, tf_arch, ((const struct key[]){ NOKEY }), tf_version, &r))
        return 0;
    ROW(t, r, tf_arch, out);
    return 1;
}

/* Does cc run tf_arch row ar's kernels only from its PTX (no SASS for it)? */
static int tf_runs_from_ptx(const struct kb_tf_arch *ar, const char *cc)
{
    char list[256];
    int n;
    if (kb_arch_list_covers(ar->sass, cc) == 2)
        return 0;
    /* "newest-only": PTX for the newest architecture in the list. */
    n = !strcmp(ar->ptx, "newest-only") ? snprintf(list, sizeof(list), "%s+PTX", ar->sass)
                                        : snprintf(list, sizeof(list), "%s,%s", ar->sass, ar->ptx);
    return n > 0 && (size_t)n < sizeof(list) && kb_arch_list_covers(list, cc) == 1;
}

int kb_tf_driver_floor(const struct kb *kb, const char *tf_version, const char *cuda, const char *cc,
                       const char *arch_list, const char *os, struct kb_tf_floor *out)
{
    const char *drv_os, *d = NULL, *src = NULL;
    struct kb_tf_arch ar;
    struct kb_arch_floor af;

    if (!is_version(tf_version) || !os || (cc && (!is_version(cc) || !strchr(cc, '.'))))
        return -1;
    memset(out, 0, sizeof(*out));
    drv_os = !strcmp(os, "wsl") ? "windows" : os;
    if (cuda && kb_cuda_min_driver(kb, cuda, drv_os, &d, &src) == 1) {
        out->toolkit = d;
        out->toolkit_source = src;
    }
    /* tf_driver's "windows" rows are WSL2: no native-Windows GPU build has one. */
    if (strcmp(os, "windows") && kb_tf_min_driver(kb, tf_version, !strcmp(os, "wsl") ? "windows" : os, &d, &src) == 1) {
        out->driver = d;
        out->source = src;
        out->rule = "TensorFlow";
    } else if (out->toolkit) {
        out->driver = out->toolkit;
        out->source = out->toolkit_source;
        out->rule = "toolkit";
    }
    if (cc && out->toolkit && out->driver && ver_cmp_driver(out->toolkit, out->driver) > 0 &&
        (arch_list ? kb_arch_list_covers(arch_list, cc) == 1
                   : kb_tf_arch(kb, tf_version, &ar) == 1 && ar.sass && ar.ptx && tf_runs_from_ptx(&ar, cc))) {
        /* No SASS for this GPU, only PTX: the driver JIT-compiles it, and a
         * driver older than the toolkit that wrote it refuses the PTX's
         * version (cudaErrorUnsupportedPtxVersion). */
        out->driver = out->toolkit;
        out->source = out->toolkit_source;
        out->rule = "PTX JIT";
        if (!arch_list) {
            out->arch = ar.sass;
            out->arch_source = ar.source;
        }
    }
    if (cc && kb_arch_floor(kb, cc, drv_os, &af) == 1 && af.driver_min &&
        (!out->driver || ver_cmp_driver(af.driver_min, out->driver) > 0)) {
        out->driver = af.driver_min;
        out->source = af.source;
        out->rule = "GPU family";
    }
    return out->driver ? 1 : 0;
}

int kb_arch_floor(const struct kb *kb, const char *cc, const char *os,
                  struct kb_arch_floor *out)
{
    const struct kb_table *t = TAB(kb, arch_floor);
    size_t r;

    if (!is_version(cc) || !strchr(cc, '.') || !os)
        return -1;
    for (r = 0; r < t->nrows; r++) {
        if (!os_match(CELL(t, r, arch_floor, os), os) ||
            ver_cmp_dotted(cc, CELL(t, r, arch_floor, cc_min)) < 0 ||
            ver_cmp_dotted(cc, CELL(t, r, arch_floor, cc_max)) > 0)
            continue;
        ROW(t, r, arch_floor, out);
        return 1;
    }
    return 0;
}

int kb_build_min_driver(const struct kb *kb, const char *cuda, const char *cc, const char *os,
                        const char **driver, const char **source, int *build_ok)
{
    struct kb_arch_floor f;
    const char *d = NULL, *src = NULL;
    int r;

    if (!is_version(cuda) || !os || (cc && !is_version(cc)))
        return -1;
    if (ver_major(cuda) >= 11)
        r = kb_cuda_mvc_floor(kb, cuda, os, &d, &src);
    else
        r = kb_cuda_min_driver(kb, cuda, os, &d, &src);
    if (r != 1)
        return r;
    *build_ok = 1;
    if (cc && kb_arch_floor(kb, cc, os, &f) == 1) {
        if (ver_cmp_dotted_n(cuda, f.cuda_min, ncomponents(f.cuda_min)) < 0)
            *build_ok = 0;
        if (ver_cmp_driver(f.driver_min, d) > 0) {
            d = f.driver_min;
            src = f.source;
        }
    }
    *driver = d;
    if (source)
        *source = src;
    return 1;
}

int kb_cudnn_cc_min(const struct kb *kb, const char *cudnn, const char *cuda,
                    const char **cc_min, const char **source)
{
    const struct kb_table *t = TAB(kb, cudnn_cuda);
    char dn[32], cu[32];
    long r;

    if (ver_cudnn_normalize(cudnn, dn, sizeof(dn)) || ver_cuda_normalize(cuda, cu, sizeof(cu)))
        return -1;
    if ((r = cudnn_row(t, dn, cu)) < 0)
        return 0;
    *cc_min = CELL(t, (size_t)r, cudnn_cuda, cc_min);
    if (source)
        *source = CELL(t, (size_t)r, cudnn_cuda, source);
    return 1;
}

int kb_pkg_fact(const struct kb *kb, const char *framework, const char *fact,
                const char *version, const char **value, const char **source)
{
    const struct kb_table *t = TAB(kb, pkg_fact);
    size_t r;

    if (!framework || !fact || !is_version(version))
        return -1;
    r = 0;
    if (RANGE_ROW(t, pkg_fact,
                  ((const struct key[]){ KEY(pkg_fact, framework, framework), KEY(pkg_fact, fact, fact), NOKEY }),
                  version, &r)) {
        *value = CELL(t, r, pkg_fact, value);
        if (source)
            *source = CELL(t, r, pkg_fact, source);
        return 1;
    }
    return 0;
}

int kb_pkg_fact_since(const struct kb *kb, const char *framework, const char *fact, const char *value,
                      const char **first, const char **source)
{
    const struct kb_table *t = TAB(kb, pkg_fact);
    size_t r;

    if (!framework || !fact || !value)
        return -1;
    for (r = 0; r < t->nrows; r++) {
        if (strcmp(CELL(t, r, pkg_fact, framework), framework) || strcmp(CELL(t, r, pkg_fact, fact), fact) ||
            CELL(t, r, pkg_fact, last))
            continue;
        if (strcmp(CELL(t, r, pkg_fact, value), value))
            return 0;
        *first = CELL(t, r, pkg_fact, first);
        if (source)
            *source = CELL(t, r, pkg_fact, source);
        return 1;
    }
    return 0;
}

int kb_meta(const struct kb *kb, const char *table, const char **checked, const char **newest,
            const char **source)
{
    const struct kb_table *t = TAB(kb, kb_meta);
    size_t r;

    if (!table)
        return 0;
    for (r = 0; r < t->nrows; r++) {
        if (strcmp(CELL(t, r, kb_meta, table), table))
            continue;
        if (checked)
            *checked = CELL(t, r, kb_meta, checked);
        if (newest)
            *newest = CELL(t, r, kb_meta, newest);
        if (source)
            *source = CELL(t, r, kb_meta, source);
        return 1;
    }
    return 0;
}

/* ---- issue #16: a distribution's own GPU packages ---- */

int kb_distro_pkg(const struct kb *kb, const char *distro, const char *distro_version, const char *package,
                  const char *role, const char *value, const char **package_out, const char **value_out,
                  const char **source)
{
    const struct kb_table *t = TAB(kb, distro_pkg);
    size_t r, best = 0;
    const char *best_first = NULL;

    if (!distro || !role || (distro_version && !is_version(distro_version)))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        const char *first = CELL(t, r, distro_pkg, first);
        if (strcmp(CELL(t, r, distro_pkg, distro), distro) || strcmp(CELL(t, r, distro_pkg, role), role) ||
            (package && strcmp(CELL(t, r, distro_pkg, package), package)) || (value && strcmp(CELL(t, r, distro_pkg, value), value)))
            continue;
        if (distro_version && ver_cmp_dotted_n(distro_version, first, ncomponents(first)) < 0)
            continue;
        if (!best_first || ver_cmp_dotted(first, best_first) > 0) {
            best = r;
            best_first = first;
        }
    }
    if (!best_first)
        return 0;
    if (package_out)
        *package_out = CELL(t, best, distro_pkg, package);
    if (value_out)
        *value_out = CELL(t, best, distro_pkg, value);
    if (source)
        *source = CELL(t, best, distro_pkg, source);
    return 1;
}

/* ---- macOS (issue #21) ---- */

int kb_tf_metal_for_tf(const struct kb *kb, const char *tf, const char **metal, const char **tf_out,
                       const char **source)
{
    const struct kb_table *t = TAB(kb, tf_metal);
    size_t r, best = (size_t)-1;

    if (tf && !is_version(tf))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        if (tf && !same_minor(CELL(t, r, tf_metal, tf), tf))
            continue;
        if (best == (size_t)-1 || ver_cmp_dotted(CELL(t, r, tf_metal, metal), CELL(t, best, tf_metal, metal)) > 0)
            best = r;
    }
    if (best == (size_t)-1)
        return 0;
    *metal = CELL(t, best, tf_metal, metal);
    *tf_out = CELL(t, best, tf_metal, tf);
    if (source)
        *source = CELL(t, best, tf_metal, source);
    return 1;
}

int kb_pkg_fact_current(const struct kb *kb, const char *framework, const char *fact, const char **value,
                        const char **source)
{
    const struct kb_table *t = TAB(kb, pkg_fact);
    size_t r;

    if (!framework || !fact)
        return -1;
    for (r = 0; r < t->nrows; r++) {
        const char *last = CELL(t, r, pkg_fact, last);
        if (strcmp(CELL(t, r, pkg_fact, framework), framework) || strcmp(CELL(t, r, pkg_fact, fact), fact) ||
            (last && *last && strcmp(last, "-")))
            continue;
        *value = CELL(t, r, pkg_fact, value);
        if (source)
            *source = CELL(t, r, pkg_fact, source);
        return 1;
    }
    return 0;
}

/* ---- Jetson (issue #20): data/jetpack.kb ---- */

static void jetpack_row(const struct kb_table *t, size_t r, struct kb_jetpack *out)
{
    ROW(t, r, jetpack, out);
    out->unverified = out->source && !strncmp(out->source, "unverified:", 11);
}

int kb_jetpack(const struct kb *kb, const char *l4t, struct kb_jetpack *out)
{
    const struct kb_table *t = TAB(kb, jetpack);
    size_t r;

    if (!l4t || !(*l4t >= '0' && *l4t <= '9'))
        return -1;
    for (r = 0; r < t->nrows; r++)
        if (!ver_cmp_dotted(CELL(t, r, jetpack, l4t), l4t)) {
            jetpack_row(t, r, out);
            return 1;
        }
    return 0;
}

int kb_jetpack_for_cuda(const struct kb *kb, const char *cuda_major, size_t *iter, struct kb_jetpack *out)
{
    const struct kb_table *t = TAB(kb, jetpack);

    if (!cuda_major || !(*cuda_major >= '0' && *cuda_major <= '9'))
        return -1;
    while (*iter < t->nrows) {
        size_t r = (*iter)++;
        const char *cu = CELL(t, r, jetpack, cuda);
        if (cu && !ver_cmp_dotted_n(cu, cuda_major, 1)) {
            jetpack_row(t, r, out);
            return 1;
        }
    }
    return 0;
}

int kb_tegra_soc(const struct kb *kb, const char *soc, const char **gpu, const char **cc, const char **source)
{
    const struct kb_table *t = TAB(kb, tegra_soc);
    size_t r;

    if (!soc || !*soc)
        return -1;
    for (r = 0; r < t->nrows; r++)
        if (!strcmp(CELL(t, r, tegra_soc, soc), soc)) {
            if (gpu)
                *gpu = CELL(t, r, tegra_soc, gpu);
            if (cc)
                *cc = CELL(t, r, tegra_soc, cc);
            if (source)
                *source = CELL(t, r, tegra_soc, source);
            return 1;
        }
    return 0;
}

/* ---- error codes (issue #28) ---- */

static int cuda_error_by_number(const struct kb_table *t, const char *api, long number,
                                struct kb_cuda_error *out)
{
    char num[24];
    size_t r;
    snprintf(num, sizeof(num), "%ld", number);
    for (r = 0; r < t->nrows; r++)
        if (!strcmp(CELL(t, r, cuda_error, api), api) && !strcmp(CELL(t, r, cuda_error, number), num)) {
            ROW(t, r, cuda_error, out);
            return 1;
        }
    return 0;
}

int kb_cuda_error(const struct kb *kb, const char *api, const char *name, long number,
                  struct kb_cuda_error *out)
{
    const struct kb_table *t = TAB(kb, cuda_error);
    size_t r;

    if (name && *name) {
        for (r = 0; r < t->nrows; r++)
            if (!strcmp(CELL(t, r, cuda_error, name), name)) {
                ROW(t, r, cuda_error, out);
                return 1;
            }
        return 0;
    }
    if (number < 0)
        return -1;
    if (api && strcmp(api, "cuda"))
        return cuda_error_by_number(t, api, number, out);
    return cuda_error_by_number(t, "runtime", number, out) || cuda_error_by_number(t, "driver", number, out);
}
