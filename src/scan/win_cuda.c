/*
 * win_cuda.c - CUDA toolkits and cuDNN on Windows.
 *
 * Toolkits: every C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\vX.Y,
 * CUDA_PATH (the last toolkit installed) and every CUDA_PATH_VX_Y the
 * installers set, and pip's runtime wheels in each Python environment
 * (site-packages\nvidia\cuda_runtime\bin, CUDA 13's nvidia\cu13\bin\x86_64).
 * A directory reached twice is one install with the other path an alias.
 * Version: version.json (cuda_cudart, then cuda), version.txt ("CUDA
 * Version 10.1.243"), the wheel's dist-info, the folder name vX.Y.  The DLL
 * directory is bin, or bin\x64 from CUDA 13 (the DLLs moved there), the
 * one that holds cudart64_*.dll.
 *
 * cuDNN: cudnn64_*.dll in a toolkit's DLL directory (copied in by hand, as
 * NVIDIA's zip instructions say), the cuDNN installer's C:\Program
 * Files\NVIDIA\CUDNN\vX.Y\bin\<cuda X.Y>\x64 (older 9.x without x64, 8.x
 * zips as bin), and pip's nvidia\cudnn\bin.  Version: cudnn_version.h
 * beside it (include, include\<cuda>), else the folder name, else the
 * DLL name's major.
 */
#include "scan/win_scan.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

#define WIN_DIR_MAX 100000
#define VERSION_FILE_MAX (1u << 20)
#define HEADER_MAX (256u << 10)

/* The first entry of dir whose name starts with prefix and ends with ".dll"
 * (ignoring case): its name (arena), or NULL. */
static const char *dll_with_prefix(struct scan_ctx *ctx, const char *dir, const char *prefix)
{
    struct fs_dirlist dl;
    const char *hit = NULL;
    size_t i, pl = strlen(prefix);
    if (!dir)
        return NULL;
    if (fs_list_dir(ctx->fs, dir, WIN_DIR_MAX, &dl, NULL) != 1) {
        fs_dirlist_release(&dl);   /* -1 leaves the entries read so far */
        return NULL;
    }
    for (i = 0; i < dl.nr && !hit; i++) {
        const char *n = dl.ents[i].name;
        size_t len = strlen(n);
        char head[64];
        if (len <= pl + 4 || pl >= sizeof(head))
            continue;
        memcpy(head, n, pl);
        head[pl] = '\0';
        if (winpath_name_eq(head, prefix) && winpath_name_eq(n + len - 4, ".dll"))
            hit = facts_str(ctx->facts, n);
    }
    fs_dirlist_release(&dl);
    return hit;
}

/* ---- toolkits ---- */

static void evidence(struct facts *f, struct cuda_install *ci, const char *path, const char *what)
{
    facts_evidence(f, &ci->evidence, &ci->n_evidence, &ci->alloc_evidence, path, what);
}

static void offer(struct cuda_install *ci, const char *v, const char *src)
{
    if (!ci->version) {
        ci->version = v;
        ci->version_source = src;
    }
}

static void read_version_json(struct scan_ctx *ctx, struct cuda_install *ci)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    const char *p = win_find_in(ctx, ci->path, "version.json");
    json_t *root;
    json_error_t jerr;
    static const char *const keys[] = { "cuda_cudart", "cuda" };
    size_t k;

    if (!p || scan_read_text(ctx, p, VERSION_FILE_MAX, &sb) != 1)
        goto out;
    root = json_loadb(sb.buf, sb.len, 0, &jerr);
    if (!root || !json_is_object(root)) {
        facts_warn(f, p, facts_printf(f, "cannot parse '%s': line %d: %s", p, jerr.line,
                                      root ? "not a JSON object" : jerr.text));
    } else {
        for (k = 0; k < 2; k++) {
            const char *s = json_string_value(json_object_get(json_object_get(root, keys[k]), "version"));
            if (s && is_dotted_version(s, strlen(s), 2, 4)) {
                evidence(f, ci, p, facts_printf(f, "version.json %s.version = %s", keys[k], s));
                offer(ci, facts_str(f, s), p);
            }
        }
    }
    json_decref(root);
out:
    strbuf_release(&sb);
}

static void read_version_txt(struct scan_ctx *ctx, struct cuda_install *ci)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    const char *p = win_find_in(ctx, ci->path, "version.txt"), *tok;
    size_t tn;

    if (p && scan_read_text(ctx, p, VERSION_FILE_MAX, &sb) == 1 &&
        find_version_token(sb.buf, sb.len, &tok, &tn)) {
        const char *v = arena_strndup(&f->arena, tok, tn);
        evidence(f, ci, p, facts_printf(f, "version.txt says %s", v));
        offer(ci, v, p);
    }
    strbuf_release(&sb);
}

/* "v12.0" -> "12.0" */
static const char *folder_version(struct facts *f, const char *dir)
{
    const char *b = path_basename(dir);
    if ((b[0] == 'v' || b[0] == 'V') && is_dotted_version(b + 1, strlen(b + 1), 2, 3))
        return facts_str(f, b + 1);
    return NULL;
}

static struct cuda_install *add_toolkit(struct scan_ctx *ctx, const char *dir, const char *provenance)
{
    struct facts *f = ctx->facts;
    struct cuda_install *ci;
    struct compat_stat st;
    const char *bin, *x64, *lib, *fv;
    size_t i;

    if (!dir || fs_stat(ctx->fs, dir, &st, NULL) != 1 || st.type != COMPAT_FT_DIR)
        return NULL;
    for (i = 0; i < f->n_cuda; i++)
        if (f->cuda[i].dev == st.dev && f->cuda[i].ino == st.ino) {
            ci = &f->cuda[i];
            if (strcmp(ci->path, dir)) {
                size_t k;
                for (k = 0; k < ci->n_aliases && strcmp(ci->aliases[k], dir); k++)
                    ;
                if (k == ci->n_aliases) {
                    ALLOC_GROW(ci->aliases, ci->n_aliases + 1, ci->alloc_aliases);
                    ci->aliases[ci->n_aliases++] = dir;
                }
            }
            return NULL;
        }
    ALLOC_GROW(f->cuda, f->n_cuda + 1, f->alloc_cuda);
    ci = &f->cuda[f->n_cuda++];
    memset(ci, 0, sizeof(*ci));
    ci->path = dir;
    ci->provenance = provenance;
    ci->dev = st.dev;
    ci->ino = st.ino;
    read_version_json(ctx, ci);
    read_version_txt(ctx, ci);
    if ((fv = folder_version(f, dir)) != NULL) {
        evidence(f, ci, dir, facts_printf(f, "folder name %s", path_basename(dir)));
        offer(ci, fv, dir);
    }
    /* CUDA 13 moved the DLLs to bin\x64; older toolkits have them in bin. */
    bin = win_find_in(ctx, dir, "bin");
    x64 = bin ? win_find_in(ctx, bin, "x64") : NULL;
    if ((lib = dll_with_prefix(ctx, x64, "cudart64_")) != NULL) {
        ci->libdir = x64;
    } else if ((lib = dll_with_prefix(ctx, bin, "cudart64_")) != NULL) {
        ci->libdir = bin;
    } else {
        ci->libdir = win_is_dir(ctx, x64) ? x64 : bin;
    }
    if (lib) {
        ci->cudart_soname = lib;
        evidence(f, ci, facts_printf(f, "%s/%s", ci->libdir, lib), facts_printf(f, "runtime DLL %s", lib));
    }
    return ci;
}

static void scan_program_files(struct scan_ctx *ctx)
{
    const char *root = win_find(ctx, "/Program Files/NVIDIA GPU Computing Toolkit/CUDA");
    struct fs_dirlist dl;
    size_t i;
    if (!root)
        return;
    if (fs_list_dir(ctx->fs, root, WIN_DIR_MAX, &dl, NULL) != 1) {
        fs_dirlist_release(&dl);
        return;
    }
    for (i = 0; i < dl.nr; i++)
        if (dl.ents[i].name[0] == 'v' || dl.ents[i].name[0] == 'V')
            add_toolkit(ctx, facts_printf(ctx->facts, "%s/%s", root, dl.ents[i].name), "program_files");
    fs_dirlist_release(&dl);
}

static void scan_env_toolkits(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t i;
    const char *v = win_env(ctx, "CUDA_PATH");
    if (v && *v)
        add_toolkit(ctx, win_map(ctx, v), "env:CUDA_PATH");
    for (i = 0; i < f->n_env; i++)
        if (str_starts(f->env[i].name, "CUDA_PATH_V") && f->env[i].value[0])
            add_toolkit(ctx, win_map(ctx, f->env[i].value), facts_printf(f, "env:%s", f->env[i].name));
}

static const char *env_dist_version(const struct python_env *e, const char *prefix)
{
    size_t i;
    for (i = 0; i < e->n_dists; i++)
        if (str_starts(e->dists[i].name, prefix))
            return e->dists[i].version;
    return NULL;
}

static void scan_pip_runtime(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t e, s;
    for (e = 0; e < f->n_pyenvs; e++) {
        const struct python_env *env = &f->pyenvs[e];
        for (s = 0; s < env->n_site_dirs; s++) {
            static const char *const rels[] = { "nvidia/cuda_runtime", "nvidia/cu13" };
            size_t k;
            for (k = 0; k < 2; k++) {
                const char *dir = win_find(ctx, facts_printf(f, "%s/%s", env->site_dirs[s], rels[k]));
                struct cuda_install *ci;
                const char *bin, *lib, *v;
                if (!dir)
                    continue;
                ci = add_toolkit(ctx, dir, "pip");
                if (!ci)
                    continue;
                bin = win_find_in(ctx, dir, "bin");
                if (k == 1 && bin)
                    bin = win_find_in(ctx, bin, "x86_64");
                if ((lib = dll_with_prefix(ctx, bin, "cudart64_")) != NULL) {
                    ci->libdir = bin;
                    ci->cudart_soname = lib;
                }
                v = env_dist_version(env, k ? "nvidia-cuda-runtime" : "nvidia-cuda-runtime-cu");
                if (v) {
                    evidence(f, ci, env->site_dirs[s], facts_printf(f, "nvidia-cuda-runtime wheel %s", v));
                    offer(ci, v, env->site_dirs[s]);
                }
            }
        }
    }
}

/* ---- cuDNN ---- */

static void cudnn_header(struct scan_ctx *ctx, struct cudnn_install *cn, const char *incdir)
{
    struct facts *f = ctx->facts;
    static const char *const names[] = { "cudnn_version.h", "cudnn_version_v9.h", "cudnn_version_v8.h", "cudnn.h", NULL };
    const char *const *n;
    struct strbuf sb = STRBUF_INIT;
    for (n = names; *n && !cn->version && incdir; n++) {
        const char *p = win_find_in(ctx, incdir, *n);
        long ma, mi, pa;
        if (!p || scan_read_text(ctx, p, HEADER_MAX, &sb) != 1)
            continue;
        if (header_define_int(sb.buf, sb.len, "CUDNN_MAJOR", &ma) &&
            header_define_int(sb.buf, sb.len, "CUDNN_MINOR", &mi) &&
            header_define_int(sb.buf, sb.len, "CUDNN_PATCHLEVEL", &pa)) {
            cn->version = facts_printf(f, "%ld.%ld.%ld", ma, mi, pa);
            cn->version_source = p;
            facts_evidence(f, &cn->evidence, &cn->n_evidence, &cn->alloc_evidence, p,
                           facts_printf(f, "%s defines CUDNN_MAJOR %ld, MINOR %ld, PATCHLEVEL %ld", *n, ma, mi, pa));
        }
    }
    strbuf_release(&sb);
}

static struct cudnn_install *add_cudnn(struct scan_ctx *ctx, const char *libdir, const char *provenance,
                                       const char *cuda_major)
{
    struct facts *f = ctx->facts;
    struct cudnn_install *cn;
    const char *dll = dll_with_prefix(ctx, libdir, "cudnn64_");
    size_t i;
    if (!dll)
        return NULL;
    for (i = 0; i < f->n_cudnn; i++)
        if (f->cudnn[i].libdir && !strcmp(f->cudnn[i].libdir, libdir))
            return NULL;
    ALLOC_GROW(f->cudnn, f->n_cudnn + 1, f->alloc_cudnn);
    cn = &f->cudnn[f->n_cudnn++];
    memset(cn, 0, sizeof(*cn));
    cn->path = libdir;
    cn->libdir = libdir;
    cn->provenance = provenance;
    cn->cuda_major = cuda_major;
    facts_evidence(f, &cn->evidence, &cn->n_evidence, &cn->alloc_evidence,
                   facts_printf(f, "%s/%s", libdir, dll), facts_printf(f, "DLL %s", dll));
    return cn;
}

/* cudnn64_8.dll -> "8" when nothing better is known. */
static void cudnn_major_from_dll(struct scan_ctx *ctx, struct cudnn_install *cn)
{
    const char *dll = dll_with_prefix(ctx, cn->libdir, "cudnn64_");
    if (!cn->version && dll) {
        cn->version = facts_printf(ctx->facts, "%.*s", (int)strcspn(dll + 8, "."), dll + 8);
        cn->version_source = facts_printf(ctx->facts, "%s/%s", cn->libdir, dll);
    }
}

static void scan_cudnn_dirs(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *root = win_find(ctx, "/Program Files/NVIDIA/CUDNN");
    struct fs_dirlist vers, cudas;
    size_t i, j, n_cuda = f->n_cuda;

    /* In a toolkit's DLL directory. */
    for (i = 0; i < n_cuda; i++) {
        struct cudnn_install *cn;
        if (!f->cuda[i].libdir || !strcmp(f->cuda[i].provenance, "pip"))
            continue;
        cn = add_cudnn(ctx, f->cuda[i].libdir, "toolkit",
                       f->cuda[i].version ? facts_printf(f, "%.*s", (int)strcspn(f->cuda[i].version, "."),
                                                         f->cuda[i].version) : NULL);
        if (cn) {
            cudnn_header(ctx, cn, win_find_in(ctx, f->cuda[i].path, "include"));
            cudnn_major_from_dll(ctx, cn);
        }
    }
    /* The cuDNN installer. */
    if (root && fs_list_dir(ctx->fs, root, WIN_DIR_MAX, &vers, NULL) == 1) {
        for (i = 0; i < vers.nr; i++) {
            const char *vdir = facts_printf(f, "%s/%s", root, vers.ents[i].name);
            const char *bin = win_find_in(ctx, vdir, "bin"), *inc = win_find_in(ctx, vdir, "include");
            const char *fv = folder_version(f, vdir);
            struct cudnn_install *cn;
            if (!bin)
                continue;
            if ((cn = add_cudnn(ctx, bin, "system", NULL)) != NULL) {   /* 8.x zip layout */
                cudnn_header(ctx, cn, inc);
                if (!cn->version && fv) {
                    cn->version = fv;
                    cn->version_source = vdir;
                }
                cudnn_major_from_dll(ctx, cn);
            }
            if (fs_list_dir(ctx->fs, bin, WIN_DIR_MAX, &cudas, NULL) != 1) {
                fs_dirlist_release(&cudas);
                continue;
            }
            for (j = 0; j < cudas.nr; j++) {
                const char *cdir = facts_printf(f, "%s/%s", bin, cudas.ents[j].name);
                const char *x64 = win_find_in(ctx, cdir, "x64");
                const char *cuda = cudas.ents[j].name;
                if (!is_dotted_version(cuda, strlen(cuda), 1, 2))
                    continue;
                cn = add_cudnn(ctx, x64 ? x64 : cdir, "system",
                               facts_printf(f, "%.*s", (int)strcspn(cuda, "."), cuda));
                if (!cn && x64)
                    cn = add_cudnn(ctx, cdir, "system", facts_printf(f, "%.*s", (int)strcspn(cuda, "."), cuda));
                if (!cn)
                    continue;
                cudnn_header(ctx, cn, inc ? win_find_in(ctx, inc, cuda) : NULL);
                cudnn_header(ctx, cn, inc);
                if (!cn->version && fv) {
                    cn->version = fv;
                    cn->version_source = vdir;
                }
                cudnn_major_from_dll(ctx, cn);
            }
            fs_dirlist_release(&cudas);
        }
        fs_dirlist_release(&vers);
    }
    /* pip's nvidia-cudnn-cuXX wheels. */
    for (i = 0; i < f->n_pyenvs; i++) {
        const struct python_env *env = &f->pyenvs[i];
        for (j = 0; j < env->n_site_dirs; j++) {
            const char *dir = win_find(ctx, facts_printf(f, "%s/nvidia/cudnn/bin", env->site_dirs[j]));
            const char *v = env_dist_version(env, "nvidia-cudnn-cu");
            struct cudnn_install *cn;
            if (!dir || !(cn = add_cudnn(ctx, dir, "pip", NULL)))
                continue;
            if (v) {
                cn->version = v;
                cn->version_source = env->site_dirs[j];
            }
            cudnn_major_from_dll(ctx, cn);
        }
    }
}

void win_scan_cuda(struct scan_ctx *ctx)
{
    scan_program_files(ctx);
    scan_env_toolkits(ctx);
    scan_pip_runtime(ctx);
    scan_cudnn_dirs(ctx);
}
