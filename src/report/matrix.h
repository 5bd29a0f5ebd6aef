/*
 * matrix.h - printing `gpudoctor matrix`: one knowledge-base table, as an
 * aligned text table with numbered sources, or as JSON.
 *
 * The caller (cli/cmd_matrix.c) turns kb rows into a struct matrix_view:
 * column names, cells (NULL prints "-" / null) and one source per row.
 * The renderers only print: they never look anything up.  JSON is
 *     {"schema": "gpudoctor-matrix/1", "table": NAME, "title": ..., "source": ORIGIN,
 *      "revision": DATE, "rows": [{COLUMN: VALUE, ..., "source": ...}, ...]}
 * with the table's own column names as keys (docs/json.md, "matrix").
 */
#ifndef GD_REPORT_MATRIX_H
#define GD_REPORT_MATRIX_H

#include <stddef.h>
#include <stdio.h>

#define GD_MATRIX_JSON_SCHEMA "gpudoctor-matrix/1"   /* docs/json.md, "matrix --json" */

struct matrix_view {
    const char *table;        /* "tf_build" */
    const char *title;        /* one line */
    const char *origin;       /* "built-in" or the --db path */
    const char *revision;     /* "2026-08-01" */
    size_t ncols;             /* data columns, without source */
    const char *const *cols;  /* ncols names */
    size_t nrows;
    const char **cells;       /* nrows * ncols; NULL = none */
    const char **sources;     /* nrows */
};

/** The view as an aligned table, then its sources, numbered. */
void report_matrix_text(FILE *fp, const struct matrix_view *v, int color);
/** The view as one JSON document (pretty-printed). */
void report_matrix_json(FILE *fp, const struct matrix_view *v);

/* One table of the list (`gpudoctor matrix` without a table). */
struct matrix_table_entry {
    const char *name;         /* what `matrix NAME` takes ("pytorch") */
    const char *table;        /* the table's own name ("torch") */
    const char *title;
    size_t nrows;
};

/**
 * The table list as one JSON document: {"schema", "source", "revision",
 * "tables": [{"name", "table", "title", "rows"}]} (docs/json.md).
 */
void report_matrix_list_json(FILE *fp, const char *origin, const char *revision,
                             const struct matrix_table_entry *t, size_t n);

/** One line of the table list (`gpudoctor matrix` without a table). */
void report_matrix_list_line(FILE *fp, const char *alias, const char *table, const char *title,
                             size_t nrows);

#endif
