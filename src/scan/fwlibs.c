/*
 * fwlibs.c - each framework's CUDA library as the import really reaches it,
 * and the GPU architectures compiled into it.
 *
 * A wheel keeps torch's libtorch_cuda.so in torch/lib; Debian's
 * python3-torch-cuda keeps only symlinks there and the real library in
 * /usr/lib/<multiarch>/libtorch_cuda.so.2.6, reached from the extension
 * module the import loads: torch/_C.cpython-3XX-<triplet>.so ->
 * libtorch_python.so.2.6 -> libtorch.so.2.6 -> libtorch_cuda.so.2.6.  So the
 * library is found by resolving the extension module's DT_NEEDED closure
 * with the loader model (the same walk as `gpudoctor which --deps`), which
 * judges wheels, distribution packages, conda and source builds alike.
 *
 * The architectures come from the library's fat binaries (loader/fatbin.h):
 * only headers are read, a few hundred positioned reads for a 1 GiB
 * libtorch_cuda.  What is not found stays NULL (unknown).
 *
 * The walk is the expensive part of a scan (Debian's python3-torch: 289
 * libraries), so it is done only when its answers can matter: for a build
 * the package's own files already say is not a CUDA build (torch/version.py
 * "cuda = None", a +cpu or +rocm label, tensorflow-cpu, onnxruntime
 * without -gpu: variant "cpu", "rocm", "xpu" or "metal"), no CUDA library
 * can be reached and the framework judges stop at that fact, so only the
 * extension module is named (one listing) and its closure is not walked:
 * unresolved stays empty and cuda_library and the architectures unknown.
 * Every object the walk reads is read once per run, whichever environment
 * reaches it (the resolver remembers what it read, loader/resolve.h).
 */
#include "scan/scan.h"

#include <stdlib.h>
#include <string.h>

#include "loader/deps.h"
#include "loader/fatbin.h"
#include "loader/resolve.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

struct fw_plan {
    const char *framework;     /* framework_build.name */
    const char *ext_dir;       /* directory of the extension module, relative to location/.. */
    const char *ext_prefix;    /* its file name starts with this and ends with ".so" */
    const char *cuda_lib;      /* the CUDA library's name starts with this */
    const char *fallback;      /* relative to location: the CUDA library when the closure does
                                  not reach it (a provider the framework dlopens), or NULL */
};

/* The extension module each import loads first, and the library in its
 * closure that holds the framework's CUDA kernels. */
static const struct fw_plan plans[] = {
    { "torch", "torch", "_C.", "libtorch_cuda.so", "lib/libtorch_cuda.so" },
    { "tensorflow", "tensorflow/python", "_pywrap_tensorflow_internal.", "libtensorflow_cc.so", NULL },
    /* ORT dlopens its CUDA provider: not in the extension's closure. */
    { "onnxruntime", "onnxruntime/capi", "onnxruntime_pybind11_state.", "libonnxruntime_providers_cuda.so",
      "capi/libonnxruntime_providers_cuda.so" },
    /* XGBoost's Python package loads lib/libxgboost.so with ctypes; its
     * CUDA kernels and (statically linked) CUDA runtime are in it. */
    { "xgboost", "xgboost/lib", "libxgboost.", "libxgboost.so", "lib/libxgboost.so" },
};

static int ext_name(const char *name, void *prefix)
{
    return str_starts(name, prefix) && str_ends(name, ".so");
}

/* torch/_C.cpython-313-x86_64-linux-gnu.so in dir, or NULL. */
static const char *find_ext(struct scan_ctx *ctx, const char *dir, const char *prefix)
{
    struct fs_dirlist list;
    struct gd_err err;
    const char *found = NULL;
    err_init(&err);
    if (fs_list_dir_filtered(ctx->fs, dir, 4096, ext_name, (void *)prefix, &list, &err) == 1 && list.nr)
        found = facts_printf(ctx->facts, "%s/%s", dir, list.ents[0].name);
    fs_dirlist_release(&list);
    return found;
}

static void read_archs(struct scan_ctx *ctx, struct framework_build *fw, const char *lib);

/* The plan's fallback library, when the import's closure does not reach one. */
static void read_fallback(struct scan_ctx *ctx, struct framework_build *fw, const struct fw_plan *p)
{
    struct compat_stat st;
    const char *lib;
    if (!p->fallback)
        return;
    lib = facts_printf(ctx->facts, "%s/%s", fw->location, p->fallback);
    if (fs_stat(ctx->fs, lib, &st, NULL) == 1 && st.type == COMPAT_FT_REG)
        read_archs(ctx, fw, lib);
}

/* What the package's files say: NULL (unknown) or "cuda" leave the
 * question to the closure; another variant is not a CUDA build. */
static int may_use_cuda(const struct framework_build *fw)
{
    return !fw->variant || !strcmp(fw->variant, "cuda");
}

static int rd(void *arg, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    return fs_pread(arg, off, buf, len, err);
}

static void one(struct scan_ctx *ctx, struct framework_build *fw, const struct fw_plan *p)
{
    struct facts *f = ctx->facts;
    struct strbuf dir = STRBUF_INIT, real = STRBUF_INIT;
    struct resolve_request base;
    struct resolve_deps deps;
    struct gd_err err;
    const char *ext;
    size_t i;

    /* location is ".../site-packages/torch"; the plan's directory is
     * relative to site-packages. */
    path_dirname(&dir, fw->location);
    strbuf_addch(&dir, '/');
    strbuf_addstr(&dir, p->ext_dir);
    ext = find_ext(ctx, dir.buf, p->ext_prefix);
    strbuf_release(&dir);
    if (!may_use_cuda(fw)) {
        fw->extension = ext;
        return;
    }
    if (!ext) {
        read_fallback(ctx, fw, p);
        return;
    }
    memset(&base, 0, sizeof(base));
    base.ld_library_path = env_get(ctx->env, "LD_LIBRARY_PATH");
    memset(&deps, 0, sizeof(deps));
    err_init(&err);
    fw->extension = ext;
    if (resolve_deps(ctx->resolver, ext, &base, &deps, &err) >= 0) {
        for (i = 1; i < deps.nr; i++) {
            const struct resolve_dep *d = &deps.nodes[i];
            size_t k;
            int seen = 0;
            /* A name two objects need and neither finds is one missing library. */
            for (k = 0; k < fw->n_unresolved; k++)
                seen |= !strcmp(fw->unresolved[k].what, d->name);
            if (!seen && !d->duplicate && !d->res.path && d->parent < deps.nr)
                facts_evidence(f, &fw->unresolved, &fw->n_unresolved, &fw->alloc_unresolved,
                               deps.nodes[d->parent].res.path ? deps.nodes[d->parent].res.path
                                                              : deps.nodes[d->parent].name,
                               d->name);
        }
        for (i = 1; i < deps.nr; i++) {
            const struct resolve_dep *d = &deps.nodes[i];
            if (d->duplicate || !d->res.path || !str_starts(path_basename(d->name), p->cuda_lib))
                continue;
            err_init(&err);
            if (fs_realpath(ctx->fs, d->res.path, &real, &err) == 1)
                fw->cuda_library = facts_str(f, real.buf);
            else
                fw->cuda_library = facts_str(f, d->res.path);
            break;
        }
    } else {
        scan_warn(ctx, ext, &err);
    }
    resolve_deps_release(&deps);
    strbuf_release(&real);
    if (fw->cuda_library) {
        read_archs(ctx, fw, fw->cuda_library);
    } else {
        read_fallback(ctx, fw, p);
    }
}

static void read_archs(struct scan_ctx *ctx, struct framework_build *fw, const char *lib)
{
    struct fs_file file;
    struct fatbin_source src;
    struct fatbin_summary sum;
    struct gd_err err;
    char list[1024];
    int r;

    err_init(&err);
    if (fs_open(ctx->fs, lib, &file, &err) < 0) {
        scan_warn(ctx, lib, &err);
        return;
    }
    src.read = rd;
    src.arg = &file;
    src.size = file.size;
    {
        /* Not an ELF file at all (an empty placeholder, a linker script):
         * no device code, and no warning -- the module readers say what
         * such a file is.  A malformed ELF costs a warning. */
        unsigned char magic[4];
        if (file.size < 64 || fs_pread(&file, 0, magic, 4, &err) < 0 || memcmp(magic, "\177ELF", 4)) {
            fs_close(&file);
            return;
        }
    }
    r = fatbin_read_elf(&src, &sum, &err);
    fs_close(&file);
    if (r < 0) {
        scan_warn(ctx, lib, &err);
        return;
    }
    if (r == 0) {
        fw->device_code = 0;   /* an ELF without a fat-binary section: no CUDA kernels */
        return;
    }
    if (!sum.n_arches || sum.truncated || fatbin_arch_list(&sum, list, sizeof(list)) < 0)
        return;   /* no architecture listed, or a list too long to trust: unknown */
    fw->archs = facts_str(ctx->facts, list);
    fw->archs_source = lib;
    fw->device_code = 1;
}

void scan_fw_libs(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t e, i, k;

    if (!ctx->resolver)
        return;
    for (e = 0; e < f->n_pyenvs; e++) {
        for (i = 0; i < f->pyenvs[e].n_frameworks; i++) {
            struct framework_build *fw = &f->pyenvs[e].frameworks[i];
            if (!fw->location)
                continue;
            for (k = 0; k < sizeof(plans) / sizeof(plans[0]); k++)
                if (!strcmp(fw->name, plans[k].framework))
                    one(ctx, fw, &plans[k]);
        }
    }
}
