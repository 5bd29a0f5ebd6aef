/*
 * cmd_matrix.c - `gpudoctor matrix [TABLE [FILTER]]`: the knowledge base's
 * compatibility tables, with their sources.  `--unverified` shows only the
 * rows whose source is marked unverified (kbdata_source_unverified), of one
 * table or, without TABLE, of every table that has any.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "diagnose/fw.h"
#include "kb/kb.h"
#include "report/matrix.h"
#include "util/alloc.h"
#include "util/banned.h"

/* The names a person types, and the table each shows: first every
 * framework module's own (its name, its release table, its other tables:
 * diagnose/fw.h, whose aliases -- pytorch, tf, ort, paddlepaddle -- resolve
 * too, so that check, plan and matrix agree on them), then these. */
static const struct {
    const char *alias, *table;
} aliases[] = {
    { "driver", "driver_cuda" },      { "cuda", "cuda_driver" },
    { "cuda-mvc", "cuda_mvc" },       { "cuda-arch", "cuda_sm" },
    { "cuda-compat", "cuda_compat" }, { "cudnn", "cudnn_cuda" },
    { "gpu", "gpu" },                 { "gpu-chip", "gpu_chip" },
    { "gpu-name", "gpu_name" },       { "gpu-pci", "gpu_pci" },
    { "python", "py_support" },       { "jetson", "jetpack" },
    { "tegra-soc", "tegra_soc" },     { "arch-floor", "arch_floor" },
    { "packaging", "pkg_fact" },      { "kb-meta", "kb_meta" },
    { NULL, NULL },
};

/* The i-th name and its table: the registry's, then aliases[]; 0 past the end. */
static int entry_at(size_t i, const char **name, const char **table)
{
    const struct fw_def *d;
    size_t k, m;
    for (k = 0; (d = fw_at(k)) != NULL; k++) {
        if (d->table && i-- == 0) {
            *name = d->name;
            *table = d->table;
            return 1;
        }
        for (m = 0; d->matrix && d->matrix[m]; m += 2)
            if (i-- == 0) {
                *name = d->matrix[m];
                *table = d->matrix[m + 1];
                return 1;
            }
    }
    if (i >= sizeof(aliases) / sizeof(aliases[0]) - 1)
        return 0;
    *name = aliases[i].alias;
    *table = aliases[i].table;
    return 1;
}

/* Every name `matrix TABLE` resolves (completion): the names above, the
 * framework modules' aliases, the kb's table names. */
static void table_names(opt_put_fn *put, void *ctx)
{
    const struct fw_def *d;
    const struct kb_schema *k;
    const char *const *a, *name, *table;
    size_t i;
    for (i = 0; entry_at(i, &name, &table); i++)
        put(ctx, name);
    for (i = 0; (d = fw_at(i)) != NULL; i++)
        for (a = d->table ? d->aliases : NULL; a && *a; a++)
            put(ctx, *a);
    for (k = kb_schemas; k->name; k++)
        put(ctx, k->name);
}

static const char *resolve(const char *name)
{
    const struct fw_def *d = fw_find(name);
    const char *n, *t;
    size_t i;
    if (d && d->table)
        return d->table;
    for (i = 0; entry_at(i, &n, &t); i++)
        if (!strcmp(n, name))
            return t;
    if (kb_schema_find(name))
        return name;
    return NULL;
}

#define MATRIX_SYNOPSIS "gpudoctor matrix [TABLE [FILTER]] [--os linux|windows|macos] [--unverified] [--json] [--db PATH]"

static void list_tables(const struct kb *kb, int json)
{
    struct strbuf sb = STRBUF_INIT;
    struct matrix_table_entry *ents = NULL;
    size_t i, n = 0, nents = 0, alloc = 0;
    struct kb_gpu g;

    const char *name, *table;
    for (i = 0; entry_at(i, &name, &table); i++) {
        const struct kb_table *t;
        ALLOC_GROW(ents, nents + 1, alloc);
        if (!strcmp(table, "gpu")) {
            while (kb_gpu_at(kb, n, &g))
                n++;
            ents[nents++] = (struct matrix_table_entry){ "gpu", "pci.ids",
                                                         "NVIDIA PCI devices -> name, compute capability", n };
            continue;
        }
        t = kb_table(kb, table);
        ents[nents++] = (struct matrix_table_entry){ name, t->schema->name, t->schema->title, t->nrows };
    }
    if (json) {
        report_matrix_list_json(stdout, kb_origin(kb), kb_revision(kb), ents, nents);
        free(ents);
        return;
    }
    printf("Knowledge base %s (%s).  Tables:\n", kb_revision(kb), kb_origin(kb));
    for (i = 0; i < nents; i++)
        report_matrix_list_line(stdout, ents[i].name, ents[i].table, ents[i].title, ents[i].nrows);
    free(ents);
    strbuf_addstr(&sb, "usage: ");
    help_wrap(&sb, MATRIX_SYNOPSIS, 7, 7 + help_synopsis_indent(MATRIX_SYNOPSIS), 1);
    printf("\n%s\n", sb.buf);
    strbuf_release(&sb);
}

struct rows {
    const char **cells, **sources;
    size_t n, alloc, ncols;
};

static void rows_add(struct rows *r, const char *const *cells, const char *source)
{
    size_t c;
    ALLOC_GROW(r->sources, r->n + 1, r->alloc);
    r->cells = xrealloc(r->cells, st_mult(st_mult(r->alloc, r->ncols), sizeof(*r->cells)));
    for (c = 0; c < r->ncols; c++)
        r->cells[r->n * r->ncols + c] = cells[c];
    r->sources[r->n++] = source;
}

static void render(const struct options *o, struct matrix_view *v)
{
    if (o->format == FMT_JSON)
        report_matrix_json(stdout, v);
    else
        report_matrix_text(stdout, v, 0);
}

static int show_gpus(const struct kb *kb, const struct options *o, const char *query)
{
    static const char *const cols[] = { "device", "name", "chip", "arch", "cc" };
    struct rows r = { NULL, NULL, 0, 0, 5 };
    struct matrix_view v;
    struct kb_gpu g;
    char (*ids)[12] = NULL;
    size_t i, n = 0, alloc_ids = 0;

    if (query) {
        size_t it = 0;
        int k;
        while ((k = kb_gpu_find(kb, query, &it, &g)) == 1) {
            ALLOC_GROW(ids, n + 1, alloc_ids);
            n++;
        }
        if (k < 0) {
            free(ids);
            return usage_error("matrix", "empty GPU name");
        }
    } else {
        while (kb_gpu_at(kb, n, &g))
            n++;
        ids = xcalloc(n + 1, sizeof(*ids));
    }
    /* Second pass: the rows, with each device id formatted once. */
    {
        size_t it = 0, k = 0;
        for (i = 0; query ? kb_gpu_find(kb, query, &it, &g) == 1 : kb_gpu_at(kb, i, &g) == 1;
             i++) {
            const char *cells[5];
            if (!query && !g.cc)
                continue;   /* the full list shows GPUs with a known cc (Kepler on) */
            if (g.device)
                snprintf(ids[k], sizeof(ids[k]), "%04x", g.device);
            cells[0] = g.device ? ids[k] : NULL;
            cells[1] = g.name;
            cells[2] = g.chip;
            cells[3] = g.arch;
            cells[4] = g.cc;
            rows_add(&r, cells, g.source);
            k++;
        }
    }
    v.table = "gpu";
    v.title = query ? "GPUs matching the name: compute capability" : "NVIDIA GPUs (Kepler on): compute capability";
    v.origin = kb_origin(kb);
    v.revision = kb_revision(kb);
    v.ncols = 5;
    v.cols = cols;
    v.nrows = r.n;
    v.cells = r.cells;
    v.sources = r.sources;
    render(o, &v);
    if (query && !r.n)
        fprintf(stderr, "gpudoctor matrix: no GPU matches '%s'\n", query);
    free(r.cells);
    free(r.sources);
    free(ids);
    return query && !r.n ? GD_EXIT_FINDINGS : GD_EXIT_OK;
}

/* Whether a table's first cell (a version) is selected by FILTER: it
 * starts with FILTER at a component boundary, or it is a release FILTER
 * names a patch of ("2.1" for "2.1.0"). */
static int filter_matches(const char *first, const char *filter)
{
    size_t nf = strlen(filter), nc;
    if (!first)
        return 0;
    nc = strlen(first);
    if (!strncmp(first, filter, nf) && !(first[nf] >= '0' && first[nf] <= '9'))
        return 1;
    return nc && nc < nf && !strncmp(filter, first, nc) && filter[nc] == '.' && first[nc - 1] != '.';
}

static int show_table(const struct kb *kb, const struct options *o, const char *name,
                      const char *filter, int unverified)
{
    const struct kb_table *t = kb_table(kb, name);
    const struct kb_schema *s = t->schema;
    int os_col = kb_schema_col(s, "os");
    size_t ncols = s->ncols - 1, i, c;
    struct rows r = { NULL, NULL, 0, 0, 0 };
    struct matrix_view v;
    const char **cols = xcalloc(ncols + 1, sizeof(*cols));

    r.ncols = ncols;
    for (c = 0; c < ncols; c++)
        cols[c] = s->cols[c].name;
    for (i = 0; i < t->nrows; i++) {
        const char *cells[KB_MAX_COLS];
        const char *first = kb_table_cell(t, i, 0);
        if (o->os && os_col >= 0) {
            const char *ros = kb_table_cell(t, i, (size_t)os_col);
            if (strcmp(ros, o->os) && strcmp(ros, "any"))
                continue;
        }
        /* FILTER: rows whose first column starts with it, not mid-number
         * ("2.1" shows 2.1.0, not 2.10.0); and a row keyed by a release
         * the filter is a patch of ("2.1.0" shows the row "2.1"). */
        if (filter && !filter_matches(first, filter))
            continue;
        if (unverified && !kbdata_source_unverified(kb_table_cell(t, i, ncols)))
            continue;
        for (c = 0; c < ncols; c++)
            cells[c] = kb_table_cell(t, i, c);
        rows_add(&r, cells, kb_table_cell(t, i, ncols));
    }
    v.table = s->name;
    v.title = unverified ? "rows marked unverified (not confirmed from a primary source)" : s->title;
    v.origin = kb_origin(kb);
    v.revision = kb_revision(kb);
    v.ncols = ncols;
    v.cols = cols;
    v.nrows = r.n;
    v.cells = r.cells;
    v.sources = r.sources;
    render(o, &v);
    free(r.cells);
    free(r.sources);
    free(cols);
    return GD_EXIT_OK;
}

/* `matrix --unverified` without a table: every table with such rows. */
static int show_unverified(const struct kb *kb, const struct options *o)
{
    const struct kb_schema *s;
    size_t shown = 0, r;

    for (s = kb_schemas; s->name; s++) {
        const struct kb_table *t = kb_table(kb, s->name);
        for (r = 0; r < t->nrows; r++)
            if (kbdata_source_unverified(kb_table_cell(t, r, s->ncols - 1)))
                break;
        if (r == t->nrows)
            continue;
        if (shown++ && o->format != FMT_JSON)
            printf("\n");
        show_table(kb, o, s->name, NULL, 1);
    }
    if (!shown && o->format != FMT_JSON)
        printf("No row of knowledge base %s is marked unverified.\n", kb_revision(kb));
    return GD_EXIT_OK;
}

struct matrix_args {
    int unverified;
};

static const char *const matrix_os_words[] = { "linux", "windows", "macos", NULL };

static const struct opt_def matrix_rows[] = {
    { .name = "os", .kind = OPT_STRING, .off = offsetof(struct options, os), .metavar = "OS",
      .choices = matrix_os_words, .flags = OPT_IN_OPTIONS,
      .help = "only rows for that OS, linux, windows or macos (tables with an os column)" },
    { .name = "unverified", .kind = OPT_FLAG, .off = offsetof(struct matrix_args, unverified), .ival = 1,
      .help = "only the rows whose source is marked unverified (not confirmed from a primary source); "
              "without TABLE, every table that has such rows (text only)" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS,
      .help = "one JSON document: {schema, table, title, source, revision, rows} with the table's "
              "columns as keys (docs/json.md, \"matrix\")" },
    { .name = "db", .kind = OPT_STRING, .off = offsetof(struct options, db), .metavar = "PATH",
      .arg = ARG_FILE, .flags = OPT_IN_OPTIONS,
      .help = "use this knowledge-base file or directory: each table it defines replaces the built-in "
              "one; a malformed file is refused with FILE:LINE and exit status 2" },
    OPTIONS_ROW_HELP,
    OPT_END
};
static const struct opt_group matrix_group = { "Options of matrix", NULL, matrix_rows, 0 };
static const struct opt_group *const matrix_groups[] = { &matrix_group, NULL };
static const struct opt_operand matrix_operands[] = { { "TABLE", table_names, ARG_WORD },
                                                      { "FILTER", NULL, ARG_WORD },
                                                      { NULL, NULL, ARG_WORD } };
static const char *const matrix_synopsis[] = { MATRIX_SYNOPSIS, NULL };
static const struct help_block matrix_about[] = {
    { NULL, "Print one knowledge-base table the way a person would look it up by hand, every row with "
            "its source; without TABLE, list the tables.  TABLE is one of" },
    { "tensorflow", "TensorFlow tested builds: version, os, python, CUDA, cuDNN" },
    { "tensorflow-libs", "the CUDA library file names each TensorFlow loads" },
    { "pytorch", "PyTorch builds: CUDA/ROCm variant, default wheel, cuDNN, archs" },
    { "jax, cupy, onnxruntime, paddle, xgboost, tensorflow-metal", NULL },
    { "driver", "driver branch -> highest CUDA (nvidia-smi \"CUDA Version\")" },
    { "cuda", "CUDA toolkit -> minimum driver;  cuda-mvc: per major, with minor-version "
              "compatibility;  cuda-arch: toolkit -> sm_XX" },
    { "cudnn", "cuDNN -> CUDA, oldest compute capability" },
    { "python", "framework release -> Python versions" },
    { "tensorflow-driver, tensorflow-arch", "TensorFlow's own driver floor; SASS/PTX" },
    { "arch-floor", "GPU family -> minimum driver and CUDA build (Blackwell)" },
    { "packaging", "packaging facts (jax[cuda], tensorflow[and-cuda], ...)" },
    { "jetson", "Jetson: L4T release -> JetPack and the CUDA, cuDNN it ships;  tegra-soc: Tegra SoC -> "
                "integrated GPU compute capability" },
    { "kb-meta", "when each table was checked, newest release known" },
    { "gpu [NAME]", "NVIDIA GPUs -> compute capability; NAME matches whole words, e.g. gpudoctor matrix "
                    "gpu \"RTX 4090\"" },
    { NULL, "or a table's own name (tf_build, torch, gpu_chip, ...).  FILTER keeps the rows whose first "
            "column starts with it, not in the middle of a number (gpudoctor matrix tensorflow 2.1 shows "
            "2.1.0, not 2.10.0)." },
    { NULL, NULL }
};
static const struct exit_doc matrix_exits[] = {
    { GD_EXIT_OK, "printed" },
    { GD_EXIT_FINDINGS, "gpu NAME matched nothing" },
    { GD_EXIT_USAGE, "usage error or unusable --db" },
    { GD_EXIT_FAILURE, "standard output could not be written" },
    { -1, NULL }
};

const struct cmd_spec matrix_spec = { matrix_synopsis, matrix_about, matrix_groups, matrix_operands, 2, 0,
                                      NULL, matrix_exits, NULL, NULL };

int cmd_matrix(int argc, char **argv)
{
    struct options o;
    struct matrix_args ma = { 0 };
    struct gd_err err;
    const char *pos[2] = { NULL, NULL };
    const char *table;
    struct kb *kb;
    size_t i;
    int rc, unverified;

    options_init(&o);
    err_init(&err);
    if (cmd_parse("matrix", &matrix_spec, &o, &ma, argc, argv, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    for (i = 0; i < o.operands.n; i++)
        pos[i] = o.operands.v[i].arg;
    unverified = ma.unverified;
    table = pos[0] ? resolve(pos[0]) : NULL;
    if (pos[0] && !table) {
        struct suggest sg;
        char hint[256];
        suggest_init(&sg, pos[0], strlen(pos[0]));
        table_names(suggest_add, &sg);
        rc = usage_error("matrix", "unknown table '%s'%s", pos[0], suggest_text(&sg, "", hint, sizeof(hint)));
        options_release(&o);
        return rc;
    }
    if (o.db) {
        kb = kb_load(o.db, &err);
        if (!kb) {
            fprintf(stderr, "gpudoctor matrix: cannot use knowledge base '%s': %s\n", o.db,
                    err.msg);
            options_release(&o);
            return GD_EXIT_USAGE;
        }
    } else {
        kb = kb_new_builtin();
    }
    if (!table && unverified && o.format == FMT_JSON)
        rc = usage_error("matrix", "--unverified --json needs a TABLE");
    else if (!table && unverified)
        rc = show_unverified(kb, &o);
    else if (!table)
        rc = (list_tables(kb, o.format == FMT_JSON), GD_EXIT_OK);
    else if (!strcmp(table, "gpu"))
        rc = unverified ? usage_error("matrix", "--unverified does not apply to 'gpu'")
                        : show_gpus(kb, &o, pos[1]);
    else
        rc = show_table(kb, &o, table, pos[1], unverified);
    kb_free(kb);
    options_release(&o);
    return rc;
}
