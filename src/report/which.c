/* which.c - see which.h. */
#include "report/which.h"

#include <stdlib.h>
#include <string.h>

#include "diagnose/fixes_intent.h"

#include "util/json_writer.h"
#include "util/banned.h"

static void step_text(struct out *o, enum resolve_step step, const char *from)
{
    switch (step) {
    case RSTEP_RPATH: out_printf(o, "RPATH of %s", from ? from : "?"); break;
    case RSTEP_RUNPATH: out_printf(o, "RUNPATH of %s", from ? from : "?"); break;
    case RSTEP_LD_LIBRARY_PATH: out_raw(o, "LD_LIBRARY_PATH"); break;
    case RSTEP_CACHE: out_raw(o, "ld.so.cache"); break;
    case RSTEP_DEFAULT: out_raw(o, "default directories"); break;
    case RSTEP_LOADED: out_raw(o, "already loaded"); break;
    case RSTEP_PATH: out_raw(o, "the path as given"); break;
    case RSTEP_MUSL_PATH: out_raw(o, "musl path file"); break;
    case RSTEP_WIN_LOADED: out_raw(o, "already loaded (loaded-module list)"); break;
    case RSTEP_WIN_KNOWNDLLS: out_raw(o, "KnownDLLs"); break;
    case RSTEP_WIN_DLL_LOAD_DIR: out_raw(o, "LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR: the directory of the importing DLL"); break;
    case RSTEP_WIN_ALTERED_DIR: out_raw(o, "LOAD_WITH_ALTERED_SEARCH_PATH: the directory of the importing DLL"); break;
    case RSTEP_WIN_APP_DIR: out_raw(o, "the application directory"); break;
    case RSTEP_WIN_DLL_DIRECTORY: out_raw(o, "AddDllDirectory"); break;
    case RSTEP_WIN_SET_DLL_DIRECTORY: out_raw(o, "SetDllDirectory"); break;
    case RSTEP_WIN_SYSTEM32: out_raw(o, "System32"); break;
    case RSTEP_WIN_SYSTEM: out_raw(o, "the 16-bit system directory"); break;
    case RSTEP_WIN_WINDOWS: out_raw(o, "the Windows directory"); break;
    case RSTEP_WIN_CWD: out_raw(o, "the current directory"); break;
    case RSTEP_WIN_PATH: out_raw(o, "PATH"); break;
    case RSTEP_DYLD_LIBRARY_PATH: out_raw(o, "DYLD_LIBRARY_PATH"); break;
    case RSTEP_DYLD_RPATH: out_printf(o, "@rpath: LC_RPATH of %s", from ? from : "?"); break;
    case RSTEP_DYLD_LOADER_PATH: out_raw(o, "@loader_path: the loading image's directory"); break;
    case RSTEP_DYLD_EXECUTABLE_PATH: out_raw(o, "@executable_path: the main executable's directory"); break;
    case RSTEP_DYLD_FALLBACK: out_raw(o, "DYLD_FALLBACK_LIBRARY_PATH"); break;
    case RSTEP_DYLD_SHARED_CACHE: out_raw(o, "the dyld shared cache"); break;
    }
}

/* Windows results are shown as Windows paths ("C:\\x"); JSON keeps the
 * virtual paths (they open under --root) and adds the Windows form. */
static void path_out(struct out *o, const struct resolve_result *res, const char *p)
{
    if (res->windows && p && p[0] == '/') {
        struct arena a;
        arena_init(&a);
        out_str(o, resolve_win_display(&a, p));
        arena_release(&a);
    } else {
        out_str(o, p);
    }
}

static const char *outcome_text(enum resolve_outcome oc)
{
    switch (oc) {
    case ROUT_FOUND: return "found";
    case ROUT_ABSENT: return "absent";
    case ROUT_WRONG_CLASS: return "wrong ELF class, skipped";
    case ROUT_WRONG_MACHINE: return "wrong machine, skipped";
    case ROUT_UNREADABLE: return "unreadable, skipped";
    case ROUT_NOT_REGULAR: return "not a regular file, dlopen fails here";
    case ROUT_INVALID: return "not a loadable ELF file, dlopen fails here";
    case ROUT_SKIPPED: return "skipped";
    }
    return "?";
}

/* "glibc-hwcaps searched: x86-64-v3, x86-64-v2 (x86-64 ISA level from cpuid)" */
static void hwcaps_text(struct out *o, const struct resolve_result *res)
{
    size_t i;
    const char *src = res->hwcaps_source;
    if (!src)
        return;
    out_raw(o, "\nglibc-hwcaps subdirectories: ");
    for (i = 0; i < res->n_hwcaps; i++) {
        if (i)
            out_raw(o, ", ");
        out_str(o, res->hwcaps[i]);
    }
    if (!res->n_hwcaps)
        out_raw(o, "none");
    if (!strcmp(src, "cpuid"))
        out_raw(o, " (x86-64 ISA level from this CPU: cpuid)\n");
    else if (!strcmp(src, "/proc/cpuinfo"))
        out_raw(o, " (x86-64 ISA level from the examined tree's /proc/cpuinfo)\n");
    else if (!strcmp(src, "--hwcaps"))
        out_raw(o, " (given with --hwcaps)\n");
    else
        out_raw(o, " (x86-64 ISA level unknown: no /proc/cpuinfo in the examined tree)\n");
}

static void which_text(struct out *o, const char *name, const struct resolve_result *res,
                       const struct finding *stale, const struct finding *dir);

/* The trace with the fixes the fix engine writes for it (fixes_which: the decision is diagnose's). */
static void which_text_fixed(struct out *o, const char *name, const struct resolve_result *res)
{
    struct arena a;
    struct findings fl;
    struct finding stale, dir;
    arena_init(&a);
    findings_init(&fl, &a);
    fixes_which(&fl, res, &stale, &dir);
    which_text(o, name, res, &stale, &dir);
    free(stale.fixes);
    free(dir.fixes);
    findings_release(&fl);
    arena_release(&a);
}

void report_which_text(struct out *o, const char *name, const struct resolve_result *res)
{
    which_text_fixed(o, name, res);
    hwcaps_text(o, res);
}

/* The fixes the fix engine wrote for this trace (diagnose/fixes_intent.h, fixes_which). */
static void fix_lines(struct out *o, const struct finding *fd)
{
    size_t i;
    for (i = 0; i < fd->n_fixes; i++) {
        const struct fix *f = &fd->fixes[i];
        if (!f->command)
            continue;
        out_raw(o, i && !(f->title && *f->title) ? "   or" : "  fix");
        if (f->title && *f->title) {
            out_raw(o, " (");
            out_str(o, f->title);
            out_raw(o, ")");
        }
        out_raw(o, ": ");
        out_str(o, f->command);
        out_raw(o, "\n");
    }
}

static void which_text(struct out *o, const char *name, const struct resolve_result *res,
                       const struct finding *stale, const struct finding *dir)
{
    size_t i;
    if (res->path) {
        out_styled(o, STYLE_GREEN, "%s", name);
        out_raw(o, ": ");
        path_out(o, res, res->path);
        out_raw(o, "\n  found through ");
        step_text(o, res->step, res->from);
        out_raw(o, "\n");
    } else {
        out_styled(o, STYLE_RED, "%s", name);
        out_raw(o, ": not found\n  ");
        out_str(o, res->error);
        out_raw(o, "\n");
    }
    if (res->n_attempts)
        out_raw(o, "\nsearched, in order:\n");
    for (i = 0; i < res->n_attempts; i++) {
        const struct resolve_attempt *a = &res->attempts[i];
        out_raw(o, "  ");
        out_styled(o, a->outcome == ROUT_FOUND ? STYLE_GREEN : STYLE_NONE, "%-7s", resolve_outcome_name(a->outcome));
        out_raw(o, " ");
        path_out(o, res, a->path);
        out_raw(o, "  (");
        step_text(o, a->step, a->from);
        if (a->outcome != ROUT_FOUND && a->outcome != ROUT_ABSENT) {
            out_raw(o, "; ");
            out_raw(o, res->macos && a->outcome == ROUT_INVALID ? "not a Mach-O image, skipped"
                       : res->macos && a->outcome == ROUT_WRONG_MACHINE ? "skipped"
                       : res->windows && a->outcome == ROUT_INVALID ? "not a PE image, LoadLibrary fails here"
                       : res->windows && a->outcome == ROUT_NOT_REGULAR ? "skipped"
                       : outcome_text(a->outcome));
        }
        if (a->detail) {
            out_raw(o, ": ");
            out_str(o, a->detail);
        }
        out_raw(o, ")\n");
    }
    if (res->secure_note)
        out_raw(o, "\nnote: LD_LIBRARY_PATH is ignored in secure-execution mode\n");
    if (res->stale_uncached) {
        out_styled(o, STYLE_YELLOW, "\nstale cache:");
        out_raw(o, " ");
        out_str(o, res->stale_uncached);
        out_raw(o, " is in a directory ldconfig scans, but /etc/ld.so.cache has no entry for it\n");
        fix_lines(o, stale);
    }
    if (res->stale_missing) {
        out_styled(o, STYLE_YELLOW, "\nstale cache:");
        out_raw(o, " the cache lists ");
        out_str(o, res->stale_missing);
        out_raw(o, ", which does not exist\n");
        fix_lines(o, stale);
    }
    if (dir->n_fixes) {
        out_raw(o, "\na loadable ");
        out_str(o, name);
        out_raw(o, " is in ");
        if (res->windows) {
            struct arena a;
            arena_init(&a);
            out_str(o, resolve_win_display(&a, res->suggest_dir));
            arena_release(&a);
            out_raw(o, "\n  (not a directory this search looks in; if it belongs to another CUDA version than the\n"
                       "   program was built for, adding it does not fix the program)");
        } else {
            out_str(o, res->suggest_dir);
        }
        out_raw(o, "\n");
        fix_lines(o, dir);
    }
}

static void which_body(struct jw *jw, const char *name, const struct resolve_result *res)
{
    size_t i;
    jw_kv_str(jw, "name", name);
    jw_kv_str(jw, "found", res->path);
    if (res->path)
        jw_kv_str(jw, "step", resolve_step_name(res->step));
    else
        jw_kv_null(jw, "step");
    jw_kv_str(jw, "from", res->path ? res->from : NULL);
    jw_kv_str(jw, "error", res->path ? NULL : res->error);
    jw_key(jw, "attempts");
    jw_array_begin(jw);
    for (i = 0; i < res->n_attempts; i++) {
        const struct resolve_attempt *a = &res->attempts[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "step", resolve_step_name(a->step));
        jw_kv_str(jw, "path", a->path);
        jw_kv_str(jw, "outcome", resolve_outcome_name(a->outcome));
        if (a->from)
            jw_kv_str(jw, "from", a->from);
        if (a->hwcaps)
            jw_kv_str(jw, "subdir", a->hwcaps);
        if (a->detail)
            jw_kv_str(jw, "detail", a->detail);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "stale_cache");
    jw_object_begin(jw);
    jw_kv_str(jw, "uncached", res->stale_uncached);
    jw_kv_str(jw, "missing", res->stale_missing);
    jw_object_end(jw);
    jw_kv_str(jw, "suggest_dir", res->suggest_dir);
    if (res->macos)
        jw_kv_str(jw, "os", "macos");
    if (res->windows) {
        struct arena a;
        arena_init(&a);
        jw_kv_str(jw, "os", "windows");
        jw_kv_str(jw, "found_windows", res->path && res->path[0] == '/' ? resolve_win_display(&a, res->path) : res->path);
        if (res->path)
            jw_kv_null(jw, "win_error");
        else
            jw_kv_int(jw, "win_error", res->win_error);
        arena_release(&a);
    }
}

void report_which_json(struct strbuf *sb, const char *name, const struct resolve_result *res)
{
    struct jw jw;
    jw_init(&jw, sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_WHICH_JSON_SCHEMA);
    jw_kv_int(&jw, "schema_version", 1);
    which_body(&jw, name, res);
    if (res->hwcaps_source) {
        size_t i;
        jw_key(&jw, "hwcaps");
        jw_object_begin(&jw);
        jw_key(&jw, "subdirs");
        jw_array_begin(&jw);
        for (i = 0; i < res->n_hwcaps; i++)
            jw_str(&jw, res->hwcaps[i]);
        jw_array_end(&jw);
        jw_kv_str(&jw, "source", res->hwcaps_source);
        jw_object_end(&jw);
    }
    jw_object_end(&jw);
    strbuf_addch(sb, '\n');
}

static int has_child(const struct resolve_deps *d, size_t i)
{
    size_t j;
    for (j = i + 1; j < d->nr; j++)
        if (d->nodes[j].parent == i)
            return 1;
    return 0;
}

static void deps_text_rec(struct out *o, const struct resolve_deps *d, size_t i, unsigned depth)
{
    const struct resolve_dep *n = &d->nodes[i];
    size_t j;
    unsigned k;
    for (k = 0; k < depth; k++)
        out_raw(o, "    ");
    out_str(o, n->name);
    if (i == 0) {
        out_raw(o, "\n");
    } else if (n->duplicate) {
        out_styled(o, STYLE_DIM, " (already loaded)\n");
    } else if (n->res.path) {
        out_raw(o, " => ");
        out_str(o, n->res.path);
        out_raw(o, " [");
        step_text(o, n->res.step, n->res.from);
        out_raw(o, "]\n");
    } else {
        out_styled(o, STYLE_RED, " not found");
        out_raw(o, "\n");
    }
    if (n->duplicate || !has_child(d, i))
        return;
    for (j = i + 1; j < d->nr; j++)
        if (d->nodes[j].parent == i)
            deps_text_rec(o, d, j, depth + 1);
}

void report_deps_text(struct out *o, const struct resolve_deps *d)
{
    size_t i;
    if (d->nr)
        deps_text_rec(o, d, 0, 0);
    for (i = 1; i < d->nr; i++) {
        if (!d->nodes[i].duplicate && !d->nodes[i].res.path) {
            out_raw(o, "\n");
            which_text_fixed(o, d->nodes[i].name, &d->nodes[i].res);
        }
    }
    for (i = 0; i < d->nr; i++)
        if (d->nodes[i].have_elf && d->nodes[i].elf.truncated) {
            out_raw(o, "\n(");
            out_str(o, d->nodes[i].res.path ? d->nodes[i].res.path : d->nodes[i].name);
            out_raw(o, ": the dependency list is truncated: ");
            out_str(o, d->nodes[i].elf.warning ? d->nodes[i].elf.warning : "the dynamic section was not read whole");
            out_raw(o, "; only the DT_NEEDED entries read are shown)\n");
        }
    if (d->node_limit)
        out_raw(o, "\n(the tree was cut: too many dependencies)\n");
}

void report_deps_warnings(FILE *fp, const char *prog, const struct resolve_deps *d)
{
    struct out o = { fp, 0, 0, NULL, 0 };
    size_t i;
    for (i = 0; i < d->nr; i++)
        if (d->nodes[i].have_elf && d->nodes[i].elf.truncated)
            out_printf(&o, "%s: warning: '%s': %s; its dependencies are listed as far as they were read\n", prog,
                       d->nodes[i].res.path ? d->nodes[i].res.path : d->nodes[i].name,
                       d->nodes[i].elf.warning ? d->nodes[i].elf.warning : "the dynamic section was not read whole");
    if (d->node_limit)
        out_printf(&o, "%s: warning: more than %d dependencies; the tree was cut\n", prog, RESOLVE_DEPS_MAX);
}

static void deps_json_rec(struct jw *jw, const struct resolve_deps *d, size_t i)
{
    const struct resolve_dep *n = &d->nodes[i];
    size_t j;
    jw_object_begin(jw);
    if (i == 0) {
        jw_kv_str(jw, "name", n->name);
        jw_kv_str(jw, "found", n->name);
        jw_kv_str(jw, "step", "path");
    } else {
        which_body(jw, n->name, &n->res);
    }
    jw_kv_bool(jw, "already_loaded", n->duplicate);
    jw_kv_bool(jw, "needed_truncated", n->have_elf && n->elf.truncated);
    jw_key(jw, "children");
    jw_array_begin(jw);
    if (!n->duplicate)
        for (j = i + 1; j < d->nr; j++)
            if (d->nodes[j].parent == i)
                deps_json_rec(jw, d, j);
    jw_array_end(jw);
    jw_object_end(jw);
}

void report_deps_json(struct strbuf *sb, const struct resolve_deps *d)
{
    struct jw jw;
    jw_init(&jw, sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_DEPS_JSON_SCHEMA);
    jw_kv_int(&jw, "schema_version", 1);
    jw_kv_bool(&jw, "truncated", d->truncated);
    jw_key(&jw, "deps");
    if (d->nr)
        deps_json_rec(&jw, d, 0);
    else
        jw_null(&jw);
    jw_object_end(&jw);
    strbuf_addch(sb, '\n');
}

void report_cache_text(struct out *o, const char *path, const struct ldcache *c)
{
    struct strbuf desc = STRBUF_INIT;
    size_t i;
    out_printf(o, "%zu libs found in cache `%s'\n", c->nr, path);
    for (i = 0; i < c->nr; i++) {
        ldcache_describe(&c->entries[i], &desc);
        out_printf(o, "\t%s (%s) => %s\n", c->entries[i].key, desc.buf, c->entries[i].value);
    }
    if (c->generator)
        out_printf(o, "Cache generated by: %s\n", c->generator);
    strbuf_release(&desc);
}
