/*
 * cmd_which.c - `gpudoctor which NAME`: trace how the dynamic loader would
 * look for one library, without loading anything.
 */
#include <stddef.h>
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
    /* as parsed: --from, --loaded, --dll-dir (copied into the arrays above) */
    struct opt_list from_l, loaded_l, dll_dirs_l;
};

static const char *const libc_words[] = { "glibc", "musl", NULL };

#define OFF(field) offsetof(struct which_opts, field)

static const struct opt_def which_rows[] = {
    { .name = "from", .kind = OPT_LIST, .off = OFF(from_l), .metavar = "FILE", .arg = ARG_FILE,
      .help = "the object that asks (its RPATH, RUNPATH and $ORIGIN apply); repeat for the object that "
              "loaded it, and so on; default: a bare dlopen from the main program" },
    { .name = "main", .kind = OPT_STRING, .off = OFF(main_path), .metavar = "EXE", .arg = ARG_FILE,
      .help = "the main executable (its RPATH; $ORIGIN in LD_LIBRARY_PATH)" },
    { .name = "deps", .kind = OPT_STRING, .off = OFF(deps), .metavar = "FILE", .arg = ARG_FILE,
      .help = "resolve every DT_NEEDED of FILE, recursively, as a tree" },
    { .name = "loaded", .kind = OPT_LIST, .off = OFF(loaded_l), .metavar = "NAME",
      .help = "treat NAME (a file name or SONAME) as already loaded" },
    { .name = "list-cache", .kind = OPT_FLAG, .off = OFF(list_cache), .ival = 1,
      .help = "list /etc/ld.so.cache as `ldconfig -p` does" },
    { .name = "libc", .kind = OPT_STRING, .off = OFF(libc), .metavar = "glibc|musl", .choices = libc_words,
      .help = "the loader's rules (default: detected)" },
    { .name = "glibc", .kind = OPT_STRING, .off = OFF(glibc), .metavar = "X.Y",
      .help = "the glibc version (default: from the cache's generator)" },
    { .name = "hwcaps", .kind = OPT_STRING, .off = OFF(hwcaps), .metavar = "LIST",
      .help = "active glibc-hwcaps subdirectories, best first, comma separated, or 'none' (default: "
              "from the CPU's x86-64 ISA level: this machine's CPUID, or the examined tree's "
              "/proc/cpuinfo)" },
    { .name = "platform", .kind = OPT_STRING, .off = OFF(platform), .metavar = "NAME",
      .help = "the value of $PLATFORM (default: from the CPU)" },
    { .name = "cwd", .kind = OPT_STRING, .off = OFF(cwd), .metavar = "DIR", .arg = ARG_DIR,
      .help = "the working directory for relative paths" },
    { .name = "secure", .kind = OPT_FLAG, .off = OFF(secure), .ival = 1,
      .help = "model secure-execution mode (setuid programs)" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "write JSON (docs/json.md, section \"which\")" },
    OPT_END
};
/* With --os windows and --os macos some options mean other things: the
 * rows of --cwd, --from and --loaded below document them again (the first
 * row of a name is the one parsed). */
static const struct opt_def which_windows_rows[] = {
    { .name = "app-dir", .kind = OPT_STRING, .off = OFF(app_dir), .metavar = "DIR", .arg = ARG_DIR,
      .help = "the folder of the process's .exe (python.exe's)" },
    { .name = "cwd", .kind = OPT_STRING, .off = OFF(cwd), .metavar = "DIR", .arg = ARG_DIR,
      .help = "its current folder (default: unknown, not searched)" },
    { .name = "path", .kind = OPT_STRING, .off = OFF(path), .metavar = "LIST",
      .help = "its PATH, ';'-separated (default: PATH of --env/--env-file, or this machine's without "
              "--root)" },
    { .name = "dll-dir", .kind = OPT_LIST, .off = OFF(dll_dirs_l), .metavar = "DIR", .arg = ARG_DIR,
      .help = "an AddDllDirectory / os.add_dll_directory folder; repeat in call order" },
    { .name = "set-dll-dir", .kind = OPT_STRING, .off = OFF(set_dll_dir), .metavar = "DIR", .arg = ARG_DIR,
      .help = "SetDllDirectory's folder" },
    { .name = "load-flags", .kind = OPT_STRING, .off = OFF(load_flags), .metavar = "N",
      .help = "LoadLibraryExW's dwFlags (0x8, 0x100 ... 0x1000)" },
    { .name = "default-dirs", .kind = OPT_STRING, .off = OFF(default_dirs), .metavar = "N",
      .help = "SetDefaultDllDirectories' flags" },
    { .name = "from", .kind = OPT_LIST, .off = OFF(from_l), .metavar = "DLL", .arg = ARG_FILE,
      .help = "NAME is an import of DLL (loaded with --load-flags)" },
    { .name = "loaded", .kind = OPT_LIST, .off = OFF(loaded_l), .metavar = "PATH",
      .help = "a module already loaded (its base name matches)" },
    { .name = "python-ext", .kind = OPT_FLAG, .off = OFF(python_ext), .ival = 1,
      .help = "NAME is an import of a Python >= 3.8 extension module (--from PYD): "
              "DEFAULT_DIRS|DLL_LOAD_DIR, no PATH" },
    OPT_END
};
static const struct opt_def which_macos_rows[] = {
    { .name = "from", .kind = OPT_LIST, .off = OFF(from_l), .metavar = "IMAGE", .arg = ARG_FILE,
      .help = "the image that loads NAME (its LC_RPATH, @loader_path); repeat for its loaders, nearest "
              "first" },
    { .name = "exe", .kind = OPT_STRING, .off = OFF(exe), .metavar = "EXE", .arg = ARG_FILE,
      .help = "the main executable (@executable_path, its LC_RPATH)" },
    OPT_END
};
static const struct opt_group which_group = { "Options of which", NULL, which_rows, 0 };
static const struct opt_group which_windows_group = {
    "With --os windows",
    "LoadLibraryExW(NAME) on the Windows C: drive at --root (C:\\X is DIR/X; names and folders match in "
    "any letter case; docs/windows.md)",
    which_windows_rows, 0
};
static const struct opt_group which_macos_group = {
    "With --os macos",
    "dyld's search for an install name (NAME as written in LC_LOAD_DYLIB: @rpath/..., @loader_path/..., "
    "/usr/lib/...) on the macOS tree at --root: DYLD_LIBRARY_PATH, the install name, "
    "DYLD_FALLBACK_LIBRARY_PATH (docs/macos.md)",
    which_macos_rows, 0
};
static const struct opt_group *const which_groups[] = { &which_group, &which_windows_group, &which_macos_group,
                                                        &options_shared, NULL };
static const struct opt_operand which_operands[] = { { "NAME", NULL, ARG_WORD }, { NULL, NULL, ARG_WORD } };
static const char *const which_synopsis[] = {
    "gpudoctor which NAME [--from FILE]... [--main EXE] [options]",
    "gpudoctor which --deps FILE [options]",
    "gpudoctor which --list-cache [options]",
    NULL
};
static const struct help_block which_about[] = {
    { NULL, "Say which file dlopen(NAME) would load, without loading anything: every place the loader "
            "tries, in order (RPATH, LD_LIBRARY_PATH, RUNPATH, ld.so.cache, default directories, "
            "glibc-hwcaps subdirectories), what was there, and, when nothing loadable is found, the one "
            "change that fixes it.  LD_LIBRARY_PATH is taken from the environment (see --env, "
            "--clear-env)." },
    { NULL, NULL }
};
static const struct exit_doc which_exits[] = {
    { GD_EXIT_OK, "found; with --deps, every dependency was found and every DT_NEEDED list was read whole" },
    { GD_EXIT_FINDINGS, "not found (with --deps: something was not, or a list was cut short); with "
                        "--list-cache, no readable ld.so.cache" },
    { GD_EXIT_USAGE, "usage error, or a --from, --main or --deps object that cannot be read" },
    { GD_EXIT_FAILURE, "the output could not be written" },
    { -1, NULL }
};

const struct cmd_spec which_spec = { which_synopsis, which_about, which_groups, which_operands, 1, 0, NULL,
                                     which_exits, NULL };

/* A repeated option's values into arr (at most MAX_FROM); -1 after a usage error (*rc). */
static int take_list(const struct opt_list *l, const char *opt, const char **arr, size_t *n, int *rc)
{
    size_t i;
    if (l->n > MAX_FROM) {
        *rc = usage_error("which", "too many '%s' options (at most %d)", opt, MAX_FROM);
        return -1;
    }
    for (i = 0; i < l->n; i++)
        arr[i] = l->v[i].arg;
    *n = l->n;
    return 0;
}

static int parse_args(int argc, char **argv, struct which_opts *w, struct options *o, int *rc)
{
    if (cmd_parse("which", &which_spec, o, w, argc, argv, rc) < 0)
        return -1;
    if (take_list(&w->from_l, "--from", w->from, &w->n_from, rc) < 0 ||
        take_list(&w->loaded_l, "--loaded", w->loaded, &w->n_loaded, rc) < 0 ||
        take_list(&w->dll_dirs_l, "--dll-dir", w->dll_dirs, &w->n_dll_dirs, rc) < 0)
        return -1;
    if (o->operands.n)
        w->name = o->operands.v[0].arg;
    if (!w->name && !w->deps && !w->list_cache) {
        *rc = usage_error("which", "a library name, --deps FILE or --list-cache is needed");
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
    if (!w->path && (!o->root || o->clear_env || o->env_changes.n))
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
    if (!o->root || o->clear_env || o->env_changes.n) {
        req.mac_dyld_library_path = env_get(&ctx->env, "DYLD_LIBRARY_PATH");
        req.mac_dyld_fallback_library_path = env_get(&ctx->env, "DYLD_FALLBACK_LIBRARY_PATH");
    }
    return resolve_and_report(o, ctx, &cfg, &req, w->name);
}

static void release(struct options *o, struct which_opts *w)
{
    optparse_release(&which_spec, w);
    options_release(o);
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
        release(&o, &w);
        return rc;
    }
    if (options_setup(&o, &ctx, &err) < 0) {
        int usage = err.code == GD_ERR_USAGE;
        fprintf(stderr, "gpudoctor which: %s\n", err.msg);
        run_ctx_release(&ctx, NULL);
        release(&o, &w);
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
        release(&o, &w);
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
    release(&o, &w);
    return rc;
}
