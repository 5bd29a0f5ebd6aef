#include "facts/facts.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/winpath.h"
#include "util/banned.h"

void facts_init(struct facts *f)
{
    memset(f, 0, sizeof(*f));
    arena_init(&f->arena);
    f->system.wsl = 0;
    f->macos.rosetta = -1;
    container_facts_init(&f->ctk, &f->container);
}

static void release_python(struct facts *f)
{
    size_t i, j;
    for (i = 0; i < f->n_pyenvs; i++) {
        struct python_env *e = &f->pyenvs[i];
        for (j = 0; j < e->n_frameworks; j++) {
            struct framework_build *fw = &e->frameworks[j];
            free(fw->evidence);
            free(fw->bundled_libs);
            free(fw->deps);
            free(fw->components);
            free(fw->unresolved);
            for (size_t k = 0; k < fw->n_modules; k++)
                free(fw->modules[k].needed);
            free(fw->modules);
        }
        free(e->frameworks);
        free(e->dists);
        free(e->site_dirs);
        free(e->nvidia_dirs);
    }
    free(f->pyenvs);
}

void facts_release(struct facts *f)
{
    size_t i;
    free(f->driver.libs);
    free(f->driver.nodes);
    free(f->driver.stubs);
    free(f->gpus);
    for (i = 0; i < f->n_cuda; i++) {
        free(f->cuda[i].aliases);
        free(f->cuda[i].evidence);
    }
    free(f->cuda);
    for (i = 0; i < f->n_cudnn; i++)
        free(f->cudnn[i].evidence);
    free(f->cudnn);
    free(f->ldenv.ld_library_path.v);
    free(f->ldenv.path.v);
    free(f->ldenv.ldconf_dirs.v);
    free(f->env);
    release_python(f);
    for (i = 0; i < f->macos.n_bins; i++)
        free(f->macos.bins[i].dylibs);
    free(f->macos.bins);
    for (i = 0; i < f->dpkg.n_pkgs; i++)
        free(f->dpkg.pkgs[i].dangling);
    free(f->dpkg.pkgs);
    module_facts_release(&f->modules);
    free(f->interp.v);
    free(f->interp.kernels);
    free(f->warnings);
    for (i = 0; i < f->n_libdirs; i++)
        free(f->libdirs[i].names);
    free(f->libdirs);
    free(f->answers);
    container_facts_release(&f->ctk, &f->container);
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
    /* The libcuda a program loads, then any libcuda, then NVML. */
    for (i = 0; i < f->driver.n_libs; i++)
        if (f->driver.libs[i].loaded && !strcmp(f->driver.libs[i].name, "libcuda"))
            return f->driver.libs[i].version;
    for (i = 0; i < f->driver.n_libs; i++)
        if (!strcmp(f->driver.libs[i].name, "libcuda"))
            return f->driver.libs[i].version;
    if (f->driver.n_libs)
        return f->driver.libs[0].version;
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
