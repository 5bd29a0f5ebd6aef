#include "report/matrix.h"

#include <stdlib.h>
#include <string.h>

#include "report/out.h"
#include "report/report.h"
#include "util/alloc.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char *show(const char *s)
{
    return s ? s : "-";
}

/* Index of source s among the first n distinct sources in uniq (added if new). */
static size_t source_index(const char **uniq, size_t *n, const char *s)
{
    size_t i;
    for (i = 0; i < *n; i++)
        if (!strcmp(uniq[i], s))
            return i;
    uniq[(*n)++] = s;
    return i;
}

void report_matrix_text(FILE *fp, const struct matrix_view *v, int color)
{
    struct out o = { fp, color, 0, NULL, 0 };
    size_t *width = xcalloc(v->ncols + 1, sizeof(*width));
    const char **uniq = xcalloc(v->nrows + 1, sizeof(*uniq));
    size_t nuniq = 0, r, c;

    for (c = 0; c < v->ncols; c++)
        width[c] = strlen(v->cols[c]);
    for (r = 0; r < v->nrows; r++)
        for (c = 0; c < v->ncols; c++) {
            size_t n = strlen(show(v->cells[r * v->ncols + c]));
            if (n > width[c])
                width[c] = n;
        }
    out_styled(&o, STYLE_BOLD, "%s", v->title);
    out_printf(&o, " (%s, %s %s)\n\n", v->table, v->origin, v->revision);
    for (c = 0; c < v->ncols; c++)
        out_styled(&o, STYLE_BOLD, "%-*s  ", (int)width[c], v->cols[c]);
    out_styled(&o, STYLE_BOLD, "%s\n", "src");
    for (r = 0; r < v->nrows; r++) {
        for (c = 0; c < v->ncols; c++)
            out_printf(&o, "%-*s  ", (int)width[c], show(v->cells[r * v->ncols + c]));
        out_printf(&o, "[%zu]\n", source_index(uniq, &nuniq, v->sources[r]) + 1);
    }
    if (!v->nrows)
        out_raw(&o, "(no rows)\n");
    if (nuniq)
        out_raw(&o, "\nsources:\n");
    for (r = 0; r < nuniq; r++)
        out_printf(&o, "  [%zu] %s\n", r + 1, uniq[r]);
    free(uniq);
    free(width);
}

/* Close the document's one array and the document, and write it to fp. */
static void doc_end(struct jw *jw, struct strbuf *sb, FILE *fp)
{
    jw_array_end(jw);
    jw_object_end(jw);
    strbuf_addch(sb, '\n');
    fwrite(sb->buf, 1, sb->len, fp);
    strbuf_release(sb);
}

void report_matrix_json(FILE *fp, const struct matrix_view *v)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    size_t r, c;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_MATRIX_JSON_SCHEMA);
    jw_kv_str(&jw, "table", v->table);
    jw_kv_str(&jw, "title", v->title);
    jw_kv_str(&jw, "source", v->origin);
    jw_kv_str(&jw, "revision", v->revision);
    jw_key(&jw, "rows");
    jw_array_begin(&jw);
    for (r = 0; r < v->nrows; r++) {
        jw_object_begin(&jw);
        for (c = 0; c < v->ncols; c++)
            jw_kv_str(&jw, v->cols[c], v->cells[r * v->ncols + c]);
        jw_kv_str(&jw, "source", v->sources[r]);
        jw_object_end(&jw);
    }
    doc_end(&jw, &sb, fp);
}

void report_matrix_list_json(FILE *fp, const char *origin, const char *revision,
                             const struct matrix_table_entry *t, size_t n)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    size_t i;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_MATRIX_JSON_SCHEMA);
    jw_kv_str(&jw, "source", origin);
    jw_kv_str(&jw, "revision", revision);
    jw_key(&jw, "tables");
    jw_array_begin(&jw);
    for (i = 0; i < n; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "name", t[i].name);
        jw_kv_str(&jw, "table", t[i].table);
        jw_kv_str(&jw, "title", t[i].title);
        jw_kv_int(&jw, "rows", (int64_t)t[i].nrows);
        jw_object_end(&jw);
    }
    doc_end(&jw, &sb, fp);
}

void report_matrix_list_line(FILE *fp, const char *alias, const char *table, const char *title,
                             size_t nrows)
{
    struct out o = { fp, 0, 0, NULL, 0 };
    out_printf(&o, "  %-18s %-12s %4zu rows  %s\n", alias, table, nrows, title);
}
