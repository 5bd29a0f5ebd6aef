#include "facts/facts.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "facts/facts_fields.h"
#include "util/alloc.h"
#include "util/winpath.h"
#include "util/banned.h"

void facts_init(struct facts *f)
{
    memset(f, 0, sizeof(*f));
    arena_init(&f->arena);
    fj_record_init(&facts_record, f);   /* the tri-states -1: unknown */
}

void facts_release(struct facts *f)
{
    /* Every array is in the field tables (facts_fields.c), which free it. */
    fj_record_release(&facts_record, f);
    arena_release(&f->arena);
    facts_init(f);
}

const char *facts_str(struct facts *f, const char *s)
{
    return arena_strdup(&f->arena, s);
}

const char *facts_printf(struct facts *f, const char *fmt, ...)
{
    va_list ap;
    char *p;
    va_start(ap, fmt);
    p = arena_vprintf(&f->arena, fmt, ap);
    va_end(ap);
    return p;
}

void facts_warn(struct facts *f, const char *path, const char *reason)
{
    ALLOC_GROW(f->warnings, f->n_warnings + 1, f->alloc_warnings);
    f->warnings[f->n_warnings].path = facts_str(f, path);
    f->warnings[f->n_warnings].reason = facts_str(f, reason);
    f->n_warnings++;
}

void strlist_push(struct facts *f, struct strlist *l, const char *s)
{
    ALLOC_GROW(l->v, l->nr + 1, l->alloc);
    l->v[l->nr++] = facts_str(f, s);
}

void facts_evidence(struct facts *f, struct fact_evidence **v, size_t *n, size_t *alloc,
                    const char *path, const char *what)
{
    ALLOC_GROW(*v, *n + 1, *alloc);
    (*v)[*n].path = facts_str(f, path);
    (*v)[*n].what = facts_str(f, what);
    (*n)++;
}

const char *facts_driver_version(const struct facts *f)
{
    size_t i;
    /* The libcuda a program loads, then any libcuda its loader would take,
     * then any libcuda, then NVML; on WSL2 the Windows driver's. */
    for (i = 0; i < f->driver.n_libs; i++)
        if (f->driver.libs[i].loaded && !strcmp(f->driver.libs[i].name, "libcuda"))
            return f->driver.libs[i].version;
    for (i = 0; i < f->driver.n_libs; i++)
        if (!f->driver.libs[i].not_loadable && !strcmp(f->driver.libs[i].name, "libcuda"))
            return f->driver.libs[i].version;
    for (i = 0; i < f->driver.n_libs; i++)
        if (!strcmp(f->driver.libs[i].name, "libcuda"))
            return f->driver.libs[i].version;
    if (f->driver.n_libs)
        return f->driver.libs[0].version;
    if (f->driver.wsl_driver_version)
        return f->driver.wsl_driver_version;
    return f->driver.kmod_version;
}

const char *facts_env(const struct facts *f, const char *name)
{
    size_t i;
    for (i = 0; i < f->n_env; i++)
        if (!strcmp(f->env[i].name, name))
            return f->env[i].value;
    return NULL;
}

const struct lib_dir *facts_libdir(const struct facts *f, const char *dir, int ci)
{
    size_t i;
    for (i = 0; i < f->n_libdirs; i++)
        if (ci ? winpath_name_eq(f->libdirs[i].dir, dir) : !strcmp(f->libdirs[i].dir, dir))
            return &f->libdirs[i];
    return NULL;
}
