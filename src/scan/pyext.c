/*
 * pyext.c - CUDA extension modules of the distributions built against
 * torch, beside the frameworks themselves: for each such distribution in
 * an environment, the shared objects its RECORD installs (PEP 376/627:
 * "path,hash,size" lines, paths relative to the site dir), each read for
 * its fat binaries (loader/fatbin.h: the GPU architectures compiled in)
 * and its DT_NEEDED CUDA libraries (loader/elf.h), and the distribution's
 * Requires-Dist on torch (its METADATA) against the torch installed.
 *
 * Which distributions: those known to ship prebuilt CUDA extensions linked
 * against torch's C++ ABI (below); reading every distribution's RECORD
 * would cost a file per package on every machine.  Files vendored by
 * auditwheel (NAME.libs/) are libraries, not the extension, and skipped.
 */
#include "scan/scan.h"

#include <stdlib.h>
#include <string.h>

#include "loader/elf.h"
#include "loader/fatbin.h"
#include "scan/metadata.h"
#include "scan/pyspec.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define RECORD_MAX (4u * 1024 * 1024)
#define METADATA_MAX (1u * 1024 * 1024)
#define MAX_MODULES 16

/* Distributions (PEP 503 names) that ship CUDA extension modules built
 * against a torch release: each project's wheels put compiled *.so modules
 * beside their Python code. */
static const char *const ext_dists[] = {
    "flash-attn", "xformers", "bitsandbytes", "vllm", "apex", "torchvision", "torchaudio", "mamba-ssm",
    "causal-conv1d", "flashinfer-python", "transformer-engine", "transformer-engine-torch", "torch-scatter",
    "torch-sparse", "torch-cluster", "pyg-lib", "detectron2", "mmcv", "natten", "auto-gptq", "exllamav2",
    "fbgemm-gpu", "torchao", "deepspeed", NULL
};

static const char *const cuda_prefixes[] = {
    "libcudart.so", "libcublas.so", "libcublasLt.so", "libcudnn.so", "libcusparse.so", "libcufft.so",
    "libcurand.so", "libcusolver.so", "libnvrtc.so", "libnvToolsExt.so", "libnccl.so", "libnvJitLink.so",
    "libcupti.so", NULL
};

static int wanted(const char *name)
{
    const char *const *p;
    for (p = ext_dists; *p; p++)
        if (!strcmp(*p, name))
            return 1;
    return 0;
}

static int cuda_lib(const char *name)
{
    const char *const *p;
    for (p = cuda_prefixes; *p; p++)
        if (str_starts(name, *p))
            return 1;
    return 0;
}

static int rd_file(void *arg, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    return fs_pread(arg, off, buf, len, err);
}

/* The architectures compiled into path, or NULL (none, or not readable). */
static const char *module_archs(struct scan_ctx *ctx, const char *path)
{
    struct fs_file file;
    struct fatbin_source src;
    struct fatbin_summary sum;
    struct gd_err err;
    unsigned char magic[4];
    char list[1024];
    int r;

    err_init(&err);
    if (fs_open(ctx->fs, path, &file, &err) < 0)
        return NULL;
    if (file.size < 64 || fs_pread(&file, 0, magic, 4, &err) < 0 || memcmp(magic, "\177ELF", 4)) {
        fs_close(&file);
        return NULL;
    }
    src.read = rd_file;
    src.arg = &file;
    src.size = file.size;
    r = fatbin_read_elf(&src, &sum, &err);
    fs_close(&file);
    if (r < 0)
        scan_warn(ctx, path, &err);
    if (r != 1 || !sum.n_arches || sum.truncated || fatbin_arch_list(&sum, list, sizeof(list)) < 0)
        return NULL;
    return facts_str(ctx->facts, list);
}

static const char *torch_version(const struct python_env *e)
{
    size_t i;
    for (i = 0; i < e->n_frameworks; i++)
        if (!strcmp(e->frameworks[i].name, "torch"))
            return e->frameworks[i].version;
    return NULL;
}

static void one_dist(struct scan_ctx *ctx, struct python_env *e, const struct py_dist *d)
{
    struct facts *f = ctx->facts;
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    const char *pin = NULL, *tv = torch_version(e), *line;
    size_t pos = 0, n, found = 0;

    path_join(&p, d->path, "METADATA");
    if (scan_read_text(ctx, p.buf, METADATA_MAX, &text) == 1) {
        struct metadata md;
        struct gd_err err;
        const struct md_requirement *rq;
        metadata_init(&md);
        err_init(&err);
        (void)metadata_parse(&md, &f->arena, text.buf, text.len, &err);
        if ((rq = metadata_find_req(&md, "torch")) != NULL && !rq->extra)
            pin = rq->specifier;
        metadata_release(&md);
    }
    path_join(&p, d->path, "RECORD");
    if (scan_read_text(ctx, p.buf, RECORD_MAX, &text) != 1) {
        strbuf_release(&p);
        strbuf_release(&text);
        return;
    }
    while (next_line(text.buf, text.len, &pos, &line, &n) && found < MAX_MODULES) {
        const char *comma = memchr(line, ',', n), *rel, *mod, *archs;
        size_t rl = comma ? (size_t)(comma - line) : n;
        struct py_extension *x;
        struct elf_info info;
        struct gd_err err;
        size_t k;
        rel = arena_strndup(&f->arena, line, rl);
        if (!(str_ends(rel, ".so") || strstr(rel, ".so.")) || strstr(rel, ".libs/") || str_starts(rel, "../") ||
            strstr(rel, "/../"))
            continue;
        mod = facts_printf(f, "%s/%s", d->site_dir, rel);
        archs = module_archs(ctx, mod);
        memset(&info, 0, sizeof(info));
        err_init(&err);
        if (elf_read(ctx->fs, mod, &f->arena, &info, &err) != 1)
            memset(&info, 0, sizeof(info));
        for (k = 0; k < info.n_needed && !archs; k++)
            if (cuda_lib(info.needed[k]))
                break;
        if (!archs && k == info.n_needed)
            continue; /* no CUDA in this one (a CPU build, a helper library) */
        ALLOC_GROW(e->exts, e->n_exts + 1, e->alloc_exts);
        x = &e->exts[e->n_exts++];
        memset(x, 0, sizeof(*x));
        x->dist = d->name;
        x->version = d->version;
        x->module = mod;
        x->archs = archs;
        for (k = 0; k < info.n_needed; k++)
            if (cuda_lib(info.needed[k])) {
                ALLOC_GROW(x->cuda_needed, x->n_cuda_needed + 1, x->alloc_cuda_needed);
                x->cuda_needed[x->n_cuda_needed++] = info.needed[k];
            }
        x->torch_pin = pin;
        x->torch_version = tv;
        x->torch_pin_ok = pin && tv ? pyspec_match(tv, pin) : -1;
        found++;
    }
    strbuf_release(&p);
    strbuf_release(&text);
}

void scan_pyext(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t e, i;
    for (e = 0; e < f->n_pyenvs; e++) {
        struct python_env *env = &f->pyenvs[e];
        for (i = 0; i < env->n_dists; i++) {
            const struct py_dist *d = &env->dists[i];
            if (d->conda || !d->site_dir || !d->path || !str_ends(d->path, ".dist-info") || !wanted(d->name))
                continue;
            one_dist(ctx, env, d);
        }
    }
}
