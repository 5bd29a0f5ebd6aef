/*
 * cudnn.c - every cuDNN install: the system's (headers in /usr/include and
 * the multiarch include directory, libraries in the multiarch lib
 * directory), one copied into each CUDA toolkit, pip's nvidia-cudnn-cuXX
 * wheels and conda's cudnn package.
 *
 * Version: CUDNN_MAJOR/MINOR/PATCHLEVEL from cudnn_version.h (cuDNN 8+),
 * cudnn_version_v9.h / _v8.h (Debian's alternatives layout) or cudnn.h
 * (cuDNN 7 and older); the wheel's or conda package's version; or the
 * library's file name (libcudnn.so.8.9.7, else the major from libcudnn.so.8).
 */
#include "scan/scan.h"

#include <stdint.h>
#include <string.h>

#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define HEADER_HEAD (256u * 1024)
#define MAX_DIR_ENTRIES 100000

struct cudnn_probe {
    const char *path;
    const char *provenance;
    const char *incdirs[3];
    const char *libdirs[3];
    const char *distinfo_dir;   /* where nvidia_cudnn_cuXX-*.dist-info may be */
    const char *conda_meta;
};

static void ev(struct facts *f, struct cudnn_install *ci, const char *path, const char *what)
{
    facts_evidence(f, &ci->evidence, &ci->n_evidence, &ci->alloc_evidence, path, what);
}

static void offer(struct cudnn_install *ci, const char *v, const char *src)
{
    if (!ci->version) {
        ci->version = v;
        ci->version_source = src;
    }
}

static void read_headers(struct scan_ctx *ctx, struct cudnn_install *ci, const char *incdir)
{
    static const char *const names[] = {
        "cudnn_version.h", "cudnn_version_v9.h", "cudnn_version_v8.h", "cudnn.h", NULL
    };
    struct facts *f = ctx->facts;
    const char *const *n;

    for (n = names; *n; n++) {
        struct strbuf p = STRBUF_INIT, sb = STRBUF_INIT;
        long ma, mi, pa;
        path_join(&p, incdir, *n);
        if (fs_read_head(ctx->fs, p.buf, HEADER_HEAD, &sb, NULL) == 1 &&
            header_define_int(sb.buf, sb.len, "CUDNN_MAJOR", &ma) &&
            header_define_int(sb.buf, sb.len, "CUDNN_MINOR", &mi) &&
            header_define_int(sb.buf, sb.len, "CUDNN_PATCHLEVEL", &pa)) {
            const char *v = facts_printf(f, "%ld.%ld.%ld", ma, mi, pa);
            ev(f, ci, p.buf, facts_printf(f, "%s defines CUDNN_MAJOR %ld, MINOR %ld, PATCHLEVEL %ld",
                                          *n, ma, mi, pa));
            offer(ci, v, facts_str(f, p.buf));
            strbuf_release(&p);
            strbuf_release(&sb);
            break;
        }
        strbuf_release(&p);
        strbuf_release(&sb);
    }
}

static int read_libs(struct scan_ctx *ctx, struct cudnn_install *ci, const char *libdir)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    const char *full = NULL, *abi = NULL;
    size_t i;

    if (fs_list_dir_filtered(ctx->fs, libdir, MAX_DIR_ENTRIES, fs_keep_prefix, (void *)(uintptr_t)"libcudnn.so.",
                             &list, NULL) != 1) {
        fs_dirlist_release(&list);
        return 0;
    }
    for (i = 0; i < list.nr; i++) {
        const char *n = list.ents[i].name, *v;
        if (!str_starts(n, "libcudnn.so."))
            continue;
        v = n + strlen("libcudnn.so.");
        if (is_dotted_version(v, strlen(v), 3, 3))
            full = n;
        else if (is_dotted_version(v, strlen(v), 1, 1))
            abi = n;
    }
    if (full || abi) {
        ci->libdir = facts_str(f, libdir);
        if (full) {
            const char *p = facts_printf(f, "%s/%s", libdir, full);
            ev(f, ci, p, facts_printf(f, "library %s", full));
            offer(ci, facts_str(f, full + strlen("libcudnn.so.")), p);
        }
        if (abi) {
            const char *p = facts_printf(f, "%s/%s", libdir, abi);
            ev(f, ci, p, facts_printf(f, "library %s", abi));
            offer(ci, facts_str(f, abi + strlen("libcudnn.so.")), p);
        }
    }
    fs_dirlist_release(&list);
    return full || abi;
}

/* nvidia_cudnn_cu12-9.1.0.70.dist-info: version and the CUDA major. */
static void read_distinfo(struct scan_ctx *ctx, struct cudnn_install *ci, const char *dir)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    size_t i;

    if (fs_list_dir(ctx->fs, dir, MAX_DIR_ENTRIES, &list, NULL) == 1) {
        for (i = 0; i < list.nr; i++) {
            const char *n = list.ents[i].name, *dash, *end;
            if (!str_starts(n, "nvidia_cudnn_cu") || !str_ends(n, ".dist-info"))
                continue;
            dash = strchr(n, '-');
            end = n + strlen(n) - strlen(".dist-info");
            if (!dash || end <= dash + 1 || !is_dotted_version(dash + 1, (size_t)(end - dash - 1), 2, 5))
                continue;
            {
                const char *p = facts_printf(f, "%s/%s", dir, n);
                const char *v = arena_strndup(&f->arena, dash + 1, (size_t)(end - dash - 1));
                ci->cuda_major = arena_strndup(&f->arena, n + strlen("nvidia_cudnn_cu"),
                                               (size_t)(dash - n) - strlen("nvidia_cudnn_cu"));
                ev(f, ci, p, facts_printf(f, "wheel nvidia-cudnn-cu%s %s", ci->cuda_major, v));
                offer(ci, v, p);
            }
        }
    }
    fs_dirlist_release(&list);
}

static void read_conda(struct scan_ctx *ctx, struct cudnn_install *ci, const char *meta)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    size_t i;

    if (fs_list_dir(ctx->fs, meta, MAX_DIR_ENTRIES, &list, NULL) == 1) {
        for (i = 0; i < list.nr; i++) {
            const char *n = list.ents[i].name, *v, *dash;
            if (!str_starts(n, "cudnn-") || !str_ends(n, ".json"))
                continue;
            v = n + 6;
            dash = strchr(v, '-');
            if (!dash || !is_dotted_version(v, (size_t)(dash - v), 2, 4))
                continue;
            {
                const char *p = facts_printf(f, "%s/%s", meta, n);
                const char *ver = arena_strndup(&f->arena, v, (size_t)(dash - v));
                ev(f, ci, p, facts_printf(f, "conda package cudnn %s", ver));
                offer(ci, ver, p);
            }
        }
    }
    fs_dirlist_release(&list);
}

static void probe(struct scan_ctx *ctx, const struct cudnn_probe *pr)
{
    struct facts *f = ctx->facts;
    struct cudnn_install ci;
    size_t i;

    for (i = 0; i < f->n_cudnn; i++)
        if (!strcmp(f->cudnn[i].path, pr->path))
            return;
    memset(&ci, 0, sizeof(ci));
    ci.path = facts_str(f, pr->path);
    ci.provenance = pr->provenance;
    for (i = 0; i < 3 && pr->incdirs[i]; i++)
        read_headers(ctx, &ci, pr->incdirs[i]);
    if (pr->distinfo_dir)
        read_distinfo(ctx, &ci, pr->distinfo_dir);
    if (pr->conda_meta)
        read_conda(ctx, &ci, pr->conda_meta);
    for (i = 0; i < 3 && pr->libdirs[i]; i++)
        if (read_libs(ctx, &ci, pr->libdirs[i]))
            break;
    if (!ci.n_evidence)
        return;
    ALLOC_GROW(f->cudnn, f->n_cudnn + 1, f->alloc_cudnn);
    f->cudnn[f->n_cudnn++] = ci;
}

void scan_cudnn(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct cudnn_probe pr;
    size_t i;

    memset(&pr, 0, sizeof(pr));
    pr.path = "/usr";
    pr.provenance = "system";
    pr.incdirs[0] = f->system.multiarch ? facts_printf(f, "/usr/include/%s", f->system.multiarch) : "/usr/include";
    pr.incdirs[1] = "/usr/include";
    pr.libdirs[0] = f->system.multiarch ? facts_printf(f, "/usr/lib/%s", f->system.multiarch) : "/usr/lib64";
    pr.libdirs[1] = "/usr/lib64";
    probe(ctx, &pr);

    for (i = 0; i < f->n_cuda; i++) {
        const struct cuda_install *cu = &f->cuda[i];
        if (!strcmp(cu->provenance, "distro") || !strcmp(cu->provenance, "pip") ||
            !strcmp(cu->provenance, "conda"))
            continue;
        memset(&pr, 0, sizeof(pr));
        pr.path = cu->path;
        pr.provenance = "toolkit";
        pr.incdirs[0] = facts_printf(f, "%s/include", cu->path);
        pr.libdirs[0] = cu->libdir ? cu->libdir : facts_printf(f, "%s/lib64", cu->path);
        pr.distinfo_dir = facts_printf(f, "%s/dist-info", cu->path);
        probe(ctx, &pr);
    }

    for (i = 0; i < f->n_pyenvs; i++) {
        const struct python_env *pe = &f->pyenvs[i];
        if (pe->site_packages) {
            memset(&pr, 0, sizeof(pr));
            pr.path = facts_printf(f, "%s/nvidia/cudnn", pe->site_packages);
            pr.provenance = "pip";
            pr.incdirs[0] = facts_printf(f, "%s/include", pr.path);
            pr.libdirs[0] = facts_printf(f, "%s/lib", pr.path);
            pr.distinfo_dir = pe->site_packages;
            {
                struct compat_stat st;
                if (fs_stat(ctx->fs, pr.path, &st, NULL) == 1)
                    probe(ctx, &pr);
            }
        }
        if (pe->kind && !strcmp(pe->kind, "conda") && pe->prefix) {
            memset(&pr, 0, sizeof(pr));
            pr.path = pe->prefix;
            pr.provenance = "conda";
            pr.conda_meta = facts_printf(f, "%s/conda-meta", pe->prefix);
            pr.incdirs[0] = facts_printf(f, "%s/include", pe->prefix);
            pr.libdirs[0] = facts_printf(f, "%s/lib", pe->prefix);
            probe(ctx, &pr);
        }
    }
}
