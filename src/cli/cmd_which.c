/*
 * cmd_which.c - `gpudoctor which NAME`: trace how the dynamic loader would
 * look for one library, without loading anything.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "compat/compat.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "loader/deps.h"
#include "loader/resolve.h"
#include "report/out.h"
#include "report/which.h"
#include "util/alloc.h"
#include "util/banned.h"

#define MAX_FROM 32

struct which_opts {
    const char *name;
    const char *from[MAX_FROM];
    size_t n_from;
    const char *main_path;
    const char *deps;
    const char *loaded[MAX_FROM];
    size_t n_loaded;
    const char *glibc;
    const char *hwcaps;
    const char *platform;
    const char *libc;
    const char *cwd;
    int list_cache;
    int secure;
    /* --os windows (docs/windows.md) */
    const char *app_dir;
    const char *dll_dirs[MAX_FROM];
    size_t n_dll_dirs;
    const char *set_dll_dir;
    const char *path;
    const char *load_flags;
    const char *default_dirs;
    int python_ext;
    /* --os macos (docs/macos.md) */
    const char *exe;
};

static int need(int argc, char **argv, int *i, const char **val)
{
    if (*i + 1 >= argc)
        return -1;
    *val = argv[++*i];
    return 0;
}

static int parse_args(int argc, char **argv, struct which_opts *w, struct options *o, int *rc)
{
    struct gd_err err;
    int i;
    err_init(&err);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (!strcmp(a, "--from") || !strcmp(a, "--loaded") || !strcmp(a, "--dll-dir")) {
            const char **arr = !strcmp(a, "--from") ? w->from : !strcmp(a, "--loaded") ? w->loaded : w->dll_dirs;
            size_t *n = !strcmp(a, "--from") ? &w->n_from : !strcmp(a, "--loaded") ? &w->n_loaded : &w->n_dll_dirs;
            if (need(argc, argv, &i, &v) < 0)
                goto missing;
            if (*n >= MAX_FROM) {
                *rc = usage_error("which", "too many '%s' options (at most %d)", a, MAX_FROM);
                return -1;
            }
            arr[(*n)++] = v;
            continue;
        }
        if (!strcmp(a, "--app-dir") || !strcmp(a, "--set-dll-dir") || !strcmp(a, "--path") ||
            !strcmp(a, "--load-flags") || !strcmp(a, "--default-dirs")) {
            if (need(argc, argv, &i, &v) < 0)
                goto missing;
            if (!strcmp(a, "--app-dir")) w->app_dir = v;
            else if (!strcmp(a, "--set-dll-dir")) w->set_dll_dir = v;
            else if (!strcmp(a, "--path")) w->path = v;
            else if (!strcmp(a, "--load-flags")) w->load_flags = v;
            else w->default_dirs = v;
            continue;
        }
        if (!strcmp(a, "--python-ext")) {
            w->python_ext = 1;
            continue;
        }
        if (!strcmp(a, "--main") || !strcmp(a, "--deps") || !strcmp(a, "--glibc") ||
            !strcmp(a, "--hwcaps") || !strcmp(a, "--platform") || !strcmp(a, "--libc") ||
            !strcmp(a, "--cwd") || !strcmp(a, "--exe")) {
            if (need(argc, argv, &i, &v) < 0)
                goto missing;
            if (!strcmp(a, "--main")) w->main_path = v;
            else if (!strcmp(a, "--exe")) w->exe = v;
            else if (!strcmp(a, "--deps")) w->deps = v;
            else if (!strcmp(a, "--glibc")) w->glibc = v;
            else if (!strcmp(a, "--hwcaps")) w->hwcaps = v;
            else if (!strcmp(a, "--platform")) w->platform = v;
            else if (!strcmp(a, "--libc")) w->libc = v;
            else w->cwd = v;
            continue;
        }
        if (!strcmp(a, "--list-cache")) {
            w->list_cache = 1;
            continue;
        }
        if (!strcmp(a, "--secure")) {
            w->secure = 1;
            continue;
        }
        switch (options_parse_common(o, argc, argv, &i, &err)) {
        case OPT_OK:
            continue;
        case OPT_HELP:
            print_command_usage(stdout, command_find("which"));
            *rc = GD_EXIT_OK;
            return -1;
        case OPT_BAD_USE:
            *rc = usage_error("which", "%s", err.msg);
            return -1;
        case OPT_NOT_MINE:
            if (a[0] == '-' && a[1]) {
                *rc = usage_error("which", "unknown option '%s'", a);
                return -1;
            }
            if (w->name) {
                *rc = usage_error("which", "unexpected argument '%s'", a);
                return -1;
            }
            w->name = a;
            continue;
        }
        continue;
    missing:
        *rc = usage_error("which", "option '%s' needs an argument", a);
        return -1;
    }
    if (!w->name && !w->deps && !w->list_cache) {
        *rc = usage_error("which", "a library name, --deps FILE or --list-cache is needed");
        return -1;
    }
    if (w->libc && strcmp(w->libc, "glibc") && strcmp(w->libc, "musl")) {
        *rc = usage_error("which", "option '--libc' takes glibc or musl, not '%s'", w->libc);
        return -1;
    }
    return 0;
}

/* Apply --glibc X.Y, --hwcaps a,b|none, --platform, --libc, --cwd. */
static int apply_overrides(const struct which_opts *w, struct resolve_config *cfg, struct arena *a)
{
    if (w->libc)
        cfg->flavour = strcmp(w->libc, "musl") ? RESOLVE_GLIBC : RESOLVE_MUSL;
    if (w->platform)
        cfg->platform = w->platform;
    if (w->cwd)
        cfg->cwd = w->cwd;
    cfg->secure = w->secure;
    if (w->glibc) {
        unsigned ma, mi;
        char tail;
        if (sscanf(w->glibc, "%u.%u%c", &ma, &mi, &tail) != 2)
            return usage_error("which", "option '--glibc' takes a version like 2.36, not '%s'", w->glibc);
        cfg->glibc_major = ma;
        cfg->glibc_minor = mi;
        cfg->n_legacy = 0;
        if (ma == 2 && mi < 33)
            cfg->n_hwcaps = 0;
    }
    if (w->hwcaps) {
        char *s = arena_strdup(a, w->hwcaps), *p = s;
        cfg->n_hwcaps = 0;
        cfg->hwcaps_source = "--hwcaps";
        if (strcmp(s, "none")) {
            while (p && *p && cfg->n_hwcaps < 8) {
                char *c = strchr(p, ',');
                if (c)
                    *c++ = '\0';
                if (*p)
                    cfg->hwcaps[cfg->n_hwcaps++] = p;
                p = c;
            }
        }
    }
    return 0;
}

static int read_obj(struct resolver *r, const char *path, struct resolve_object *obj,
                    struct elf_info *info)
{
    struct gd_err err;
    err_init(&err);
    if (resolve_object_read(r, path, obj, info, &err) != 1) {
        fprintf(stderr, "gpudoctor which: cannot read '%s': %s\n", path,
                err.msg[0] ? err.msg : "No such file or directory");
        return -1;
    }
    return 0;
}

static int parse_flags(const char *opt, const char *v, unsigned *out)
{
    char *end;
    unsigned long x;
    if (!v)
        return 0;
    x = strtoul(v, &end, 0);
    if (!*v || *end || x > 0xffffffffUL)
        return usage_error("which", "option '%s' takes a number like 0x1000, not '%s'", opt, v);
    *out = (unsigned)x;
    return 0;
}

/*
 * `which NAME --os windows`: LoadLibraryExW's search on the examined C:
 * drive (--root).  PATH is --path, else the examined environment's PATH
 * when it is this machine's or was given (--env, --env-file, --clear-env):
 * a Linux host's own PATH says nothing about a Windows tree.
 */
/* One search under cfg on the examined tree, answered in the chosen
 * format: 0 found, 1 not found, 2 when the search itself failed. */
static int resolve_and_report(const struct options *o, struct run_ctx *ctx, const struct resolve_config *cfg,
                              const struct resolve_request *req, const char *name)
{
    struct resolver r;
    struct resolve_result res;
    struct gd_err err;
    struct out out;
    struct strbuf sb = STRBUF_INIT;
    int rc, found;

    err_init(&err);
    resolver_init(&r, &ctx->fs, cfg);
    memset(&out, 0, sizeof(out));
    out.fp = ctx->out;
    out.color = ctx->color;
    found = resolve_library(&r, req, &res, &err);
    if (found < 0) {
        fprintf(stderr, "gpudoctor which: %s\n", err.msg);
        rc = GD_EXIT_USAGE;
    } else {
        rc = found ? GD_EXIT_OK : GD_EXIT_FINDINGS;
        if (o->format == FMT_JSON) {
            report_which_json(&sb, name, &res);
            fputs(sb.buf, ctx->out);
        } else {
            report_which_text(&out, name, &res);
        }
    }
    resolve_result_release(&res);
    resolver_release(&r);
    strbuf_release(&sb);
    return rc;
}

static int which_windows(const struct which_opts *w, const struct options *o, struct run_ctx *ctx)
{
    struct resolve_config cfg;
    struct arena a;
    struct resolve_request req;
    struct resolve_object from;
    int rc;

    if (w->deps || w->list_cache)
        return usage_error("which", "'%s' is not modelled for Windows", w->deps ? "--deps" : "--list-cache");
    if (!w->name)
        return usage_error("which", "a DLL name is needed");
    if (w->n_from > 1)
        return usage_error("which", "with --os windows, '--from' names one importing DLL");
    arena_init(&a);
    resolve_config_default(&cfg);
    cfg.flavour = RESOLVE_WINDOWS;
    cfg.cwd = NULL;
    if (w->cwd) {
        cfg.cwd = resolve_win_vpath(&a, w->cwd, NULL);
    } else if (!o->root) {
        char cwd[FS_PATH_MAX];
        if (compat_getcwd(cwd, sizeof(cwd)) == 0)
            cfg.cwd = resolve_win_vpath(&a, cwd, NULL);
    }
    memset(&req, 0, sizeof(req));
    req.name = w->name;
    req.loaded = w->loaded;
    req.n_loaded = w->n_loaded;
    req.win_app_dir = w->app_dir;
    req.win_dll_dirs = w->dll_dirs;
    req.n_win_dll_dirs = w->n_dll_dirs;
    req.win_set_dll_dir = w->set_dll_dir;
    req.win_path = w->path;
    if (!w->path && (!o->root || o->clear_env || o->n_env_changes))
        req.win_path = env_get(&ctx->env, "PATH");
    if (parse_flags("--load-flags", w->load_flags, &req.win_flags) != 0 ||
        parse_flags("--default-dirs", w->default_dirs, &req.win_default_dirs) != 0) {
        arena_release(&a);
        return GD_EXIT_USAGE;
    }
    if (w->n_from) {
        from.path = w->from[0];
        from.elf = NULL;
        req.chain = &from;
        req.n_chain = 1;
    }
    /* Python >= 3.8 loads an extension module with LoadLibraryExW(pyd,
     * DEFAULT_DIRS | DLL_LOAD_DIR); its imports are searched that way
     * (the .pyd's directory only when --from names it). */
    if (w->python_ext)
        req.win_flags |= RESOLVE_WIN_SEARCH_DEFAULT_DIRS | (w->n_from ? RESOLVE_WIN_SEARCH_DLL_LOAD_DIR : 0u);
    rc = resolve_and_report(o, ctx, &cfg, &req, w->name);
    arena_release(&a);
    return rc;
}

/*
 * `which NAME --os macos`: dyld's search for an install name on the
 * examined macOS tree (--root).  --from names the loading image (its
 * LC_RPATHs, @loader_path), repeated for its loaders; --exe the main
 * executable (@executable_path, its LC_RPATHs, which fallback applies).
 * DYLD_LIBRARY_PATH and DYLD_FALLBACK_LIBRARY_PATH come from the examined
 * environment: this machine's without --root, else --env / --env-file.
 */
static int which_macos(const struct which_opts *w, const struct options *o, struct run_ctx *ctx)
{
    struct resolve_config cfg;
    struct resolve_request req;
    struct resolve_object chain[MAX_FROM];
    size_t i;

    if (w->deps || w->list_cache)
        return usage_error("which", "'%s' is not modelled for macOS", w->deps ? "--deps" : "--list-cache");
    if (!w->name)
        return usage_error("which", "an install name is needed (e.g. @rpath/libtorch_cpu.dylib)");
    resolve_config_default(&cfg);
    cfg.flavour = RESOLVE_MACOS;
    cfg.cwd = w->cwd;
    memset(&req, 0, sizeof(req));
    req.name = w->name;
    req.loaded = w->loaded;
    req.n_loaded = w->n_loaded;
    for (i = 0; i < w->n_from; i++) {
        chain[i].path = w->from[i];
        chain[i].elf = NULL;
    }
    req.chain = chain;
    req.n_chain = w->n_from;
    req.mac_exe = w->exe;
    if (!o->root || o->clear_env || o->n_env_changes) {
        req.mac_dyld_library_path = env_get(&ctx->env, "DYLD_LIBRARY_PATH");
        req.mac_dyld_fallback_library_path = env_get(&ctx->env, "DYLD_FALLBACK_LIBRARY_PATH");
    }
    return resolve_and_report(o, ctx, &cfg, &req, w->name);
}

int cmd_which(int argc, char **argv)
{
    struct options o;
    struct which_opts w;
    struct run_ctx ctx;
    struct gd_err err;
    struct resolve_config cfg;
    struct resolver r;
    struct arena cfg_arena;
    struct resolve_object chain[MAX_FROM], main_obj;
    struct elf_info infos[MAX_FROM], main_info;
    struct resolve_request req;
    struct out out;
    struct strbuf sb = STRBUF_INIT;
    size_t i;
    int rc = GD_EXIT_OK;

    memset(&w, 0, sizeof(w));
    options_init(&o);
    err_init(&err);
    if (parse_args(argc, argv, &w, &o, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    if (options_setup(&o, &ctx, &err) < 0) {
        int usage = err.code == GD_ERR_USAGE;
        fprintf(stderr, "gpudoctor which: %s\n", err.msg);
        run_ctx_release(&ctx, NULL);
        options_release(&o);
        return usage ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }
    if (!o.os)
        o.os = compat_native_os();   /* gpudoctor.exe: "windows" */
    if (o.os && (!strcmp(o.os, "windows") || !strcmp(o.os, "macos"))) {
        rc = !strcmp(o.os, "macos") ? which_macos(&w, &o, &ctx) : which_windows(&w, &o, &ctx);
        if (run_ctx_release(&ctx, &err) < 0) {
            fprintf(stderr, "gpudoctor which: %s\n", err.msg);
            rc = GD_EXIT_FAILURE;
        }
        options_release(&o);
        return rc;
    }
    arena_init(&cfg_arena);
    resolve_config_default(&cfg);
    resolve_config_detect(&ctx.fs, &cfg_arena, &cfg);
    if (!o.root && !w.cwd) {
        char cwd[FS_PATH_MAX];
        if (compat_getcwd(cwd, sizeof(cwd)) == 0)
            cfg.cwd = arena_strdup(&cfg_arena, cwd);
    }
    if (apply_overrides(&w, &cfg, &cfg_arena) != 0) {
        rc = GD_EXIT_USAGE;
        goto out_early;
    }
    resolver_init(&r, &ctx.fs, &cfg);
    memset(&out, 0, sizeof(out));
    out.fp = ctx.out;
    out.color = ctx.color;

    if (w.list_cache) {
        const struct ldcache *c = resolver_cache(&r);
        if (!c) {
            fprintf(stderr, "gpudoctor which: %s\n", r.cache_error ? r.cache_error : "no ld.so.cache on this machine");
            rc = GD_EXIT_FINDINGS;
        } else {
            report_cache_text(&out, cfg.cache_path, c);
        }
        goto out;
    }

    memset(&req, 0, sizeof(req));
    req.ld_library_path = env_get(&ctx.env, "LD_LIBRARY_PATH");
    req.loaded = w.loaded;
    req.n_loaded = w.n_loaded;
    if (w.main_path) {
        if (read_obj(&r, w.main_path, &main_obj, &main_info) < 0) {
            rc = GD_EXIT_USAGE;
            goto out;
        }
        req.main_obj = &main_obj;
    }
    for (i = 0; i < w.n_from; i++) {
        if (read_obj(&r, w.from[i], &chain[i], &infos[i]) < 0) {
            rc = GD_EXIT_USAGE;
            goto out;
        }
    }
    /* The loader's class and machine are the loading object's. */
    if (w.n_from) {
        r.cfg.elfclass = infos[0].hdr.elfclass;
        r.cfg.machine = infos[0].hdr.machine;
    }
    req.chain = chain;
    req.n_chain = w.n_from;

    if (w.deps) {
        struct resolve_deps d;
        int drc = resolve_deps(&r, w.deps, &req, &d, &err);
        if (drc < 0) {
            fprintf(stderr, "gpudoctor which: %s\n", err.msg);
            rc = GD_EXIT_USAGE;
        } else {
            /* An incomplete tree cannot say "everything was found". */
            rc = drc == 1 && !d.truncated ? GD_EXIT_OK : GD_EXIT_FINDINGS;
            report_deps_warnings(stderr, "gpudoctor which", &d);
            if (o.format == FMT_JSON) {
                report_deps_json(&sb, &d);
                fputs(sb.buf, ctx.out);
            } else {
                report_deps_text(&out, &d);
            }
        }
        resolve_deps_release(&d);
    } else {
        struct resolve_result res;
        int found;
        req.name = w.name;
        found = resolve_library(&r, &req, &res, &err);
        if (found < 0) {
            fprintf(stderr, "gpudoctor which: %s\n", err.msg);
            rc = GD_EXIT_USAGE;
        } else {
            rc = found ? GD_EXIT_OK : GD_EXIT_FINDINGS;
            if (o.format == FMT_JSON) {
                report_which_json(&sb, w.name, &res);
                fputs(sb.buf, ctx.out);
            } else {
                report_which_text(&out, w.name, &res);
            }
        }
        resolve_result_release(&res);
    }
out:
    resolver_release(&r);
out_early:
    strbuf_release(&sb);
    arena_release(&cfg_arena);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor which: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    options_release(&o);
    return rc;
}
