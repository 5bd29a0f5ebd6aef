/*
 * ctk.c - the NVIDIA Container Toolkit's start of a container, modelled
 * (ctk.h).  Each step names the source file it follows.
 */
#include "image/ctk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image/ctk_dsl.h"
#include "kb/kb.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

/* CTK internal/config/image/capabilities.go SupportedDriverCapabilities. */
static const char *const all_caps[] = { "compute", "compat32", "graphics", "utility", "video", "display", "ngx",
                                        NULL };
#define N_CAPS 7

struct caps {
    int on[N_CAPS];
};

static int cap_index(const char *name, size_t n)
{
    int i;
    for (i = 0; all_caps[i]; i++)
        if (strlen(all_caps[i]) == n && !strncmp(all_caps[i], name, n))
            return i;
    return -1;
}

static int caps_has(const struct caps *c, const char *name)
{
    int i = cap_index(name, strlen(name));
    return i >= 0 && c->on[i];
}

/* The next item of a comma-separated list, blanks around it trimmed: 1 with
 * [*t, *t + *n), 0 at the end; empty items are skipped (the toolkit's
 * strings.Split then TrimSpace, dropping empties). */
static int next_item(const char **s, const char **t, size_t *n)
{
    while (**s) {
        const char *b = *s, *e;
        size_t len = strcspn(*s, ",");
        *s += len;
        if (**s == ',')
            (*s)++;
        e = b + len;
        while (b < e && (*b == ' ' || *b == '\t'))
            b++;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        if (e > b) {
            *t = b;
            *n = (size_t)(e - b);
            return 1;
        }
    }
    return 0;
}

/* "a, b,c" into set; the names not recognised counted in *unknown, "all" in *all. */
static void caps_parse(const char *s, struct caps *set, int *unknown, int *all, size_t *count)
{
    const char *t;
    size_t n;
    memset(set, 0, sizeof(*set));
    *unknown = 0;
    *all = 0;
    *count = 0;
    while (s && next_item(&s, &t, &n)) {
        (*count)++;
        if (n == 3 && !strncmp(t, "all", 3)) {
            *all = 1;
        } else {
            int i = cap_index(t, n);
            if (i < 0)
                (*unknown)++;
            else if (set->on[i])
                (*count)--;   /* a set: duplicates count once */
            else
                set->on[i] = 1;
        }
    }
}

static const char *caps_string(struct arena *a, const struct caps *c)
{
    /* DriverCapabilities.List() sorts the names. */
    static const char *const sorted[] = { "compat32", "compute", "display", "graphics", "ngx", "utility", "video",
                                          NULL };
    struct strbuf sb = STRBUF_INIT;
    const char *r;
    int i;
    for (i = 0; sorted[i]; i++)
        if (caps_has(c, sorted[i]))
            strbuf_addf(&sb, "%s%s", sb.len ? "," : "", sorted[i]);
    r = arena_strdup(a, sb.buf);
    strbuf_release(&sb);
    return r;
}

/* Go's strconv.ParseBool: 1 true, 0 false (or not a boolean: the error is ignored). */
static int parse_bool(const char *v)
{
    static const char *const t[] = { "1", "t", "T", "TRUE", "true", "True", NULL };
    size_t i;
    for (i = 0; t[i]; i++)
        if (!strcmp(v, t[i]))
            return 1;
    return 0;
}

/* Masterminds semver's coercion of CUDA_VERSION to "MAJOR.MINOR" (cuda_image.go
 * parseMajorMinorVersion): 0, or -1 when it is not a version. */
static int major_minor(const char *v, char *out, size_t size)
{
    char *e;
    unsigned long maj, min = 0;
    if (*v == 'v' || *v == 'V')
        v++;
    if (*v < '0' || *v > '9')
        return -1;
    maj = strtoul(v, &e, 10);
    if (*e == '.') {
        const char *m = e + 1;
        if (*m < '0' || *m > '9')
            return -1;
        min = strtoul(m, &e, 10);
        if (*e == '.') {
            const char *p = e + 1;
            if (*p < '0' || *p > '9')
                return -1;
            strtoul(p, &e, 10);
        }
    }
    if (*e && *e != '-' && *e != '+')
        return -1;
    snprintf(out, size, "%lu.%lu", maj, min);
    return 0;
}

int ctk_gpu_forward_compat(const char *name)
{
    /* https://docs.nvidia.com/deploy/cuda-compatibility/forward-compatibility.html:
     * "supported on NVIDIA Data Center GPUs, select NGC Server Ready SKUs of
     * RTX cards and Jetson"; GeForce and TITAN cards are not. */
    static const char *const dc[] = { "Tesla", "A100", "A800", "A30", "A40", "A10", "A16", "H100", "H200", "H800",
                                      "H20", "L40", "L20", "B200", "B100", "GB200", "GH200", "GB300", "B300",
                                      NULL };
    size_t i;
    if (!name)
        return -1;
    if (strstr(name, "GeForce") || strstr(name, "TITAN") || strstr(name, "Titan"))
        return 0;
    for (i = 0; dc[i]; i++) {
        const char *p = strstr(name, dc[i]);
        size_t n = strlen(dc[i]);
        /* the model as a word: "A10" but not "A1000", "L40" and "L40S" */
        while (p) {
            char after = p[n];
            char before = p == name ? ' ' : p[-1];
            if ((before == ' ' || before == '[' || before == '-') &&
                !(after >= '0' && after <= '9'))
                return 1;
            p = strstr(p + 1, dc[i]);
        }
    }
    if (strstr(name, " L4") && !strstr(name, " L40"))
        return 1;
    return -1;
}

struct model {
    const struct ctk_start *in;
    struct facts *cf;
    struct container_facts *c;
    const struct facts *h;
    struct caps caps;
    const struct gpu **sel;      /* selected GPUs */
    size_t n_sel;
    int no_device;               /* --device none */
};

static const char *getv(const struct model *m, const char *name)
{
    return env_get(m->in->env, name);
}

static void set_refused(struct model *m, const char *fmt, ...) GD_PRINTF(2, 3);
static void set_refused(struct model *m, const char *fmt, ...)
{
    va_list va;
    if (m->c->refused)
        return;
    va_start(va, fmt);
    m->c->refused = arena_vprintf(&m->cf->arena, fmt, va);
    va_end(va);
    m->c->started = 0;
}

/* Which path injects the GPU (CTK internal/info/auto.go; hook_config.go). */
static void runtime_path(struct model *m)
{
    const struct ctk_facts *k = &m->h->ctk;
    size_t i;
    int cdi = 0;

    if (!k->scanned)
        return;   /* recorded facts without the toolkit: unknown */
    for (i = 0; i < k->n_cdi; i++)
        if (k->cdi[i].kind && !strcmp(k->cdi[i].kind, "nvidia.com/gpu") && k->cdi[i].n_devices)
            cdi = 1;
    if (k->hook && k->cli)
        m->c->runtime_path = "legacy";
    else if (cdi)
        m->c->runtime_path = "cdi";
}

static void read_env(struct model *m)
{
    struct container_facts *c = m->c;
    const struct ctk_facts *k = &m->h->ctk;
    struct arena *a = &m->cf->arena;
    const char *cv = getv(m, "CUDA_VERSION"), *rq = getv(m, "NVIDIA_REQUIRE_CUDA");
    const char *vis = getv(m, "NVIDIA_VISIBLE_DEVICES"), *dc = getv(m, "NVIDIA_DRIVER_CAPABILITIES");
    const char *dis = getv(m, "NVIDIA_DISABLE_REQUIRE");
    struct caps supported, env_caps;
    int unknown, all;
    size_t count, i;

    /* cuda_image.go IsLegacy */
    c->legacy_image = cv && *cv && !(rq && *rq);

    /* devicesFromEnvvars + NewVisibleDevices */
    if (vis) {
        struct strbuf list = STRBUF_INIT;
        const char *p = vis, *t;
        size_t n;
        int is_void = 0, is_all = 0, is_none = 0;
        while (next_item(&p, &t, &n)) {
            if (n == 4 && !strncmp(t, "void", 4))
                is_void = 1;
            if (n == 3 && !strncmp(t, "all", 3))
                is_all = 1;
            if (n == 4 && !strncmp(t, "none", 4))
                is_none = 1;
            strbuf_addf(&list, "%s%.*s", list.len ? "," : "", (int)n, t);
        }
        c->visible_source = arena_printf(a, "NVIDIA_VISIBLE_DEVICES=%s", vis);
        if (!list.len || is_void)
            c->gpu_container = 0;
        else {
            c->gpu_container = 1;
            c->visible_devices = is_all ? "all" : is_none ? "none" : arena_strdup(a, list.buf);
        }
        strbuf_release(&list);
    } else if (c->legacy_image) {
        c->gpu_container = 1;
        c->visible_devices = "all";
        c->visible_source = "a legacy CUDA image (CUDA_VERSION without NVIDIA_REQUIRE_CUDA): all";
    } else {
        c->gpu_container = 0;
        c->visible_source = "NVIDIA_VISIBLE_DEVICES is not set";
    }
    /* Environment requests in an unprivileged container need config.toml's
     * accept-nvidia-visible-devices-envvar-when-unprivileged (default true). */
    if (c->gpu_container == 1 && k->accept_envvar == 0) {
        c->gpu_container = 0;
        c->visible_source = arena_printf(a, "%s, ignored: config.toml sets "
                                         "accept-nvidia-visible-devices-envvar-when-unprivileged = false",
                                         c->visible_source);
    }

    /* hook getDriverCapabilities */
    if (k->supported_caps && strcmp(k->supported_caps, "all")) {
        caps_parse(k->supported_caps, &supported, &unknown, &all, &count);
    } else {
        for (i = 0; i < N_CAPS; i++)
            supported.on[i] = 1;
    }
    if (!dc && c->legacy_image) {
        m->caps = supported;
        c->caps_source = "a legacy CUDA image: every supported capability";
    } else if (dc && *dc) {
        caps_parse(dc, &env_caps, &unknown, &all, &count);
        c->caps_source = arena_printf(a, "NVIDIA_DRIVER_CAPABILITIES=%s", dc);
        if (all) {
            m->caps = supported;
        } else {
            size_t n = 0;
            for (i = 0; i < N_CAPS; i++) {
                m->caps.on[i] = supported.on[i] && env_caps.on[i];
                n += (size_t)m->caps.on[i];
            }
            if (n != count && c->gpu_container == 1)
                c->hook_error = arena_printf(a, "unsupported capabilities found in '%s' (allowed '%s')", dc,
                                             caps_string(a, &supported));
        }
    } else {
        memset(&m->caps, 0, sizeof(m->caps));
        m->caps.on[cap_index("utility", 7)] = supported.on[cap_index("utility", 7)];
        m->caps.on[cap_index("compute", 7)] = supported.on[cap_index("compute", 7)];
        c->caps_source = dc ? "NVIDIA_DRIVER_CAPABILITIES is empty: utility,compute"
                            : "NVIDIA_DRIVER_CAPABILITIES is not set: utility,compute";
    }
    c->capabilities = caps_string(a, &m->caps);

    /* GetRequirements */
    c->disable_require = (dis && parse_bool(dis)) || k->disable_require == 1;
    if (!c->disable_require) {
        const struct env *env = m->in->env;
        for (i = 0; i < env->nr; i++) {
            const char *kv = env->vars[i], *eq = strchr(kv, '=');
            struct ctk_requirement *r;
            if (!eq || strncmp(kv, "NVIDIA_REQUIRE_", 15) || !strncmp(kv, "NVIDIA_REQUIRE_JETPACK", 22))
                continue;
            ALLOC_GROW(c->reqs, c->n_reqs + 1, c->alloc_reqs);
            r = &c->reqs[c->n_reqs++];
            memset(r, 0, sizeof(*r));
            r->var = arena_strndup(a, kv, (size_t)(eq - kv));
            r->expr = arena_strdup(a, eq + 1);
            r->result = -1;
        }
        if (c->legacy_image) {
            char mm[32];
            if (major_minor(cv, mm, sizeof(mm)) < 0) {
                if (!c->hook_error && c->gpu_container == 1)
                    c->hook_error = arena_printf(a, "failed to get requirements failed to get version: "
                                                 "invalid CUDA version %s", cv);
            } else {
                struct ctk_requirement *r;
                ALLOC_GROW(c->reqs, c->n_reqs + 1, c->alloc_reqs);
                r = &c->reqs[c->n_reqs++];
                memset(r, 0, sizeof(*r));
                r->var = "CUDA_VERSION";
                r->expr = arena_printf(a, "cuda>=%s", mm);
                r->result = -1;
            }
        }
    }
}

/* libnvidia-container src/cli/common.c select_devices, for the IDs it knows:
 * "all", GPU UUIDs, PCI bus IDs, indexes.  0, or -1 (unknown device; with
 * *cannot_tell set when the ID is of a kind the facts cannot check: MIG). */
static int select_gpus(struct model *m, int *cannot_tell, const char **bad)
{
    const struct facts *h = m->h;
    const char *p = m->c->visible_devices;
    size_t i;

    *cannot_tell = 0;
    m->sel = arena_alloc(&m->cf->arena, (h->n_gpus + 1) * sizeof(*m->sel));
    m->n_sel = 0;
    if (!strcmp(p, "none")) {
        m->no_device = 1;
        return 0;
    }
    if (!strcmp(p, "all")) {
        for (i = 0; i < h->n_gpus; i++)
            m->sel[m->n_sel++] = &h->gpus[i];
        return 0;
    }
    while (*p) {
        size_t n = strcspn(p, ","), k;
        char id[128];
        const struct gpu *g = NULL;
        snprintf(id, sizeof(id), "%.*s", (int)(n < sizeof(id) - 1 ? n : sizeof(id) - 1), p);
        p += n;
        if (*p == ',')
            p++;
        if (!strncmp(id, "MIG-", 4) || (strchr(id, ':') && !strchr(id, '.'))) {
            *cannot_tell = 1;   /* MIG devices and GPU:MIG indexes: not in the facts */
            continue;
        } else if (strchr(id, ':')) {
            /* a PCI bus ID, [dddd:]bb:dd.f, case and leading zeros free */
            unsigned a2 = 0, b2, c2, d2;
            int four = sscanf(id, "%x:%x:%x.%x", &a2, &b2, &c2, &d2) == 4;
            if (!four && sscanf(id, "%x:%x.%x", &b2, &c2, &d2) != 3) {
                *bad = arena_strdup(&m->cf->arena, id);
                return -1;
            }
            for (k = 0; k < h->n_gpus && !g; k++) {
                const char *s = h->gpus[k].pci_slot;
                unsigned a1, b1, c1, d1;
                if (s && sscanf(s, "%x:%x:%x.%x", &a1, &b1, &c1, &d1) == 4 && (!four || a1 == a2) && b1 == b2 &&
                    c1 == c2 && d1 == d2)
                    g = &h->gpus[k];
            }
        } else if (!strncmp(id, "GPU-", 4)) {
            for (k = 0; k < h->n_gpus && !g; k++)
                if (h->gpus[k].uuid && !strcasecmp(h->gpus[k].uuid, id))
                    g = &h->gpus[k];
            if (!g) {
                int uuids = 0;
                for (k = 0; k < h->n_gpus; k++)
                    uuids += h->gpus[k].uuid != NULL;
                if (uuids < (int)h->n_gpus) {
                    *cannot_tell = 1;   /* without the module's information files there are no UUIDs */
                    continue;
                }
            }
        } else if (strspn(id, "0123456789") == strlen(id) && *id) {
            unsigned long idx = strtoul(id, NULL, 10);
            if (idx < h->n_gpus)
                g = &h->gpus[idx];
        }
        if (!g) {
            *bad = arena_strdup(&m->cf->arena, id);
            return -1;
        }
        for (k = 0; k < m->n_sel; k++)
            if (m->sel[k] == g)
                break;
        if (k == m->n_sel)
            m->sel[m->n_sel++] = g;
    }
    return 0;
}

/* nvc_init: the driver must be there and agree with NVML (src/driver.c). */
static void driver_init(struct model *m)
{
    const struct facts *h = m->h;
    const char *nvml = NULL;
    size_t i;

    for (i = 0; i < h->driver.n_libs; i++)
        if (!strcmp(h->driver.libs[i].name, "libnvidia-ml") && (h->driver.libs[i].loaded || !nvml))
            nvml = h->driver.libs[i].version;
    if (!h->driver.kmod_version) {
        if (h->system.kernel && !h->system.proc_state)
            set_refused(m, "initialization error: nvml error: driver not loaded");
        else
            m->c->started = -1;   /* the node's /proc was not read: cannot tell */
        return;
    }
    if (!nvml) {
        if (h->n_pyenvs || h->driver.n_libs || h->system.libc)
            set_refused(m, "initialization error: load library failed: libnvidia-ml.so.1: cannot open shared "
                        "object file: no such file or directory");
        return;
    }
    if (strcmp(nvml, h->driver.kmod_version))
        set_refused(m, "initialization error: nvml error: driver/library version mismatch");
}

static void evaluate_requirements(struct model *m)
{
    struct container_facts *c = m->c;
    struct arena *a = &m->cf->arena;
    size_t i, g;

    for (i = 0; i < c->n_reqs; i++) {
        struct ctk_requirement *r = &c->reqs[i];
        size_t n = m->n_sel ? m->n_sel : 1;
        r->result = 1;
        for (g = 0; g < n; g++) {
            struct dsl_facts df;
            char term[160];
            enum dsl_result res;
            memset(&df, 0, sizeof(df));
            df.cuda = m->h->driver.cuda_max;
            df.driver = m->h->driver.kmod_version;
            if (m->n_sel) {
                df.arch = m->sel[g]->compute_capability;
                df.brand = NULL;   /* NVML's brand is not in the facts */
            } else {
                df.no_device = 1;
            }
            res = ctk_dsl_eval(r->expr, &df, term, sizeof(term));
            if (res == DSL_INVALID) {
                r->result = 0;
                r->failed = "invalid expression";
                set_refused(m, "requirement error: invalid expression");
                break;
            }
            if (res == DSL_FALSE) {
                char msg[400];
                r->result = 0;
                r->failed = arena_strdup(a, term);
                ctk_dsl_message(r->expr, msg, sizeof(msg));
                set_refused(m, "requirement error: %s", msg);
                break;
            }
            if (res == DSL_UNKNOWN && r->result == 1) {
                r->result = -1;
                r->unknown = arena_strdup(a, term);
            }
        }
    }
}

/* The image's /usr/local/cuda/compat/lib*.so.* (nvc_container.c find_library_paths). */
static void find_compat(struct model *m)
{
    struct container_facts *c = m->c;
    struct facts *cf = m->cf;
    struct fs_dirlist list;
    struct strbuf p = STRBUF_INIT, real = STRBUF_INIT;
    struct gd_err err;
    size_t i, j;

    err_init(&err);
    if (fs_list_dir(m->in->img, "/usr/local/cuda/compat", 10000, &list, &err) == 1) {
        for (i = 0; i < list.nr; i++) {
            const char *n = list.ents[i].name;
            int dup = 0;
            if (!str_starts(n, "lib") || !strstr(n, ".so."))
                continue;
            path_join(&p, "/usr/local/cuda/compat", n);
            if (fs_realpath(m->in->img, p.buf, &real, &err) != 1)
                continue;
            for (j = 0; j < c->n_compat_libs; j++)
                dup |= !strcmp(c->compat_libs[j], real.buf);
            if (dup)
                continue;
            ALLOC_GROW(c->compat_libs, c->n_compat_libs + 1, c->alloc_compat_libs);
            c->compat_libs[c->n_compat_libs++] = facts_str(cf, real.buf);
        }
    }
    fs_dirlist_release(&list);
    strbuf_release(&p);
    strbuf_release(&real);
}

/* "libcuda.so.570.86.10" -> "570.86.10" (a driver version), or NULL. */
static const char *lib_version(const char *path, const char *prefix)
{
    const char *b = path_basename(path), *v;
    if (!str_starts(b, prefix))
        return NULL;
    v = b + strlen(prefix);
    return is_dotted_version(v, strlen(v), 2, 3) && !str_starts(v, "1.") ? v : NULL;
}

/* compat_mode.c filter_by_major_version: the digits after ".so." compared,
 * as strings, with the start of the NVRM version. */
static int major_cmp(const char *nvrm, const char *lib)
{
    const char *maj = strstr(path_basename(lib), ".so.");
    if (!maj)
        return 1;
    maj += 4;
    return strncmp(nvrm, maj, strspn(maj, "0123456789"));
}

static void decide_compat(struct model *m, const char **compat_libcuda)
{
    struct container_facts *c = m->c;
    const struct ctk_facts *k = &m->h->ctk;
    const char *nvrm = m->h->driver.kmod_version;
    size_t i;

    *compat_libcuda = NULL;
    find_compat(m);
    if (!c->n_compat_libs)
        return;
    if (!caps_has(&m->caps, "compute")) {
        c->compat_used = 0;
        c->compat_reason = "not mounted: the compute capability is not granted";
        return;
    }
    /* hook_config.go nvidiaContainerCliCUDACompatModeFlags; the default
     * (runtime.go defaultCUDACompatMode) is ldconfig. */
    if (!k->compat_mode || !strcmp(k->compat_mode, "ldconfig"))
        c->compat_mode = "ldconfig";
    else if (!strcmp(k->compat_mode, "mount"))
        c->compat_mode = "mount";
    else
        c->compat_mode = "disabled";
    for (i = 0; i < c->n_compat_libs; i++)
        if (lib_version(c->compat_libs[i], "libcuda.so."))
            *compat_libcuda = c->compat_libs[i];
    if (*compat_libcuda)
        c->compat_version = lib_version(*compat_libcuda, "libcuda.so.");
    if (!strcmp(c->compat_mode, "disabled")) {
        c->compat_used = 0;
        c->compat_reason = "cuda-compat-mode is disabled in config.toml";
        return;
    }
    if (!*compat_libcuda) {
        c->compat_used = 0;
        c->compat_reason = "the compat directory holds no libcuda.so.<version>";
        return;
    }
    if (!nvrm) {
        c->compat_used = -1;
        c->compat_reason = "the host's driver version is unknown";
        return;
    }
    if (!strcmp(c->compat_mode, "ldconfig") ? major_cmp(nvrm, *compat_libcuda) >= 0
                                            : major_cmp(nvrm, *compat_libcuda) == 0) {
        c->compat_used = 0;
        c->compat_reason = arena_printf(&m->cf->arena,
                                        "not used: the host's driver %s is not older in its major version than "
                                        "the compat libcuda %s", nvrm, c->compat_version);
        return;
    }
    if (!strcmp(c->compat_mode, "mount") && ctk_dsl_compare_version(c->compat_version, "<", nvrm) == 1) {
        c->compat_used = 0;
        c->compat_reason = arena_printf(&m->cf->arena,
                                        "mounted but not used: ldconfig links libcuda.so.1 to the host's newer %s",
                                        nvrm);
        return;
    }
    c->compat_used = 1;
    c->compat_reason = arena_printf(&m->cf->arena, "used: the compat libcuda %s is newer than the host's driver %s",
                                    c->compat_version, nvrm);
    {
        int ok = 1;
        for (i = 0; i < m->n_sel; i++) {
            int s = ctk_gpu_forward_compat(m->sel[i]->name);
            if (s == 0) {
                ok = 0;
                break;
            }
            if (s < 0)
                ok = -1;
        }
        c->compat_gpu_ok = m->n_sel ? ok : -1;
    }
}

static void add_inject(struct model *m, const char *cap, const char *host, const char *target, const char *ver)
{
    struct container_facts *c = m->c;
    struct ctk_inject *x;
    ALLOC_GROW(c->inject, c->n_inject + 1, c->alloc_inject);
    x = &c->inject[c->n_inject++];
    x->cap = cap;
    x->host = host;
    x->target = target;
    x->version = ver;
}

static struct driver_lib *add_driver_lib(struct facts *cf, const char *name, const char *version,
                                         const char *path, const char *origin)
{
    struct driver_lib *dl;
    ALLOC_GROW(cf->driver.libs, cf->driver.n_libs + 1, cf->driver.alloc_libs);
    dl = &cf->driver.libs[cf->driver.n_libs++];
    memset(dl, 0, sizeof(*dl));
    dl->name = name;
    dl->version = version;
    dl->path = path;
    dl->origin = origin;
    return dl;
}

/* Is cap granted, with the implications of nvc_info.c / options.h: video
 * brings the compute libraries, display the graphics ones. */
static int granted(const struct model *m, const char *cap)
{
    if (caps_has(&m->caps, cap))
        return 1;
    if (!strcmp(cap, "compute") && caps_has(&m->caps, "video"))
        return 1;
    if (!strcmp(cap, "graphics") && caps_has(&m->caps, "display"))
        return 1;
    return 0;
}

static void inject(struct model *m)
{
    struct facts *cf = m->cf;
    struct container_facts *c = m->c;
    const struct facts *h = m->h;
    const struct ctk_facts *k = &h->ctk;
    const char *triplet = h->system.multiarch ? h->system.multiarch
                          : (h->system.arch && !strcmp(h->system.arch, "aarch64")) ? "aarch64-linux-gnu"
                                                                                    : "x86_64-linux-gnu";
    struct compat_stat st;
    size_t i;

    /* nvc_container.c copy_config: Debian's multiarch directory when the
     * rootfs has /etc/debian_version, else /usr/lib64. */
    c->libs_dir = fs_stat(m->in->img, "/etc/debian_version", &st, NULL) == 1
                      ? facts_printf(cf, "/usr/lib/%s", triplet)
                      : "/usr/lib64";
    if (k->libs_source) {
        for (i = 0; i < k->n_libs; i++) {
            const struct ctk_lib *l = &k->libs[i];
            if (!granted(m, l->cap))
                continue;
            add_inject(m, l->cap, facts_str(cf, l->path),
                       l->soname ? facts_printf(cf, "%s/%s", c->libs_dir, l->name)
                                 : facts_printf(cf, "/usr/bin/%s", l->name),
                       l->soname ? facts_str(cf, k->libs_version) : NULL);
        }
    } else {
        /* Facts without the toolkit's list (recorded by an older gpudoctor):
         * the two driver libraries the facts name stand for theirs. */
        for (i = 0; i < h->driver.n_libs; i++) {
            const struct driver_lib *dl = &h->driver.libs[i];
            const char *cap = !strcmp(dl->name, "libcuda") ? "compute" : "utility";
            if (!granted(m, cap) || (h->driver.kmod_version && strcmp(dl->version, h->driver.kmod_version)))
                continue;
            add_inject(m, cap, facts_str(cf, dl->path),
                       facts_printf(cf, "%s/%s", c->libs_dir, path_basename(dl->path)), facts_str(cf, dl->version));
        }
    }
    for (i = 0; i < c->n_inject; i++) {
        const struct ctk_inject *x = &c->inject[i];
        const char *b = path_basename(x->target);
        if (str_starts(b, "libcuda.so.") && x->version)
            add_driver_lib(cf, "libcuda", x->version, x->target, "host");
        else if (str_starts(b, "libnvidia-ml.so.") && x->version)
            add_driver_lib(cf, "libnvidia-ml", x->version, x->target, "host");
    }
}

/* The device nodes (nvc_mount.c / nvc_internal.h): nvidiactl always, the
 * UVM nodes with the compute libraries, one per selected GPU. */
static void devices(struct model *m)
{
    struct facts *cf = m->cf;
    const struct facts *h = m->h;
    size_t i, k;

    free(cf->driver.nodes);
    cf->driver.nodes = NULL;
    cf->driver.n_nodes = cf->driver.alloc_nodes = 0;
    for (i = 0; i < h->driver.n_nodes; i++) {
        const struct dev_node *n = &h->driver.nodes[i];
        const char *b = path_basename(n->path);
        int want = !strcmp(b, "nvidiactl") || (!strcmp(b, "nvidia-uvm") && granted(m, "compute"));
        if (!want && str_starts(b, "nvidia") && b[6] >= '0' && b[6] <= '9') {
            /* /dev/nvidiaN of a selected GPU: the N-th GPU in bus order */
            unsigned long minor = strtoul(b + 6, NULL, 10);
            for (k = 0; k < m->n_sel; k++)
                if ((size_t)(m->sel[k] - h->gpus) == minor)
                    want = 1;
        }
        if (!want || !n->exists)
            continue;
        ALLOC_GROW(cf->driver.nodes, cf->driver.n_nodes + 1, cf->driver.alloc_nodes);
        {
            /* The host's node, as the runtime creates it in the container:
             * the same numbers and mode, open to the container's process
             * (the runtime adds it to the device cgroup). */
            struct dev_node *dn = &cf->driver.nodes[cf->driver.n_nodes++];
            *dn = *n;
            dn->path = facts_str(cf, n->path);
            dn->group = facts_str(cf, n->group);
            dn->exists = dn->readable = dn->writable = 1;
            dn->user_access = -1;
            dn->cgroup_access = 1;
        }
    }
}

/* dlopen("libcuda.so.1") in the container: LD_LIBRARY_PATH first (the
 * image's directories), then the cache the runtime's ldconfig rebuilt. */
static void loaded_libcuda(struct model *m, const char *compat_libcuda)
{
    struct facts *cf = m->cf;
    struct container_facts *c = m->c;
    struct resolve_request req;
    struct resolve_result res;
    struct strbuf real = STRBUF_INIT;
    struct gd_err err;
    const char *path = NULL, *step = NULL;
    size_t i;
    int r;

    memset(&req, 0, sizeof(req));
    req.name = "libcuda.so.1";
    req.ld_library_path = getv(m, "LD_LIBRARY_PATH");
    err_init(&err);
    r = m->in->resolver ? resolve_library(m->in->resolver, &req, &res, &err) : -1;
    if (r == 1 && res.step == RSTEP_LD_LIBRARY_PATH) {
        struct strbuf dir = STRBUF_INIT;
        path_dirname(&dir, res.path);
        if (strcmp(dir.buf, c->libs_dir)) {
            path = facts_str(cf, res.path);
            step = "ld_library_path";
        }
        strbuf_release(&dir);
    }
    if (r >= 0)
        resolve_result_release(&res);
    if (!path && c->compat_used == 1 && compat_libcuda) {
        if (!strcmp(c->compat_mode, "mount"))
            path = facts_printf(cf, "%s/%s", c->libs_dir, path_basename(compat_libcuda));
        else
            path = compat_libcuda;
        step = !strcmp(c->compat_mode, "mount") ? "cache (compat library mounted by the runtime)"
                                                : "cache (compat directory added by the runtime's ldconfig)";
        add_driver_lib(cf, "libcuda", c->compat_version, path, "compat");
    }
    if (!path && granted(m, "compute")) {
        /* ldconfig links libcuda.so.1 to the highest version in libs_dir:
         * the injected file, or an image's own newer one. */
        const struct driver_lib *best = NULL;
        for (i = 0; i < cf->driver.n_libs; i++) {
            const struct driver_lib *dl = &cf->driver.libs[i];
            struct strbuf dir = STRBUF_INIT;
            path_dirname(&dir, dl->path);
            if (!strcmp(dl->name, "libcuda") && !strcmp(dir.buf, c->libs_dir) &&
                (!best || ctk_dsl_compare_version(dl->version, ">", best->version) == 1))
                best = dl;
            strbuf_release(&dir);
        }
        if (best) {
            path = best->path;
            step = "cache (rebuilt by the runtime's ldconfig)";
        }
    }
    if (!path && r == 1) {
        /* nothing injected: the image's own resolution */
        path = cf->driver.libcuda_resolved;
        step = cf->driver.libcuda_step;
    }
    cf->driver.libcuda_resolved = path;
    cf->driver.libcuda_step = step;
    for (i = 0; i < cf->driver.n_libs; i++) {
        struct driver_lib *dl = &cf->driver.libs[i];
        if (!strcmp(dl->name, "libcuda"))
            dl->loaded = path && (!strcmp(dl->path, path) ||
                                  (fs_realpath(m->in->img, path, &real, &err) == 1 && !strcmp(real.buf, dl->path)));
    }
    /* libnvidia-ml.so.1: the injected one when utility is granted */
    for (i = 0; i < cf->driver.n_libs; i++) {
        struct driver_lib *dl = &cf->driver.libs[i];
        if (!strcmp(dl->name, "libnvidia-ml"))
            dl->loaded = dl->origin ? granted(m, "utility") : !granted(m, "utility") && dl->loaded;
    }
    strbuf_release(&real);
}

/* The kernel side is the host's: kernel, module, /proc/driver/nvidia (the
 * runtime mounts a copy), the GPUs the container gets. */
static void host_side(struct model *m, int with_gpus)
{
    struct facts *cf = m->cf;
    const struct facts *h = m->h;
    size_t i;

    cf->system.kernel = facts_str(cf, h->system.kernel);
    cf->system.kernel_source = h->system.kernel ? "the host" : NULL;
    cf->system.page_size_kib = h->system.page_size_kib;
    cf->system.page_size_source = h->system.page_size_kib ? "the host" : NULL;
    cf->system.proc_state = facts_str(cf, h->system.proc_state);
    cf->system.wsl = h->system.wsl;
    cf->system.container = "container";
    cf->system.container_evidence = "check --image: the image started on the host";
    cf->driver.kmod_version = facts_str(cf, h->driver.kmod_version);
    cf->driver.kmod_flavor = facts_str(cf, h->driver.kmod_flavor);
    cf->driver.kmod_source = h->driver.kmod_source ? facts_printf(cf, "host:%s", h->driver.kmod_source) : NULL;
    cf->driver.nouveau_loaded = h->driver.nouveau_loaded;
    cf->driver.nouveau_evidence = facts_str(cf, h->driver.nouveau_evidence);
    free(cf->gpus);
    cf->gpus = NULL;
    cf->n_gpus = cf->alloc_gpus = 0;
    cf->pci_readable = h->pci_readable;
    if (with_gpus) {
        for (i = 0; i < m->n_sel; i++) {
            ALLOC_GROW(cf->gpus, cf->n_gpus + 1, cf->alloc_gpus);
            cf->gpus[cf->n_gpus++] = *m->sel[i];
        }
    } else {
        /* No GPU granted: /sys still shows the host's PCI devices. */
        for (i = 0; i < h->n_gpus; i++) {
            ALLOC_GROW(cf->gpus, cf->n_gpus + 1, cf->alloc_gpus);
            cf->gpus[cf->n_gpus++] = h->gpus[i];
        }
    }
    for (i = 0; i < cf->n_gpus; i++) {
        struct gpu *g = &cf->gpus[i];
        g->pci_slot = facts_str(cf, g->pci_slot);
        g->name = facts_str(cf, g->name);
        g->name_source = facts_str(cf, g->name_source);
        g->compute_capability = facts_str(cf, g->compute_capability);
        g->cc_source = facts_str(cf, g->cc_source);
        g->uuid = facts_str(cf, g->uuid);
        g->bound_driver = facts_str(cf, g->bound_driver);
    }
}

/* The host's toolkit record, copied into cf (its strings into cf's arena). */
static void copy_ctk(struct facts *cf, const struct ctk_facts *k)
{
    struct ctk_facts *d = &cf->ctk;
    size_t i, j;

    /* What the image's own scan found (a toolkit inside the image) gives way. */
    for (i = 0; i < d->n_cdi; i++)
        free(d->cdi[i].devices);
    free(d->cdi);
    free(d->libs);
    *d = *k;
    d->cdi = NULL;
    d->n_cdi = d->alloc_cdi = 0;
    d->libs = NULL;
    d->n_libs = d->alloc_libs = 0;
#define S(x) d->x = facts_str(cf, k->x)
    S(hook); S(cli); S(runtime); S(nvidia_ctk); S(cdi_hook); S(libnvc); S(version); S(config); S(mode);
    S(compat_mode); S(supported_caps); S(ldconfig); S(docker_config); S(containerd_config); S(crio_config);
    S(libs_source); S(libs_version);
#undef S
    for (i = 0; i < k->n_cdi; i++) {
        struct cdi_spec *s;
        ALLOC_GROW(d->cdi, d->n_cdi + 1, d->alloc_cdi);
        s = &d->cdi[d->n_cdi++];
        *s = k->cdi[i];
        s->path = facts_str(cf, s->path);
        s->kind = facts_str(cf, s->kind);
        s->problem = facts_str(cf, s->problem);
        s->devices = NULL;
        s->n_devices = s->alloc_devices = 0;
        for (j = 0; j < k->cdi[i].n_devices; j++) {
            ALLOC_GROW(s->devices, s->n_devices + 1, s->alloc_devices);
            s->devices[s->n_devices++] = facts_str(cf, k->cdi[i].devices[j]);
        }
    }
    for (i = 0; i < k->n_libs; i++) {
        struct ctk_lib *l;
        ALLOC_GROW(d->libs, d->n_libs + 1, d->alloc_libs);
        l = &d->libs[d->n_libs++];
        l->cap = facts_str(cf, k->libs[i].cap);
        l->path = facts_str(cf, k->libs[i].path);
        l->name = facts_str(cf, k->libs[i].name);
        l->soname = facts_str(cf, k->libs[i].soname);
    }
}

void ctk_model_start(const struct ctk_start *in, struct facts *cf)
{
    struct model m;
    struct container_facts *c = &cf->container;
    const char *compat_libcuda = NULL, *bad = NULL, *v;
    int cannot_tell = 0, gpus = 0;
    size_t i;

    memset(&m, 0, sizeof(m));
    m.in = in;
    m.cf = cf;
    m.c = c;
    m.h = in->host;
    c->present = 1;
    c->started = 1;
    copy_ctk(cf, &in->host->ctk);

    /* The image's own driver files (outside compat/) shadow nothing yet:
     * remember the first, for the rule that says it should not be there. */
    for (i = 0; i < cf->driver.n_libs; i++)
        if (!strcmp(cf->driver.libs[i].name, "libcuda") && !strstr(cf->driver.libs[i].path, "/compat/"))
            c->image_driver = cf->driver.libs[i].path;

    runtime_path(&m);
    read_env(&m);
    if (!c->runtime_path) {
        /* Nothing injects the GPU: docker run --gpus fails, anything else
         * starts without one (rules_container says which). */
        if (in->host->ctk.scanned)
            c->started = 0;
        else
            c->started = -1;
        host_side(&m, 0);
        return;
    }
    if (!strcmp(c->runtime_path, "legacy") && in->host->ctk.mode && strcmp(in->host->ctk.mode, "auto") &&
        strcmp(in->host->ctk.mode, "legacy")) {
        set_refused(&m, "invoking the NVIDIA Container Runtime Hook directly (e.g. specifying the docker --gpus "
                    "flag) is not supported. Please use the NVIDIA Container Runtime (e.g. specify the "
                    "--runtime=nvidia flag) instead");
    }
    if (c->gpu_container == 0) {
        host_side(&m, 0);
        return;
    }
    if (c->hook_error)
        set_refused(&m, "%s", c->hook_error);
    /* The CDI path (nvidia-container-runtime in cdi mode, podman --device
     * nvidia.com/gpu=all) applies the spec's edits: no nvidia-container-cli,
     * so no NVML start-up and no requirement check. */
    if (!strcmp(c->runtime_path, "cdi")) {
        for (i = 0; i < c->n_reqs; i++)
            c->reqs[i].unknown = "not checked: the CDI path does not evaluate requirements";
        c->n_reqs = 0;
    } else {
        driver_init(&m);
    }
    if (!c->refused && select_gpus(&m, &cannot_tell, &bad) < 0)
        set_refused(&m, "device error: %s: unknown device", bad);
    if (cannot_tell && c->started == 1)
        c->started = -1;
    if (!c->refused)
        evaluate_requirements(&m);
    if (c->refused) {
        host_side(&m, 0);
        return;
    }
    for (i = 0; i < c->n_reqs; i++)
        if (c->reqs[i].result < 0 && c->started == 1)
            c->started = -1;
    gpus = 1;
    host_side(&m, gpus);
    inject(&m);
    devices(&m);
    decide_compat(&m, &compat_libcuda);
    loaded_libcuda(&m, compat_libcuda);
    v = facts_driver_version(cf);
    cf->driver.cuda_max = NULL;
    cf->driver.cuda_max_source = NULL;
    if (v && in->kb)
        kb_driver_cuda_max(in->kb, v, &cf->driver.cuda_max, &cf->driver.cuda_max_source);
}
