#include "kb/kbdata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

#define K 1   /* key column */
#define O 1   /* optional: "-" allowed */
#define SRC { "source", KB_COL_SOURCE, 0, 0 }

/*
 * The schemas.  Adding a table: a row here, a data file, docs/kb.md.
 * Column order is the order in the files; never reorder a released one.
 */
const struct kb_schema kb_schemas[] = {
    { "driver_cuda", "driver branch -> highest CUDA it supports (nvidia-smi \"CUDA Version\")", 3,
      { { "branch", KB_COL_VER, K, 0 }, { "cuda", KB_COL_VER, 0, 0 }, SRC } },
    { "cuda_driver", "CUDA toolkit -> minimum driver (toolkit driver, no minor-version compatibility)", 4,
      { { "cuda", KB_COL_VER, K, 0 }, { "os", KB_COL_OS, K, 0 }, { "driver", KB_COL_VER, 0, 0 }, SRC } },
    { "cuda_mvc", "CUDA major -> minimum driver with minor-version compatibility", 4,
      { { "major", KB_COL_VER, K, 0 }, { "os", KB_COL_OS, K, 0 }, { "driver", KB_COL_VER, 0, 0 }, SRC } },
    { "cuda_sm", "GPU architecture -> first and last CUDA toolkit that can build for it", 4,
      { { "sm", KB_COL_TEXT, K, 0 }, { "first", KB_COL_VER, 0, 0 }, { "last", KB_COL_VER, 0, O },
        SRC } },
    { "cudnn_cuda", "cuDNN release -> CUDA versions it supports, oldest GPU", 6,
      { { "cudnn", KB_COL_VER, K, 0 }, { "cuda_major", KB_COL_VER, K, 0 },
        { "cuda_min", KB_COL_VER, 0, 0 }, { "cuda_max", KB_COL_VER, 0, 0 },
        { "cc_min", KB_COL_CC, 0, O }, SRC } },
    { "gpu_chip", "GPU chip code -> architecture and compute capability", 4,
      { { "chip", KB_COL_TEXT, K, 0 }, { "arch", KB_COL_TEXT, 0, 0 }, { "cc", KB_COL_CC, 0, 0 },
        SRC } },
    { "gpu_pci", "NVIDIA PCI device ids missing from the embedded pci.ids", 4,
      { { "device", KB_COL_HEX, K, 0 }, { "name", KB_COL_TEXT, 0, 0 }, { "chip", KB_COL_TEXT, 0, 0 },
        SRC } },
    { "gpu_name", "GPU marketing name -> compute capability", 4,
      { { "name", KB_COL_TEXT, K, 0 }, { "cc", KB_COL_CC, 0, 0 }, { "arch", KB_COL_TEXT, 0, 0 },
        SRC } },
    { "tf_build", "TensorFlow tested build configurations", 6,
      { { "version", KB_COL_VER, K, 0 }, { "os", KB_COL_OS, K, 0 }, { "python", KB_COL_VER, 0, 0 },
        { "cuda", KB_COL_VER, 0, O }, { "cudnn", KB_COL_VER, 0, O }, SRC } },
    { "tf_libs", "TensorFlow: the CUDA libraries it loads, by version range and OS", 14,
      { { "first", KB_COL_VER, K, 0 }, { "last", KB_COL_VER, 0, 0 }, { "os", KB_COL_OS, K, 0 },
        { "cudart", KB_COL_TEXT, 0, O }, { "cublas", KB_COL_TEXT, 0, O },
        { "cublaslt", KB_COL_TEXT, 0, O }, { "cufft", KB_COL_TEXT, 0, O },
        { "curand", KB_COL_TEXT, 0, O }, { "cusolver", KB_COL_TEXT, 0, O },
        { "cusparse", KB_COL_TEXT, 0, O }, { "cudnn", KB_COL_TEXT, 0, O },
        { "nvinfer", KB_COL_TEXT, 0, O }, { "pip_libs", KB_COL_TEXT, 0, 0 }, SRC } },
    { "torch", "PyTorch releases: CUDA/ROCm variants, cuDNN, compiled architectures", 7,
      { { "version", KB_COL_VER, K, 0 }, { "variant", KB_COL_TEXT, K, 0 },
        { "default", KB_COL_TEXT, 0, 0 }, { "cuda", KB_COL_VER, 0, O },
        { "cudnn", KB_COL_VER, 0, O }, { "arch", KB_COL_TEXT, 0, O }, SRC } },
    { "torch_python", "PyTorch releases -> supported CPython range", 4,
      { { "version", KB_COL_VER, K, 0 }, { "python_min", KB_COL_VER, 0, 0 },
        { "python_max", KB_COL_VER, 0, 0 }, SRC } },
    { "jax", "jaxlib / CUDA plugin -> CUDA, cuDNN, driver minimums", 10,
      { { "first", KB_COL_VER, K, 0 }, { "last", KB_COL_VER, 0, 0 }, { "flavor", KB_COL_TEXT, K, 0 },
        { "cuda_min", KB_COL_VER, 0, 0 }, { "cudnn_min", KB_COL_VER, 0, O },
        { "cudnn_max", KB_COL_VER, 0, O }, { "driver_min", KB_COL_VER, 0, O },
        { "cc_min", KB_COL_CC, 0, O }, { "extras", KB_COL_TEXT, 0, O }, SRC } },
    { "cupy", "CuPy wheel packages -> CUDA range", 6,
      { { "package", KB_COL_TEXT, K, 0 }, { "first", KB_COL_VER, K, 0 },
        { "last", KB_COL_VER, 0, O }, { "cuda_min", KB_COL_VER, 0, 0 },
        { "cuda_max", KB_COL_VER, 0, 0 }, SRC } },
    { "onnxruntime", "onnxruntime-gpu -> CUDA and cuDNN", 6,
      { { "first", KB_COL_VER, K, 0 }, { "last", KB_COL_VER, 0, 0 }, { "cuda", KB_COL_VER, K, 0 },
        { "cudnn", KB_COL_VER, 0, 0 }, { "pypi", KB_COL_TEXT, 0, 0 }, SRC } },
    { "paddle", "paddlepaddle-gpu builds -> CUDA, cuDNN, driver", 6,
      { { "version", KB_COL_VER, K, 0 }, { "variant", KB_COL_TEXT, K, 0 },
        { "cuda", KB_COL_VER, 0, 0 }, { "cudnn", KB_COL_VER, 0, O },
        { "driver_min", KB_COL_VER, 0, O }, SRC } },
    { "tf_metal", "tensorflow-metal <-> tensorflow(-macos) pairs", 3,
      { { "metal", KB_COL_VER, K, 0 }, { "tf", KB_COL_VER, K, 0 }, SRC } },
    { "py_support", "framework release range -> the Python versions it supports", 6,
      { { "framework", KB_COL_TEXT, K, 0 }, { "first", KB_COL_VER, K, 0 },
        { "last", KB_COL_VER, 0, O }, { "python_min", KB_COL_VER, 0, 0 },
        { "python_max", KB_COL_VER, 0, O }, SRC } },
    { "tf_driver", "TensorFlow release range -> the minimum driver its install docs name", 5,
      { { "first", KB_COL_VER, K, 0 }, { "last", KB_COL_VER, 0, 0 }, { "os", KB_COL_OS, K, 0 },
        { "driver", KB_COL_VER, 0, 0 }, SRC } },
    { "tf_arch", "TensorFlow release range -> compiled GPU architectures (SASS) and PTX", 5,
      { { "first", KB_COL_VER, K, 0 }, { "last", KB_COL_VER, 0, 0 },
        { "sass", KB_COL_TEXT, 0, 0 }, { "ptx", KB_COL_TEXT, 0, O }, SRC } },
    { "arch_floor", "GPU architecture -> minimum driver and CUDA build", 7,
      { { "arch", KB_COL_TEXT, K, 0 }, { "os", KB_COL_OS, K, 0 }, { "cc_min", KB_COL_CC, 0, 0 },
        { "cc_max", KB_COL_CC, 0, 0 }, { "driver_min", KB_COL_VER, 0, 0 },
        { "cuda_min", KB_COL_VER, 0, 0 }, SRC } },
    { "pkg_fact", "packaging facts per framework release range", 6,
      { { "framework", KB_COL_TEXT, K, 0 }, { "fact", KB_COL_TEXT, K, 0 },
        { "first", KB_COL_VER, K, 0 }, { "last", KB_COL_VER, 0, O },
        { "value", KB_COL_TEXT, 0, 0 }, SRC } },
    { "distro_pkg", "a distribution's GPU packages: its CUDA builds, the command that redoes a postinst", 6,
      { { "distro", KB_COL_TEXT, K, 0 }, { "first", KB_COL_VER, K, 0 }, { "package", KB_COL_TEXT, K, 0 },
        { "role", KB_COL_TEXT, K, 0 }, { "value", KB_COL_TEXT, 0, 0 }, SRC } },
    { "jetpack", "Jetson: L4T release -> JetPack, and the CUDA, cuDNN, TensorRT, Ubuntu it ships", 8,
      { { "l4t", KB_COL_VER, K, 0 }, { "jetpack", KB_COL_VER, 0, 0 }, { "cuda", KB_COL_VER, 0, O },
        { "cudnn", KB_COL_VER, 0, O }, { "tensorrt", KB_COL_VER, 0, O }, { "ubuntu", KB_COL_VER, 0, O },
        { "wheels", KB_COL_TEXT, 0, O }, SRC } },
    { "tegra_soc", "Jetson: Tegra SoC (device tree) -> its integrated GPU's compute capability", 4,
      { { "soc", KB_COL_TEXT, K, 0 }, { "gpu", KB_COL_TEXT, 0, 0 }, { "cc", KB_COL_CC, 0, 0 }, SRC } },
    { "cuda_compat", "framework install route -> where its CUDA comes from and which CUDA it takes", 6,
      { { "framework", KB_COL_TEXT, K, 0 }, { "route", KB_COL_TEXT, K, 0 }, { "first", KB_COL_VER, K, 0 },
        { "last", KB_COL_VER, 0, O }, { "accepts", KB_COL_TEXT, 0, 0 }, SRC } },
    { "kb_meta", "per table: when it was last checked and the newest release its sources name", 4,
      { { "table", KB_COL_TEXT, K, 0 }, { "checked", KB_COL_DATE, 0, 0 },
        { "newest", KB_COL_VER, 0, 0 }, SRC } },
    { NULL, NULL, 0, { { NULL, KB_COL_TEXT, 0, 0 } } }
};

const struct kb_schema *kb_schema_find(const char *name)
{
    const struct kb_schema *s;
    for (s = kb_schemas; s->name; s++)
        if (!strcmp(s->name, name))
            return s;
    return NULL;
}

int kb_schema_col(const struct kb_schema *s, const char *name)
{
    size_t c;
    for (c = 0; c < s->ncols; c++)
        if (!strcmp(s->cols[c].name, name))
            return (int)c;
    return -1;
}

void kb_tables_init(struct kb_tables *t)
{
    size_t n = 0, i;

    while (kb_schemas[n].name)
        n++;
    arena_init(&t->arena);
    t->tables = xcalloc(n, sizeof(*t->tables));
    t->ntables = n;
    t->revision = NULL;
    for (i = 0; i < n; i++)
        t->tables[i].schema = &kb_schemas[i];
}

void kb_tables_release(struct kb_tables *t)
{
    size_t i;
    for (i = 0; i < t->ntables; i++) {
        free(t->tables[i].cells);
        free(t->tables[i].files);
        free(t->tables[i].lines);
    }
    free(t->tables);
    arena_release(&t->arena);
    t->tables = NULL;
    t->ntables = 0;
    t->revision = NULL;
}

const char *kb_table_cell(const struct kb_table *tab, size_t r, size_t c)
{
    if (r >= tab->nrows || c >= tab->schema->ncols)
        BUG("kb cell %zu,%zu out of range", r, c);
    return tab->cells[r * tab->schema->ncols + c];
}

const char *kb_table_get(const struct kb_table *tab, size_t r, const char *col)
{
    int c = kb_schema_col(tab->schema, col);
    if (c < 0)
        BUG("no column '%s' in kb table '%s'", col, tab->schema->name);
    return kb_table_cell(tab, r, (size_t)c);
}

/* --- the parser --- */

struct pstate {
    struct kb_tables *t;
    const char *fname;
    unsigned line;
    struct kb_table *cur;     /* after %table */
    int have_columns;
    struct gd_err *err;
};

static int perr(struct pstate *p, const char *what, const char *detail)
{
    if (detail)
        return err_setx(p->err, GD_ERR_FORMAT, "%s:%u: %s '%s'", p->fname, p->line, what, detail);
    return err_setx(p->err, GD_ERR_FORMAT, "%s:%u: %s", p->fname, p->line, what);
}

static int is_ws(char c)
{
    return c == ' ' || c == '\t';
}

int kbdata_is_date(const char *v)
{
    static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    int y, m, d;
    size_t i;

    if (strlen(v) != 10 || v[4] != '-' || v[7] != '-')
        return 0;
    for (i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !(v[i] >= '0' && v[i] <= '9'))
            return 0;
    y = (v[0] - '0') * 1000 + (v[1] - '0') * 100 + (v[2] - '0') * 10 + (v[3] - '0');
    m = (v[5] - '0') * 10 + (v[6] - '0');
    d = (v[8] - '0') * 10 + (v[9] - '0');
    if (y < 1990 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
        return 0;
    if (m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
        return 0;
    return 1;
}

int kbdata_source_unverified(const char *source)
{
    return source && !strncmp(source, "unverified", 10) &&
           (source[10] == ':' || source[10] == ' ' || source[10] == '\0');
}

/* A field's shape, by column type. */
static int check_value(const char *v, enum kb_coltype type)
{
    size_t i, n = strlen(v);

    switch (type) {
    case KB_COL_VER:
        if (!(v[0] >= '0' && v[0] <= '9'))
            return 0;
        for (i = 0; i < n; i++) {
            char c = v[i];
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  c == '.' || c == '-' || c == '+' || c == '!' || c == '_' || c == '*' || c == ','))
                return 0;
        }
        return 1;
    case KB_COL_OS:
        return !strcmp(v, "linux") || !strcmp(v, "windows") || !strcmp(v, "macos") ||
               !strcmp(v, "any");
    case KB_COL_CC:
        if (n < 3 || n > 5)
            return 0;
        for (i = 0; i < n; i++)
            if (!((v[i] >= '0' && v[i] <= '9') || (v[i] == '.' && i > 0 && i + 1 < n)))
                return 0;
        return strchr(v, '.') != NULL;
    case KB_COL_HEX:
        if (n != 4)
            return 0;
        for (i = 0; i < n; i++)
            if (!((v[i] >= '0' && v[i] <= '9') || (v[i] >= 'a' && v[i] <= 'f')))
                return 0;
        return 1;
    case KB_COL_DATE:
        return kbdata_is_date(v);
    case KB_COL_TEXT:
    case KB_COL_SOURCE:
        return n > 0;
    }
    return 0;
}

/*
 * Split line (NUL-terminated, no newline, only printable ASCII and tabs)
 * into at most max fields; with rest_last, the last field is the rest of
 * the line.  Fields point into line, which is modified.  The count, or -1
 * (bad quoting; *why set).
 */
static int split_fields(char *line, char **f, size_t max, int rest_last, const char **why)
{
    size_t n = 0;
    char *s = line;

    for (;;) {
        while (is_ws(*s))
            s++;
        if (!*s)
            break;
        if (n == max) {
            *why = "too many fields";
            return -1;
        }
        if (rest_last && n + 1 == max) {
            char *end = s + strlen(s);
            while (end > s && is_ws(end[-1]))
                end--;
            *end = '\0';
            f[n++] = s;
            break;
        }
        if (*s == '"') {
            char *q = strchr(s + 1, '"');
            if (!q) {
                *why = "unterminated quote";
                return -1;
            }
            if (q == s + 1) {
                *why = "empty quoted field";
                return -1;
            }
            if (q[1] && !is_ws(q[1])) {
                *why = "text after a closing quote";
                return -1;
            }
            *q = '\0';
            f[n++] = s + 1;
            s = q[1] ? q + 2 : q + 1;
            continue;
        }
        f[n++] = s;
        while (*s && !is_ws(*s)) {
            if (*s == '"') {
                *why = "quote inside a field";
                return -1;
            }
            s++;
        }
        if (*s)
            *s++ = '\0';
    }
    return (int)n;
}

static int add_row(struct pstate *p, char **f)
{
    struct kb_table *tab = p->cur;
    const struct kb_schema *s = tab->schema;
    size_t c, r, nc = s->ncols;
    const char **row;

    for (c = 0; c < nc; c++) {
        const struct kb_column *col = &s->cols[c];
        if (!strcmp(f[c], "-")) {
            if (!col->optional)
                return perr(p, "a value is required in column", col->name);
            continue;
        }
        if (!check_value(f[c], col->type))
            return perr(p, "malformed value", f[c]);
    }
    /* The same key twice is refused: which row would be meant? */
    for (r = 0; r < tab->nrows; r++) {
        int same = 1;
        for (c = 0; c < nc && same; c++) {
            const char *have = tab->cells[r * nc + c];
            if (!s->cols[c].key)
                continue;
            same = strcmp(have ? have : "-", f[c]) == 0;
        }
        if (same) {
            char where[160];
            snprintf(where, sizeof(where), "%s:%u", tab->files[r], tab->lines[r]);
            return perr(p, "duplicate key, first defined at", where);
        }
    }
    if (tab->nrows >= KB_MAX_ROWS)
        return perr(p, "too many rows in table", s->name);
    ALLOC_GROW(tab->files, tab->nrows + 1, tab->alloc);
    tab->cells = xrealloc(tab->cells, st_mult(st_mult(tab->alloc, nc), sizeof(*tab->cells)));
    tab->lines = xrealloc(tab->lines, st_mult(tab->alloc, sizeof(*tab->lines)));
    row = tab->cells + tab->nrows * nc;
    for (c = 0; c < nc; c++)
        row[c] = strcmp(f[c], "-") ? arena_strdup(&p->t->arena, f[c]) : NULL;
    tab->files[tab->nrows] = arena_strdup(&p->t->arena, p->fname);
    tab->lines[tab->nrows] = p->line;
    tab->nrows++;
    return 0;
}


static int directive(struct pstate *p, char *line)
{
    char *f[KB_MAX_COLS + 2];
    const char *why = NULL;
    int n = split_fields(line + 1, f, KB_MAX_COLS + 2, 0, &why);

    if (n < 0)
        return perr(p, why, NULL);
    if (n == 0)
        return perr(p, "empty directive", NULL);
    if (!strcmp(f[0], "table")) {
        const struct kb_schema *s;
        if (n != 2)
            return perr(p, "usage: %table NAME", NULL);
        s = kb_schema_find(f[1]);
        if (!s)
            return perr(p, "unknown table", f[1]);
        p->cur = &p->t->tables[s - kb_schemas];
        p->have_columns = 0;
        return 0;
    }
    if (!strcmp(f[0], "columns")) {
        const struct kb_schema *s;
        size_t c;
        if (!p->cur)
            return perr(p, "%columns before %table", NULL);
        if (p->have_columns)
            return perr(p, "%columns given twice", NULL);
        s = p->cur->schema;
        if ((size_t)(n - 1) != s->ncols)
            return perr(p, "wrong number of columns for table", s->name);
        for (c = 0; c < s->ncols; c++)
            if (strcmp(f[c + 1], s->cols[c].name))
                return perr(p, "unexpected column", f[c + 1]);
        p->have_columns = 1;
        return 0;
    }
    if (!strcmp(f[0], "revision")) {
        if (n != 2 || !kbdata_is_date(f[1]))
            return perr(p, "usage: %revision YYYY-MM-DD", NULL);
        if (!p->t->revision || strcmp(f[1], p->t->revision) > 0)
            p->t->revision = arena_strdup(&p->t->arena, f[1]);
        return 0;
    }
    return perr(p, "unknown directive", f[0]);
}

static int parse_line(struct pstate *p, char *line, size_t len)
{
    size_t i;
    char *f[KB_MAX_COLS];
    const char *why = NULL;
    int n;

    if (len && line[len - 1] == '\r')
        line[--len] = '\0';
    if (line[0] == '#')
        return 0;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c == '\t')
            continue;
        if (c < 0x20 || c > 0x7e)
            return perr(p, c >= 0x80 ? "non-ASCII byte (data rows are ASCII)" : "control character",
                        NULL);
    }
    for (i = 0; i < len && is_ws(line[i]); i++)
        ;
    if (i == len)
        return 0;
    if (line[0] == '%')
        return directive(p, line);
    if (!p->cur || !p->have_columns)
        return perr(p, "row before %table and %columns", NULL);
    n = split_fields(line, f, p->cur->schema->ncols, 1, &why);
    if (n < 0)
        return perr(p, why, NULL);
    if ((size_t)n != p->cur->schema->ncols)
        return perr(p, "missing fields (the last column, source, is required)", NULL);
    return add_row(p, f);
}

int kbdata_parse(struct kb_tables *t, const char *fname, const uint8_t *buf, size_t len,
                 struct gd_err *err)
{
    struct pstate p;
    size_t off = 0;
    char line[KB_MAX_LINE + 1];

    memset(&p, 0, sizeof(p));
    p.t = t;
    p.fname = fname;
    p.err = err;
    while (off < len) {
        const uint8_t *nl = memchr(buf + off, '\n', len - off);
        size_t n = nl ? (size_t)(nl - (buf + off)) : len - off;
        p.line++;
        if (n > KB_MAX_LINE)
            return perr(&p, "line too long", NULL);
        if (memchr(buf + off, '\0', n))
            return perr(&p, "NUL byte", NULL);
        memcpy(line, buf + off, n);
        line[n] = '\0';
        if (parse_line(&p, line, n))
            return -1;
        off += n + (nl ? 1 : 0);
    }
    return 0;
}
