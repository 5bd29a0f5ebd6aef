/*
 * ctk.c - the NVIDIA Container Toolkit on the examined machine
 * (facts/container_facts.h, struct ctk_facts).
 *
 * What decides whether a container started on this machine gets its GPUs:
 *  - the binaries: dockerd registers its "nvidia" device driver (docker
 *    run --gpus) only when nvidia-container-runtime-hook is on its PATH
 *    (moby daemon/devices_nvidia_linux.go); the hook runs
 *    nvidia-container-cli (NVIDIA/nvidia-container-toolkit
 *    cmd/nvidia-container-runtime-hook/main.go), which needs
 *    libnvidia-container.so.1;
 *  - /etc/nvidia-container-runtime/config.toml (CTK api/config/v1/
 *    config.go, runtime.go, features.go): disable-require,
 *    supported-driver-capabilities, accept-nvidia-visible-devices-envvar-
 *    when-unprivileged, [nvidia-container-runtime] mode,
 *    [nvidia-container-runtime.modes.legacy] cuda-compat-mode,
 *    [nvidia-container-cli] ldconfig, [features]
 *    allow-cuda-compat-libs-from-container;
 *  - the engines: Docker's daemon.json runtimes.nvidia / default-runtime /
 *    features.cdi, containerd's runtimes with BinaryName
 *    nvidia-container-runtime and enable_cdi, CRI-O's runtimes (what
 *    `nvidia-ctk runtime configure` writes: CTK pkg/config/engine/);
 *  - the CDI specs in /etc/cdi and /var/run/cdi (CDI pkg/cdi/spec-dirs.go);
 *  - the driver files `nvidia-container-cli configure` would mount, found
 *    as libnvidia-container finds them (src/nvc_info.c): every entry of the
 *    host's /etc/ld.so.cache of the host's ABI whose key starts with one
 *    of a capability's library names, resolved, and kept only when the
 *    file's name ends with the driver version (select_libraries); and the
 *    utility/compute binaries on the PATH.
 * Reads files only.
 */
#include "scan/scan.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "loader/ldcache.h"
#include "scan/cdi.h"
#include "scan/dpkg.h"
#include "scan/toml.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define CONFIG_MAX (1u << 20)
#define CDI_SPEC_MAX (8u << 20)
#define MAX_DIR 10000

static const char *const bin_dirs[] = { "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin",
                                        "/bin", NULL };

/*
 * libnvidia-container src/nvc_info.c (v1.17/1.18): the library names per
 * capability (utility_libs, compute_libs, video_libs, graphics_libs,
 * graphics_libs_glvnd, ngx_libs) and binaries (utility_bins,
 * compute_bins).  The GLVND wrappers (graphics_libs_compat: libGL,
 * libEGL, libGLES*) are chosen there only when their DT_NEEDED names
 * libnvidia-glcore or -eglcore; they are not listed here.
 */
static const struct {
    const char *cap;
    const char *name;
} ctk_libs[] = {
    { "utility", "libnvidia-ml.so" }, { "utility", "libnvidia-cfg.so" }, { "utility", "libnvidia-nscq.so" },
    { "compute", "libcuda.so" }, { "compute", "libcudadebugger.so" }, { "compute", "libnvidia-opencl.so" },
    { "compute", "libnvidia-gpucomp.so" }, { "compute", "libnvidia-ptxjitcompiler.so" },
    { "compute", "libnvidia-fatbinaryloader.so" }, { "compute", "libnvidia-allocator.so" },
    { "compute", "libnvidia-compiler.so" }, { "compute", "libnvidia-pkcs11.so" },
    { "compute", "libnvidia-pkcs11-openssl3.so" }, { "compute", "libnvidia-nvvm.so" },
    { "compute", "libnvidia-tileiras.so" },
    { "video", "libvdpau_nvidia.so" }, { "video", "libnvidia-encode.so" }, { "video", "libnvidia-opticalflow.so" },
    { "video", "libnvcuvid.so" },
    { "graphics", "libnvidia-eglcore.so" }, { "graphics", "libnvidia-glcore.so" }, { "graphics", "libnvidia-tls.so" },
    { "graphics", "libnvidia-glsi.so" }, { "graphics", "libnvidia-fbc.so" }, { "graphics", "libnvidia-ifr.so" },
    { "graphics", "libnvidia-rtcore.so" }, { "graphics", "libnvoptix.so" }, { "graphics", "libGLX_nvidia.so" },
    { "graphics", "libEGL_nvidia.so" }, { "graphics", "libGLESv2_nvidia.so" },
    { "graphics", "libGLESv1_CM_nvidia.so" }, { "graphics", "libnvidia-glvkspirv.so" },
    { "graphics", "libnvidia-cbl.so" },
    { "ngx", "libnvidia-ngx.so" },
};

static const struct {
    const char *cap;
    const char *name;
} ctk_bins[] = {
    { "utility", "nvidia-smi" }, { "utility", "nvidia-debugdump" }, { "utility", "nvidia-persistenced" },
    { "utility", "nv-fabricmanager" }, { "compute", "nvidia-cuda-mps-control" },
    { "compute", "nvidia-cuda-mps-server" },
};

/* The PATH directories, each listed once under its canonical name (merged
 * /usr: /sbin and /bin are /usr/sbin and /usr/bin, listed once for both):
 * ents NULL where it is absent (n 0, state 0) or could not be listed
 * (state -1: its names are asked one by one). */
struct bin_listing {
    const struct fs_dirent *const *ents;
    size_t n;
    int state;
};
#define N_BIN_DIRS (sizeof(bin_dirs) / sizeof(bin_dirs[0]) - 1)

static void list_bin_dirs(struct scan_ctx *ctx, struct bin_listing *bl)
{
    struct strbuf real = STRBUF_INIT;
    size_t i;
    for (i = 0; i < N_BIN_DIRS; i++) {
        struct gd_err err;
        int r;
        err_init(&err);
        bl[i].ents = NULL;
        bl[i].n = 0;
        r = fs_realpath(ctx->fs, bin_dirs[i], &real, &err);
        if (r == 1)
            r = fs_list_dir_sorted(ctx->fs, real.buf, MAX_DIR, &bl[i].ents, &bl[i].n, &err);
        bl[i].state = r;
    }
    strbuf_release(&real);
}

static int cmp_name_ent(const void *key, const void *ent)
{
    return strcmp(key, (*(const struct fs_dirent *const *)ent)->name);
}

/* The first PATH directory holding name as a regular file (through links),
 * as `command -v` finds it. */
static const char *find_bin(struct scan_ctx *ctx, const struct bin_listing *bl, const char *name)
{
    struct strbuf p = STRBUF_INIT;
    const char *found = NULL;
    size_t i;
    for (i = 0; bin_dirs[i] && !found; i++) {
        enum compat_ftype t;
        const struct fs_dirent *const *e = NULL;
        if (bl[i].state == 0)
            continue;
        if (bl[i].state == 1) {
            e = bl[i].n ? bsearch(name, bl[i].ents, bl[i].n, sizeof(*bl[i].ents), cmp_name_ent) : NULL;
            if (!e || (*e)->type == COMPAT_FT_DIR)
                continue;
        }
        path_join(&p, bin_dirs[i], name);
        if (e && (*e)->type == COMPAT_FT_REG)
            found = facts_str(ctx->facts, p.buf);
        else if (fs_stat_type(ctx->fs, p.buf, &t, NULL) == 1 && t == COMPAT_FT_REG)
            found = facts_str(ctx->facts, p.buf);
    }
    strbuf_release(&p);
    return found;
}

static int tri_bool(const char *v)
{
    return !strcmp(v, "true") ? 1 : !strcmp(v, "false") ? 0 : -1;
}

static int parts_are(const struct toml_kv *kv, const char *const *want, size_t n)
{
    size_t i;
    if (kv->n_parts != n)
        return 0;
    for (i = 0; i < n; i++)
        if (strcmp(kv->parts[i], want[i]))
            return 0;
    return 1;
}

static void ctk_config_kv(const struct toml_kv *kv, void *arg)
{
    struct scan_ctx *ctx = arg;
    struct ctk_facts *c = &ctx->facts->ctk;
    static const char *const k_dr[] = { "disable-require" };
    static const char *const k_caps[] = { "supported-driver-capabilities" };
    static const char *const k_acc[] = { "accept-nvidia-visible-devices-envvar-when-unprivileged" };
    static const char *const k_mode[] = { "nvidia-container-runtime", "mode" };
    static const char *const k_compat[] = { "nvidia-container-runtime", "modes", "legacy", "cuda-compat-mode" };
    static const char *const k_ldc[] = { "nvidia-container-cli", "ldconfig" };
    static const char *const k_allow[] = { "features", "allow-cuda-compat-libs-from-container" };

    if (parts_are(kv, k_dr, 1) && kv->kind == TOML_BOOL)
        c->disable_require = tri_bool(kv->value);
    else if (parts_are(kv, k_acc, 1) && kv->kind == TOML_BOOL)
        c->accept_envvar = tri_bool(kv->value);
    else if (parts_are(kv, k_allow, 2) && kv->kind == TOML_BOOL)
        c->allow_compat = tri_bool(kv->value);
    else if (kv->kind == TOML_STRING) {
        if (parts_are(kv, k_caps, 1))
            c->supported_caps = facts_str(ctx->facts, kv->value);
        else if (parts_are(kv, k_mode, 2))
            c->mode = facts_str(ctx->facts, kv->value);
        else if (parts_are(kv, k_compat, 4))
            c->compat_mode = facts_str(ctx->facts, kv->value);
        else if (parts_are(kv, k_ldc, 2))
            c->ldconfig = facts_str(ctx->facts, kv->value);
    }
}

static void read_ctk_config(struct scan_ctx *ctx)
{
    static const char path[] = "/etc/nvidia-container-runtime/config.toml";
    struct strbuf sb = STRBUF_INIT;
    if (scan_read_text(ctx, path, CONFIG_MAX, &sb) == 1) {
        ctx->facts->ctk.config = path;
        toml_scan(sb.buf, sb.len, ctk_config_kv, ctx);
    }
    strbuf_release(&sb);
}

static void read_docker(struct scan_ctx *ctx)
{
    static const char path[] = "/etc/docker/daemon.json";
    struct ctk_facts *c = &ctx->facts->ctk;
    struct strbuf sb = STRBUF_INIT;
    json_error_t je;
    json_t *j, *rt, *feat;

    if (scan_read_text(ctx, path, CONFIG_MAX, &sb) != 1) {
        strbuf_release(&sb);
        return;
    }
    j = json_loadb(sb.buf, sb.len, 0, &je);
    strbuf_release(&sb);
    if (!j || !json_is_object(j)) {
        facts_warn(ctx->facts, path, j ? "not a JSON object" : je.text);
        json_decref(j);
        return;
    }
    c->docker_config = path;
    rt = json_object_get(json_object_get(j, "runtimes"), "nvidia");
    c->docker_runtime = json_is_object(rt) ? 1 : 0;
    c->docker_default = json_is_string(json_object_get(j, "default-runtime")) &&
                        !strcmp(json_string_value(json_object_get(j, "default-runtime")), "nvidia");
    feat = json_object_get(j, "features");
    c->docker_cdi = json_is_true(json_object_get(feat, "cdi")) ? 1 : 0;
    json_decref(j);
}

struct engine_scan {
    struct scan_ctx *ctx;
    int runtime, cdi;
};

/* containerd: plugins.<cri>.containerd.runtimes.NAME.options.BinaryName, and
 * enable_cdi (CTK pkg/config/engine/containerd); CRI-O:
 * crio.runtime.runtimes.NAME.runtime_path (pkg/config/engine/crio). */
static void engine_kv(const struct toml_kv *kv, void *arg)
{
    struct engine_scan *es = arg;
    const char *last = kv->n_parts ? kv->parts[kv->n_parts - 1] : "";
    if (kv->kind == TOML_STRING && (!strcmp(last, "BinaryName") || !strcmp(last, "runtime_path")) &&
        str_ends(kv->value, "nvidia-container-runtime"))
        es->runtime = 1;
    if (kv->kind == TOML_BOOL && !strcmp(last, "enable_cdi") && !strcmp(kv->value, "true"))
        es->cdi = 1;
}

static int keep_toml(const char *name, void *arg)
{
    (void)arg;
    return str_ends(name, ".toml") || str_ends(name, ".conf");
}

/* One engine's main file and its drop-in directory; the first file read is returned. */
static const char *read_engine(struct scan_ctx *ctx, const char *file, const char *dropins, struct engine_scan *es)
{
    struct strbuf sb = STRBUF_INIT, p = STRBUF_INIT;
    struct fs_dirlist list;
    struct gd_err err;
    const char *first = NULL;
    size_t i;

    if (scan_read_text(ctx, file, CONFIG_MAX, &sb) == 1) {
        first = file;
        toml_scan(sb.buf, sb.len, engine_kv, es);
    }
    err_init(&err);
    if (fs_list_dir_filtered(ctx->fs, dropins, MAX_DIR, keep_toml, NULL, &list, &err) == 1) {
        for (i = 0; i < list.nr; i++) {
            path_join(&p, dropins, list.ents[i].name);
            if (scan_read_text(ctx, p.buf, CONFIG_MAX, &sb) == 1) {
                if (!first)
                    first = facts_str(ctx->facts, p.buf);
                toml_scan(sb.buf, sb.len, engine_kv, es);
            }
        }
    }
    fs_dirlist_release(&list);
    strbuf_release(&sb);
    strbuf_release(&p);
    return first;
}

static void read_engines(struct scan_ctx *ctx)
{
    struct ctk_facts *c = &ctx->facts->ctk;
    struct engine_scan es = { ctx, 0, 0 };

    c->containerd_config = read_engine(ctx, "/etc/containerd/config.toml", "/etc/containerd/conf.d", &es);
    if (c->containerd_config) {
        c->containerd_runtime = es.runtime;
        c->containerd_cdi = es.cdi;
    }
    es.runtime = es.cdi = 0;
    c->crio_config = read_engine(ctx, "/etc/crio/crio.conf", "/etc/crio/crio.conf.d", &es);
    if (c->crio_config)
        c->crio_runtime = es.runtime;
}

static int keep_spec(const char *name, void *arg)
{
    (void)arg;
    return str_ends(name, ".yaml") || str_ends(name, ".json");
}

static void read_cdi(struct scan_ctx *ctx)
{
    static const char *const dirs[] = { "/etc/cdi", "/var/run/cdi", NULL };
    struct facts *f = ctx->facts;
    struct ctk_facts *c = &f->ctk;
    struct strbuf sb = STRBUF_INIT, p = STRBUF_INIT;
    size_t d, i, k;

    for (d = 0; dirs[d]; d++) {
        struct fs_dirlist list;
        struct gd_err err;
        err_init(&err);
        if (fs_list_dir_filtered(ctx->fs, dirs[d], MAX_DIR, keep_spec, NULL, &list, &err) != 1) {
            fs_dirlist_release(&list);
            continue;
        }
        for (i = 0; i < list.nr; i++) {
            struct cdi_spec *s;
            struct cdi_doc doc;
            path_join(&p, dirs[d], list.ents[i].name);
            ALLOC_GROW(c->cdi, c->n_cdi + 1, c->alloc_cdi);
            s = &c->cdi[c->n_cdi++];
            memset(s, 0, sizeof(*s));
            s->path = facts_str(f, p.buf);
            s->mounts_libcuda = -1;
            strbuf_reset(&sb);
            err_init(&err);
            if (fs_read_file(ctx->fs, p.buf, CDI_SPEC_MAX, &sb, &err) != 1) {
                s->problem = facts_str(f, err.msg[0] ? err.msg : "unreadable");
                continue;
            }
            if (cdi_parse(sb.buf, sb.len, &f->arena, &doc, &err) < 0) {
                s->problem = facts_str(f, err.msg);
                continue;
            }
            s->kind = doc.kind;
            for (k = 0; k < doc.n_devices; k++) {
                ALLOC_GROW(s->devices, s->n_devices + 1, s->alloc_devices);
                s->devices[s->n_devices++] = doc.devices[k];
            }
            s->mounts_libcuda = 0;
            for (k = 0; k < doc.n_mounts; k++)
                if (str_starts(path_basename(doc.mounts[k].container), "libcuda.so"))
                    s->mounts_libcuda = 1;
        }
        fs_dirlist_release(&list);
    }
    strbuf_release(&sb);
    strbuf_release(&p);
}

/* The ld.so.cache ABI flags of 64-bit libraries on this architecture
 * (glibc sysdeps/generic/ldconfig.h; libnvidia-container's LIB_ARCH). */
static int abi_flags(const char *arch)
{
    if (arch && !strcmp(arch, "aarch64"))
        return LDCACHE_FLAG_LIBC6 | LDCACHE_FLAG_AARCH64_LIB64;
    return LDCACHE_FLAG_LIBC6 | LDCACHE_FLAG_X8664_LIB64;
}

#define N_CTK_LIBS (sizeof(ctk_libs) / sizeof(ctk_libs[0]))

static void find_driver_files(struct scan_ctx *ctx, const struct bin_listing *bl)
{
    struct facts *f = ctx->facts;
    struct ctk_facts *c = &f->ctk;
    const char *ver = f->driver.kmod_version ? f->driver.kmod_version : facts_driver_version(f);
    struct ldcache lc;
    struct gd_err err;
    struct strbuf real = STRBUF_INIT;
    const char *path[N_CTK_LIBS], *key[N_CTK_LIBS];
    size_t i, j;
    int flags = abi_flags(f->system.arch);

    if (!ver)
        return;
    memset(path, 0, sizeof(path));
    memset(key, 0, sizeof(key));
    ldcache_init(&lc);
    err_init(&err);
    if (ldcache_load(ctx->fs, "/etc/ld.so.cache", &lc, &err) == 1) {
        c->libs_source = "/etc/ld.so.cache";
        c->libs_version = facts_str(f, ver);
        for (i = 0; i < lc.nr; i++) {
            const struct ldcache_entry *e = &lc.entries[i];
            if ((e->flags & (LDCACHE_FLAG_TYPE_MASK | LDCACHE_FLAG_ABI_MASK)) != flags || e->hwcaps_subdir)
                continue;
            for (j = 0; j < N_CTK_LIBS; j++) {
                if (!str_starts(e->key, ctk_libs[j].name))
                    continue;
                /* ldcache_resolve + select_libraries: the entry's file, resolved,
                 * must carry the driver version; a later match replaces. */
                if (fs_realpath(ctx->fs, e->value, &real, &err) == 1 &&
                    str_ends(path_basename(real.buf), ver)) {
                    path[j] = facts_str(f, real.buf);
                    key[j] = facts_str(f, e->key);
                }
                break;
            }
        }
        for (j = 0; j < N_CTK_LIBS; j++) {
            if (!path[j])
                continue;
            ALLOC_GROW(c->libs, c->n_libs + 1, c->alloc_libs);
            c->libs[c->n_libs].cap = ctk_libs[j].cap;
            c->libs[c->n_libs].path = path[j];
            c->libs[c->n_libs].name = path_basename(path[j]);
            c->libs[c->n_libs].soname = key[j];
            c->n_libs++;
        }
    }
    /* An unusable cache is the loader model's warning already (resolve.c):
     * the files to mount stay unknown (libs_source NULL). */
    ldcache_release(&lc);
    for (j = 0; j < sizeof(ctk_bins) / sizeof(ctk_bins[0]); j++) {
        const char *b = find_bin(ctx, bl, ctk_bins[j].name);
        if (b) {
            ALLOC_GROW(c->libs, c->n_libs + 1, c->alloc_libs);
            memset(&c->libs[c->n_libs], 0, sizeof(c->libs[c->n_libs]));
            c->libs[c->n_libs].cap = ctk_bins[j].cap;
            c->libs[c->n_libs].path = b;
            c->libs[c->n_libs].name = path_basename(b);
            c->n_libs++;
        }
    }
    strbuf_release(&real);
}

void scan_ctk(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct ctk_facts *c = &f->ctk;
    static const char *const pkgs[] = { "nvidia-container-toolkit", "nvidia-container-toolkit-base",
                                        "libnvidia-container-tools", NULL };
    struct bin_listing bl[N_BIN_DIRS];
    size_t i;

    c->scanned = 1;
    /* Eleven names in each of six directories, most absent: one listing of
     * each answers them. */
    list_bin_dirs(ctx, bl);
    c->hook = find_bin(ctx, bl, "nvidia-container-runtime-hook");
    c->cli = find_bin(ctx, bl, "nvidia-container-cli");
    c->runtime = find_bin(ctx, bl, "nvidia-container-runtime");
    c->nvidia_ctk = find_bin(ctx, bl, "nvidia-ctk");
    c->cdi_hook = find_bin(ctx, bl, "nvidia-cdi-hook");
    {
        const char *dirs[4] = { NULL, "/usr/lib64", "/usr/lib", NULL };
        struct strbuf p = STRBUF_INIT;
        if (f->system.multiarch)
            dirs[0] = facts_printf(f, "/usr/lib/%s", f->system.multiarch);
        for (i = 0; i < 3 && !c->libnvc; i++) {
            struct compat_stat st;
            if (!dirs[i])
                continue;
            path_join(&p, dirs[i], "libnvidia-container.so.1");
            if (fs_stat(ctx->fs, p.buf, &st, NULL) == 1 && st.type == COMPAT_FT_REG)
                c->libnvc = facts_str(f, p.buf);
        }
        strbuf_release(&p);
    }
    for (i = 0; pkgs[i] && !c->version; i++) {
        const struct dpkg_pkg *p = dpkg_find(f, pkgs[i]);
        if (p && p->state && !strcmp(p->state, "installed"))
            c->version = p->version;
    }
    read_ctk_config(ctx);
    read_docker(ctx);
    read_engines(ctx);
    read_cdi(ctx);
    find_driver_files(ctx, bl);
}
