#include "kb/kbdata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

/*
 * The schemas, from kb_tables.h (adding a table: see there).  FLAGS K is a
 * key column, O an optional one.
 */
#define KEY_K 1
#define KEY_O 0
#define KEY_0 0
#define OPT_K 0
#define OPT_O 1
#define OPT_0 0
#define COLUMN(f, name, kind, flags) { name, KB_COL_##kind, KEY_##flags, OPT_##flags },
#define SCHEMA(name, title) { #name, title, KB_NCOLS(name), { KB_COLUMNS(name, COLUMN) } },
const struct kb_schema kb_schemas[] = {
    KB_TABLES(SCHEMA)
    { NULL, NULL, 0, { { NULL, KB_COL_TEXT, 0, 0 } } }
};
#undef SCHEMA
#undef COLUMN
#define FITS(name, title) _Static_assert(KB_NCOLS(name) <= KB_MAX_COLS, #name " has more than KB_MAX_COLS columns");
KB_TABLES(FITS)
#undef FITS

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
        free(t->tables[i].keyslots);
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

const char *kb_table_cell_of(const struct kb_table *tab, enum kb_table_id id, size_t r, size_t c)
{
    if (tab->schema != &kb_schemas[id])
        BUG("kb table '%s' read as '%s'", tab->schema->name, kb_schemas[id].name);
    return kb_table_cell(tab, r, c);
}

void kb_table_row_of(const struct kb_table *tab, enum kb_table_id id, size_t r, void *out, size_t size)
{
    size_t n = tab->schema->ncols;
    if (tab->schema != &kb_schemas[id] || size < n * sizeof(const char *) || r >= tab->nrows)
        BUG("kb table '%s' row %zu read as '%s'", tab->schema->name, r, kb_schemas[id].name);
    memcpy(out, &tab->cells[r * n], n * sizeof(const char *));
}

/* --- the parser --- */

struct pstate {
    struct kb_tables *t;
    const char *fname;
    unsigned line;
    struct kb_table *cur;     /* after %table */
    int have_columns;
    struct gd_err *err;
    const char *fname_copy;   /* fname in the arena, once per buffer */
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

/* FNV-1a over the key columns of a row given as fields ("-" for none). */
static uint64_t key_hash(const struct kb_schema *s, const char *const *f)
{
    uint64_t h = 0xcbf29ce484222325ull;
    size_t c;
    const char *q;

    for (c = 0; c < s->ncols; c++) {
        if (!s->cols[c].key)
            continue;
        for (q = f[c] ? f[c] : "-"; *q; q++)
            h = (h ^ (unsigned char)*q) * 0x100000001b3ull;
        h = (h ^ 0x1f) * 0x100000001b3ull;   /* a separator: "a b" != "ab" */
    }
    return h;
}

/* Does a stored row (NULL for "-") have the key of fields f? */
static int same_key(const struct kb_schema *s, const char *const *row, char *const *f)
{
    size_t c;

    for (c = 0; c < s->ncols; c++)
        if (s->cols[c].key && strcmp(row[c] ? row[c] : "-", f[c]))
            return 0;
    return 1;
}

/* Put stored row r into tab's key index (which has a free slot). */
static void key_index_put(struct kb_table *tab, size_t r)
{
    size_t nc = tab->schema->ncols;
    size_t slot = key_hash(tab->schema, tab->cells + r * nc) & (tab->keycap - 1);

    while (tab->keyslots[slot])
        slot = (slot + 1) & (tab->keycap - 1);
    tab->keyslots[slot] = r + 1;
}

/* Index row r of tab (its newest), growing the index to stay half empty. */
static void key_index(struct kb_table *tab, size_t r)
{
    size_t i;

    if (2 * tab->nrows <= tab->keycap) {
        key_index_put(tab, r);
        return;
    }
    free(tab->keyslots);
    tab->keycap = tab->keycap ? 2 * tab->keycap : 64;
    tab->keyslots = xcalloc(tab->keycap, sizeof(*tab->keyslots));
    for (i = 0; i < tab->nrows; i++)
        key_index_put(tab, i);
}

static int add_row(struct pstate *p, char **f)
{
    struct kb_table *tab = p->cur;
    const struct kb_schema *s = tab->schema;
    size_t c, r, nc = s->ncols;
    const char **row;
    uint64_t h;
    size_t slot;

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
    if (tab->nrows >= KB_MAX_ROWS)
        return perr(p, "too many rows in table", s->name);
    h = key_hash(s, (const char *const *)f);
    for (slot = h & (tab->keycap - 1); tab->keycap && tab->keyslots[slot];
         slot = (slot + 1) & (tab->keycap - 1)) {
        r = tab->keyslots[slot] - 1;
        if (same_key(s, tab->cells + r * nc, f)) {
            char where[160];
            snprintf(where, sizeof(where), "%s:%u", tab->files[r], tab->lines[r]);
            return perr(p, "duplicate key, first defined at", where);
        }
    }
    ALLOC_GROW(tab->files, tab->nrows + 1, tab->alloc);
    tab->cells = xrealloc(tab->cells, st_mult(st_mult(tab->alloc, nc), sizeof(*tab->cells)));
    tab->lines = xrealloc(tab->lines, st_mult(tab->alloc, sizeof(*tab->lines)));
    row = tab->cells + tab->nrows * nc;
    for (c = 0; c < nc; c++)
        row[c] = strcmp(f[c], "-") ? arena_strdup(&p->t->arena, f[c]) : NULL;
    if (!p->fname_copy)
        p->fname_copy = arena_strdup(&p->t->arena, p->fname);
    tab->files[tab->nrows] = p->fname_copy;
    tab->lines[tab->nrows] = p->line;
    tab->nrows++;
    key_index(tab, tab->nrows - 1);
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
