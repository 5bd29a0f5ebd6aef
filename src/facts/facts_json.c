/*
 * facts_json.c - struct facts as JSON: the --facts document and the facts
 * members of the check --json report, all written by one walk over the
 * field tables (facts_fields.c), so the layout is the tables' and
 * docs/json.md's.
 */
#include "facts/facts_json.h"

#include <stdio.h>
#include <string.h>

#include "facts/facts_fields.h"
#include "util/banned.h"

/* Is the value of fd in rec unknown (FJ_OMIT leaves it out)? */
static int unknown(const struct fj_field *fd, const void *rec)
{
    switch (fd->kind) {
    case FJ_STR:
    case FJ_CSV:
        return !fj_get_str(rec, fd->off);
    case FJ_TRI:
    case FJ_INT:
        return fj_get_int(rec, fd->off) < 0;
    case FJ_BOOL:
    case FJ_FALSEINT:
        return !fj_get_int(rec, fd->off);
    case FJ_UINT:
        return !fj_get_uint(rec, fd->off);
    case FJ_U64:
        return !fj_get_u64(rec, fd->off);
    case FJ_STRS:
    case FJ_ARR:
    case FJ_MAP:
        return !fj_get_size(rec, fd->off_n);
    default:
        return 0;
    }
}

/* "sm_50,sm_60,compute_90" as a JSON array, empty items dropped. */
static void write_csv(struct jw *jw, const char *csv)
{
    jw_array_begin(jw);
    while (*csv) {
        size_t n = strcspn(csv, ",");
        if (n)
            jw_strn(jw, csv, n);
        csv += n;
        if (*csv == ',')
            csv++;
    }
    jw_array_end(jw);
}

/* The value of fd in rec (its key written already). */
static void write_value(struct jw *jw, const struct fj_field *fd, const void *rec, const struct fj_ctx *c)
{
    const char *v = (const char *)rec;
    size_t i, n;
    char id[16];

    switch (fd->kind) {
    case FJ_STR:
        jw_str(jw, fj_get_str(rec, fd->off));
        break;
    case FJ_BOOL:
        jw_bool(jw, fj_get_int(rec, fd->off));
        break;
    case FJ_TRI:
        if (fj_get_int(rec, fd->off) < 0)
            jw_null(jw);
        else
            jw_bool(jw, fj_get_int(rec, fd->off));
        break;
    case FJ_UINT:
        if ((fd->flags & FJ_NULLZERO) && !fj_get_uint(rec, fd->off))
            jw_null(jw);
        else
            jw_int(jw, fj_get_uint(rec, fd->off));
        break;
    case FJ_U64:
        jw_int(jw, (int64_t)fj_get_u64(rec, fd->off));
        break;
    case FJ_INT:
        if (fj_get_int(rec, fd->off) < 0)
            jw_null(jw);
        else
            jw_int(jw, fj_get_int(rec, fd->off));
        break;
    case FJ_FALSEINT:
        if (fj_get_int(rec, fd->off))
            jw_int(jw, fj_get_int(rec, fd->off));
        else
            jw_bool(jw, 0);
        break;
    case FJ_HEX:
        snprintf(id, sizeof(id), "%04x:%04x", fj_get_uint(rec, fd->off), fj_get_uint(rec, fd->off_n));
        jw_str(jw, id);
        break;
    case FJ_CSV:
        if (fj_get_str(rec, fd->off))
            write_csv(jw, fj_get_str(rec, fd->off));
        else
            jw_null(jw);
        break;
    case FJ_STRS: {
        const char **s = fj_get_ptr(rec, fd->off);
        jw_array_begin(jw);
        for (i = 0, n = fj_get_size(rec, fd->off_n); i < n; i++)
            jw_str(jw, s[i]);
        jw_array_end(jw);
        break;
    }
    case FJ_OBJ:
        fj_write_record(jw, fd->sub, v + fd->off, c);
        break;
    case FJ_ARR: {
        struct fj_ctx ec = *c;
        const char *e = fj_get_ptr(rec, fd->off);
        ec.detail = (fd->flags & FJ_ELEMDETAIL) != 0;
        jw_array_begin(jw);
        for (i = 0, n = fj_get_size(rec, fd->off_n); i < n; i++)
            fj_write_record(jw, fd->sub, e + i * fd->elem_size, &ec);
        jw_array_end(jw);
        break;
    }
    case FJ_MAP: {
        const char *e = fj_get_ptr(rec, fd->off);
        const struct fj_field *kf = &fd->sub->fields[0], *vf = &fd->sub->fields[1];
        jw_object_begin(jw);
        for (i = 0, n = fj_get_size(rec, fd->off_n); i < n; i++)
            jw_kv_str(jw, fj_get_str(e + i * fd->elem_size, kf->off), fj_get_str(e + i * fd->elem_size, vf->off));
        jw_object_end(jw);
        break;
    }
    case FJ_OUT:
        fd->write(jw, rec, c);
        break;
    default:
        BUG("facts field '%s' has no value", fd->key ? fd->key : "?");
    }
}

/* fd's condition in rec: 1 write, 0 null, -1 absent. */
static int when(const struct fj_field *fd, const void *rec, const struct fj_ctx *c)
{
    if (!fd->when)
        return 1;
    return fd->when(fd->kind == FJ_OBJ ? (const char *)rec + fd->off : rec, c);
}

/* The members of r in rec, into the object being written. */
void fj_write_members(struct jw *jw, const struct fj_record *r, const void *rec, const struct fj_ctx *c)
{
    size_t i;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        int w = when(fd, rec, c);
        if (fd->kind == FJ_SKIP || fd->kind == FJ_PRESENT)
            continue;
        if (((fd->flags & FJ_FACTS) && !c->facts_doc) || ((fd->flags & FJ_DETAIL) && !c->detail))
            continue;
        if (fd->kind == FJ_GROUP) {
            fj_write_members(jw, fd->sub, (const char *)rec + fd->off, c);
            continue;
        }
        if (w < 0 || ((fd->flags & FJ_OMIT) && unknown(fd, rec)))
            continue;
        jw_key(jw, fd->key);
        if (w == 0)
            jw_null(jw);
        else
            write_value(jw, fd, rec, c);
    }
}

void fj_write_record(struct jw *jw, const struct fj_record *r, const void *rec, const struct fj_ctx *c)
{
    jw_object_begin(jw);
    fj_write_members(jw, r, rec, c);
    jw_object_end(jw);
}

void fj_write_value(struct jw *jw, const struct fj_field *fd, const void *rec, const struct fj_ctx *c)
{
    if (when(fd, rec, c) <= 0)
        jw_null(jw);
    else
        write_value(jw, fd, rec, c);
}

/* ---- the parts the report writes, and the whole document ---- */

/* The root member key, as the report writes it (or, facts_doc, as --facts does). */
static void member(struct jw *jw, const struct facts *f, const char *key, unsigned facts_doc)
{
    struct fj_ctx c = { f, facts_doc, 1 };
    fj_write_value(jw, fj_root_field(key), f, &c);
}

void facts_json_system(struct jw *jw, const struct facts *f)
{
    member(jw, f, "system", 0);
}

void facts_json_driver(struct jw *jw, const struct facts *f)
{
    member(jw, f, "driver", 0);
}

void facts_json_gpus(struct jw *jw, const struct facts *f)
{
    member(jw, f, "gpus", 0);
}

void facts_json_cuda(struct jw *jw, const struct facts *f)
{
    member(jw, f, "cuda_toolkits", 0);
}

void facts_json_cudnn(struct jw *jw, const struct facts *f)
{
    member(jw, f, "cudnn", 0);
}

void facts_json_ldenv(struct jw *jw, const struct facts *f)
{
    member(jw, f, "loader", 0);
}

void facts_json_warnings(struct jw *jw, const struct facts *f)
{
    member(jw, f, "warnings", 0);
}

void facts_json_dpkg(struct jw *jw, const struct facts *f)
{
    member(jw, f, "packages", 0);
}

void facts_json_python(struct jw *jw, const struct facts *f, int full)
{
    member(jw, f, "python_envs", full != 0);
}

void facts_json_macos(struct jw *jw, const struct facts *f)
{
    member(jw, f, "macos", 0);
}

void facts_json_tegra(struct jw *jw, const struct facts *f)
{
    member(jw, f, "tegra", 0);
}

void facts_json_node(struct jw *jw, const struct facts *f)
{
    member(jw, f, "node", 0);
}

void facts_json_interp(struct jw *jw, const struct interp_facts *in)
{
    const struct fj_field *fd = fj_root_field("interp");
    struct fj_ctx c = { NULL, 0, 1 };
    fj_write_members(jw, fd->sub, in, &c);
}

void facts_json_modules(struct jw *jw, const struct module_facts *m)
{
    const struct fj_field *fd = fj_root_field("modules");
    struct fj_ctx c = { NULL, 0, 1 };
    jw_object_begin(jw);
    fj_write_members(jw, fd->sub, m, &c);
    jw_object_end(jw);
}

void facts_json_write(struct jw *jw, const struct facts *f, const char *gd_version)
{
    struct fj_ctx c = { f, 1, 1 };
    jw_object_begin(jw);
    jw_kv_str(jw, "schema", FACTS_SCHEMA);
    jw_kv_str(jw, "gpudoctor_version", gd_version);
    fj_write_members(jw, &facts_record, f, &c);
    jw_object_end(jw);
}
