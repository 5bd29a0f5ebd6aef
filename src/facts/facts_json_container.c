/*
 * facts_json_container.c - the "container_toolkit" and "container" members
 * of the facts document and the report (docs/json.md), and their reader
 * (facts_json_container_read, called by facts_read.c).  Tri-states are
 * true / false / null; absent members read as unknown.
 */
#include "facts/facts_json_container.h"

#include "facts/facts_read.h"

#include <jansson.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

static void tri(struct jw *jw, const char *key, int v)
{
    if (v < 0)
        jw_kv_null(jw, key);
    else
        jw_kv_bool(jw, key, v);
}

static void strs(struct jw *jw, const char *key, const char *const *v, size_t n)
{
    size_t i;
    jw_key(jw, key);
    jw_array_begin(jw);
    for (i = 0; i < n; i++)
        jw_str(jw, v[i]);
    jw_array_end(jw);
}

void facts_json_ctk(struct jw *jw, const struct facts *f)
{
    const struct ctk_facts *k = &f->ctk;
    size_t i;

    if (!k->scanned) {
        jw_null(jw);
        return;
    }
    jw_object_begin(jw);
    jw_kv_str(jw, "hook", k->hook);
    jw_kv_str(jw, "cli", k->cli);
    jw_kv_str(jw, "runtime", k->runtime);
    jw_kv_str(jw, "nvidia_ctk", k->nvidia_ctk);
    jw_kv_str(jw, "cdi_hook", k->cdi_hook);
    jw_kv_str(jw, "libnvidia_container", k->libnvc);
    jw_kv_str(jw, "version", k->version);
    jw_kv_str(jw, "config", k->config);
    jw_kv_str(jw, "mode", k->mode);
    jw_kv_str(jw, "cuda_compat_mode", k->compat_mode);
    jw_kv_str(jw, "supported_driver_capabilities", k->supported_caps);
    jw_kv_str(jw, "ldconfig", k->ldconfig);
    tri(jw, "disable_require", k->disable_require);
    tri(jw, "accept_envvar_unprivileged", k->accept_envvar);
    tri(jw, "allow_cuda_compat_libs_from_container", k->allow_compat);
    jw_key(jw, "docker");
    jw_object_begin(jw);
    jw_kv_str(jw, "config", k->docker_config);
    tri(jw, "nvidia_runtime", k->docker_runtime);
    tri(jw, "default_runtime_nvidia", k->docker_default);
    tri(jw, "cdi", k->docker_cdi);
    jw_object_end(jw);
    jw_key(jw, "containerd");
    jw_object_begin(jw);
    jw_kv_str(jw, "config", k->containerd_config);
    tri(jw, "nvidia_runtime", k->containerd_runtime);
    tri(jw, "cdi", k->containerd_cdi);
    jw_object_end(jw);
    jw_key(jw, "crio");
    jw_object_begin(jw);
    jw_kv_str(jw, "config", k->crio_config);
    tri(jw, "nvidia_runtime", k->crio_runtime);
    jw_object_end(jw);
    jw_key(jw, "cdi_specs");
    jw_array_begin(jw);
    for (i = 0; i < k->n_cdi; i++) {
        const struct cdi_spec *s = &k->cdi[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "path", s->path);
        jw_kv_str(jw, "kind", s->kind);
        strs(jw, "devices", s->devices, s->n_devices);
        tri(jw, "mounts_libcuda", s->mounts_libcuda);
        jw_kv_str(jw, "problem", s->problem);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "driver_files");
    jw_object_begin(jw);
    jw_kv_str(jw, "source", k->libs_source);
    jw_kv_str(jw, "version", k->libs_version);
    jw_key(jw, "files");
    jw_array_begin(jw);
    for (i = 0; i < k->n_libs; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "capability", k->libs[i].cap);
        jw_kv_str(jw, "path", k->libs[i].path);
        jw_kv_str(jw, "name", k->libs[i].name);
        jw_kv_str(jw, "soname", k->libs[i].soname);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_object_end(jw);
    jw_object_end(jw);
}

void facts_json_container(struct jw *jw, const struct facts *f)
{
    const struct container_facts *c = &f->container;
    size_t i;

    if (!c->present) {
        jw_null(jw);
        return;
    }
    jw_object_begin(jw);
    jw_key(jw, "image");
    jw_object_begin(jw);
    jw_kv_str(jw, "ref", c->ref);
    jw_kv_str(jw, "format", c->format);
    jw_kv_str(jw, "name", c->name);
    jw_kv_str(jw, "manifest_digest", c->manifest_digest);
    jw_kv_str(jw, "config_digest", c->config_digest);
    jw_kv_str(jw, "platform", c->platform);
    jw_kv_int(jw, "layers", (int64_t)c->n_layers);
    strs(jw, "entrypoint", c->entrypoint, c->n_entrypoint);
    jw_kv_str(jw, "workdir", c->workdir);
    jw_kv_str(jw, "user", c->user);
    jw_kv_str(jw, "entry_python", c->entry_python);
    jw_kv_str(jw, "entry_env", c->entry_env);
    jw_kv_str(jw, "entry_note", c->entry_note);
    jw_kv_str(jw, "base_image", c->base_image);
    strs(jw, "labels", c->labels, c->n_labels);
    jw_object_end(jw);
    jw_key(jw, "host");
    jw_object_begin(jw);
    jw_kv_str(jw, "source", c->host);
    jw_kv_str(jw, "hostname", c->host_name);
    jw_kv_str(jw, "distro", c->host_distro);
    jw_object_end(jw);
    jw_key(jw, "start");
    jw_object_begin(jw);
    jw_kv_str(jw, "runtime_path", c->runtime_path);
    tri(jw, "gpu_container", c->gpu_container);
    tri(jw, "legacy_image", c->legacy_image);
    jw_kv_str(jw, "visible_devices", c->visible_devices);
    jw_kv_str(jw, "visible_source", c->visible_source);
    jw_kv_str(jw, "capabilities", c->capabilities);
    jw_kv_str(jw, "capabilities_source", c->caps_source);
    jw_kv_str(jw, "hook_error", c->hook_error);
    tri(jw, "disable_require", c->disable_require);
    jw_key(jw, "requirements");
    jw_array_begin(jw);
    for (i = 0; i < c->n_reqs; i++) {
        const struct ctk_requirement *r = &c->reqs[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "var", r->var);
        jw_kv_str(jw, "expr", r->expr);
        jw_kv_str(jw, "result", r->result == 1 ? "satisfied" : r->result == 0 ? "refused" : "unknown");
        jw_kv_str(jw, "failed", r->failed);
        jw_kv_str(jw, "unknown", r->unknown);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_kv_str(jw, "refused", c->refused);
    tri(jw, "started", c->started);
    jw_kv_str(jw, "libs_dir", c->libs_dir);
    jw_key(jw, "injected");
    jw_array_begin(jw);
    for (i = 0; i < c->n_inject; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "capability", c->inject[i].cap);
        jw_kv_str(jw, "host", c->inject[i].host);
        jw_kv_str(jw, "target", c->inject[i].target);
        jw_kv_str(jw, "version", c->inject[i].version);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "compat");
    jw_object_begin(jw);
    strs(jw, "libraries", c->compat_libs, c->n_compat_libs);
    jw_kv_str(jw, "mode", c->compat_mode);
    jw_kv_str(jw, "version", c->compat_version);
    tri(jw, "used", c->compat_used);
    jw_kv_str(jw, "reason", c->compat_reason);
    tri(jw, "gpu_supported", c->compat_gpu_ok);
    jw_object_end(jw);
    jw_kv_str(jw, "image_driver", c->image_driver);
    jw_object_end(jw);
    jw_object_end(jw);
}

/* ---- reading back ---- */

struct crd {
    struct facts *f;
    struct gd_err *err;
    int failed;
};

static void cbad(struct crd *r, const char *what, const char *key)
{
    if (!r->failed)
        err_setx(r->err, GD_ERR_FORMAT, "facts: '%s' must be %s", key, what);
    r->failed = 1;
}

static const char *cstr(struct crd *r, const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v) || r->failed)
        return NULL;
    if (!json_is_string(v)) {
        cbad(r, "a string", key);
        return NULL;
    }
    return arena_strndup(&r->f->arena, json_string_value(v), json_string_length(v));
}

static int ctri(struct crd *r, const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return -1;
    if (!json_is_boolean(v)) {
        cbad(r, "true, false or null", key);
        return -1;
    }
    return json_is_true(v);
}

static const json_t *cobj(struct crd *r, const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return NULL;
    if (!json_is_object(v)) {
        cbad(r, "an object", key);
        return NULL;
    }
    return v;
}

static const json_t *carr(struct crd *r, const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return NULL;
    if (!json_is_array(v)) {
        cbad(r, "an array", key);
        return NULL;
    }
    if (json_array_size(v) > FACTS_LIST_MAX) {
        cbad(r, "a list of at most 100000 entries", key);
        return NULL;
    }
    return v;
}

/* An array of strings into an arena array. */
static const char **cstrs(struct crd *r, const json_t *o, const char *key, size_t *n)
{
    const json_t *a = carr(r, o, key);
    const char **v;
    size_t i;
    *n = 0;
    if (!a)
        return NULL;
    v = arena_alloc(&r->f->arena, (json_array_size(a) + 1) * sizeof(*v));
    for (i = 0; i < json_array_size(a); i++) {
        const json_t *s = json_array_get(a, i);
        if (!json_is_string(s)) {
            cbad(r, "an array of strings", key);
            return NULL;
        }
        v[(*n)++] = arena_strndup(&r->f->arena, json_string_value(s), json_string_length(s));
    }
    return v;
}

static void read_ctk(struct crd *r, const json_t *o)
{
    struct ctk_facts *k = &r->f->ctk;
    const json_t *e, *a;
    size_t i, j, n;

    k->scanned = 1;
    k->hook = cstr(r, o, "hook");
    k->cli = cstr(r, o, "cli");
    k->runtime = cstr(r, o, "runtime");
    k->nvidia_ctk = cstr(r, o, "nvidia_ctk");
    k->cdi_hook = cstr(r, o, "cdi_hook");
    k->libnvc = cstr(r, o, "libnvidia_container");
    k->version = cstr(r, o, "version");
    k->config = cstr(r, o, "config");
    k->mode = cstr(r, o, "mode");
    k->compat_mode = cstr(r, o, "cuda_compat_mode");
    k->supported_caps = cstr(r, o, "supported_driver_capabilities");
    k->ldconfig = cstr(r, o, "ldconfig");
    k->disable_require = ctri(r, o, "disable_require");
    k->accept_envvar = ctri(r, o, "accept_envvar_unprivileged");
    k->allow_compat = ctri(r, o, "allow_cuda_compat_libs_from_container");
    if ((e = cobj(r, o, "docker")) != NULL) {
        k->docker_config = cstr(r, e, "config");
        k->docker_runtime = ctri(r, e, "nvidia_runtime");
        k->docker_default = ctri(r, e, "default_runtime_nvidia");
        k->docker_cdi = ctri(r, e, "cdi");
    }
    if ((e = cobj(r, o, "containerd")) != NULL) {
        k->containerd_config = cstr(r, e, "config");
        k->containerd_runtime = ctri(r, e, "nvidia_runtime");
        k->containerd_cdi = ctri(r, e, "cdi");
    }
    if ((e = cobj(r, o, "crio")) != NULL) {
        k->crio_config = cstr(r, e, "config");
        k->crio_runtime = ctri(r, e, "nvidia_runtime");
    }
    a = carr(r, o, "cdi_specs");
    for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
        const json_t *s = json_array_get(a, i);
        struct cdi_spec *c;
        const char **dev;
        if (!json_is_object(s)) {
            cbad(r, "an array of objects", "cdi_specs");
            break;
        }
        ALLOC_GROW(k->cdi, k->n_cdi + 1, k->alloc_cdi);
        c = &k->cdi[k->n_cdi++];
        memset(c, 0, sizeof(*c));
        c->path = cstr(r, s, "path");
        c->kind = cstr(r, s, "kind");
        c->mounts_libcuda = ctri(r, s, "mounts_libcuda");
        c->problem = cstr(r, s, "problem");
        dev = cstrs(r, s, "devices", &n);
        for (j = 0; j < n; j++) {
            ALLOC_GROW(c->devices, c->n_devices + 1, c->alloc_devices);
            c->devices[c->n_devices++] = dev[j];
        }
    }
    if ((e = cobj(r, o, "driver_files")) != NULL) {
        k->libs_source = cstr(r, e, "source");
        k->libs_version = cstr(r, e, "version");
        a = carr(r, e, "files");
        for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
            const json_t *s = json_array_get(a, i);
            struct ctk_lib *l;
            if (!json_is_object(s)) {
                cbad(r, "an array of objects", "files");
                break;
            }
            ALLOC_GROW(k->libs, k->n_libs + 1, k->alloc_libs);
            l = &k->libs[k->n_libs++];
            l->cap = cstr(r, s, "capability");
            l->path = cstr(r, s, "path");
            l->name = cstr(r, s, "name");
            l->soname = cstr(r, s, "soname");
            if (!l->cap || !l->path || !l->name)
                cbad(r, "a file with a capability, a path and a name", "files");
        }
    }
}

static void read_container(struct crd *r, const json_t *o)
{
    struct container_facts *c = &r->f->container;
    const json_t *e, *a;
    size_t i;

    c->present = 1;
    if ((e = cobj(r, o, "image")) != NULL) {
        c->ref = cstr(r, e, "ref");
        c->format = cstr(r, e, "format");
        c->name = cstr(r, e, "name");
        c->manifest_digest = cstr(r, e, "manifest_digest");
        c->config_digest = cstr(r, e, "config_digest");
        c->platform = cstr(r, e, "platform");
        if (json_is_integer(json_object_get(e, "layers")) && json_integer_value(json_object_get(e, "layers")) >= 0)
            c->n_layers = (size_t)json_integer_value(json_object_get(e, "layers"));
        c->entrypoint = cstrs(r, e, "entrypoint", &c->n_entrypoint);
        c->workdir = cstr(r, e, "workdir");
        c->user = cstr(r, e, "user");
        c->entry_python = cstr(r, e, "entry_python");
        c->entry_env = cstr(r, e, "entry_env");
        c->entry_note = cstr(r, e, "entry_note");
        c->base_image = cstr(r, e, "base_image");
        c->labels = cstrs(r, e, "labels", &c->n_labels);
    }
    if ((e = cobj(r, o, "host")) != NULL) {
        c->host = cstr(r, e, "source");
        c->host_name = cstr(r, e, "hostname");
        c->host_distro = cstr(r, e, "distro");
    }
    if ((e = cobj(r, o, "start")) != NULL) {
        c->runtime_path = cstr(r, e, "runtime_path");
        c->gpu_container = ctri(r, e, "gpu_container");
        c->legacy_image = ctri(r, e, "legacy_image");
        c->visible_devices = cstr(r, e, "visible_devices");
        c->visible_source = cstr(r, e, "visible_source");
        c->capabilities = cstr(r, e, "capabilities");
        c->caps_source = cstr(r, e, "capabilities_source");
        c->hook_error = cstr(r, e, "hook_error");
        c->disable_require = ctri(r, e, "disable_require");
        a = carr(r, e, "requirements");
        for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
            const json_t *q = json_array_get(a, i);
            struct ctk_requirement *req;
            const char *res;
            if (!json_is_object(q)) {
                cbad(r, "an array of objects", "requirements");
                break;
            }
            ALLOC_GROW(c->reqs, c->n_reqs + 1, c->alloc_reqs);
            req = &c->reqs[c->n_reqs++];
            memset(req, 0, sizeof(*req));
            req->var = cstr(r, q, "var");
            req->expr = cstr(r, q, "expr");
            res = cstr(r, q, "result");
            req->result = res && !strcmp(res, "satisfied") ? 1 : res && !strcmp(res, "refused") ? 0 : -1;
            req->failed = cstr(r, q, "failed");
            req->unknown = cstr(r, q, "unknown");
            if (!req->var || !req->expr)
                cbad(r, "a requirement with a var and an expr", "requirements");
        }
        c->refused = cstr(r, e, "refused");
        c->started = ctri(r, e, "started");
        c->libs_dir = cstr(r, e, "libs_dir");
        a = carr(r, e, "injected");
        for (i = 0; a && i < json_array_size(a) && !r->failed; i++) {
            const json_t *q = json_array_get(a, i);
            struct ctk_inject *x;
            if (!json_is_object(q)) {
                cbad(r, "an array of objects", "injected");
                break;
            }
            ALLOC_GROW(c->inject, c->n_inject + 1, c->alloc_inject);
            x = &c->inject[c->n_inject++];
            x->cap = cstr(r, q, "capability");
            x->host = cstr(r, q, "host");
            x->target = cstr(r, q, "target");
            x->version = cstr(r, q, "version");
            if (!x->host || !x->target)
                cbad(r, "an injected file with a host and a target path", "injected");
        }
        if ((o = cobj(r, e, "compat")) != NULL) {
            size_t n;
            const char **libs = cstrs(r, o, "libraries", &n);
            for (i = 0; i < n; i++) {
                ALLOC_GROW(c->compat_libs, c->n_compat_libs + 1, c->alloc_compat_libs);
                c->compat_libs[c->n_compat_libs++] = libs[i];
            }
            c->compat_mode = cstr(r, o, "mode");
            c->compat_version = cstr(r, o, "version");
            c->compat_used = ctri(r, o, "used");
            c->compat_reason = cstr(r, o, "reason");
            c->compat_gpu_ok = ctri(r, o, "gpu_supported");
        }
        c->image_driver = cstr(r, e, "image_driver");
    }
}

int facts_json_container_read(const json_t *doc, struct facts *f, struct gd_err *err)
{
    struct crd r = { f, err, 0 };
    const json_t *o;
    if ((o = cobj(&r, doc, "container_toolkit")) != NULL)
        read_ctk(&r, o);
    if ((o = cobj(&r, doc, "container")) != NULL)
        read_container(&r, o);
    return r.failed ? -1 : 0;
}
