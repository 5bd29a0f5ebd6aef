/*
 * driver.c - the NVIDIA driver: the loaded kernel module (and its flavour),
 * the user-space driver libraries by their versioned file names, nouveau,
 * the device nodes, WSL2's driver mapping and toolkit stubs on the loader
 * path.  The CUDA version the driver supports comes from the knowledge base.
 */
#include "scan/scan.h"

#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "loader/resolve.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define SMALL_FILE (64u * 1024)
#define MAX_DIR_ENTRIES 100000

static void scan_loaded_kmod(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    const char *line, *tok;
    size_t pos = 0, n, tn;

    /*
     * First line, proprietary:  "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.216.03  <date>"
     * open:  "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  555.58.02  Release Build ..."
     * The version is the first token that is a dotted number, which works
     * for both (a pattern anchored on "Kernel Module" misses the open one).
     */
    if (scan_read_text(ctx, "/proc/driver/nvidia/version", SMALL_FILE, &sb) == 1) {
        while (next_line(sb.buf, sb.len, &pos, &line, &n)) {
            if (n < 13 || memcmp(line, "NVRM version:", 13))
                continue;
            if (find_version_token(line + 13, n - 13, &tok, &tn)) {
                f->driver.kmod_version = arena_strndup(&f->arena, tok, tn);
                f->driver.kmod_source = "/proc/driver/nvidia/version";
                f->driver.kmod_flavor = mem_contains(line, n, "Open Kernel Module") ? "open"
                                                                                    : "proprietary";
            }
            break;
        }
    }
    if (!f->driver.kmod_version &&
        scan_read_text(ctx, "/sys/module/nvidia/version", SMALL_FILE, &sb) == 1) {
        pos = 0;
        if (next_line(sb.buf, sb.len, &pos, &line, &n)) {
            trim(&line, &n);
            if (is_dotted_version(line, n, 2, 3)) {
                f->driver.kmod_version = arena_strndup(&f->arena, line, n);
                f->driver.kmod_source = "/sys/module/nvidia/version";
            }
        }
    }
    strbuf_release(&sb);
}

static void scan_nouveau(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct compat_stat st;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;

    err_init(&err);
    if (f->driver.kmod_version && f->pci_readable && f->n_gpus) {
        size_t i;
        for (i = 0; i < f->n_gpus && f->gpus[i].bound_driver && !strcmp(f->gpus[i].bound_driver, "nvidia"); i++)
            ;
        if (i == f->n_gpus) {
            /* nouveau can hold no GPU here: not asked. */
            f->driver.nouveau_unasked = "every NVIDIA GPU on the PCI bus is bound to the nvidia driver";
            return;
        }
    }
    if (fs_stat(ctx->fs, "/sys/module/nouveau", &st, &err) == 1 && st.type == COMPAT_FT_DIR) {
        f->driver.nouveau_loaded = 1;
        f->driver.nouveau_evidence = "/sys/module/nouveau exists";
    } else if (fs_read_head(ctx->fs, "/proc/modules", 1u << 20, &sb, &err) == 1) {
        size_t pos = 0, n;
        const char *line;
        while (next_line(sb.buf, sb.len, &pos, &line, &n)) {
            if (n > 8 && !memcmp(line, "nouveau ", 8)) {
                f->driver.nouveau_loaded = 1;
                f->driver.nouveau_evidence = "/proc/modules lists nouveau";
                break;
            }
        }
    }
    strbuf_release(&sb);
}

/*
 * The driver-side libraries a CUDA program (and nvidia-smi) loads by
 * soname, each installed as <base>.so.<driver version> with the soname as a
 * link to it: NVIDIA's installer, Debian's packages (one slave link per
 * library in nvidia-alternative's postinst: libcuda.so.1,
 * libcudadebugger.so.1, libnvidia-ml.so.1, libnvidia-ptxjitcompiler.so.1),
 * and the CUDA forward-compatibility package (cuda-compat: libcuda and the
 * PTX JIT compiler in /usr/local/cuda-X.Y/compat).
 */
static const struct drvlib {
    const char *soname, *prefix, *name;
} drvlibs[] = {
    { "libcuda.so.1", "libcuda.so.", "libcuda" },
    { "libnvidia-ml.so.1", "libnvidia-ml.so.", "libnvidia-ml" },
    { "libnvidia-ptxjitcompiler.so.1", "libnvidia-ptxjitcompiler.so.", "libnvidia-ptxjitcompiler" },
    { "libcudadebugger.so.1", "libcudadebugger.so.", "libcudadebugger" },
};
#define N_DRVLIBS (sizeof(drvlibs) / sizeof(drvlibs[0]))

/* Each alternative's directory (Debian: /usr/lib/<triplet>/nvidia/current,
 * nvidia/tesla-535, ...; the packages of every flavour can be installed
 * side by side, update-alternatives picks one) under dir. */
static void flavour_dirs(struct scan_ctx *ctx, struct strlist *dirs, const char *dir)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    struct gd_err err;
    size_t i;

    err_init(&err);
    if (fs_list_dir(ctx->fs, dir, 256, &list, &err) == 1)
        for (i = 0; i < list.nr; i++)
            if (list.ents[i].type == COMPAT_FT_DIR || list.ents[i].type == COMPAT_FT_UNKNOWN)
                strlist_push(f, dirs, facts_printf(f, "%s/%s", dir, list.ents[i].name));
    fs_dirlist_release(&list);
}

/* The directories where distributions and NVIDIA's installers put the
 * user-space driver (the examined ABI's and, to name a copy the loader
 * skips, the i386 multiarch and lib32 ones), plus every directory the
 * loader is told about. */
static void driver_lib_dirs(struct scan_ctx *ctx, struct strlist *dirs)
{
    struct facts *f = ctx->facts;
    static const char *const fixed[] = {
        "/usr/lib64", "/usr/lib", "/lib64", "/usr/local/nvidia/lib64", "/usr/local/nvidia/lib",
        "/usr/lib/nvidia", "/usr/lib64/nvidia", "/usr/lib/wsl/lib", "/usr/lib32", NULL
    };
    const char *const *p;
    size_t i;

    if (f->system.multiarch) {
        strlist_push(f, dirs, facts_printf(f, "/usr/lib/%s", f->system.multiarch));
        strlist_push(f, dirs, facts_printf(f, "/lib/%s", f->system.multiarch));
        flavour_dirs(ctx, dirs, facts_printf(f, "/usr/lib/%s/nvidia", f->system.multiarch));
        if (!strcmp(f->system.multiarch, "x86_64-linux-gnu")) {
            /* Debian's libcuda1:i386 (multiarch): a 32-bit copy that no
             * x86_64 process can load. */
            strlist_push(f, dirs, "/usr/lib/i386-linux-gnu");
            flavour_dirs(ctx, dirs, "/usr/lib/i386-linux-gnu/nvidia");
        }
    } else {
        /* Architecture unknown (a bare tree): look in every multiarch
         * directory a distribution may use. */
        strlist_push(f, dirs, "/usr/lib/x86_64-linux-gnu");
        strlist_push(f, dirs, "/usr/lib/aarch64-linux-gnu");
    }
    for (p = fixed; *p; p++)
        strlist_push(f, dirs, *p);
    for (i = 0; i < f->ldenv.ldconf_dirs.nr; i++)
        strlist_push(f, dirs, f->ldenv.ldconf_dirs.v[i]);
    for (i = 0; i < f->ldenv.ld_library_path.nr; i++)
        if (f->ldenv.ld_library_path.v[i][0] == '/')
            strlist_push(f, dirs, f->ldenv.ld_library_path.v[i]);
}

/* "libcuda.so.535.104.05" -> "535.104.05" when prefix is "libcuda.so." */
static const char *versioned_suffix(const char *name, const char *prefix)
{
    size_t pl = strlen(prefix);
    const char *v;
    if (strncmp(name, prefix, pl))
        return NULL;
    v = name + pl;
    /* libcuda.so.1 and .1.1 are the ABI links, not driver versions. */
    if (!is_dotted_version(v, strlen(v), 2, 3) || str_starts(v, "1."))
        return NULL;
    return v;
}

static int driver_lib_name(const char *name, void *arg)
{
    size_t k;
    (void)arg;
    for (k = 0; k < N_DRVLIBS; k++)
        if (str_starts(name, drvlibs[k].prefix))
            return 1;
    return 0;
}

/* Would the examined machine's loader take the file at all (its ELF class
 * and machine, a readable regular file)?  NULL yes (or no loader model),
 * else the outcome and its detail ("wrong_class: ELFCLASS32"). */
static const char *not_loadable(struct scan_ctx *ctx, const char *path)
{
    enum resolve_outcome o;
    const char *detail = NULL;
    if (!ctx->resolver)
        return NULL;
    o = resolve_check_file(ctx->resolver, path, &detail);
    if (o == ROUT_FOUND)
        return NULL;
    return detail ? facts_printf(ctx->facts, "%s: %s", resolve_outcome_name(o), detail)
                  : facts_str(ctx->facts, resolve_outcome_name(o));
}

static void scan_userspace(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strlist dirs = { NULL, 0, 0 }, seen = { NULL, 0, 0 };
    size_t i, j;

    driver_lib_dirs(ctx, &dirs);
    for (i = 0; i < dirs.nr; i++) {
        struct fs_dirlist list;
        struct strbuf real = STRBUF_INIT;
        struct gd_err err;
        int r;

        /* The same directory reached by two names (merged /usr's /lib ->
         * usr/lib, a link in the loader's configuration) is listed once,
         * under the first: its canonical name, from the walk whose links
         * and listings fs remembers (the driver libraries' own links go
         * through the same components next). */
        err_init(&err);
        if (fs_realpath(ctx->fs, dirs.v[i], &real, &err) != 1) {
            strbuf_release(&real);
            continue;
        }
        for (j = 0; j < seen.nr && strcmp(seen.v[j], real.buf); j++)
            ;
        if (j < seen.nr) {
            strbuf_release(&real);
            continue;
        }
        strlist_push(f, &seen, facts_str(f, real.buf));
        strbuf_release(&real);
        r = fs_list_dir_filtered(ctx->fs, dirs.v[i], MAX_DIR_ENTRIES, driver_lib_name, NULL, &list, &err);
        if (r < 0)
            scan_warn(ctx, dirs.v[i], &err);
        for (j = 0; j < list.nr; j++) {
            size_t k;
            for (k = 0; k < N_DRVLIBS; k++) {
                const char *v = versioned_suffix(list.ents[j].name, drvlibs[k].prefix);
                struct driver_lib *dl;
                if (!v)
                    continue;
                ALLOC_GROW(f->driver.libs, f->driver.n_libs + 1, f->driver.alloc_libs);
                dl = &f->driver.libs[f->driver.n_libs++];
                memset(dl, 0, sizeof(*dl));
                dl->name = drvlibs[k].name;
                dl->version = facts_str(f, v);
                dl->path = facts_printf(f, "%s/%s", dirs.v[i], list.ents[j].name);
            }
            if (!strcmp(dirs.v[i], "/usr/lib/wsl/lib") && !strcmp(list.ents[j].name, "libcuda.so.1"))
                f->driver.wsl_libcuda = "/usr/lib/wsl/lib/libcuda.so.1";
        }
        fs_dirlist_release(&list);
    }
    free(seen.v);
    free(dirs.v);
}

/*
 * What a program's dlopen(soname) gets, by the loader model for the
 * examined machine's ABI, and the versioned file behind it: the loader
 * opens the name and the kernel follows its links (Debian: /usr/lib/<triplet>/
 * libcuda.so.1 -> /etc/alternatives/nvidia--libcuda.so.1-<triplet> ->
 * nvidia/current/libcuda.so.1 -> libcuda.so.550.163.01), so the version the
 * program really runs is the realpath's.
 */
static void resolve_driver_lib(struct scan_ctx *ctx, const struct drvlib *lib)
{
    struct facts *f = ctx->facts;
    struct resolve_request req;
    struct resolve_result res;
    struct strbuf real = STRBUF_INIT;
    struct gd_err err;
    const char *v;
    size_t i;

    memset(&req, 0, sizeof(req));
    req.name = lib->soname;
    req.path_only = 1;
    req.ld_library_path = env_get(ctx->env, "LD_LIBRARY_PATH");
    err_init(&err);
    if (resolve_library(ctx->resolver, &req, &res, &err) != 1) {
        resolve_result_release(&res);
        return;
    }
    if (!strcmp(lib->soname, "libcuda.so.1")) {
        f->driver.libcuda_resolved = facts_str(f, res.path);
        f->driver.libcuda_step = resolve_step_name(res.step);
    }
    if (fs_realpath(ctx->fs, res.path, &real, &err) == 1 &&
        (v = versioned_suffix(path_basename(real.buf), lib->prefix)) != NULL) {
        struct driver_lib *dl = NULL;
        for (i = 0; i < f->driver.n_libs; i++)
            if (!strcmp(f->driver.libs[i].path, real.buf))
                dl = &f->driver.libs[i];
        if (!dl) {
            ALLOC_GROW(f->driver.libs, f->driver.n_libs + 1, f->driver.alloc_libs);
            dl = &f->driver.libs[f->driver.n_libs++];
            memset(dl, 0, sizeof(*dl));
            dl->name = lib->name;
            dl->version = facts_str(f, v);
            dl->path = facts_str(f, real.buf);
        }
        dl->loaded = 1;
        if (strcmp(res.path, real.buf))
            dl->via = facts_str(f, res.path);
    }
    strbuf_release(&real);
    resolve_result_release(&res);
}

static void resolve_driver_libs(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t k, i;
    if (!ctx->resolver)
        return;
    f->driver.loader_asked = 1;
    for (k = 0; k < N_DRVLIBS; k++) {
        /* libcuda and NVML always (their absence is the finding); the other
         * components only where a copy of them is installed. */
        int installed = k < 2;
        for (i = 0; i < f->driver.n_libs && !installed; i++)
            installed = !strcmp(f->driver.libs[i].name, drvlibs[k].name);
        if (installed)
            resolve_driver_lib(ctx, &drvlibs[k]);
    }
    /* Every copy the loader did not take: would it take it at all (its ELF
     * class and machine)?  The ones it took are loadable by definition. */
    for (i = 0; i < f->driver.n_libs; i++)
        if (!f->driver.libs[i].loaded)
            f->driver.libs[i].not_loadable = not_loadable(ctx, f->driver.libs[i].path);
}

/* A toolkit's link-time stub libcuda (…/stubs/libcuda.so) in a directory
 * the loader searches: a program would get the stub instead of the driver. */
static void scan_stubs(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const struct strlist *lists[] = { &f->ldenv.ld_library_path, &f->ldenv.ldconf_dirs };
    size_t l, i;

    for (l = 0; l < 2; l++) {
        for (i = 0; i < lists[l]->nr; i++) {
            const char *d = lists[l]->v[i];
            static const char *const names[] = { "libcuda.so.1", "libcuda.so" };
            size_t k;
            if (d[0] != '/' || !strstr(d, "stubs"))
                continue;
            for (k = 0; k < 2; k++) {
                struct strbuf p = STRBUF_INIT;
                struct compat_stat st;
                path_join(&p, d, names[k]);
                if (fs_stat(ctx->fs, p.buf, &st, NULL) == 1 && st.type == COMPAT_FT_REG) {
                    ALLOC_GROW(f->driver.stubs, f->driver.n_stubs + 1, f->driver.alloc_stubs);
                    f->driver.stubs[f->driver.n_stubs++] = facts_str(f, p.buf);
                    strbuf_release(&p);
                    break;
                }
                strbuf_release(&p);
            }
        }
    }
}

static void add_node(struct scan_ctx *ctx, const char *path)
{
    struct facts *f = ctx->facts;
    struct dev_node *dn;
    struct compat_stat st;
    int rd, wr;
    /* Its stat and this process's access (read and write asked at once
     * first: the usual answer, in one question), from one handle under
     * --root. */
    int exists = fs_stat_rw(ctx->fs, path, &st, &rd, &wr, NULL) == 1;

    ALLOC_GROW(f->driver.nodes, f->driver.n_nodes + 1, f->driver.alloc_nodes);
    dn = &f->driver.nodes[f->driver.n_nodes++];
    memset(dn, 0, sizeof(*dn));
    dn->path = facts_str(f, path);
    dn->exists = exists;
    dn->readable = rd;
    dn->writable = wr;
    dn->user_access = dn->cgroup_access = -1;
    if (exists) {
        dn->mode = st.mode;
        dn->uid = st.uid;
        dn->gid = st.gid;
        if (st.type == COMPAT_FT_CHR) {
            /* Linux's dev_t: major in bits 8-19 (and 32-43), minor in 0-7 (and 20-31). */
            dn->is_char = 1;
            dn->major = (unsigned)(((st.rdev >> 8) & 0xfffu) | ((st.rdev >> 32) & ~0xfffu));
            dn->minor = (unsigned)((st.rdev & 0xffu) | ((st.rdev >> 12) & ~0xffu));
        }
    }
}

/*
 * Each GPU's /dev/nvidiaN by its Device Minor (read from the driver's
 * /proc/driver/nvidia/gpus/BUS/information by scan_gpus): 1 where every
 * GPU the nvidia driver may hold has its minor, so that the nodes are
 * known without listing /dev (a GPU bound to another driver, vfio-pci for
 * a VM, has no node).  0 where a listing is needed: no minors (the module
 * not loaded, no /proc), no GPU seen, or a WSL 2 or aarch64 machine, whose
 * own nodes' rules need /dev listed (dev_listed).
 */
static int nodes_by_minor(struct scan_ctx *ctx)
{
    const struct facts *f = ctx->facts;
    size_t i;
    if (!f->driver.kmod_version || !f->pci_readable || !f->n_gpus || f->system.wsl == 2 ||
        (f->system.arch && !strcmp(f->system.arch, "aarch64")))
        return 0;
    for (i = 0; i < f->n_gpus; i++)
        if (f->gpus[i].minor < 0 && (!f->gpus[i].bound_driver || !strcmp(f->gpus[i].bound_driver, "nvidia")))
            return 0;
    for (i = 0; i < f->n_gpus; i++) {
        const struct gpu *g = &f->gpus[i];
        struct strbuf p = STRBUF_INIT;
        size_t j;
        if (g->minor < 0)
            continue;
        strbuf_addf(&p, "/dev/nvidia%d", g->minor);
        for (j = 0; j < f->driver.n_nodes && strcmp(f->driver.nodes[j].path, p.buf); j++)
            ;
        if (j == f->driver.n_nodes)
            add_node(ctx, p.buf);
        strbuf_release(&p);
    }
    return 1;
}

static void scan_nodes(struct scan_ctx *ctx)
{
    struct fs_dirlist list = { 0 };
    struct gd_err err;
    size_t i;

    err_init(&err);
    add_node(ctx, "/dev/nvidiactl");
    if (nodes_by_minor(ctx)) {
        /* listed by their minors */
    } else if (fs_list_dir(ctx->fs, "/dev", MAX_DIR_ENTRIES, &list, &err) == 1) {
        ctx->facts->driver.dev_listed = 1;
        for (i = 0; i < list.nr; i++) {
            const char *n = list.ents[i].name;
            if (str_starts(n, "nvidia") && n[6] >= '0' && n[6] <= '9' &&
                strspn(n + 6, "0123456789") == strlen(n + 6)) {
                struct strbuf p = STRBUF_INIT;
                path_join(&p, "/dev", n);
                add_node(ctx, p.buf);
                strbuf_release(&p);
            }
        }
    }
    fs_dirlist_release(&list);
    add_node(ctx, "/dev/nvidia-uvm");
    if (ctx->facts->system.wsl == 2)
        add_node(ctx, "/dev/dxg");
    if (ctx->facts->system.arch && !strcmp(ctx->facts->system.arch, "aarch64")) {
        /* A Jetson's integrated GPU: L4T's nvmap and nvgpu nodes
         * (/dev/nvhost-ctrl-gpu; /dev/nvgpu/ on newer releases), what
         * NVIDIA's container runtime passes into an L4T container. */
        add_node(ctx, "/dev/nvmap");
        add_node(ctx, "/dev/nvhost-ctrl-gpu");
        add_node(ctx, "/dev/nvgpu");
    }
}

void scan_driver(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *ver, *cuda, *src;

    scan_loaded_kmod(ctx);
    scan_userspace(ctx);
    scan_stubs(ctx);
    resolve_driver_libs(ctx);
    scan_wsl_driver(ctx);
    ver = facts_driver_version(f);
    if (ver && kb_driver_cuda_max(ctx->kb, ver, &cuda, &src) == 1) {
        f->driver.cuda_max = cuda;
        f->driver.cuda_max_source = src;
    }
}

void scan_driver_nodes(struct scan_ctx *ctx)
{
    scan_nouveau(ctx);
    scan_nodes(ctx);
}
