/*
 * mac_binaries.c - the Mach-O files the macOS rules judge, read with
 * loader/macho.h (headers and load commands only):
 *   - each environment's interpreter (bin/pythonX.Y, bin/python3,
 *     bin/python, or the one it was found by), through symlinks: an x86_64
 *     one on Apple Silicon runs under Rosetta, where MPS and Metal are not
 *     available;
 *   - torch: its extension module torch/_C*.so and torch/lib/libtorch_cpu.dylib,
 *     which links Apple's MetalPerformanceShaders frameworks when torch was
 *     built with MPS (USE_MPS);
 *   - tensorflow: tensorflow/python/_pywrap_tensorflow_internal.so, and the
 *     tensorflow-metal plugin SITE/tensorflow-plugins/libmetal_plugin.dylib;
 *   - jax-metal: the first dylib in SITE/jax_plugins/metal_plugin.
 * Kept per file: its slices' architectures, the minimum macOS of the
 * arm64 slice (else of any), and the loaded dylibs that name Apple's Metal
 * frameworks or CUDA libraries.
 */
#include "scan/mac_scan.h"

#include <string.h>

#include "loader/macho.h"
#include "util/alloc.h"
#include "util/banned.h"

#define MAC_DIR_MAX 100000

static int telling(const char *dylib)
{
    return strstr(dylib, "Metal") || strstr(dylib, "libcuda") || strstr(dylib, "libcudart") ||
           strstr(dylib, "libcudnn") || strstr(dylib, "libcublas");
}

/* Record vpath (role, env) when it exists.  1 recorded, 0 absent. */
static int add_bin(struct scan_ctx *ctx, const char *vpath, const char *role, const char *env)
{
    struct facts *f = ctx->facts;
    struct macos_facts *m = &f->macos;
    struct mac_binary *b;
    struct macho_info mi;
    struct strbuf real = STRBUF_INIT, archs = STRBUF_INIT;
    struct gd_err err;
    struct arena a;
    size_t i, k;
    int r;

    for (i = 0; i < m->n_bins; i++)
        if (!strcmp(m->bins[i].path, vpath) && !strcmp(m->bins[i].role, role))
            return 1;
    err_init(&err);
    arena_init(&a);
    r = macho_read(ctx->fs, vpath, &a, &mi, &err);
    if (r == 0) {
        arena_release(&a);
        return 0;
    }
    ALLOC_GROW(m->bins, m->n_bins + 1, m->alloc_bins);
    b = &m->bins[m->n_bins++];
    memset(b, 0, sizeof(*b));
    b->path = facts_str(f, vpath);
    b->role = role;
    b->env = env;
    if (fs_realpath(ctx->fs, vpath, &real, &err) == 1 && strcmp(real.buf, vpath))
        b->real = facts_str(f, real.buf);
    if (r < 0) {
        scan_warn(ctx, vpath, &err);
    } else {
        uint32_t min;
        char v[32];
        for (i = 0; i < mi.n_slices; i++) {
            const char *n = macho_arch_name(mi.slices[i].cputype, mi.slices[i].cpusubtype);
            if (archs.len)
                strbuf_addch(&archs, ',');
            if (n)
                strbuf_addstr(&archs, n);
            else
                strbuf_addf(&archs, "cpu%u", mi.slices[i].cputype);
            for (k = 0; k < mi.slices[i].n_dylibs; k++) {
                const char *d = mi.slices[i].dylibs[k].name;
                size_t j;
                int dup = 0;
                if (!telling(d))
                    continue;
                for (j = 0; j < b->n_dylibs; j++)
                    dup |= !strcmp(b->dylibs[j], d);
                if (dup)
                    continue;
                ALLOC_GROW(b->dylibs, b->n_dylibs + 1, b->alloc_dylibs);
                b->dylibs[b->n_dylibs++] = facts_str(f, d);
            }
            if (mi.slices[i].warning)
                facts_warn(f, vpath, facts_printf(f, "Mach-O file '%s': %s", vpath, mi.slices[i].warning));
        }
        if (mi.warning)
            facts_warn(f, vpath, facts_printf(f, "Mach-O file '%s': %s", vpath, mi.warning));
        b->archs = facts_str(f, archs.buf ? archs.buf : "");
        min = macho_min_macos(&mi, macho_has_cpu(&mi, MACHO_CPU_ARM64) ? MACHO_CPU_ARM64 : 0);
        if (min && macho_version_str(min, v, sizeof(v)) == 0)
            b->minos = facts_str(f, v);
    }
    strbuf_release(&real);
    strbuf_release(&archs);
    arena_release(&a);
    return 1;
}

/* The first file in dir whose name starts with prefix and ends with
 * suffix (sorted order), recorded; 1 found, 0 none. */
static int add_first(struct scan_ctx *ctx, const char *dir, const char *prefix, const char *suffix,
                     const char *role, const char *env)
{
    struct fs_dirlist dl;
    struct gd_err err;
    struct strbuf p = STRBUF_INIT;
    size_t i, ls = strlen(suffix);
    int found = 0;
    err_init(&err);
    if (fs_list_dir_filtered(ctx->fs, dir, MAC_DIR_MAX, fs_keep_prefix, (void *)prefix, &dl, &err) < 0)
        return 0;
    for (i = 0; i < dl.nr && !found; i++) {
        size_t n = strlen(dl.ents[i].name);
        if (n < ls || strcmp(dl.ents[i].name + n - ls, suffix))
            continue;
        path_join(&p, dir, dl.ents[i].name);
        found = add_bin(ctx, p.buf, role, env);
    }
    fs_dirlist_release(&dl);
    strbuf_release(&p);
    return found;
}

static void interpreter(struct scan_ctx *ctx, const struct python_env *e)
{
    struct strbuf p = STRBUF_INIT, xy = STRBUF_INIT;
    const char *v = e->python_version;
    if (e->interpreter && add_bin(ctx, e->interpreter, "interpreter", e->prefix))
        goto out;
    if (v) {
        const char *dot = strchr(v, '.');
        const char *dot2 = dot ? strchr(dot + 1, '.') : NULL;
        strbuf_add(&xy, v, dot2 ? (size_t)(dot2 - v) : strlen(v));
        strbuf_addf(&p, "%s/bin/python%s", e->prefix, xy.buf);
        if (add_bin(ctx, p.buf, "interpreter", e->prefix))
            goto out;
    }
    strbuf_reset(&p);
    strbuf_addf(&p, "%s/bin/python3", e->prefix);
    if (add_bin(ctx, p.buf, "interpreter", e->prefix))
        goto out;
    strbuf_reset(&p);
    strbuf_addf(&p, "%s/bin/python", e->prefix);
    add_bin(ctx, p.buf, "interpreter", e->prefix);
out:
    strbuf_release(&p);
    strbuf_release(&xy);
}

static void framework(struct scan_ctx *ctx, const struct python_env *e,
                      const struct framework_build *fw)
{
    struct strbuf p = STRBUF_INIT, site = STRBUF_INIT;
    size_t i;
    if (!fw->location)
        return;
    path_dirname(&site, fw->location);
    if (!strcmp(fw->name, "torch")) {
        add_first(ctx, fw->location, "_C.", ".so", "torch", e->prefix);
        path_join(&p, fw->location, "lib/libtorch_cpu.dylib");
        add_bin(ctx, p.buf, "torch_cpu", e->prefix);
    } else if (!strcmp(fw->name, "tensorflow")) {
        path_join(&p, fw->location, "python/_pywrap_tensorflow_internal.so");
        add_bin(ctx, p.buf, "tensorflow", e->prefix);
        for (i = 0; i < fw->n_components; i++)
            if (!strcmp(fw->components[i].name, "tensorflow-metal")) {
                path_join(&p, site.buf, "tensorflow-plugins/libmetal_plugin.dylib");
                add_bin(ctx, p.buf, "tensorflow_metal", e->prefix);
            }
    } else if (!strcmp(fw->name, "jax")) {
        path_join(&p, site.buf, "jax_plugins/metal_plugin");
        add_first(ctx, p.buf, "", ".dylib", "jax_metal", e->prefix);
    }
    strbuf_release(&p);
    strbuf_release(&site);
}

/* torch's macOS wheels carry no local label and version.py says cuda =
 * None, which the Python observer reads as "cpu": a torch whose
 * libtorch_cpu links Apple's MPS frameworks is the "metal" variant. */
static void torch_variant(struct scan_ctx *ctx, const struct python_env *env, struct framework_build *fw)
{
    struct macos_facts *m = &ctx->facts->macos;
    size_t i, k;
    if (strcmp(fw->name, "torch"))
        return;
    for (i = 0; i < m->n_bins; i++)
        if (!strcmp(m->bins[i].role, "torch_cpu") && !strcmp(m->bins[i].env, env->prefix))
            for (k = 0; k < m->bins[i].n_dylibs; k++)
                if (strstr(m->bins[i].dylibs[k], "MetalPerformanceShaders"))
                    fw->variant = "metal";
}

void mac_scan_binaries(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t e, i;
    for (e = 0; e < f->n_pyenvs; e++) {
        struct python_env *env = &f->pyenvs[e];
        if (!env->prefix)
            continue;
        interpreter(ctx, env);
        for (i = 0; i < env->n_frameworks; i++) {
            framework(ctx, env, &env->frameworks[i]);
            torch_variant(ctx, env, &env->frameworks[i]);
        }
    }
}
