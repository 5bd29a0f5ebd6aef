/*
 * Unit tests for facts/facts_fields.c: the field tables cover every member
 * of every facts struct (byte accounting), every field survives --facts
 * and --from-facts (a facts with every field set to a distinct value,
 * written, read and compared field by field), and docs/json.md lists
 * exactly the tables' members.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "facts/facts_fields.h"
#include "facts/facts_json.h"
#include "facts/facts_read.h"
#include "util/alloc.h"
#include "util/strbuf.h"

/* ---- accounting: every byte of a described struct is a member the table names ---- */

struct range {
    size_t start, end, align;
};

struct layout {
    const char *name;
    size_t size, align;
    struct range *v;
    size_t n, alloc;
};

struct census {
    struct layout *v;
    size_t n, alloc;
    const struct fj_record **seen;
    size_t n_seen, alloc_seen;
};

static struct layout *layout_of(struct census *c, const struct fj_record *r)
{
    size_t i;
    for (i = 0; i < c->n; i++)
        if (!strcmp(c->v[i].name, r->name)) {
            CHECK_INT(c->v[i].size, r->size);
            return &c->v[i];
        }
    ALLOC_GROW(c->v, c->n + 1, c->alloc);
    memset(&c->v[c->n], 0, sizeof(c->v[c->n]));
    c->v[c->n].name = r->name;
    c->v[c->n].size = r->size;
    c->v[c->n].align = r->align;
    return &c->v[c->n++];
}

static void add(struct layout *l, size_t off, size_t size, size_t align)
{
    ALLOC_GROW(l->v, l->n + 1, l->alloc);
    l->v[l->n].start = off;
    l->v[l->n].end = off + size;
    l->v[l->n].align = align;
    l->n++;
}

static void walk(struct census *c, const struct fj_record *r)
{
    struct layout *l;
    size_t i;
    for (i = 0; i < c->n_seen; i++)
        if (c->seen[i] == r)
            return;
    ALLOC_GROW(c->seen, c->n_seen + 1, c->alloc_seen);
    c->seen[c->n_seen++] = r;
    l = layout_of(c, r);
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        switch (fd->kind) {
        case FJ_STR:
        case FJ_CSV:
            add(l, fd->off, sizeof(const char *), _Alignof(const char *));
            break;
        case FJ_BOOL:
        case FJ_TRI:
        case FJ_INT:
        case FJ_FALSEINT:
        case FJ_PRESENT:
            add(l, fd->off, sizeof(int), _Alignof(int));
            break;
        case FJ_UINT:
            add(l, fd->off, sizeof(unsigned), _Alignof(unsigned));
            break;
        case FJ_HEX:
            add(l, fd->off, sizeof(unsigned), _Alignof(unsigned));
            add(l, fd->off_n, sizeof(unsigned), _Alignof(unsigned));
            break;
        case FJ_U64:
            add(l, fd->off, sizeof(uint64_t), _Alignof(uint64_t));
            break;
        case FJ_ARR:
        case FJ_MAP:
            CHECK_INT(fd->elem_size, fd->sub->size);
            walk(c, fd->sub);
            l = layout_of(c, r);   /* walk may have moved the array */
            /* fall through */
        case FJ_STRS:
            add(l, fd->off, sizeof(void *), _Alignof(void *));
            add(l, fd->off_n, sizeof(size_t), _Alignof(size_t));
            add(l, fd->off_alloc, sizeof(size_t), _Alignof(size_t));
            break;
        case FJ_OBJ:
        case FJ_GROUP:
            if (strcmp(fd->sub->name, r->name)) {
                add(l, fd->off, fd->sub->size, fd->sub->align);
            } else {
                CHECK_INT(fd->off, 0);   /* members of this same struct under a key */
            }
            walk(c, fd->sub);
            l = layout_of(c, r);
            break;
        case FJ_SKIP:
            add(l, fd->off, fd->size, fd->align);
            break;
        case FJ_OUT:
            break;
        }
    }
}

static int by_start(const void *a, const void *b)
{
    const struct range *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start ? 1 : x->end < y->end ? -1 : x->end > y->end;
}

static size_t align_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

/* The number of holes in l: bytes that no entry covers and that are not padding. */
static int holes(struct layout *l)
{
    size_t i, pos = 0;
    int bad = 0;
    qsort(l->v, l->n, sizeof(*l->v), by_start);
    for (i = 0; i < l->n; i++) {
        if (l->v[i].start > pos && align_up(pos, l->v[i].align) != l->v[i].start) {
            printf("  %s: bytes %zu..%zu are in no field table (a member missing?)\n", l->name, pos,
                   l->v[i].start);
            bad++;
        }
        if (l->v[i].end > pos)
            pos = l->v[i].end;
    }
    if (align_up(pos, l->align) != l->size) {
        printf("  %s: bytes %zu..%zu are in no field table (a member missing?)\n", l->name, pos, l->size);
        bad++;
    }
    return bad;
}

static int census_holes(const struct fj_record *root, size_t *n_structs)
{
    struct census c = { 0 };
    size_t i;
    int bad = 0;
    walk(&c, root);
    for (i = 0; i < c.n; i++) {
        bad += holes(&c.v[i]);
        free(c.v[i].v);
    }
    *n_structs = c.n;
    free(c.v);
    free(c.seen);
    return bad;
}

static void test_every_member_in_a_table(void)
{
    size_t n;
    CHECK_INT(census_holes(&facts_record, &n), 0);
    /* Every struct of facts.h and its part headers; struct strlist is
     * accounted for inside struct loader_env.  A new struct adds one. */
    CHECK_INT(n, 38);
}

/* The accounting finds a member that a table forgets. */
struct two_of_three {
    const char *a;
    int b;
    const char *c;
};
#define R struct two_of_three
static const struct fj_field forgetful_fields[] = {
    { .key = "a", .kind = FJ_STR, .off = offsetof(R, a) },
    { .key = "c", .kind = FJ_STR, .off = offsetof(R, c) },
};
#undef R
static const struct fj_record forgetful = {
    "struct two_of_three", sizeof(struct two_of_three), _Alignof(struct two_of_three), forgetful_fields, 2,
    NULL, NULL, NULL,
};

static void test_accounting_finds_a_missing_member(void)
{
    size_t n;
    printf("  (the next line is expected)\n");
    CHECK_INT(census_holes(&forgetful, &n), 1);
}

/* ---- the round trip of every field ---- */

struct filler {
    struct facts *f;
    unsigned n;
};

static const char *fresh(struct filler *fl)
{
    return arena_printf(&fl->f->arena, "v%u", ++fl->n);
}

static void fill(struct filler *fl, const struct fj_record *r, void *rec);

/* n elements of array member fd of rec, each filled. */
static void fill_array(struct filler *fl, const struct fj_field *fd, void *rec, size_t n)
{
    char *v = xcalloc(n, fd->elem_size);
    size_t i;
    fj_set_ptr(rec, fd->off, v);
    fj_set_size(rec, fd->off_n, n);
    fj_set_size(rec, fd->off_alloc, n);
    for (i = 0; i < n; i++) {
        fj_record_init(fd->sub, v + i * fd->elem_size);
        fill(fl, fd->sub, v + i * fd->elem_size);
    }
}

static void fill(struct filler *fl, const struct fj_record *r, void *rec)
{
    size_t i;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        unsigned k = ++fl->n;
        switch (fd->kind) {
        case FJ_STR:
            fj_set_str(rec, fd->off, fresh(fl));
            break;
        case FJ_BOOL:
        case FJ_PRESENT:
            fj_set_int(rec, fd->off, 1);
            break;
        case FJ_TRI:
            fj_set_int(rec, fd->off, (int)(k & 1));   /* 0 and 1 both, never -1 */
            break;
        case FJ_UINT:
            fj_set_uint(rec, fd->off, (unsigned)(fd->min + 1 + k % (fd->max - fd->min)));
            break;
        case FJ_INT:
            fj_set_int(rec, fd->off, (int)(fd->min + k % (fd->max - fd->min + 1)));
            break;
        case FJ_U64:
            fj_set_u64(rec, fd->off, fd->min + 1 + k % (fd->max - fd->min));
            break;
        case FJ_FALSEINT:
            fj_set_int(rec, fd->off, (int)(1 + k % fd->max));
            break;
        case FJ_HEX:
            fj_set_uint(rec, fd->off, 0x1000 + (k & 0xfff));
            fj_set_uint(rec, fd->off_n, 0x2000 + (k & 0xfff));
            break;
        case FJ_CSV:
            fj_set_str(rec, fd->off, arena_printf(&fl->f->arena, "a%u,b%u", k, k));
            break;
        case FJ_STRS: {
            const char **v = xcalloc(2, sizeof(*v));
            v[0] = fresh(fl);
            v[1] = fresh(fl);
            fj_set_ptr(rec, fd->off, v);
            fj_set_size(rec, fd->off_n, 2);
            fj_set_size(rec, fd->off_alloc, 2);
            break;
        }
        case FJ_OBJ:
        case FJ_GROUP:
            fill(fl, fd->sub, (char *)rec + fd->off);
            break;
        case FJ_ARR:
        case FJ_MAP:
            fill_array(fl, fd, rec, 2);
            break;
        case FJ_OUT:
        case FJ_SKIP:
            break;
        }
    }
}

struct cmp {
    int fields;        /* leaf values compared */
    int diffs;
};

static void compare(struct cmp *c, const struct fj_record *r, const void *a, const void *b, const char *path);

static void compare_field(struct cmp *c, const struct fj_field *fd, const void *a, const void *b, const char *path)
{
    struct strbuf p = STRBUF_INIT;
    size_t i, n;
    int same = 1;

    strbuf_addf(&p, "%s.%s", path, fd->key ? fd->key : "");
    switch (fd->kind) {
    case FJ_STR:
    case FJ_CSV: {
        const char *x = fj_get_str(a, fd->off), *y = fj_get_str(b, fd->off);
        same = x && y && !strcmp(x, y);
        break;
    }
    case FJ_BOOL:
    case FJ_TRI:
    case FJ_INT:
    case FJ_FALSEINT:
    case FJ_PRESENT:
        same = fj_get_int(a, fd->off) == fj_get_int(b, fd->off);
        break;
    case FJ_UINT:
        same = fj_get_uint(a, fd->off) == fj_get_uint(b, fd->off);
        break;
    case FJ_HEX:
        same = fj_get_uint(a, fd->off) == fj_get_uint(b, fd->off) &&
               fj_get_uint(a, fd->off_n) == fj_get_uint(b, fd->off_n);
        break;
    case FJ_U64:
        same = fj_get_u64(a, fd->off) == fj_get_u64(b, fd->off);
        break;
    case FJ_STRS: {
        const char **x = fj_get_ptr(a, fd->off), **y = fj_get_ptr(b, fd->off);
        n = fj_get_size(a, fd->off_n);
        same = n == fj_get_size(b, fd->off_n);
        for (i = 0; same && i < n; i++)
            same = !strcmp(x[i], y[i]);
        break;
    }
    case FJ_OBJ:
    case FJ_GROUP:
        compare(c, fd->sub, (const char *)a + fd->off, (const char *)b + fd->off, p.buf);
        goto done;
    case FJ_ARR:
    case FJ_MAP: {
        const char *x = fj_get_ptr(a, fd->off), *y = fj_get_ptr(b, fd->off);
        n = fj_get_size(a, fd->off_n);
        if (n != fj_get_size(b, fd->off_n)) {
            same = 0;
            break;
        }
        for (i = 0; i < n; i++) {
            struct strbuf q = STRBUF_INIT;
            strbuf_addf(&q, "%s[%zu]", p.buf, i);
            compare(c, fd->sub, x + i * fd->elem_size, y + i * fd->elem_size, q.buf);
            strbuf_release(&q);
        }
        goto done;
    }
    case FJ_OUT:
    case FJ_SKIP:
        goto done;
    }
    c->fields++;
    if (!same) {
        printf("  %s did not survive --facts / --from-facts\n", p.buf);
        c->diffs++;
    }
done:
    strbuf_release(&p);
}

static void compare(struct cmp *c, const struct fj_record *r, const void *a, const void *b, const char *path)
{
    size_t i;
    for (i = 0; i < r->n_fields; i++)
        compare_field(c, &r->fields[i], a, b, path);
}

/* Leaf fields reachable from r with n elements per array (what compare counts). */
static int leaves(const struct fj_record *r, int n)
{
    size_t i;
    int k = 0;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        if (fd->kind == FJ_OBJ || fd->kind == FJ_GROUP)
            k += leaves(fd->sub, n);
        else if (fd->kind == FJ_ARR || fd->kind == FJ_MAP)
            k += n * leaves(fd->sub, n);
        else if (fd->kind != FJ_OUT && fd->kind != FJ_SKIP)
            k++;
    }
    return k;
}

static void test_every_field_round_trips(void)
{
    struct facts a, b;
    struct filler fl;
    struct gd_err err;
    struct strbuf doc = STRBUF_INIT, again = STRBUF_INIT;
    struct jw jw;
    struct cmp c = { 0, 0 };
    size_t i;

    facts_init(&a);
    fl.f = &a;
    fl.n = 0;
    fill(&fl, &facts_record, &a);
    /* The two members written only for some values: a macOS machine, venvs. */
    a.system.os = "macos";
    for (i = 0; i < a.n_pyenvs; i++)
        a.pyenvs[i].kind = "venv";

    jw_init(&jw, &doc, 1);
    facts_json_write(&jw, &a, "t");
    facts_init(&b);
    err_init(&err);
    CHECK_INT(facts_json_read(doc.buf, doc.len, &b, &err), 0);
    if (err.code)
        printf("  %s\n", err.msg);
    compare(&c, &facts_record, &a, &b, "facts");
    CHECK_INT(c.diffs, 0);
    CHECK_INT(c.fields, leaves(&facts_record, 2));
    CHECK(c.fields > 500);
    /* A fixed point: what was read writes the same document. */
    jw_init(&jw, &again, 1);
    facts_json_write(&jw, &b, "t");
    CHECK_STR(again.buf, doc.buf);

    facts_release(&a);
    facts_release(&b);
    strbuf_release(&doc);
    strbuf_release(&again);
}

/* ---- docs/json.md lists every member, and only those ---- */

static void test_docs_list_every_member(void)
{
    const char *tests = getenv("GD_TESTS");
    const char *begin = "<!-- facts-reference:", *end = "<!-- end facts-reference -->";
    struct strbuf path = STRBUF_INIT, want = STRBUF_INIT, text = STRBUF_INIT;
    unsigned char *md;
    const char *b, *e;
    size_t len;

    if (!tests) {
        printf("  GD_TESTS not set\n");
        CHECK(0);
        return;
    }
    strbuf_addf(&path, "%s/../docs/json.md", tests);
    md = harness_slurp(path.buf, &len);
    CHECK(md != NULL);
    fj_doc(&want);
    if (md) {
        strbuf_add(&text, md, len);   /* NUL-terminated */
        b = strstr(text.buf, begin);
        e = strstr(text.buf, end);
        CHECK(b && e && e > b);
        if (b && e && e > b) {
            b = strchr(b, '\n') + 1;
            if ((size_t)(e - b) != want.len || memcmp(b, want.buf, want.len)) {
                printf("  docs/json.md's facts reference differs from the field tables: run `make facts-doc`\n");
                CHECK(0);
            }
        }
    }
    free(md);
    strbuf_release(&text);
    strbuf_release(&path);
    strbuf_release(&want);
}

int main(void)
{
    RUN(test_every_member_in_a_table);
    RUN(test_accounting_finds_a_missing_member);
    RUN(test_every_field_round_trips);
    RUN(test_docs_list_every_member);
    return harness_done();
}
