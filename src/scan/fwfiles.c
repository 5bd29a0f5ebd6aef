/*
 * fwfiles.c - the files the framework rules need, observed once so that the
 * diagnosis never reads the disk itself (diagnose/diagnose.h):
 *
 *   - each framework's native modules and what they link: TensorFlow's
 *     _pywrap_tensorflow_internal.so (or libtensorflow_framework.so.2,
 *     libtensorflow_cc.so.2), torch's lib/libtorch_cuda.so or
 *     lib\torch_cuda.dll, ONNX Runtime's CUDA provider, CuPy's extension
 *     modules (DT_NEEDED; a DLL's imports and delay imports);
 *   - each environment's pip NVIDIA wheels (SITE/nvidia/<pkg>);
 *   - the library files in every directory where a library may be installed
 *     although the loader does not look there: each toolkit's lib (and bin,
 *     bin\x64 on Windows), each cuDNN folder, the wheels' lib (bin), and
 *     torch's DLL folders on Windows (for its "is a cudart64_*.dll there"
 *     test).
 *
 * Which module a framework loads from is a fact about its package layout
 * (the Python observer's concern, scan/pyenv_frameworks.c); what those
 * modules mean for the verdict is the framework module's (diagnose/fw_*.c).
 */
#include "scan/scan.h"

#include <string.h>

#include "loader/pe.h"
#include "loader/resolve.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

#define FW_DIR_MAX 100000

static int is_windows(const struct facts *f)
{
    return f->system.os && !strcmp(f->system.os, "windows");
}

/* A name the framework rules may look for: a shared library. */
static int lib_name(const char *name, int windows)
{
    size_t n = strlen(name);
    if (windows)
        return n > 4 && winpath_name_eq(name + n - 4, ".dll");
    return str_starts(name, "lib") && strstr(name, ".so") != NULL;
}

/* List dir's library files into facts (once per directory). */
static void list_libdir(struct scan_ctx *ctx, const char *dir)
{
    struct facts *f = ctx->facts;
    int windows = is_windows(f);
    struct fs_dirlist l;
    struct strbuf real = STRBUF_INIT;
    struct lib_dir *ld;
    const char *listed = dir;
    size_t i;
    int r;

    if (facts_libdir(f, dir, 0))
        return;
    ALLOC_GROW(f->libdirs, f->n_libdirs + 1, f->alloc_libdirs);
    ld = &f->libdirs[f->n_libdirs++];
    memset(ld, 0, sizeof(*ld));
    ld->dir = facts_str(f, dir);
    r = fs_list_dir(ctx->fs, dir, FW_DIR_MAX, &l, NULL);
    if (r != 1 && windows && winpath_resolve_ci(ctx->fs, dir, &real, NULL) == 1) {
        fs_dirlist_release(&l);
        listed = real.buf;
        r = fs_list_dir(ctx->fs, listed, FW_DIR_MAX, &l, NULL);
    }
    if (r == 1) {
        ld->real = facts_str(f, listed);
        for (i = 0; i < l.nr; i++) {
            const char *name = l.ents[i].name;
            if (!lib_name(name, windows))
                continue;
            if (!windows && l.ents[i].type != COMPAT_FT_REG) {
                /* A symlink counts when it leads to a file (the loader opens it). */
                struct strbuf p = STRBUF_INIT;
                struct compat_stat st;
                int ok;
                path_join(&p, listed, name);
                ok = fs_stat(ctx->fs, p.buf, &st, NULL) == 1 && st.type == COMPAT_FT_REG;
                strbuf_release(&p);
                if (!ok)
                    continue;
            }
            ALLOC_GROW(ld->names, ld->n_names + 1, ld->alloc_names);
            ld->names[ld->n_names++] = facts_str(f, name);
        }
    }
    fs_dirlist_release(&l);
    strbuf_release(&real);
}

static struct fw_module *add_module(struct facts *f, struct framework_build *fw, const char *path,
                                    const char *format)
{
    struct fw_module *m;
    ALLOC_GROW(fw->modules, fw->n_modules + 1, fw->alloc_modules);
    m = &fw->modules[fw->n_modules++];
    memset(m, 0, sizeof(*m));
    m->path = facts_str(f, path);
    m->format = format;
    return m;
}

static void module_need(struct facts *f, struct fw_module *m, const char *name)
{
    ALLOC_GROW(m->needed, m->n_needed + 1, m->alloc_needed);
    m->needed[m->n_needed++] = facts_str(f, name);
}

/* Read an ELF module's DT_NEEDED.  1 read, 0 not. */
static int read_elf(struct scan_ctx *ctx, struct framework_build *fw, const char *path)
{
    struct resolve_object obj;
    struct elf_info info;
    struct gd_err err;
    struct fw_module *m;
    size_t i;

    memset(&obj, 0, sizeof(obj));
    memset(&info, 0, sizeof(info));
    err_init(&err);
    m = add_module(ctx->facts, fw, path, "elf");
    if (!ctx->resolver || resolve_object_read(ctx->resolver, path, &obj, &info, &err) != 1)
        return 0;
    m->readable = 1;
    m->load_align = info.load_align_min;
    m->machine = info.hdr.machine;
    for (i = 0; i < info.n_needed; i++)
        module_need(ctx->facts, m, info.needed[i]);
    return 1;
}

static void read_pe(struct scan_ctx *ctx, struct framework_build *fw, const char *path)
{
    struct pe_info pe;
    struct gd_err err;
    struct fw_module *m = add_module(ctx->facts, fw, path, "pe");
    size_t i;

    err_init(&err);
    if (pe_read(ctx->fs, path, &ctx->facts->arena, &pe, &err) != 1)
        return;
    m->readable = 1;
    for (i = 0; i < pe.n_imports; i++)
        module_need(ctx->facts, m, pe.imports[i]);
    for (i = 0; i < pe.n_delay_imports; i++)
        module_need(ctx->facts, m, pe.delay_imports[i]);
}

static void framework_modules(struct scan_ctx *ctx, const struct python_env *env, struct framework_build *fw)
{
    struct facts *f = ctx->facts;
    int windows = is_windows(f);
    const char *p;

    if (!strcmp(fw->name, "tensorflow") && fw->location && !windows) {
        /* The module that calls dlopen, whose RUNPATH is searched: TF's
         * .so files carry RUNPATH, not RPATH.  The first that reads wins. */
        static const char *const mods[] = { "python/_pywrap_tensorflow_internal.so",
                                            "libtensorflow_framework.so.2", "libtensorflow_cc.so.2", NULL };
        const char *const *m;
        for (m = mods; *m; m++)
            if (read_elf(ctx, fw, facts_printf(f, "%s/%s", fw->location, *m)))
                break;
    } else if (!strcmp(fw->name, "torch") && fw->location) {
        if (windows) {
            read_pe(ctx, fw, facts_printf(f, "%s/lib/torch_cuda.dll", fw->location));
        } else {
            /* The library torch/_C's closure reaches (scan/fwlibs.c; Debian
             * keeps it outside torch/lib), else the wheel's. */
            read_elf(ctx, fw, fw->cuda_library ? fw->cuda_library
                                               : facts_printf(f, "%s/lib/libtorch_cuda.so", fw->location));
        }
    } else if (!strcmp(fw->name, "onnxruntime") && fw->location) {
        read_elf(ctx, fw, facts_printf(f, "%s/capi/libonnxruntime_providers_cuda.so", fw->location));
    } else if (!strcmp(fw->name, "cupy")) {
        /* CuPy links its CUDA libraries from these extension folders. */
        static const char *const moddirs[] = { "cupy_backends/cuda/api", "cupy_backends/cuda/libs", "cupy/cuda",
                                               NULL };
        const struct py_dist *d = fw->n_components ? &fw->components[0] : NULL;
        const char *site = d && d->site_dir ? d->site_dir : env->site_packages;
        const char *const *md;
        size_t i;
        if (!site)
            return;
        for (md = moddirs; *md; md++) {
            struct fs_dirlist l;
            const char *dir = facts_printf(f, "%s/%s", site, *md);
            if (fs_list_dir(ctx->fs, dir, FW_DIR_MAX, &l, NULL) == 1)
                for (i = 0; i < l.nr; i++)
                    if (strstr(l.ents[i].name, ".so")) {
                        p = facts_printf(f, "%s/%s", dir, l.ents[i].name);
                        if (!read_elf(ctx, fw, p))
                            fw->n_modules--; /* only the modules that read count */
                    }
            fs_dirlist_release(&l);
        }
    }
}

/* python.exe's folder (a venv's base interpreter: pyvenv.cfg's home). */
static const char *win_app_dir(struct facts *f, const struct python_env *env)
{
    struct strbuf v = STRBUF_INIT;
    const char *r = env->prefix;
    if (env->venv_home && winpath_to_virtual(env->venv_home, &v) == 1)
        r = facts_str(f, v.buf);
    strbuf_release(&v);
    return r;
}

void scan_fwfiles(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    int windows = is_windows(f);
    size_t i, j, e;

    for (e = 0; e < f->n_pyenvs; e++) {
        struct python_env *env = &f->pyenvs[e];
        for (j = 0; j < env->n_site_dirs || (j == 0 && env->site_packages); j++) {
            const char *sp = env->n_site_dirs ? env->site_dirs[j] : env->site_packages;
            const char *nv = facts_printf(f, "%s/nvidia", sp);
            struct fs_dirlist l;
            if (fs_list_dir(ctx->fs, nv, FW_DIR_MAX, &l, NULL) == 1)
                for (i = 0; i < l.nr; i++) {
                    ALLOC_GROW(env->nvidia_dirs, env->n_nvidia_dirs + 1, env->alloc_nvidia_dirs);
                    env->nvidia_dirs[env->n_nvidia_dirs++] = facts_printf(f, "%s/%s", nv, l.ents[i].name);
                }
            fs_dirlist_release(&l);
            if (!env->n_site_dirs)
                break;
        }
        for (i = 0; i < env->n_frameworks; i++)
            framework_modules(ctx, env, &env->frameworks[i]);
    }

    for (i = 0; i < f->n_cuda; i++) {
        if (f->cuda[i].libdir)
            list_libdir(ctx, f->cuda[i].libdir);
        if (windows) {
            list_libdir(ctx, facts_printf(f, "%s/bin", f->cuda[i].path));
            list_libdir(ctx, facts_printf(f, "%s/bin/x64", f->cuda[i].path));
        }
    }
    for (i = 0; i < f->n_cudnn; i++)
        if (f->cudnn[i].libdir)
            list_libdir(ctx, f->cudnn[i].libdir);
    for (e = 0; e < f->n_pyenvs; e++) {
        const struct python_env *env = &f->pyenvs[e];
        for (i = 0; i < env->n_nvidia_dirs; i++)
            list_libdir(ctx, facts_printf(f, "%s/%s", env->nvidia_dirs[i], windows ? "bin" : "lib"));
        if (!windows)
            continue;
        for (j = 0; j < env->n_frameworks; j++) {
            const struct framework_build *fw = &env->frameworks[j];
            const char *base = win_app_dir(f, env);
            if (strcmp(fw->name, "torch") || !fw->location)
                continue;
            /* torch/__init__.py's DLL folders (diagnose/fw_torch.c). */
            list_libdir(ctx, facts_printf(f, "%s/lib", fw->location));
            list_libdir(ctx, facts_printf(f, "%s/Library/bin", env->prefix));
            if (strcmp(base, env->prefix))
                list_libdir(ctx, facts_printf(f, "%s/Library/bin", base));
        }
    }
}
