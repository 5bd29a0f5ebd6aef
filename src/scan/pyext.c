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
 * A distribution a Linux distribution installed (an .egg-info directory, as
 * Debian's python3-torchvision has: PKG-INFO, top_level.txt, no RECORD) is
 * read the same way: its modules are the shared objects at the top of each
 * package top_level.txt names and in that package's lib/ directory (where
 * torchaudio keeps _torchaudio.so).
 *
 * A module with device code (fat binaries, a CUDA library, or torch's own
 * CUDA libraries libc10_cuda / libtorch_cuda in its DT_NEEDED) is recorded;
 * a distribution none of whose modules has any (a CPU build: torchvision
 * 0.21.0+cpu, Debian's python3-torchvision built against the CPU libtorch)
 * has its modules recorded with device_code 0, so that the rules can tell
 * its operators have no CUDA kernels and check its torch pin all the same.
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

/* torch's own CUDA libraries: an extension linking them has CUDA operators. */
static int torch_cuda_lib(const char *name)
{
    return str_starts(name, "libc10_cuda.so") || str_starts(name, "libtorch_cuda.so");
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

/* The distribution's Requires-Dist on torch (METADATA, or PKG-INFO of an .egg-info), or NULL. */
static const char *torch_pin_of(struct scan_ctx *ctx, const struct py_dist *d, int egg)
{
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    const char *pin = NULL;

    path_join(&p, d->path, egg ? "PKG-INFO" : "METADATA");
    if (scan_read_text(ctx, p.buf, METADATA_MAX, &text) == 1) {
        struct metadata md;
        struct gd_err err;
        const struct md_requirement *rq;
        metadata_init(&md);
        err_init(&err);
        (void)metadata_parse(&md, &ctx->facts->arena, text.buf, text.len, &err);
        if ((rq = metadata_find_req(&md, "torch")) != NULL && !rq->extra)
            pin = rq->specifier;
        metadata_release(&md);
    }
    strbuf_release(&p);
    strbuf_release(&text);
    return pin;
}

static int is_module(const char *rel)
{
    return (str_ends(rel, ".so") || strstr(rel, ".so.")) && !strstr(rel, ".libs/") && !str_starts(rel, "../") &&
           !strstr(rel, "/../");
}

/* The shared objects directly in site_dir/rel (rel relative to the site
 * dir), appended to out as "rel/NAME" while *nr < MAX_MODULES. */
static void dir_modules(struct scan_ctx *ctx, const char *site_dir, const char *rel, const char **out, size_t *nr)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    struct gd_err err;
    size_t k;

    err_init(&err);
    if (fs_list_dir_filtered(ctx->fs, facts_printf(f, "%s/%s", site_dir, rel), 4096, NULL, NULL, &list, &err) == 1)
        for (k = 0; k < list.nr && *nr < MAX_MODULES; k++) {
            const char *m = facts_printf(f, "%s/%s", rel, list.ents[k].name);
            if (is_module(m) && !strchr(list.ents[k].name, '/'))
                out[(*nr)++] = m;
        }
    fs_dirlist_release(&list);
}

/* The modules' paths (relative to the site dir): RECORD's shared objects, or
 * for an .egg-info those at the top of each package top_level.txt names and
 * in its lib/ directory (torchaudio's _torchaudio.so and libtorchaudio.so
 * are in torchaudio/lib, in its wheels and in Debian's python3-torchaudio). */
static size_t module_paths(struct scan_ctx *ctx, const struct py_dist *d, int egg, const char **out)
{
    struct facts *f = ctx->facts;
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    const char *line;
    size_t pos = 0, n, nr = 0;

    path_join(&p, d->path, egg ? "top_level.txt" : "RECORD");
    if (scan_read_text(ctx, p.buf, RECORD_MAX, &text) != 1)
        goto out;
    while (next_line(text.buf, text.len, &pos, &line, &n) && nr < MAX_MODULES) {
        const char *comma = memchr(line, ',', n), *rel;
        if (!egg) {
            rel = arena_strndup(&f->arena, line, comma ? (size_t)(comma - line) : n);
            if (is_module(rel))
                out[nr++] = rel;
        } else {
            /* A package name: a directory of the site dir, nothing else. */
            const char *pkg;
            while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
                n--;
            pkg = arena_strndup(&f->arena, line, n);
            if (!n || strchr(pkg, '/') || strchr(pkg, '\\') || pkg[0] == '.')
                continue;
            dir_modules(ctx, d->site_dir, pkg, out, &nr);
            dir_modules(ctx, d->site_dir, facts_printf(f, "%s/lib", pkg), out, &nr);
        }
    }
out:
    strbuf_release(&p);
    strbuf_release(&text);
    return nr;
}

static void one_dist(struct scan_ctx *ctx, struct python_env *e, const struct py_dist *d, int egg)
{
    struct facts *f = ctx->facts;
    const char *rels[MAX_MODULES], *pin = torch_pin_of(ctx, d, egg), *tv = torch_version(e);
    struct py_extension found[MAX_MODULES];
    size_t nrel = module_paths(ctx, d, egg, rels), nf = 0, i, k;
    int any_device = 0;

    for (i = 0; i < nrel; i++) {
        struct py_extension *x = &found[nf];
        struct elf_info info;
        struct gd_err err;
        const char *mod = facts_printf(f, "%s/%s", d->site_dir, rels[i]);
        memset(&info, 0, sizeof(info));
        err_init(&err);
        if (elf_read(ctx->fs, mod, &f->arena, &info, &err) != 1)
            continue; /* not an ELF shared object we can read */
        memset(x, 0, sizeof(*x));
        x->dist = d->name;
        x->version = d->version;
        x->module = mod;
        x->archs = module_archs(ctx, mod);
        x->device_code = x->archs != NULL;
        for (k = 0; k < info.n_needed; k++) {
            if (torch_cuda_lib(info.needed[k]))
                x->device_code = 1;
            if (cuda_lib(info.needed[k])) {
                x->device_code = 1;
                ALLOC_GROW(x->cuda_needed, x->n_cuda_needed + 1, x->alloc_cuda_needed);
                x->cuda_needed[x->n_cuda_needed++] = info.needed[k];
            }
        }
        x->torch_pin = pin;
        x->torch_version = tv;
        x->torch_pin_ok = pin && tv ? pyspec_match(tv, pin) : -1;
        any_device |= x->device_code;
        nf++;
    }
    /* With device code somewhere, the modules without it are helpers (video_reader): left out. */
    for (i = 0; i < nf; i++) {
        if (any_device && !found[i].device_code)
            continue;
        ALLOC_GROW(e->exts, e->n_exts + 1, e->alloc_exts);
        e->exts[e->n_exts++] = found[i];
    }
}

void scan_pyext(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t e, i;
    for (e = 0; e < f->n_pyenvs; e++) {
        struct python_env *env = &f->pyenvs[e];
        for (i = 0; i < env->n_dists; i++) {
            const struct py_dist *d = &env->dists[i];
            int egg = d->path && str_ends(d->path, ".egg-info");
            if (d->conda || !d->site_dir || !d->path || !(egg || str_ends(d->path, ".dist-info")) || !wanted(d->name))
                continue;
            one_dist(ctx, env, d, egg);
        }
    }
}
