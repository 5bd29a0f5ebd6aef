/*
 * cuda.c - every CUDA toolkit or runtime on the machine, with its version,
 * location and provenance.
 *
 * Candidates: /usr/local/cuda*, /opt/cuda*, CUDA_HOME / CUDA_PATH /
 * CUDA_ROOT / CUDA_TOOLKIT_ROOT_DIR, the toolkit of every nvcc on PATH,
 * the distribution's packages (libcudart in the multiarch directory), conda
 * environments and pip's nvidia wheels in every site-packages.  A directory
 * reached twice (a symlink such as /usr/local/cuda) is one install, with the
 * other path kept as an alias.
 *
 * Version sources, best first: version.json ("cuda_cudart", then "cuda"),
 * version.txt, a dist-info of nvidia-cuda-runtime, conda-meta, CUDART_VERSION
 * in cuda_runtime_api.h, the libcudart file names.  Every source seen is
 * kept as evidence.
 */
#include "scan/scan.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define VERSION_FILE_MAX (1u << 20)
#define HEADER_HEAD (256u * 1024)
#define MAX_DIR_ENTRIES 100000

static struct cuda_install *find_install(struct facts *f, const struct compat_stat *st)
{
    size_t i;
    for (i = 0; i < f->n_cuda; i++)
        if (f->cuda[i].dev == st->dev && f->cuda[i].ino == st->ino)
            return &f->cuda[i];
    return NULL;
}

static void add_alias(struct facts *f, struct cuda_install *ci, const char *path)
{
    size_t i;
    if (!strcmp(ci->path, path))
        return;
    for (i = 0; i < ci->n_aliases; i++)
        if (!strcmp(ci->aliases[i], path))
            return;
    ALLOC_GROW(ci->aliases, ci->n_aliases + 1, ci->alloc_aliases);
    ci->aliases[ci->n_aliases++] = facts_str(f, path);
}

static void evidence(struct facts *f, struct cuda_install *ci, const char *path, const char *what)
{
    facts_evidence(f, &ci->evidence, &ci->n_evidence, &ci->alloc_evidence, path, what);
}

/* Set the version if none better was set yet (sources are tried best first). */
static void offer_version(struct cuda_install *ci, const char *v, const char *source)
{
    if (!ci->version) {
        ci->version = v;
        ci->version_source = source;
    }
}

/*
 * version.json: {"cuda": {"version": "12.6.20241114"}, "cuda_cudart":
 * {"version": "12.6.77"}, ...}.  The "cuda" value is sometimes date-stamped,
 * so the runtime component's version is preferred.
 */
static void read_version_json(struct scan_ctx *ctx, struct cuda_install *ci, const char *dir)
{
    struct facts *f = ctx->facts;
    struct strbuf p = STRBUF_INIT, sb = STRBUF_INIT;
    json_t *root;
    json_error_t jerr;

    path_join(&p, dir, "version.json");
    if (scan_read_text(ctx, p.buf, VERSION_FILE_MAX, &sb) == 1) {
        root = json_loadb(sb.buf, sb.len, JSON_REJECT_DUPLICATES, &jerr);
        if (!root || !json_is_object(root)) {
            facts_warn(f, p.buf, facts_printf(f, "cannot parse '%s': line %d: %s", p.buf, jerr.line,
                                              root ? "not a JSON object" : jerr.text));
        } else {
            const char *keys[] = { "cuda_cudart", "cuda" };
            size_t k;
            for (k = 0; k < 2; k++) {
                json_t *v = json_object_get(json_object_get(root, keys[k]), "version");
                const char *s = json_string_value(v);
                if (s && is_dotted_version(s, strlen(s), 2, 4)) {
                    const char *val = facts_str(f, s);
                    evidence(f, ci, p.buf, facts_printf(f, "version.json %s.version = %s", keys[k], s));
                    offer_version(ci, val, facts_str(f, p.buf));
                }
            }
        }
        json_decref(root);
    }
    strbuf_release(&p);
    strbuf_release(&sb);
}

/* version.txt (CUDA <= 11.0): "CUDA Version 10.2.89". */
static void read_version_txt(struct scan_ctx *ctx, struct cuda_install *ci, const char *dir)
{
    struct facts *f = ctx->facts;
    struct strbuf p = STRBUF_INIT, sb = STRBUF_INIT;
    const char *tok;
    size_t tn;

    path_join(&p, dir, "version.txt");
    if (scan_read_text(ctx, p.buf, 4096, &sb) == 1) {
        if (str_starts(sb.buf, "CUDA Version ") && find_version_token(sb.buf + 13, sb.len - 13, &tok, &tn)) {
            const char *v = arena_strndup(&f->arena, tok, tn);
            evidence(f, ci, p.buf, facts_printf(f, "version.txt says CUDA Version %s", v));
            offer_version(ci, v, facts_str(f, p.buf));
        } else {
            facts_warn(f, p.buf, facts_printf(f, "cannot parse '%s': no 'CUDA Version' line", p.buf));
        }
    }
    strbuf_release(&p);
    strbuf_release(&sb);
}

/*
 * A dist-info directory name "nvidia_cuda_runtime_cu12-12.1.105.dist-info"
 * (or "nvidia_cuda_runtime-13.0.96.dist-info"): the version, into the arena.
 */
static const char *runtime_distinfo_version(struct facts *f, const char *name)
{
    const char *dash, *end;
    if (!str_starts(name, "nvidia_cuda_runtime") || !str_ends(name, ".dist-info"))
        return NULL;
    dash = strchr(name, '-');
    if (!dash)
        return NULL;
    end = name + strlen(name) - strlen(".dist-info");
    if (end <= dash + 1 || !is_dotted_version(dash + 1, (size_t)(end - dash - 1), 2, 4))
        return NULL;
    return arena_strndup(&f->arena, dash + 1, (size_t)(end - dash - 1));
}

static void read_distinfo_dir(struct scan_ctx *ctx, struct cuda_install *ci, const char *dir)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    struct gd_err err;
    size_t i;

    err_init(&err);
    if (fs_list_dir(ctx->fs, dir, MAX_DIR_ENTRIES, &list, &err) < 0)
        scan_warn(ctx, dir, &err);
    for (i = 0; i < list.nr; i++) {
        const char *v = runtime_distinfo_version(f, list.ents[i].name);
        if (v) {
            const char *p = facts_printf(f, "%s/%s", dir, list.ents[i].name);
            evidence(f, ci, p, facts_printf(f, "wheel nvidia-cuda-runtime %s", v));
            offer_version(ci, v, p);
        }
    }
    fs_dirlist_release(&list);
}

static void read_header(struct scan_ctx *ctx, struct cuda_install *ci, const char *incdir)
{
    struct facts *f = ctx->facts;
    struct strbuf p = STRBUF_INIT, sb = STRBUF_INIT;
    struct gd_err err;
    long v;

    err_init(&err);
    path_join(&p, incdir, "cuda_runtime_api.h");
    if (fs_read_head(ctx->fs, p.buf, HEADER_HEAD, &sb, &err) == 1 &&
        header_define_int(sb.buf, sb.len, "CUDART_VERSION", &v) && v >= 1000) {
        /* CUDART_VERSION is 1000 * major + 10 * minor (12060 = 12.6). */
        const char *ver = facts_printf(f, "%ld.%ld", v / 1000, (v % 1000) / 10);
        evidence(f, ci, p.buf, facts_printf(f, "CUDART_VERSION %ld", v));
        offer_version(ci, ver, facts_str(f, p.buf));
    }
    strbuf_release(&p);
    strbuf_release(&sb);
}

/*
 * libcudart file names in libdir: the soname-style names (libcudart.so.12,
 * libcudart.so.11.0) give the major, a fully versioned file
 * (libcudart.so.12.6.77) the exact runtime version.
 */
static int read_libdir(struct scan_ctx *ctx, struct cuda_install *ci, const char *libdir)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    struct gd_err err;
    const char *full = NULL, *abi = NULL;
    size_t i;
    int found = 0;

    err_init(&err);
    if (fs_list_dir_filtered(ctx->fs, libdir, MAX_DIR_ENTRIES, fs_keep_prefix, (void *)(uintptr_t)"libcudart.so.",
                             &list, &err) < 0)
        scan_warn(ctx, libdir, &err);
    for (i = 0; i < list.nr; i++) {
        const char *n = list.ents[i].name;
        const char *v;
        int parts;
        if (!str_starts(n, "libcudart.so.") || strstr(n, "static"))
            continue;
        v = n + strlen("libcudart.so.");
        if (!is_dotted_version(v, strlen(v), 1, 4))
            continue;
        found = 1;
        parts = 1;
        for (; *v; v++)
            parts += *v == '.';
        if (parts >= 3)
            full = n;
        else if (!abi || strlen(n) < strlen(abi))
            abi = n;
    }
    if (found) {
        ci->libdir = facts_str(f, libdir);
        if (abi)
            ci->cudart_soname = facts_str(f, abi);
        if (full) {
            const char *p = facts_printf(f, "%s/%s", libdir, full);
            const char *v = facts_str(f, full + strlen("libcudart.so."));
            size_t cl = ci->version ? strlen(ci->version) : 0;
            evidence(f, ci, p, facts_printf(f, "runtime library %s", full));
            /* The header gives major.minor ("12.4"); the file name of the
             * same runtime refines it ("12.4.127"). */
            if (cl && !strncmp(v, ci->version, cl) && v[cl] == '.') {
                ci->version = v;
                ci->version_source = p;
            }
            offer_version(ci, v, p);
        }
        if (abi) {
            const char *p = facts_printf(f, "%s/%s", libdir, abi);
            const char *v = facts_str(f, abi + strlen("libcudart.so."));
            evidence(f, ci, p, facts_printf(f, "runtime library %s", abi));
            offer_version(ci, v, p);
        }
    }
    fs_dirlist_release(&list);
    return found;
}

static const char *target_triplet(const struct facts *f)
{
    if (f->system.arch && !strcmp(f->system.arch, "aarch64"))
        return "sbsa-linux";
    return "x86_64-linux";
}

/* Probe a toolkit directory for every version source and its libraries. */
static void probe_toolkit(struct scan_ctx *ctx, struct cuda_install *ci)
{
    struct facts *f = ctx->facts;
    const char *dir = ci->path;
    const char *libdirs[] = { "lib64", "lib", NULL };
    struct strbuf p = STRBUF_INIT;
    size_t i;

    read_version_json(ctx, ci, dir);
    read_version_txt(ctx, ci, dir);
    path_join(&p, dir, "dist-info");
    read_distinfo_dir(ctx, ci, p.buf);
    path_join(&p, dir, "include");
    read_header(ctx, ci, p.buf);
    for (i = 0; libdirs[i]; i++) {
        path_join(&p, dir, libdirs[i]);
        if (read_libdir(ctx, ci, p.buf))
            break;
    }
    if (!ci->libdir) {
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/targets/%s/lib", strcmp(dir, "/") ? dir : "", target_triplet(f));
        read_libdir(ctx, ci, p.buf);
    }
    strbuf_release(&p);
}

/* Does dir look like a CUDA toolkit at all? */
static int looks_like_toolkit(struct scan_ctx *ctx, const char *dir)
{
    /* Not bin/nvcc alone: /usr/local/bin may hold an nvcc wrapper. */
    static const char *const markers[] = {
        "version.json", "version.txt", "include/cuda_runtime_api.h",
        "lib64/libcudart.so", "lib/libcudart.so", "targets", NULL
    };
    const char *const *m;
    for (m = markers; *m; m++) {
        struct strbuf p = STRBUF_INIT;
        struct compat_stat st;
        int r;
        path_join(&p, dir, *m);
        r = fs_stat(ctx->fs, p.buf, &st, NULL);
        strbuf_release(&p);
        if (r == 1)
            return 1;
    }
    return 0;
}

/*
 * Add the toolkit at dir (any path leading to it), or record the path as an
 * alias of the install it leads to.  Returns the install or NULL.
 */
static struct cuda_install *add_toolkit(struct scan_ctx *ctx, const char *dir, const char *provenance)
{
    struct facts *f = ctx->facts;
    struct strbuf real = STRBUF_INIT;
    struct compat_stat st;
    struct cuda_install *ci = NULL;
    struct gd_err err;
    int r;

    err_init(&err);
    r = fs_realpath(ctx->fs, dir, &real, &err);
    if (r < 0)
        scan_warn(ctx, dir, &err);
    if (r != 1 || fs_stat(ctx->fs, real.buf, &st, &err) != 1 || st.type != COMPAT_FT_DIR)
        goto out;
    ci = find_install(f, &st);
    if (ci) {
        add_alias(f, ci, dir);
        goto out;
    }
    if (!looks_like_toolkit(ctx, real.buf))
        goto out;
    ALLOC_GROW(f->cuda, f->n_cuda + 1, f->alloc_cuda);
    ci = &f->cuda[f->n_cuda++];
    memset(ci, 0, sizeof(*ci));
    ci->path = facts_str(f, real.buf);
    ci->provenance = provenance;
    ci->dev = st.dev;
    ci->ino = st.ino;
    add_alias(f, ci, dir);
    probe_toolkit(ctx, ci);
out:
    strbuf_release(&real);
    return ci;
}

static void scan_prefix_dir(struct scan_ctx *ctx, const char *parent, const char *provenance)
{
    struct fs_dirlist list;
    struct gd_err err;
    size_t i;

    err_init(&err);
    if (fs_list_dir(ctx->fs, parent, MAX_DIR_ENTRIES, &list, &err) < 0)
        scan_warn(ctx, parent, &err);
    /* Real directories first, so that /usr/local/cuda becomes an alias of
     * the cuda-X.Y it points to rather than the other way round. */
    for (i = 0; i < list.nr; i++) {
        if (str_starts(list.ents[i].name, "cuda") && list.ents[i].type != COMPAT_FT_LNK) {
            struct strbuf p = STRBUF_INIT;
            path_join(&p, parent, list.ents[i].name);
            add_toolkit(ctx, p.buf, provenance);
            strbuf_release(&p);
        }
    }
    for (i = 0; i < list.nr; i++) {
        if (str_starts(list.ents[i].name, "cuda") && list.ents[i].type == COMPAT_FT_LNK) {
            struct strbuf p = STRBUF_INIT;
            path_join(&p, parent, list.ents[i].name);
            add_toolkit(ctx, p.buf, provenance);
            strbuf_release(&p);
        }
    }
    fs_dirlist_release(&list);
}

static void scan_env_vars(struct scan_ctx *ctx)
{
    static const char *const vars[] = {
        "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", "CUDA_TOOLKIT_ROOT_DIR", NULL
    };
    const char *const *v;
    for (v = vars; *v; v++) {
        const char *val = env_get(ctx->env, *v);
        if (val && val[0] == '/')
            add_toolkit(ctx, val, facts_printf(ctx->facts, "env:%s", *v));
    }
}

/*
 * An nvcc on PATH may be a small shell wrapper ("exec /usr/local/cuda-13.0/bin/nvcc
 * \"$@\""): read it (never run it) and follow the absolute .../bin/nvcc it names.
 */
static void wrapper_target(struct scan_ctx *ctx, struct strbuf *path)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p, *end;
    if (fs_read_file(ctx->fs, path->buf, 4096, &sb, NULL) == 1 && str_starts(sb.buf, "#!") &&
        (end = strstr(sb.buf, "/bin/nvcc")) != NULL) {
        p = end;
        while (p > sb.buf && p[-1] != ' ' && p[-1] != '\t' && p[-1] != '\n' && p[-1] != '"' &&
               p[-1] != '\'')
            p--;
        if (*p == '/') {
            struct strbuf target = STRBUF_INIT;
            strbuf_add(&target, p, (size_t)(end - p) + strlen("/bin/nvcc"));
            if (fs_realpath(ctx->fs, target.buf, path, NULL) != 1) {
                strbuf_reset(path);
                strbuf_add(path, target.buf, target.len);
            }
            strbuf_release(&target);
        }
    }
    strbuf_release(&sb);
}

static void scan_nvcc_on_path(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t i;
    for (i = 0; i < f->ldenv.path.nr; i++) {
        const char *d = f->ldenv.path.v[i];
        struct strbuf p = STRBUF_INIT, real = STRBUF_INIT, top = STRBUF_INIT;
        struct compat_stat st;
        if (d[0] != '/')
            continue;
        path_join(&p, d, "nvcc");
        if (fs_stat(ctx->fs, p.buf, &st, NULL) == 1 && st.type == COMPAT_FT_REG &&
            fs_realpath(ctx->fs, p.buf, &real, NULL) == 1) {
            wrapper_target(ctx, &real);
            /* .../bin/nvcc -> the toolkit is the parent of bin.  Debian's
             * /usr/bin/nvcc is the distribution's toolkit, handled below. */
            path_dirname(&p, real.buf);
            path_dirname(&top, p.buf);
            if (strcmp(top.buf, "/usr"))
                add_toolkit(ctx, top.buf, "nvcc_on_path");
        }
        strbuf_release(&p);
        strbuf_release(&real);
        strbuf_release(&top);
    }
}

/* Distribution packages: libcudart in the multiarch directory, headers in
 * /usr/include (Debian's nvidia-cuda-toolkit, Ubuntu's libcudart*). */
static void scan_distro(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct cuda_install *ci;
    struct strbuf libdir = STRBUF_INIT;
    struct compat_stat st;
    struct fs_dirlist list;
    size_t i;
    int has_cudart = 0;

    if (!f->system.multiarch)
        return;
    strbuf_addf(&libdir, "/usr/lib/%s", f->system.multiarch);
    if (fs_list_dir_filtered(ctx->fs, libdir.buf, MAX_DIR_ENTRIES, fs_keep_prefix,
                             (void *)(uintptr_t)"libcudart.so.", &list, NULL) == 1)
        for (i = 0; i < list.nr && !has_cudart; i++)
            has_cudart = str_starts(list.ents[i].name, "libcudart.so.");
    fs_dirlist_release(&list);
    if (has_cudart && fs_stat(ctx->fs, libdir.buf, &st, NULL) == 1 && !find_install(f, &st)) {
        ALLOC_GROW(f->cuda, f->n_cuda + 1, f->alloc_cuda);
        ci = &f->cuda[f->n_cuda++];
        memset(ci, 0, sizeof(*ci));
        ci->path = "/usr";
        ci->provenance = "distro";
        ci->dev = st.dev;
        ci->ino = st.ino;
        /* The header names major.minor; a bare soname only the major. */
        read_header(ctx, ci, "/usr/include");
        read_libdir(ctx, ci, libdir.buf);
    }
    strbuf_release(&libdir);
}

/* pip wheels: site-packages/nvidia/cuda_runtime/lib (CUDA 11/12) and
 * site-packages/nvidia/cu13/lib (CUDA 13). */
static void scan_pip(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t i, k;
    for (i = 0; i < f->n_pyenvs; i++) {
        const char *sp = f->pyenvs[i].site_packages;
        static const char *const sub[] = { "nvidia/cuda_runtime", "nvidia/cu13", NULL };
        if (!sp)
            continue;
        for (k = 0; sub[k]; k++) {
            struct strbuf dir = STRBUF_INIT, lib = STRBUF_INIT;
            struct compat_stat st;
            struct cuda_install *ci;
            path_join(&dir, sp, sub[k]);
            path_join(&lib, dir.buf, "lib");
            if (fs_stat(ctx->fs, dir.buf, &st, NULL) == 1 && st.type == COMPAT_FT_DIR &&
                !find_install(f, &st)) {
                ALLOC_GROW(f->cuda, f->n_cuda + 1, f->alloc_cuda);
                ci = &f->cuda[f->n_cuda++];
                memset(ci, 0, sizeof(*ci));
                ci->path = facts_str(f, dir.buf);
                ci->provenance = "pip";
                ci->dev = st.dev;
                ci->ino = st.ino;
                read_distinfo_dir(ctx, ci, sp);
                read_libdir(ctx, ci, lib.buf);
                if (!ci->libdir && !ci->version)
                    f->n_cuda--; /* an empty namespace directory */
            }
            strbuf_release(&dir);
            strbuf_release(&lib);
        }
    }
}

/* conda: cudatoolkit (CUDA <= 11) or cuda-cudart (CUDA >= 12) packages in
 * conda-meta, libraries in PREFIX/lib. */
static void scan_conda(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t i, j;
    for (i = 0; i < f->n_pyenvs; i++) {
        const struct python_env *pe = &f->pyenvs[i];
        struct strbuf meta = STRBUF_INIT, lib = STRBUF_INIT;
        struct fs_dirlist list;
        struct cuda_install *ci = NULL;
        struct compat_stat st;
        struct gd_err err;

        if (!pe->kind || strcmp(pe->kind, "conda") || !pe->prefix)
            continue;
        err_init(&err);
        path_join(&meta, pe->prefix, "conda-meta");
        path_join(&lib, pe->prefix, "lib");
        if (fs_list_dir(ctx->fs, meta.buf, MAX_DIR_ENTRIES, &list, &err) == 1) {
            for (j = 0; j < list.nr; j++) {
                const char *n = list.ents[j].name, *v, *dash;
                size_t pl;
                if (str_starts(n, "cudatoolkit-"))
                    pl = strlen("cudatoolkit-");
                else if (str_starts(n, "cuda-cudart-") && n[12] >= '0' && n[12] <= '9')
                    pl = strlen("cuda-cudart-");
                else
                    continue;
                v = n + pl;
                dash = strchr(v, '-');
                if (!dash || !is_dotted_version(v, (size_t)(dash - v), 2, 4))
                    continue;
                if (!ci) {
                    if (fs_stat(ctx->fs, pe->prefix, &st, NULL) != 1 || find_install(f, &st))
                        break;
                    ALLOC_GROW(f->cuda, f->n_cuda + 1, f->alloc_cuda);
                    ci = &f->cuda[f->n_cuda++];
                    memset(ci, 0, sizeof(*ci));
                    ci->path = pe->prefix;
                    ci->provenance = "conda";
                    ci->dev = st.dev;
                    ci->ino = st.ino;
                }
                {
                    const char *p = facts_printf(f, "%s/%s", meta.buf, n);
                    const char *ver = arena_strndup(&f->arena, v, (size_t)(dash - v));
                    evidence(f, ci, p, facts_printf(f, "conda package %.*s %s", (int)(pl - 1), n, ver));
                    offer_version(ci, ver, p);
                }
            }
            if (ci)
                read_libdir(ctx, ci, lib.buf);
        }
        fs_dirlist_release(&list);
        strbuf_release(&meta);
        strbuf_release(&lib);
    }
}

void scan_cuda(struct scan_ctx *ctx)
{
    scan_prefix_dir(ctx, "/usr/local", "usr_local");
    scan_prefix_dir(ctx, "/opt", "opt");
    scan_env_vars(ctx);
    scan_nvcc_on_path(ctx);
    scan_distro(ctx);
    scan_conda(ctx);
    scan_pip(ctx);
}
