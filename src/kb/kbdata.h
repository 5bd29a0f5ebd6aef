/*
 * kbdata.h - the knowledge base's data-file format: schema and parser.
 *
 * The tables under data/ (compiled in) and the files given to --db are
 * plain text in one strict, line-based format (data/README.md):
 *
 *     # a comment
 *     %revision 2026-08-01
 *     %table tf_build
 *     %columns version os python cuda cudnn source
 *     2.10.0  linux  3.7-3.10  11.2  8.1  https://www.tensorflow.org/install/source#gpu
 *
 * A row is whitespace-separated fields, one per column; a field with spaces
 * is written in double quotes; "-" means "none / not applicable"; the last
 * column, source, is the rest of the line and may not be empty.  Every
 * table this module knows has a fixed column list (struct kb_schema,
 * generated from kb_tables.h), and %columns must repeat it exactly, so a
 * file documents itself and a reordered or stale file is refused instead
 * of misread.
 *
 * kbdata_parse() is pure over (buf, len): it never touches a file, and
 * its only side effect is adding rows to the caller's struct kb_tables.
 * It refuses the whole buffer at the first problem, with "FILE:LINE: what"
 * in err (GD_ERR_FORMAT); the rows it had added stay in the tables, so the
 * caller discards them (kb_load does).  It checks form (field count, known
 * table, value shape, duplicate keys within the buffer); meaning (ascending
 * versions, every CUDA with a driver floor) is checked by the data
 * validation test.
 */
#ifndef GD_KBDATA_H
#define GD_KBDATA_H

#include <stddef.h>
#include <stdint.h>

#include "kb/kb_tables.h"
#include "util/arena.h"
#include "util/err.h"

#define KB_MAX_COLS 16
#define KB_MAX_LINE 2048
#define KB_MAX_ROWS 8192

/* What a column may hold (checked by the parser). */
enum kb_coltype {
    KB_COL_TEXT = 0,  /* any printable text; quote it if it has spaces */
    KB_COL_VER,       /* starts with a digit: "2.10.0", "12.2", "535.104.05", "3.7-3.10" */
    KB_COL_OS,        /* linux, windows, macos or any */
    KB_COL_CC,        /* compute capability "8.9" */
    KB_COL_HEX,       /* a 4-digit hexadecimal PCI id */
    KB_COL_SOURCE,    /* the rest of the line, never empty */
    KB_COL_DATE       /* a calendar date YYYY-MM-DD */
};

struct kb_column {
    const char *name;
    enum kb_coltype type;
    int key;          /* part of the row's unique key */
    int optional;     /* "-" allowed */
};

struct kb_schema {
    const char *name;           /* "tf_build" */
    const char *title;          /* one line for `gpudoctor matrix` */
    size_t ncols;               /* including source, which is always last */
    struct kb_column cols[KB_MAX_COLS];
};

/** The known tables (kb_tables.h), indexed by enum kb_table_id, terminated by an entry with name NULL. */
extern const struct kb_schema kb_schemas[];

/** The schema called name, or NULL. */
const struct kb_schema *kb_schema_find(const char *name);

/** The index of column name in schema s, or -1. */
int kb_schema_col(const struct kb_schema *s, const char *name);

/* One table's rows: cells[r * ncols + c]; "-" is stored as NULL. */
struct kb_table {
    const struct kb_schema *schema;
    const char **cells;
    const char **files;    /* per row: the file it came from */
    unsigned *lines;       /* per row: its line */
    size_t nrows, alloc;
    /* The parser's index of row keys, so a duplicate key is found without
     * comparing every earlier row: open addressing, slot = row + 1 (0 is
     * empty), keycap a power of two kept at most half full. */
    size_t *keyslots;
    size_t keycap;
};

/* All tables, indexed like kb_schemas; strings live in arena. */
struct kb_tables {
    struct arena arena;
    struct kb_table *tables;
    size_t ntables;
    char *revision;        /* newest %revision seen, in arena, or NULL */
};

/** Empty tables, one per schema.  Never fails. */
void kb_tables_init(struct kb_tables *t);
void kb_tables_release(struct kb_tables *t);

/**
 * Parse buf (len bytes, need not be NUL-terminated) from the file called
 * fname (used in messages) and add its rows to t.  0, or -1 with err set to
 * "FNAME:LINE: problem".
 */
int kbdata_parse(struct kb_tables *t, const char *fname, const uint8_t *buf, size_t len,
                 struct gd_err *err);

/** Is v a real calendar date written YYYY-MM-DD (1990 or later)? 1 / 0. */
int kbdata_is_date(const char *v);

/**
 * Is a row with this source marked unverified?  A source that begins with
 * the word "unverified" ("unverified: only a third-party copy ...") says
 * the fact was not confirmed from a primary source: `matrix --unverified`
 * lists such rows and `plan` flags any it relies on.  1 / 0.
 */
int kbdata_source_unverified(const char *source);

/** Cell (row r, column c) of table tab: a string, or NULL for "-". */
const char *kb_table_cell(const struct kb_table *tab, size_t r, size_t c);

/**
 * Cell (row r, column called col) of table tab: a string, or NULL for "-".
 * For code that has only a column's name (matrix, the GPU index until it
 * takes ids): a column the schema lacks, or r past the end, is a BUG().
 * Code that knows its table uses kb_cell / kb_row below.
 */
const char *kb_table_get(const struct kb_table *tab, size_t r, const char *col);

/**
 * Cell (row r, column c) of tab, which must be table id's (else, or r or c
 * out of range, a BUG()).  Through kb_cell(t, r, torch, cuda).
 */
const char *kb_table_cell_of(const struct kb_table *tab, enum kb_table_id id, size_t r, size_t c);
/**
 * Row r of tab, which must be table id's, into out: its first members, one
 * const char * per column in column order (struct kb_row_NAME, or a struct
 * that opens with KB_ROW_FIELDS(NAME)); size is sizeof(*out), at least the
 * row's (else a BUG()).  Through kb_row(t, r, torch, &row).
 */
void kb_table_row_of(const struct kb_table *tab, enum kb_table_id id, size_t r, void *out, size_t size);

/* The cell of table name's column col in row r of t: kb_cell(t, r, torch, cuda). */
#define kb_cell(t, r, name, col) kb_table_cell_of((t), KB_T_##name, (r), KB_COL(name, col))
/* Row r of t, table name's, into the struct kb_row_NAME *out (a compiler
 * diagnostic for another type). */
#define kb_row(t, r, name, out)                                                                       \
    kb_table_row_of((t), KB_T_##name, (r), 1 ? (out) : (struct kb_row_##name *)0, sizeof(*(out)))

#endif
