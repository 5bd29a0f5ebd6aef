/*
 * facts_fields.h - struct facts described once, as data: one field table per
 * record, from which the JSON writer (facts_json.c), the reader
 * (facts_read.c), facts_release, the round-trip test and the reference in
 * docs/json.md are all derived.
 *
 * The C structs in facts.h (and python_facts.h, macos_facts.h, ...) stay the
 * data model that scanners fill and rules read.  Beside each one,
 * facts_fields.c keeps a table of struct fj_field: the member's JSON key,
 * its kind (string, boolean, tri-state, number, list, nested record, array
 * of records, ...), its offsetof, and the few rules of its layout (absent
 * when unknown, written only under a condition, --facts only).  Tables, not
 * X-macros: the JSON layout is not the struct's (keys differ from member
 * names, some members nest under their own key, a few values are derived),
 * and an initialiser per field reads as what it is.  Each offset is checked
 * against the member's C type at compile time (_Generic), so a table cannot
 * read an int as a string.
 *
 * Adding a field: the member in its struct, one line in its table (the
 * unit test tests/unit/test_facts_fields.c fails while a member is in
 * neither the table nor its FJ_SKIP list, by accounting for every byte of
 * the struct), then `make facts-doc` to refresh docs/json.md's reference.
 * Nothing else: the writer, the reader and the release follow.
 */
#ifndef GD_FACTS_FIELDS_H
#define GD_FACTS_FIELDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct facts;
struct jw;
struct strbuf;

enum fj_kind {
    FJ_STR = 1, /* const char *: a string, null when NULL */
    FJ_BOOL,    /* int 0/1: false/true (read: a boolean or an integer) */
    FJ_TRI,     /* int 1/0/-1: true/false/null */
    FJ_UINT,    /* unsigned: an integer (at most .max when read) */
    FJ_INT,     /* int: an integer from .min to .max, null when negative (unknown) */
    FJ_U64,     /* uint64_t: an integer (at most .max when read) */
    FJ_FALSEINT, /* int: false when 0, else the number (system.wsl) */
    FJ_HEX,     /* two unsigned at .off and .off_n: "vvvv:dddd" */
    FJ_CSV,     /* const char * "a,b,c": an array of strings, null when NULL */
    FJ_STRS,    /* const char ** at .off, count .off_n, capacity .off_alloc */
    FJ_OBJ,     /* the record .sub at .off, as an object under .key */
    FJ_GROUP,   /* the record .sub at .off, its members written into this object */
    FJ_ARR,     /* an array of .sub records: pointer .off, count .off_n, capacity .off_alloc */
    FJ_MAP,     /* an array of .sub records {name, value} written as one object */
    FJ_OUT,     /* derived when written (.write), not read back */
    FJ_PRESENT, /* int: 1 when the record was in the document; not written */
    FJ_SKIP     /* in the struct, not in the document (scan-only or derived on read);
                   .size and .align account for it */
};

/* Field flags. */
#define FJ_REQ 0x01        /* the reader refuses a record without it (strings) */
#define FJ_OMIT 0x02       /* the key is absent when the value is unknown (NULL, 0, -1, empty),
                              instead of written as null */
#define FJ_NULLZERO 0x04   /* FJ_UINT: 0 means unknown and is written as null */
#define FJ_FACTS 0x08      /* written only in the --facts document, not in the report */
#define FJ_DETAIL 0x10     /* written only in a detailed record (see FJ_ELEMDETAIL) */
#define FJ_ELEMDETAIL 0x20 /* FJ_ARR: its elements are written in detail */

/* The writer's situation. */
struct fj_ctx {
    const struct facts *f; /* the whole facts (NULL when writing a part alone) */
    unsigned facts_doc;    /* 1: the --facts document; 0: the check --json report */
    unsigned detail;       /* FJ_DETAIL members are written */
};

struct fj_record;

struct fj_field {
    const char *key;              /* JSON key (FJ_GROUP: a label, not written; FJ_SKIP,
                                     FJ_PRESENT: NULL) */
    enum fj_kind kind;
    unsigned flags;
    size_t off, off_n, off_alloc; /* see enum fj_kind */
    const struct fj_record *sub;  /* FJ_OBJ, FJ_GROUP, FJ_ARR, FJ_MAP */
    size_t elem_size;             /* FJ_ARR, FJ_MAP: sizeof an element */
    uint64_t max;                 /* FJ_UINT, FJ_U64, FJ_FALSEINT: the largest value read */
    uint64_t min;                 /* the smallest (FJ_UINT, FJ_U64 only) */
    /* Written when this returns 1; 0: null; -1: the key is absent.  rec is
     * the nested record for FJ_OBJ, else the record holding the field. */
    int (*when)(const void *rec, const struct fj_ctx *c);
    /* FJ_OUT: writes the value (the key is written already). */
    void (*write)(struct jw *jw, const void *rec, const struct fj_ctx *c);
    const char *doc;              /* for docs/json.md: FJ_OUT's type, or what .when means */
    size_t size, align;           /* FJ_SKIP: the member's size and alignment */
};

struct fj_record {
    const char *name;             /* the C type, "struct gpu" */
    size_t size, align;           /* sizeof, _Alignof */
    const struct fj_field *fields;
    size_t n_fields;
    /* What an element must be, for the reader's message when an FJ_REQ
     * member is missing or .valid says no: "a library with a name, ...". */
    const char *what;
    int (*valid)(const void *rec);
    /* After an element was read: fill what is derived (FJ_SKIP members). */
    void (*after_read)(void *rec);
};

/** The record of struct facts: every table is reachable from it. */
extern const struct fj_record facts_record;

/** The root member called key ("system", "gpus", the group "interp"); a missing one is a BUG(). */
const struct fj_field *fj_root_field(const char *key);

/*
 * Members, by offset: fj_get_str(rec, off), fj_set_int(rec, off, v), ...
 * through memcpy, so that a record is reached by its offsets without casts
 * that assume alignment.
 */
#define FJ_ACCESS(name, type)                                                                        \
    static inline type fj_get_##name(const void *rec, size_t off)                                  \
    {                                                                                              \
        type v;                                                                                    \
        memcpy(&v, (const char *)rec + off, sizeof(v));                                            \
        return v;                                                                                  \
    }                                                                                              \
    static inline void fj_set_##name(void *rec, size_t off, type v)                                \
    {                                                                                              \
        memcpy((char *)rec + off, &v, sizeof(v));                                                  \
    }
FJ_ACCESS(str, const char *)
FJ_ACCESS(int, int)
FJ_ACCESS(uint, unsigned)
FJ_ACCESS(u64, uint64_t)
FJ_ACCESS(ptr, void *)
FJ_ACCESS(size, size_t)
#undef FJ_ACCESS

/** Set every member of record rec (of type r) to its unknown value: NULL, 0, -1 for FJ_TRI. */
void fj_record_init(const struct fj_record *r, void *rec);
/** Free every array of rec (of type r), recursively; rec's pointers dangle afterwards. */
void fj_record_release(const struct fj_record *r, void *rec);

/** Record r in rec as a JSON object (facts_json.c). */
void fj_write_record(struct jw *jw, const struct fj_record *r, const void *rec, const struct fj_ctx *c);
/** The members of record r in rec, written into the object jw is in. */
void fj_write_members(struct jw *jw, const struct fj_record *r, const void *rec, const struct fj_ctx *c);
/** The value of member fd of rec (its key written by the caller); null when its .when says no. */
void fj_write_value(struct jw *jw, const struct fj_field *fd, const void *rec, const struct fj_ctx *c);

/**
 * The reference of the --facts document for docs/json.md: one line per
 * member, "* `path`: type", in document order.
 */
void fj_doc(struct strbuf *out);

#endif
