/*
 * test_kbdata.c - the data-file parser, and validation of every built-in
 * table: each file parses on its own, every row has a source, keys are
 * unique, versions ascend where they must, every TensorFlow version has its
 * CUDA and its library names, every CUDA version in any table has a driver
 * floor.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "kb/kb.h"
#include "kb/kb_builtin.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "util/strbuf.h"

static struct kb *kb;

static int parse(const char *text, struct gd_err *err)
{
    struct kb_tables t;
    int r;
    kb_tables_init(&t);
    r = kbdata_parse(&t, "t.kb", (const uint8_t *)text, strlen(text), err);
    kb_tables_release(&t);
    return r;
}

static void test_parser_accepts(void)
{
    struct gd_err err;
    struct kb_tables t;
    static const char ok[] = "# comment\n\n%revision 2026-01-02\n%table tf_metal\n"
                             "%columns metal tf source\n"
                             "1.1.0\t2.14   a source with spaces  \r\n"
                             "1.2.0 2.18 \"quoted is fine in the source\"\n";
    static const char quoted[] = "%table gpu_name\n%columns name cc arch source\n"
                                 "\"GeForce RTX 4090\" 8.9 Ada src\n";

    err_init(&err);
    kb_tables_init(&t);
    CHECK_INT(kbdata_parse(&t, "t.kb", (const uint8_t *)ok, sizeof(ok) - 1, &err), 0);
    CHECK_STR(t.revision, "2026-01-02");
    CHECK_INT((long long)t.tables[kb_schema_find("tf_metal") - kb_schemas].nrows, 2);
    CHECK_STR(kb_table_cell(&t.tables[kb_schema_find("tf_metal") - kb_schemas], 0, 2),
              "a source with spaces");
    CHECK_INT(kbdata_parse(&t, "q.kb", (const uint8_t *)quoted, sizeof(quoted) - 1, &err), 0);
    CHECK_STR(kb_table_cell(&t.tables[kb_schema_find("gpu_name") - kb_schemas], 0, 0),
              "GeForce RTX 4090");
    kb_tables_release(&t);
}

/* Many rows: the key index finds a duplicate far back, and never takes
 * two different keys for one (1.12 + 2.3 is not 1.1 + 2.23). */
static void test_parser_duplicate_index(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct kb_tables t;
    struct gd_err err;
    unsigned i, j;

    strbuf_addstr(&sb, "%table tf_metal\n%columns metal tf source\n");
    for (i = 0; i < 60; i++)
        for (j = 0; j < 50; j++)
            strbuf_addf(&sb, "1.%u 2.%u s\n", i, j);
    err_init(&err);
    kb_tables_init(&t);
    CHECK_INT(kbdata_parse(&t, "m.kb", (const uint8_t *)sb.buf, sb.len, &err), 0);
    CHECK_INT((long long)t.tables[kb_schema_find("tf_metal") - kb_schemas].nrows, 3000);
    kb_tables_release(&t);
    /* Row 1.1 2.23 is line 3 + 1 * 50 + 23 = 76. */
    strbuf_addstr(&sb, "1.1 2.23 again\n");
    kb_tables_init(&t);
    CHECK_INT(kbdata_parse(&t, "m.kb", (const uint8_t *)sb.buf, sb.len, &err), -1);
    CHECK(strstr(err.msg, "m.kb:3003: duplicate key, first defined at 'm.kb:76'") != NULL);
    kb_tables_release(&t);
    strbuf_release(&sb);
}

static void test_parser_refuses(void)
{
    static const struct {
        const char *text, *msg;
    } bad[] = {
        { "1.0 2.0 src\n", "t.kb:1: row before %table" },
        { "%table nope\n", "t.kb:1: unknown table 'nope'" },
        { "%table tf_metal\n%columns tf metal source\n", "t.kb:2: unexpected column 'tf'" },
        { "%table tf_metal\n%columns metal tf\n", "t.kb:2: wrong number of columns" },
        { "%table tf_metal\n1.0 2.0 s\n", "t.kb:2: row before %table and %columns" },
        { "%table tf_metal\n%columns metal tf source\n1.0 2.0\n", "t.kb:3: missing fields" },
        { "%table tf_metal\n%columns metal tf source\nx 2.0 s\n", "t.kb:3: malformed value 'x'" },
        { "%table tf_metal\n%columns metal tf source\n- 2.0 s\n", "t.kb:3: a value is required" },
        { "%table tf_metal\n%columns metal tf source\n1.0 2.0 s\n1.0 2.0 t\n",
          "t.kb:4: duplicate key, first defined at 't.kb:3'" },
        { "%table gpu_name\n%columns name cc arch source\n\"RTX 4090 8.9 Ada s\n",
          "t.kb:3: unterminated quote" },
        { "%table gpu_name\n%columns name cc arch source\nRTX 8.9.1.2 Ada s\n",
          "t.kb:3: malformed value" },
        { "%table gpu_pci\n%columns device name chip source\n26G4 x AD102 s\n",
          "t.kb:3: malformed value '26G4'" },
        { "%table cuda_driver\n%columns cuda os driver source\n12.2 beos 1 s\n",
          "t.kb:3: malformed value 'beos'" },
        { "%revision yesterday\n", "t.kb:1: usage: %revision" },
        { "%frobnicate\n", "t.kb:1: unknown directive" },
        { "%table tf_metal\n%columns metal tf source\n1.0 2.0 caf\xc3\xa9\n", "non-ASCII" },
        { "%table tf_metal\n%columns metal tf source\n1.0 2.0 a\001b\n", "control character" },
    };
    size_t i;
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct gd_err err;
        err_init(&err);
        CHECK_INT(parse(bad[i].text, &err), -1);
        if (!strstr(err.msg, bad[i].msg))
            printf("  case %zu: got '%s', want '%s'\n", i, err.msg, bad[i].msg);
        CHECK(strstr(err.msg, bad[i].msg) != NULL);
        CHECK_INT(err.code, GD_ERR_FORMAT);
    }
    {
        /* A NUL byte and an overlong line. */
        struct gd_err err;
        struct kb_tables t;
        static const char nul[] = "# x\n%table\0 tf_metal\n";
        char *big = malloc(KB_MAX_LINE + 10);
        memset(big, 'a', KB_MAX_LINE + 9);
        big[0] = '#';
        big[KB_MAX_LINE + 9] = '\0';
        kb_tables_init(&t);
        err_init(&err);
        CHECK_INT(kbdata_parse(&t, "n.kb", (const uint8_t *)nul, sizeof(nul) - 1, &err), -1);
        CHECK(strstr(err.msg, "n.kb:2: NUL byte") != NULL);
        CHECK_INT(parse(big, &err), -1);
        CHECK(strstr(err.msg, "line too long") != NULL);
        kb_tables_release(&t);
        free(big);
    }
}

/* Each built-in file parses alone, declares a revision, and its rows have sources. */
static void test_builtin_files(void)
{
    const struct kb_builtin_file *f;
    size_t n = 0;

    for (f = kb_builtin_files; f->name; f++, n++) {
        struct kb_tables t;
        struct gd_err err;
        size_t i, r;
        err_init(&err);
        kb_tables_init(&t);
        if (kbdata_parse(&t, f->name, (const uint8_t *)f->text, f->len, &err))
            printf("  %s\n", err.msg);
        CHECK(t.revision != NULL);
        for (i = 0; i < t.ntables; i++)
            for (r = 0; r < t.tables[i].nrows; r++) {
                const char *src = kb_table_cell(&t.tables[i], r, t.tables[i].schema->ncols - 1);
                CHECK(src && strlen(src) >= 8);
            }
        kb_tables_release(&t);
    }
    CHECK(n >= 16);
}

/* Column col of table name ascends (strictly when strict) among rows with os_filter. */
static void check_ascending(const char *name, const char *col, const char *os,
                            int (*cmp)(const char *, const char *), int strict)
{
    const struct kb_table *t = kb_table(kb, name);
    int c = kb_schema_col(t->schema, col), oc = kb_schema_col(t->schema, "os");
    const char *prev = NULL;
    size_t r;

    for (r = 0; r < t->nrows; r++) {
        const char *v = kb_table_cell(t, r, (size_t)c);
        if (os && oc >= 0 && strcmp(kb_table_cell(t, r, (size_t)oc), os))
            continue;
        if (prev && (strict ? cmp(prev, v) >= 0 : cmp(prev, v) > 0)) {
            printf("  %s.%s: %s after %s (%s:%u)\n", name, col, v, prev, t->files[r], t->lines[r]);
            CHECK(0);
        }
        prev = v;
    }
}

static void test_ascending(void)
{
    check_ascending("driver_cuda", "branch", NULL, ver_cmp_driver, 1);
    /* not strictly: a branch may repeat its predecessor's ceiling in a row of
     * its own, marked unverified (615: 13.3, issue 30) */
    check_ascending("driver_cuda", "cuda", NULL, ver_cmp_dotted, 0);
    check_ascending("cuda_driver", "cuda", "linux", ver_cmp_dotted, 1);
    check_ascending("cuda_driver", "driver", "linux", ver_cmp_driver, 1);
    check_ascending("cuda_driver", "cuda", "windows", ver_cmp_dotted, 1);
    check_ascending("tf_build", "version", "linux", ver_cmp_pep440, 1);
    check_ascending("tf_build", "version", "windows", ver_cmp_pep440, 1);
    check_ascending("tf_libs", "first", "linux", ver_cmp_pep440, 1);
    check_ascending("tf_libs", "first", "windows", ver_cmp_pep440, 1);
    check_ascending("torch", "version", NULL, ver_cmp_pep440, 0);
    check_ascending("onnxruntime", "first", NULL, ver_cmp_pep440, 0);
    check_ascending("tf_metal", "metal", NULL, ver_cmp_pep440, 1);
}

/* Ranges: first <= last wherever a table has both. */
static void test_ranges(void)
{
    static const char *const tables[] = { "tf_libs", "jax", "cupy", "onnxruntime", "cuda_sm",
                                          NULL };
    size_t i, r;
    for (i = 0; tables[i]; i++) {
        const struct kb_table *t = kb_table(kb, tables[i]);
        int f = kb_schema_col(t->schema, "first"), l = kb_schema_col(t->schema, "last");
        for (r = 0; r < t->nrows; r++) {
            const char *a = kb_table_cell(t, r, (size_t)f), *b = kb_table_cell(t, r, (size_t)l);
            if (b && ver_cmp_dotted(a, b) > 0) {
                printf("  %s:%u: first %s > last %s\n", t->files[r], t->lines[r], a, b);
                CHECK(0);
            }
        }
    }
}

/* Every TensorFlow version with a CUDA build has its library names on that OS. */
static void test_tf_complete(void)
{
    const struct kb_table *t = kb_table(kb, "tf_build");
    size_t r;
    for (r = 0; r < t->nrows; r++) {
        const char *v = kb_table_cell(t, r, 0), *os = kb_table_cell(t, r, 1);
        struct kb_tf_libs l;
        if (!kb_table_cell(t, r, 3))
            continue;   /* CPU-only build */
        if (kb_tf_libs(kb, v, os, &l) != 1 || !l.cudart || !l.cudnn || !l.cublas) {
            printf("  TensorFlow %s on %s: no library names\n", v, os);
            CHECK(0);
        }
    }
    CHECK(t->nrows >= 40);
}

/* Every CUDA version any table names has a driver floor (toolkit or MVC). */
static void check_cuda_floor(const char *table, const char *col)
{
    const struct kb_table *t = kb_table(kb, table);
    int c = kb_schema_col(t->schema, col);
    size_t r;

    for (r = 0; r < t->nrows; r++) {
        const char *v = kb_table_cell(t, r, (size_t)c), *d = NULL;
        if (!v)
            continue;
        if (kb_cuda_min_driver(kb, v, "linux", &d, NULL) != 1 &&
            kb_cuda_mvc_floor(kb, v, "linux", &d, NULL) != 1) {
            printf("  %s:%u: CUDA %s has no driver floor\n", t->files[r], t->lines[r], v);
            CHECK(0);
        }
    }
}

static void test_cuda_floors(void)
{
    check_cuda_floor("tf_build", "cuda");
    check_cuda_floor("torch", "cuda");
    check_cuda_floor("jax", "cuda_min");
    check_cuda_floor("cupy", "cuda_min");
    check_cuda_floor("cupy", "cuda_max");
    check_cuda_floor("onnxruntime", "cuda");
    check_cuda_floor("paddle", "cuda");
    check_cuda_floor("cudnn_cuda", "cuda_min");
    check_cuda_floor("cudnn_cuda", "cuda_max");
    check_cuda_floor("driver_cuda", "cuda");
    check_cuda_floor("cuda_sm", "first");
}

/* Every chip code and name resolves to a known architecture's cc. */
static void test_gpu_tables(void)
{
    const struct kb_table *t = kb_table(kb, "torch");
    size_t r;
    for (r = 0; r < t->nrows; r++) {
        const char *arch = kb_table_cell(t, r, 5);
        if (arch && kb_arch_list_covers(arch, "9.0") < 0)
            CHECK(0);
        /* A CUDA build lists its architectures, a ROCm build has neither. */
        CHECK((kb_table_cell(t, r, 3) != NULL) == (arch != NULL) ||
              !strncmp(kb_table_cell(t, r, 1), "cu", 2));
    }
}

/* The ids kb_tables.h generates name the schemas' own tables and columns, and
 * a row read whole is its cells. */
static void test_ids(void)
{
    size_t n = 0, i, r, c;
    struct kb_row_torch row;
    const struct kb_table *t;

    while (kb_schemas[n].name)
        n++;
    CHECK_INT(n, KB_NTABLES);
    CHECK_STR(kb_schemas[KB_T_torch].name, "torch");
    CHECK_STR(kb_schemas[KB_T_kb_meta].name, "kb_meta");
    CHECK_INT(KB_COL(torch, dflt), kb_schema_col(&kb_schemas[KB_T_torch], "default"));
    CHECK_INT(KB_COL(tf_libs, pip_libs), kb_schema_col(&kb_schemas[KB_T_tf_libs], "pip_libs"));
    CHECK_INT(KB_NCOLS(tf_libs), kb_schemas[KB_T_tf_libs].ncols);
    for (i = 0; i < n; i++) {
        CHECK_STR(kb_schemas[i].cols[kb_schemas[i].ncols - 1].name, "source");
        t = kb_tab(kb, (enum kb_table_id)i);
        CHECK(t->schema == &kb_schemas[i]);
        for (r = 0; r < t->nrows; r++) {
            const char *cells[KB_MAX_COLS];
            kb_table_row_of(t, (enum kb_table_id)i, r, cells, sizeof(cells));
            for (c = 0; c < t->schema->ncols; c++)
                CHECK(cells[c] == kb_table_cell(t, r, c));
        }
    }
    t = kb_tab(kb, KB_T_torch);
    kb_row(t, 0, torch, &row);
    CHECK(row.cuda == kb_table_get(t, 0, "cuda") && row.dflt == kb_table_get(t, 0, "default"));
    CHECK(kb_cell(t, 1, torch, source) == kb_table_get(t, 1, "source"));
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_parser_accepts);
    RUN(test_parser_refuses);
    RUN(test_parser_duplicate_index);
    RUN(test_builtin_files);
    RUN(test_ascending);
    RUN(test_ranges);
    RUN(test_tf_complete);
    RUN(test_cuda_floors);
    RUN(test_gpu_tables);
    RUN(test_ids);
    kb_free(kb);
    return harness_done();
}
