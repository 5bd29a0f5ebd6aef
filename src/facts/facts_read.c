/*
 * facts_read.c - the --facts document back into struct facts (jansson).
 *
 * Mirrors facts_json.c, facts_json_python.c, facts_json_modules.c and
 * facts_json_interp.c key by key.  Every getter checks the JSON type and records the first error in
 * the reader; later getters then do nothing, so the code reads as a plain
 * list of fields.
 */
#include "facts/facts_read.h"
#include "facts/facts_json_container.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

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

/* A string member (null or absent: NULL). */
static const char *str(struct rd *r, const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v) || r->failed)
        return NULL;
    if (!json_is_string(v)) {
        bad(r, "a string", key);
        return NULL;
    }
    return arena_strndup(&r->f->arena, json_string_value(v), json_string_length(v));
}

static int boolean(struct rd *r, const json_t *o, const char *key, int dflt)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v) || r->failed)
        return dflt;
    if (json_is_boolean(v))
        return json_is_true(v);
    if (json_is_integer(v))
        return (int)json_integer_value(v);
    bad(r, "a boolean", key);
    return dflt;
}

static long long integer(struct rd *r, const json_t *o, const char *key, long long dflt)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v) || r->failed)
        return dflt;
    if (!json_is_integer(v)) {
        bad(r, "an integer", key);
        return dflt;
    }
    return json_integer_value(v);
}

/* An array member (absent or null: NULL), at most FACTS_LIST_MAX long. */
static const json_t *arr(struct rd *r, const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v) || r->failed)
        return NULL;
    if (!json_is_array(v)) {
        bad(r, "an array", key);
        return NULL;
    }
    if (json_array_size(v) > FACTS_LIST_MAX) {
        if (!r->failed)
            err_setx(r->err, GD_ERR_LIMIT, "facts: '%s' has more than %u entries", key, FACTS_LIST_MAX);
        r->failed = 1;
        return NULL;
    }
    return v;
}

static const json_t *obj(struct rd *r, const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v) || r->failed)
        return NULL;
    if (!json_is_object(v)) {
        bad(r, "an object", key);
        return NULL;
    }
    return v;
}

/* Element i of a, which must be an object (else NULL and an error). */
static const json_t *elem(struct rd *r, const json_t *a, size_t i, const char *key)
{
    const json_t *v = json_array_get(a, i);
    if (!json_is_object(v)) {
        bad(r, "an array of objects", key);
        return NULL;
    }
    return v;
}

/* A list of strings into (*v, *n, *alloc). */
static void strings(struct rd *r, const json_t *o, const char *key, const char ***v, size_t *n, size_t *alloc)
{
    const json_t *a = arr(r, o, key);
    size_t i;
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *s = json_array_get(a, i);
        if (!json_is_string(s)) {
            bad(r, "an array of strings", key);
            return;
        }
        ALLOC_GROW(*v, *n + 1, *alloc);
        (*v)[(*n)++] = arena_strndup(&r->f->arena, json_string_value(s), json_string_length(s));
    }
}

static void strlist(struct rd *r, const json_t *o, const char *key, struct strlist *l)
{
    strings(r, o, key, &l->v, &l->nr, &l->alloc);
}

static void evidence(struct rd *r, const json_t *o, struct fact_evidence **v, size_t *n, size_t *alloc)
{
    const json_t *a = arr(r, o, "evidence");
    size_t i;
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "evidence");
        if (!e)
            return;
        ALLOC_GROW(*v, *n + 1, *alloc);
        (*v)[*n].what = str(r, e, "what");
        (*v)[*n].path = str(r, e, "path");
        (*n)++;
    }
}

/* "10de:2684" -> two numbers. */
static void hex_pair(struct rd *r, const char *s, unsigned *a, unsigned *b, const char *key)
{
    char *end;
    unsigned long x, y;
    if (!s)
        return;
    x = strtoul(s, &end, 16);
    if (*end != ':' || x > 0xffff) {
        bad(r, "a 'vvvv:dddd' id", key);
        return;
    }
    y = strtoul(end + 1, &end, 16);
    if (*end || y > 0xffff) {
        bad(r, "a 'vvvv:dddd' id", key);
        return;
    }
    *a = (unsigned)x;
    *b = (unsigned)y;
}

static void read_system(struct rd *r, const json_t *doc)
{
    struct sys_facts *s = &r->f->system;
    const json_t *o = obj(r, doc, "system"), *d, *host = obj(r, doc, "host"), *w;
    if (host) {
        s->hostname = str(r, host, "hostname");
        s->machine_id = str(r, host, "machine_id");
    }
    if (!o)
        return;
    s->os = str(r, o, "os");
    if ((d = obj(r, o, "distro")) != NULL) {
        s->distro_id = str(r, d, "id");
        s->distro_name = str(r, d, "name");
        s->distro_version = str(r, d, "version");
        s->distro_source = str(r, d, "source");
    }
    s->arch = str(r, o, "arch");
    s->arch_source = str(r, o, "arch_source");
    s->kernel = str(r, o, "kernel");
    s->kernel_source = str(r, o, "kernel_source");
    w = json_object_get(o, "page_size_kib");
    if (json_is_integer(w) && json_integer_value(w) > 0 && json_integer_value(w) <= 1048576)
        s->page_size_kib = (unsigned)json_integer_value(w);
    s->page_size_source = str(r, o, "page_size_source");
    s->proc_state = str(r, o, "proc");
    s->libc = str(r, o, "libc");
    s->libc_version = str(r, o, "libc_version");
    s->libc_source = str(r, o, "libc_source");
    s->multiarch = str(r, o, "multiarch");
    w = json_object_get(o, "wsl");
    s->wsl = json_is_integer(w) ? (int)json_integer_value(w) : 0;
    s->wsl_evidence = str(r, o, "wsl_evidence");
    s->container = str(r, o, "container");
    s->container_evidence = str(r, o, "container_evidence");
}

static void read_driver(struct rd *r, const json_t *doc)
{
    struct driver_facts *d = &r->f->driver;
    const json_t *o = obj(r, doc, "driver"), *a;
    size_t i;
    if (!o)
        return;
    d->kmod_version = str(r, o, "kernel_module_version");
    d->kmod_flavor = str(r, o, "kernel_module_flavor");
    d->kmod_source = str(r, o, "kernel_module_source");
    d->cuda_max = str(r, o, "cuda_max");
    d->cuda_max_source = str(r, o, "cuda_max_source");
    a = arr(r, o, "libraries");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "libraries");
        if (!e)
            break;
        ALLOC_GROW(d->libs, d->n_libs + 1, d->alloc_libs);
        d->libs[d->n_libs].name = str(r, e, "name");
        d->libs[d->n_libs].version = str(r, e, "version");
        d->libs[d->n_libs].path = str(r, e, "path");
        d->libs[d->n_libs].via = str(r, e, "via");
        d->libs[d->n_libs].loaded = boolean(r, e, "loaded", 0);
        d->libs[d->n_libs].origin = str(r, e, "origin");
        /* The scan records each library by its file: a rule may rely on all three. */
        if (!d->libs[d->n_libs].name || !d->libs[d->n_libs].version || !d->libs[d->n_libs].path) {
            bad(r, "a library with a name, a version and a path", "libraries");
            break;
        }
        d->n_libs++;
    }
    d->libcuda_resolved = str(r, o, "libcuda_resolved");
    d->libcuda_step = str(r, o, "libcuda_step");
    d->nouveau_loaded = boolean(r, o, "nouveau_loaded", 0);
    d->nouveau_evidence = str(r, o, "nouveau_evidence");
    d->wsl_libcuda = str(r, o, "wsl_libcuda");
    a = arr(r, o, "device_nodes");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "device_nodes");
        if (!e)
            break;
        ALLOC_GROW(d->nodes, d->n_nodes + 1, d->alloc_nodes);
        d->nodes[d->n_nodes].path = str(r, e, "path");
        d->nodes[d->n_nodes].exists = boolean(r, e, "exists", 0);
        d->nodes[d->n_nodes].readable = boolean(r, e, "readable", 0);
        d->nodes[d->n_nodes].writable = boolean(r, e, "writable", 0);
        if (!d->nodes[d->n_nodes].path) {
            bad(r, "a device node with a path", "device_nodes");
            break;
        }
        d->n_nodes++;
    }
    strings(r, o, "stubs_on_loader_path", &d->stubs, &d->n_stubs, &d->alloc_stubs);
}

static void read_gpus(struct rd *r, const json_t *doc)
{
    struct facts *f = r->f;
    const json_t *a = arr(r, doc, "gpus");
    size_t i;
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "gpus");
        struct gpu *g;
        if (!e)
            return;
        ALLOC_GROW(f->gpus, f->n_gpus + 1, f->alloc_gpus);
        g = &f->gpus[f->n_gpus++];
        memset(g, 0, sizeof(*g));
        g->name = str(r, e, "name");
        hex_pair(r, str(r, e, "pci_id"), &g->vendor, &g->device, "pci_id");
        hex_pair(r, str(r, e, "subsystem_id"), &g->subsys_vendor, &g->subsys_device, "subsystem_id");
        g->pci_class = (unsigned)integer(r, e, "pci_class", 0);
        g->pci_slot = str(r, e, "pci_slot");
        g->compute_capability = str(r, e, "compute_capability");
        g->cc_source = str(r, e, "compute_capability_source");
        g->name_source = str(r, e, "name_source");
        g->uuid = str(r, e, "uuid");
    }
}

static void read_cuda(struct rd *r, const json_t *doc)
{
    struct facts *f = r->f;
    const json_t *a = arr(r, doc, "cuda_toolkits");
    size_t i;
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "cuda_toolkits");
        struct cuda_install *c;
        if (!e)
            return;
        ALLOC_GROW(f->cuda, f->n_cuda + 1, f->alloc_cuda);
        c = &f->cuda[f->n_cuda++];
        memset(c, 0, sizeof(*c));
        c->version = str(r, e, "version");
        c->path = str(r, e, "path");
        c->version_source = str(r, e, "source");
        c->provenance = str(r, e, "provenance");
        c->libdir = str(r, e, "libdir");
        c->cudart_soname = str(r, e, "cudart_soname");
        if (!c->path || !c->provenance)
            bad(r, "a toolkit with a path and a provenance", "cuda_toolkits");
        strings(r, e, "aliases", &c->aliases, &c->n_aliases, &c->alloc_aliases);
        evidence(r, e, &c->evidence, &c->n_evidence, &c->alloc_evidence);
    }
}

static void read_cudnn(struct rd *r, const json_t *doc)
{
    struct facts *f = r->f;
    const json_t *a = arr(r, doc, "cudnn");
    size_t i;
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "cudnn");
        struct cudnn_install *c;
        if (!e)
            return;
        ALLOC_GROW(f->cudnn, f->n_cudnn + 1, f->alloc_cudnn);
        c = &f->cudnn[f->n_cudnn++];
        memset(c, 0, sizeof(*c));
        c->version = str(r, e, "version");
        c->path = str(r, e, "path");
        c->version_source = str(r, e, "source");
        c->provenance = str(r, e, "provenance");
        c->libdir = str(r, e, "libdir");
        c->cuda_major = str(r, e, "cuda_major");
        if (!c->path || !c->provenance)
            bad(r, "a cuDNN install with a path and a provenance", "cudnn");
        evidence(r, e, &c->evidence, &c->n_evidence, &c->alloc_evidence);
    }
}

static void read_env(struct rd *r, const json_t *doc)
{
    struct facts *f = r->f;
    const json_t *ld = obj(r, doc, "loader"), *env = obj(r, doc, "environment"), *v;
    const char *k;
    if (ld) {
        strlist(r, ld, "ld_library_path", &f->ldenv.ld_library_path);
        strlist(r, ld, "path", &f->ldenv.path);
        strlist(r, ld, "ld_so_conf_dirs", &f->ldenv.ldconf_dirs);
        f->ldenv.ldconf_source = str(r, ld, "ld_so_conf_source");
    }
    if (!env)
        return;
    if (json_object_size(env) > FACTS_LIST_MAX) {
        bad(r, "a bounded object", "environment");
        return;
    }
    json_object_foreach((json_t *)env, k, v) {
        if (!json_is_string(v)) {
            bad(r, "an object of strings", "environment");
            return;
        }
        ALLOC_GROW(f->env, f->n_env + 1, f->alloc_env);
        f->env[f->n_env].name = arena_strdup(&f->arena, k);
        f->env[f->n_env].value = arena_strndup(&f->arena, json_string_value(v), json_string_length(v));
        f->n_env++;
    }
}

static void read_dist(struct rd *r, const json_t *e, struct py_dist *d)
{
    memset(d, 0, sizeof(*d));
    d->name = str(r, e, "name");
    d->version = str(r, e, "version");
    d->path = str(r, e, "path");
    d->installer = str(r, e, "installer");
    d->build = str(r, e, "build");
    d->site_dir = str(r, e, "site_dir");
    d->conda = boolean(r, e, "conda", 0);
    d->cuda_pkg = boolean(r, e, "cuda_component", 0);
    d->duplicate = boolean(r, e, "duplicate", 0);
    if (!d->name && !r->failed)
        bad(r, "a distribution with a name", "distributions");
}

/* "sm_50,sm_60": the array back into the comma list the rules read. */
static const char *csv(struct rd *r, const json_t *o, const char *key)
{
    const json_t *a = arr(r, o, key);
    struct strbuf sb = STRBUF_INIT;
    const char *out;
    size_t i;
    if (!a)
        return NULL;
    for (i = 0; i < json_array_size(a); i++) {
        const json_t *s = json_array_get(a, i);
        if (!json_is_string(s)) {
            bad(r, "an array of strings", key);
            break;
        }
        if (i)
            strbuf_addch(&sb, ',');
        strbuf_addstr(&sb, json_string_value(s));
    }
    out = arena_strdup(&r->f->arena, sb.buf);
    strbuf_release(&sb);
    return out;
}

static void read_framework(struct rd *r, const json_t *e, struct framework_build *fw)
{
    const json_t *b, *a;
    size_t i;
    memset(fw, 0, sizeof(*fw));
    fw->name = str(r, e, "name");
    fw->dist = str(r, e, "dist");
    fw->version = str(r, e, "version");
    fw->local = str(r, e, "local");
    fw->debug = -1;
    if ((b = obj(r, e, "build")) != NULL) {
        fw->cuda = str(r, b, "cuda");
        fw->cudnn = str(r, b, "cudnn");
        fw->hip = str(r, b, "hip");
        fw->variant = str(r, b, "variant");
        fw->compute_capabilities = csv(r, b, "compute_capabilities");
        fw->build_source = str(r, b, "source");
        fw->git_version = str(r, b, "git_version");
        fw->debug = boolean(r, b, "debug", -1);
    }
    if (!fw->name || !fw->version) {
        bad(r, "a framework with a name and a version", "frameworks");
        return;
    }
    fw->wheel_tag = str(r, e, "wheel_tag");
    fw->wheel_tag_source = str(r, e, "wheel_tag_source");
    fw->backend = str(r, e, "backend");
    fw->backend_source = str(r, e, "backend_source");
    fw->location = str(r, e, "location");
    if ((b = obj(r, e, "installer")) != NULL) {
        fw->installer = str(r, b, "name");
        fw->installer_package = str(r, b, "package");
        fw->installer_version = str(r, b, "package_version");
        fw->installer_source = str(r, b, "source");
    }
    fw->extension = str(r, e, "extension_module");
    fw->cuda_library = str(r, e, "cuda_library");
    fw->archs = csv(r, e, "compiled_archs");
    fw->archs_source = str(r, e, "compiled_archs_source");
    a = arr(r, e, "unresolved");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *q = elem(r, a, i, "unresolved");
        if (!q)
            return;
        ALLOC_GROW(fw->unresolved, fw->n_unresolved + 1, fw->alloc_unresolved);
        fw->unresolved[fw->n_unresolved].what = str(r, q, "name");
        fw->unresolved[fw->n_unresolved].path = str(r, q, "needed_by");
        fw->n_unresolved++;
    }
    strings(r, e, "bundled_libs", &fw->bundled_libs, &fw->n_bundled_libs, &fw->alloc_bundled_libs);
    a = arr(r, e, "requires");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *q = elem(r, a, i, "requires");
        struct py_requirement *p;
        if (!q)
            return;
        ALLOC_GROW(fw->deps, fw->n_deps + 1, fw->alloc_deps);
        p = &fw->deps[fw->n_deps++];
        p->name = str(r, q, "name");
        p->specifier = str(r, q, "specifier");
        p->extra = str(r, q, "extra");
        p->marker = str(r, q, "marker");
        p->installed = str(r, q, "installed");
        p->satisfied = boolean(r, q, "satisfied", -1);
    }
    a = arr(r, e, "components");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *q = elem(r, a, i, "components");
        if (!q)
            return;
        ALLOC_GROW(fw->components, fw->n_components + 1, fw->alloc_components);
        read_dist(r, q, &fw->components[fw->n_components++]);
    }
    fw->version_skew = boolean(r, e, "version_skew", 0);
    evidence(r, e, &fw->evidence, &fw->n_evidence, &fw->alloc_evidence);
    a = arr(r, e, "modules");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *q = elem(r, a, i, "modules");
        struct fw_module *m;
        if (!q)
            return;
        ALLOC_GROW(fw->modules, fw->n_modules + 1, fw->alloc_modules);
        m = &fw->modules[fw->n_modules++];
        memset(m, 0, sizeof(*m));
        m->path = str(r, q, "path");
        m->format = str(r, q, "format");
        m->readable = boolean(r, q, "readable", 0);
        if (json_is_integer(json_object_get(q, "load_align")) &&
            json_integer_value(json_object_get(q, "load_align")) > 0)
            m->load_align = (uint64_t)json_integer_value(json_object_get(q, "load_align"));
        if (json_is_integer(json_object_get(q, "machine")) && json_integer_value(json_object_get(q, "machine")) > 0 &&
            json_integer_value(json_object_get(q, "machine")) < 65536)
            m->machine = (unsigned)json_integer_value(json_object_get(q, "machine"));
        strings(r, q, "needed", &m->needed, &m->n_needed, &m->alloc_needed);
        if (!m->path)
            bad(r, "a module with a path", "modules");
    }
}

static void read_pyenv(struct rd *r, const json_t *e, struct python_env *p)
{
    const json_t *v, *a;
    size_t i, j;
    memset(p, 0, sizeof(*p));
    p->prefix = str(r, e, "prefix");
    p->python_version = str(r, e, "python_version");
    p->python_version_source = str(r, e, "python_version_source");
    p->kind = str(r, e, "kind");
    p->name = str(r, e, "name");
    p->active = boolean(r, e, "active", 0);
    p->found_by = str(r, e, "found_by");
    p->interpreter = str(r, e, "interpreter");
    p->site_packages = str(r, e, "site_packages");
    p->externally_managed = str(r, e, "externally_managed");
    p->include_system_site = -1;
    if (!p->kind || !p->prefix) {
        bad(r, "an environment with a prefix and a kind", "python_envs");
        return;
    }
    strings(r, e, "site_dirs", &p->site_dirs, &p->n_site_dirs, &p->alloc_site_dirs);
    if ((v = obj(r, e, "venv")) != NULL) {
        p->venv_home = str(r, v, "home");
        p->venv_creator = str(r, v, "creator");
        p->include_system_site = boolean(r, v, "include_system_site_packages", -1);
    }
    a = arr(r, e, "frameworks");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *q = elem(r, a, i, "frameworks");
        if (!q)
            return;
        ALLOC_GROW(p->frameworks, p->n_frameworks + 1, p->alloc_frameworks);
        read_framework(r, q, &p->frameworks[p->n_frameworks++]);
    }
    strings(r, e, "nvidia_wheel_dirs", &p->nvidia_dirs, &p->n_nvidia_dirs, &p->alloc_nvidia_dirs);
    a = arr(r, e, "distributions");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *q = elem(r, a, i, "distributions");
        if (!q)
            return;
        ALLOC_GROW(p->dists, p->n_dists + 1, p->alloc_dists);
        read_dist(r, q, &p->dists[p->n_dists++]);
    }
    /* n_duplicates: the names recorded more than once (pyenv_dists.c's count). */
    for (i = 0; i < p->n_dists; i++) {
        if (!p->dists[i].duplicate)
            continue;
        for (j = 0; j < i; j++)
            if (p->dists[j].duplicate && p->dists[i].name && p->dists[j].name &&
                !strcmp(p->dists[j].name, p->dists[i].name))
                break;
        if (j == i)
            p->n_duplicates++;
    }
}

static void read_python(struct rd *r, const json_t *doc)
{
    struct facts *f = r->f;
    const json_t *a = arr(r, doc, "python_envs");
    size_t i;
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "python_envs");
        if (!e)
            return;
        ALLOC_GROW(f->pyenvs, f->n_pyenvs + 1, f->alloc_pyenvs);
        read_pyenv(r, e, &f->pyenvs[f->n_pyenvs++]);
    }
}

static void read_modules(struct rd *r, const json_t *doc)
{
    struct module_facts *m = &r->f->modules;
    const json_t *o = obj(r, doc, "modules"), *a;
    size_t i;
    if (!o)
        return;
    m->modulepath = str(r, o, "modulepath");
    m->modulepath_source = str(r, o, "modulepath_source");
    a = arr(r, o, "files");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "files");
        struct module_file *mf;
        if (!e)
            return;
        ALLOC_GROW(m->files, m->n_files + 1, m->alloc_files);
        mf = &m->files[m->n_files++];
        mf->package = str(r, e, "package");
        mf->name = str(r, e, "name");
        mf->version = str(r, e, "version");
        mf->version_source = str(r, e, "version_source");
        mf->path = str(r, e, "path");
        mf->syntax = str(r, e, "syntax");
        mf->prefix = str(r, e, "prefix");
        mf->libdir = str(r, e, "libdir");
        if (!mf->package || !mf->name)
            bad(r, "a module file with a package and a name", "files");
    }
}

/* "packages": {"dpkg": {"source", "packages": [...]}} (scan/dpkg.c). */
static void read_packages(struct rd *r, const json_t *doc)
{
    struct dpkg_facts *d = &r->f->dpkg;
    const json_t *o = obj(r, doc, "packages"), *k, *a;
    size_t i;
    if (!o || !(k = obj(r, o, "dpkg")))
        return;
    d->status_source = str(r, k, "source");
    a = arr(r, k, "packages");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "packages");
        struct dpkg_pkg *p;
        if (!e)
            return;
        ALLOC_GROW(d->pkgs, d->n_pkgs + 1, d->alloc_pkgs);
        p = &d->pkgs[d->n_pkgs++];
        memset(p, 0, sizeof(*p));
        p->name = str(r, e, "name");
        p->version = str(r, e, "version");
        p->arch = str(r, e, "architecture");
        p->want = str(r, e, "want");
        p->flag = str(r, e, "flag");
        p->state = str(r, e, "state");
        strings(r, e, "dangling_libraries", &p->dangling, &p->n_dangling, &p->alloc_dangling);
        if (!p->name)
            bad(r, "a package with a name", "packages");
    }
}

/* "python_cwd", "interpreters", "jupyter_kernels" (facts_json_interp.c). */
static void read_interp(struct rd *r, const json_t *doc)
{
    struct interp_facts *in = &r->f->interp;
    const json_t *a;
    size_t i;
    in->cwd = str(r, doc, "python_cwd");
    a = arr(r, doc, "interpreters");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "interpreters");
        struct py_interpreter *it;
        if (!e)
            return;
        ALLOC_GROW(in->v, in->nr + 1, in->alloc);
        it = &in->v[in->nr++];
        memset(it, 0, sizeof(*it));
        it->command = str(r, e, "command");
        it->path = str(r, e, "path");
        it->env = str(r, e, "env");
        it->env_python = str(r, e, "env_python");
        it->resolved_by = str(r, e, "resolved_by");
        it->found = str(r, e, "found");
        it->target = str(r, e, "target");
        it->pyenv_version = str(r, e, "pyenv_version");
        it->note = str(r, e, "note");
        if (!it->command)
            bad(r, "an interpreter with a command", "interpreters");
    }
    a = arr(r, doc, "jupyter_kernels");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "jupyter_kernels");
        struct jupyter_kernel *k;
        if (!e)
            return;
        ALLOC_GROW(in->kernels, in->n_kernels + 1, in->alloc_kernels);
        k = &in->kernels[in->n_kernels++];
        memset(k, 0, sizeof(*k));
        k->name = str(r, e, "name");
        k->argv0 = str(r, e, "argv0");
        k->env = str(r, e, "env");
        k->env_python = str(r, e, "env_python");
        k->interpreter = str(r, e, "interpreter");
        k->resolved_by = str(r, e, "resolved_by");
        k->spec = str(r, e, "spec");
        k->display_name = str(r, e, "display_name");
        k->language = str(r, e, "language");
        if (!k->name)
            bad(r, "a kernel with a name", "jupyter_kernels");
    }
}

/* "tegra" (facts_json_tegra.c): null or absent is not a Jetson. */
static void read_tegra(struct rd *r, const json_t *doc)
{
    struct tegra_facts *t = &r->f->tegra;
    const json_t *o = obj(r, doc, "tegra");
    if (!o)
        return;
    t->present = 1;
    t->l4t = str(r, o, "l4t");
    t->l4t_source = str(r, o, "l4t_source");
    t->l4t_board = str(r, o, "l4t_board");
    t->l4t_core = str(r, o, "l4t_core");
    t->soc = str(r, o, "soc");
    t->model = str(r, o, "model");
    t->gpu_name = str(r, o, "gpu_name");
    t->gpu_cc = str(r, o, "gpu_cc");
    t->gpu_source = str(r, o, "gpu_source");
    t->libcuda = str(r, o, "libcuda");
    t->libcuda_on_path = boolean(r, o, "libcuda_on_path", 0);
    t->gpu_from = str(r, o, "gpu_from");
    t->jetpack = str(r, o, "jetpack");
    t->jetpack_cuda = str(r, o, "jetpack_cuda");
    t->jetpack_source = str(r, o, "jetpack_source");
}

/* "macos" (facts_json_macos.c): null or absent on other machines. */
static void read_macos(struct rd *r, const json_t *doc)
{
    struct macos_facts *m = &r->f->macos;
    const json_t *o = json_object_get(doc, "macos"), *a, *ro;
    size_t i;
    if (!o || json_is_null(o))
        return;
    if (!json_is_object(o)) {
        bad(r, "an object", "macos");
        return;
    }
    m->version = str(r, o, "version");
    m->build = str(r, o, "build");
    m->product = str(r, o, "product");
    m->version_source = str(r, o, "version_source");
    m->cpu = str(r, o, "cpu");
    m->cpu_evidence = str(r, o, "cpu_evidence");
    m->cpu_source = str(r, o, "cpu_source");
    ro = json_object_get(o, "rosetta");
    m->rosetta = json_is_boolean(ro) ? json_is_true(ro) : -1;
    m->rosetta_source = str(r, o, "rosetta_source");
    a = arr(r, o, "binaries");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "binaries");
        struct mac_binary *b;
        if (!e)
            return;
        ALLOC_GROW(m->bins, m->n_bins + 1, m->alloc_bins);
        b = &m->bins[m->n_bins++];
        memset(b, 0, sizeof(*b));
        b->path = str(r, e, "path");
        b->real = str(r, e, "real");
        b->role = str(r, e, "role");
        b->env = str(r, e, "env");
        b->archs = str(r, e, "archs");
        b->minos = str(r, e, "minos");
        strings(r, e, "dylibs", &b->dylibs, &b->n_dylibs, &b->alloc_dylibs);
        if (!b->path || !b->role)
            bad(r, "a binary with a path and a role", "binaries");
    }
}

static void read_rest(struct rd *r, const json_t *doc)
{
    struct facts *f = r->f;
    const json_t *a;
    size_t i;
    f->pci_readable = boolean(r, doc, "pci_readable", 0);
    a = arr(r, doc, "warnings");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "warnings");
        if (!e)
            return;
        ALLOC_GROW(f->warnings, f->n_warnings + 1, f->alloc_warnings);
        f->warnings[f->n_warnings].path = str(r, e, "path");
        f->warnings[f->n_warnings].reason = str(r, e, "reason");
        if (!f->warnings[f->n_warnings].reason) {
            bad(r, "a warning with a reason", "warnings");
            return;
        }
        f->n_warnings++;
    }
    a = arr(r, doc, "library_dirs");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "library_dirs");
        struct lib_dir *ld;
        if (!e)
            return;
        ALLOC_GROW(f->libdirs, f->n_libdirs + 1, f->alloc_libdirs);
        ld = &f->libdirs[f->n_libdirs++];
        memset(ld, 0, sizeof(*ld));
        ld->dir = str(r, e, "dir");
        ld->real = str(r, e, "real");
        strings(r, e, "names", &ld->names, &ld->n_names, &ld->alloc_names);
        if (!ld->dir)
            bad(r, "a directory with a 'dir'", "library_dirs");
    }
    a = arr(r, doc, "loader_answers");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *e = elem(r, a, i, "loader_answers");
        struct lib_answer *la;
        if (!e)
            return;
        ALLOC_GROW(f->answers, f->n_answers + 1, f->alloc_answers);
        la = &f->answers[f->n_answers++];
        la->query = str(r, e, "query");
        la->path = str(r, e, "path");
        la->step = str(r, e, "step");
        la->stale = str(r, e, "stale");
        if (!la->query || (la->path && !la->step && strncmp(la->query, "realpath\t", 9)))
            bad(r, "an answer with a query (and a step when found)", "loader_answers");
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
    read_system(&r, doc);
    read_driver(&r, doc);
    read_gpus(&r, doc);
    read_cuda(&r, doc);
    read_cudnn(&r, doc);
    read_env(&r, doc);
    read_python(&r, doc);
    read_modules(&r, doc);
    read_packages(&r, doc);
    read_interp(&r, doc);
    read_macos(&r, doc);
    read_rest(&r, doc);
    read_tegra(&r, doc);
    if (!r.failed && facts_json_container_read(doc, f, err) < 0)
        r.failed = 1;
    json_decref(doc);
    return r.failed ? -1 : 0;
}
