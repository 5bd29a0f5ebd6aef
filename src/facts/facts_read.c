/*
 * facts_read.c - the --facts document back into struct facts (jansson),
 * driven by the same field tables as the writer (facts_fields.c).
 *
 * Every member is type-checked; the first error is recorded in the reader
 * and later reads do nothing, so a bad document fails as a whole.
 */
#include "facts/facts_read.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "facts/facts_fields.h"
#include "facts/facts_json.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

struct rd {
    struct facts *f;
    struct gd_err *err;
    int failed;
};

static void bad(struct rd *r, const char *what, const char *key)
{
    if (!r->failed)
        err_setx(r->err, GD_ERR_FORMAT, "facts: '%s' is not %s", key, what);
    r->failed = 1;
}

static const char *dup_str(struct rd *r, const json_t *s)
{
    return arena_strndup(&r->f->arena, json_string_value(s), json_string_length(s));
}

/* An array member, at most FACTS_LIST_MAX long (else NULL and an error). */
static int bounded(struct rd *r, const json_t *v, const char *key)
{
    size_t n = json_is_array(v) ? json_array_size(v) : json_object_size(v);
    if (n <= FACTS_LIST_MAX)
        return 1;
    if (!r->failed)
        err_setx(r->err, GD_ERR_LIMIT, "facts: '%s' has more than %u entries", key, FACTS_LIST_MAX);
    r->failed = 1;
    return 0;
}

/* Room for one more element of size sz in the array at rec+fd->off; the new, zeroed element. */
static char *grow(void *rec, const struct fj_field *fd)
{
    char *v = fj_get_ptr(rec, fd->off);
    size_t n = fj_get_size(rec, fd->off_n), alloc = fj_get_size(rec, fd->off_alloc);
    if (n + 1 > alloc) {
        alloc = ALLOC_NR(alloc) > n + 1 ? ALLOC_NR(alloc) : n + 1;
        v = xrealloc(v, st_mult(fd->elem_size, alloc));
        fj_set_ptr(rec, fd->off, v);
        fj_set_size(rec, fd->off_alloc, alloc);
    }
    memset(v + n * fd->elem_size, 0, fd->elem_size);
    return v + n * fd->elem_size;
}

/* An integer in [fd->min, fd->max], or an error. */
static int number(struct rd *r, const json_t *v, const struct fj_field *fd, uint64_t *out)
{
    json_int_t x;
    if (!json_is_integer(v)) {
        bad(r, "an integer", fd->key);
        return 0;
    }
    x = json_integer_value(v);
    if (x < 0 || (uint64_t)x < fd->min || (uint64_t)x > fd->max) {
        bad(r, "an integer in range", fd->key);
        return 0;
    }
    *out = (uint64_t)x;
    return 1;
}

/* "10de:2684" -> two numbers. */
static void hex_pair(struct rd *r, const char *s, void *rec, const struct fj_field *fd)
{
    char *end;
    unsigned long x, y;
    x = strtoul(s, &end, 16);
    if (*end != ':' || x > 0xffff || end == s)
        goto fail;
    s = end + 1;
    y = strtoul(s, &end, 16);
    if (*end || y > 0xffff || end == s)
        goto fail;
    fj_set_uint(rec, fd->off, (unsigned)x);
    fj_set_uint(rec, fd->off_n, (unsigned)y);
    return;
fail:
    bad(r, "a 'vvvv:dddd' id", fd->key);
}

/* ["sm_50", "sm_60"]: the array back into the comma list the rules read. */
static const char *csv(struct rd *r, const json_t *a, const char *key)
{
    struct strbuf sb = STRBUF_INIT;
    const char *out = NULL;
    size_t i;
    for (i = 0; i < json_array_size(a); i++) {
        const json_t *s = json_array_get(a, i);
        if (!json_is_string(s)) {
            bad(r, "an array of strings", key);
            goto done;
        }
        if (i)
            strbuf_addch(&sb, ',');
        strbuf_addstr(&sb, json_string_value(s));
    }
    out = arena_strdup(&r->f->arena, sb.buf);
done:
    strbuf_release(&sb);
    return out;
}

static void read_record(struct rd *r, const json_t *o, const struct fj_record *rec_t, void *rec);

/* Each element of array a as a record of fd->sub, appended to rec's array. */
static void read_array(struct rd *r, const json_t *a, const struct fj_field *fd, void *rec)
{
    const struct fj_record *sub = fd->sub;
    size_t i, k;
    for (i = 0; i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = json_array_get(a, i);
        char *el;
        if (!json_is_object(e)) {
            bad(r, "an array of objects", fd->key);
            return;
        }
        el = grow(rec, fd);
        fj_record_init(sub, el);
        fj_set_size(rec, fd->off_n, fj_get_size(rec, fd->off_n) + 1);
        read_record(r, e, sub, el);
        for (k = 0; k < sub->n_fields && !r->failed; k++)
            if ((sub->fields[k].flags & FJ_REQ) && !fj_get_str(el, sub->fields[k].off))
                bad(r, sub->what, fd->key);
        if (!r->failed && sub->valid && !sub->valid(el))
            bad(r, sub->what, fd->key);
        if (!r->failed && sub->after_read)
            sub->after_read(el);
    }
}

/* {"NAME": "value", ...} into an array of {name, value} records. */
static void read_map(struct rd *r, const json_t *o, const struct fj_field *fd, void *rec)
{
    const struct fj_field *kf = &fd->sub->fields[0], *vf = &fd->sub->fields[1];
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)o, k, v) {
        char *el;
        if (!json_is_string(v)) {
            bad(r, "an object of strings", fd->key);
            return;
        }
        el = grow(rec, fd);
        fj_set_str(el, kf->off, arena_strdup(&r->f->arena, k));
        fj_set_str(el, vf->off, dup_str(r, v));
        fj_set_size(rec, fd->off_n, fj_get_size(rec, fd->off_n) + 1);
    }
}

/* Member fd of rec from value v (present and not null). */
static void read_value(struct rd *r, const json_t *v, const struct fj_field *fd, void *rec)
{
    uint64_t x;
    size_t i;

    switch (fd->kind) {
    case FJ_STR:
    case FJ_HEX:
        if (!json_is_string(v))
            bad(r, "a string", fd->key);
        else if (fd->kind == FJ_STR)
            fj_set_str(rec, fd->off, dup_str(r, v));
        else
            hex_pair(r, json_string_value(v), rec, fd);
        break;
    case FJ_BOOL:
    case FJ_TRI:
        if (json_is_boolean(v))
            fj_set_int(rec, fd->off, json_is_true(v));
        else if (json_is_integer(v) && (json_integer_value(v) == 0 || json_integer_value(v) == 1))
            fj_set_int(rec, fd->off, (int)json_integer_value(v));
        else
            bad(r, "a boolean", fd->key);
        break;
    case FJ_FALSEINT:
        if (json_is_false(v))
            fj_set_int(rec, fd->off, 0);
        else if (number(r, v, fd, &x))
            fj_set_int(rec, fd->off, (int)x);
        break;
    case FJ_UINT:
        if (number(r, v, fd, &x))
            fj_set_uint(rec, fd->off, (unsigned)x);
        break;
    case FJ_INT:
        if (number(r, v, fd, &x))
            fj_set_int(rec, fd->off, (int)x);
        break;
    case FJ_U64:
        if (number(r, v, fd, &x))
            fj_set_u64(rec, fd->off, x);
        break;
    case FJ_CSV:
        if (!json_is_array(v))
            bad(r, "an array", fd->key);
        else if (bounded(r, v, fd->key))
            fj_set_str(rec, fd->off, csv(r, v, fd->key));
        break;
    case FJ_STRS:
        if (!json_is_array(v)) {
            bad(r, "an array", fd->key);
            break;
        }
        if (!bounded(r, v, fd->key))
            break;
        for (i = 0; i < json_array_size(v) && !r->failed; i++) {
            const json_t *s = json_array_get(v, i);
            const char **l;
            size_t n = fj_get_size(rec, fd->off_n), alloc = fj_get_size(rec, fd->off_alloc);
            if (!json_is_string(s)) {
                bad(r, "an array of strings", fd->key);
                break;
            }
            l = fj_get_ptr(rec, fd->off);
            ALLOC_GROW(l, n + 1, alloc);
            l[n] = dup_str(r, s);
            fj_set_ptr(rec, fd->off, l);
            fj_set_size(rec, fd->off_n, n + 1);
            fj_set_size(rec, fd->off_alloc, alloc);
        }
        break;
    case FJ_OBJ:
        if (!json_is_object(v))
            bad(r, "an object", fd->key);
        else
            read_record(r, v, fd->sub, (char *)rec + fd->off);
        break;
    case FJ_ARR:
        if (!json_is_array(v))
            bad(r, "an array", fd->key);
        else if (bounded(r, v, fd->key))
            read_array(r, v, fd, rec);
        break;
    case FJ_MAP:
        if (!json_is_object(v))
            bad(r, "an object", fd->key);
        else if (bounded(r, v, fd->key))
            read_map(r, v, fd, rec);
        break;
    default:
        break;
    }
}

/* The members of rec_t in object o into rec; absent or null ones keep their unknown value. */
static void read_record(struct rd *r, const json_t *o, const struct fj_record *rec_t, void *rec)
{
    size_t i;
    for (i = 0; i < rec_t->n_fields && !r->failed; i++) {
        const struct fj_field *fd = &rec_t->fields[i];
        const json_t *v;
        if (fd->kind == FJ_PRESENT)
            fj_set_int(rec, fd->off, 1);
        if (fd->kind == FJ_GROUP)
            read_record(r, o, fd->sub, (char *)rec + fd->off);
        if (fd->kind == FJ_SKIP || fd->kind == FJ_PRESENT || fd->kind == FJ_GROUP || fd->kind == FJ_OUT)
            continue;
        v = json_object_get(o, fd->key);
        if (v && !json_is_null(v))
            read_value(r, v, fd, rec);
    }
}

int facts_json_read(const char *buf, size_t len, struct facts *f, struct gd_err *err)
{
    struct rd r = { f, err, 0 };
    json_error_t je;
    json_t *doc;
    const char *schema;

    if (len > FACTS_DOC_MAX)
        return err_setx(err, GD_ERR_LIMIT, "facts: the document is larger than %u bytes", FACTS_DOC_MAX);
    doc = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
    if (!doc)
        return err_setx(err, GD_ERR_FORMAT, "facts: not JSON: %s (line %d)", je.text, je.line);
    if (!json_is_object(doc)) {
        json_decref(doc);
        return err_setx(err, GD_ERR_FORMAT, "facts: the document is not a JSON object");
    }
    schema = json_string_value(json_object_get(doc, "schema"));
    if (!schema || strcmp(schema, FACTS_SCHEMA)) {
        err_setx(err, GD_ERR_FORMAT, "facts: schema is '%s', expected '%s'", schema ? schema : "(none)",
                 FACTS_SCHEMA);
        json_decref(doc);
        return -1;
    }
    read_record(&r, doc, &facts_record, f);
    json_decref(doc);
    return r.failed ? -1 : 0;
}
