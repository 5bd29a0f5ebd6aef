/*
 * resolve_macos.c - dyld's search for one install name (RESOLVE_MACOS).
 *
 * The order and the variables are those of dyld(1) (Apple's
 * apple-oss-distributions/dyld, doc/man/man1/dyld.1):
 *   1. DYLD_LIBRARY_PATH: "for each dylib that a program uses, the dynamic
 *      linker looks for its leaf name in each directory" of it, before the
 *      install name;
 *   2. the install name itself: an absolute path as written; "@rpath/" is
 *      "substituted with each path in the run path list until a loadable
 *      dylib is found", the list being "built from the LC_RPATH load
 *      commands in the dependency chain that lead to the current dylib
 *      load" (here: the loading image's, then its loaders', then the main
 *      executable's), an LC_RPATH starting with @loader_path/ being
 *      "relative to the image containing the LC_RPATH"; "@loader_path/" is
 *      the directory of the image holding the load command,
 *      "@executable_path/" the main executable's;
 *   3. DYLD_FALLBACK_LIBRARY_PATH, with the leaf name, "if a dylib is not
 *      found at its install path"; unset, "for new binaries (Fall 2023 or
 *      later) there is no default.  For older binaries, there is a default
 *      fallback search path of: /usr/local/lib:/usr/lib" -- new meaning a
 *      main executable built with the macOS 14 SDK or later (its
 *      LC_BUILD_VERSION sdk).
 * A candidate is loadable when it is a Mach-O file with a slice for the
 * process's CPU type; dyld skips one without ("mach-o file, but is an
 * incompatible architecture (have 'x86_64', need 'arm64')") and goes on,
 * and so does this rule set.  System libraries (/usr/lib, /System/Library)
 * are not on disk since macOS 11 (they live in the dyld shared cache, which
 * gpudoctor does not read): such an absent path is "skipped", not "absent".
 * Not modelled: DYLD_FRAMEWORK_PATH and framework-style names,
 * DYLD_VERSIONED_*, DYLD_IMAGE_SUFFIX, SIP's removal of DYLD_* variables
 * for protected programs.
 */
#include "loader/resolve_int.h"

#include <stdlib.h>
#include <string.h>

#include "loader/macho.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

struct mac_search {
    struct resolver *r;
    struct resolve_result *out;
    uint32_t cputype;
    struct strbuf tried;         /* dyld's "tried: '...' (...), ..." */
};

static const char *leaf_of(const char *name)
{
    const char *s = strrchr(name, '/');
    return s ? s + 1 : name;
}

static const char *dir_of(struct resolver *r, const char *path)
{
    const char *s = strrchr(path, '/');
    if (!s)
        return NULL;
    if (s == path)
        return "/";
    return arena_strndup(&r->arena, path, (size_t)(s - path));
}

static const char *join(struct resolver *r, const char *dir, const char *rest)
{
    size_t n = strlen(dir);
    return arena_printf(&r->arena, "%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", rest);
}

/* The image at vpath: 1 read, 0 absent, -1 not Mach-O. */
static int read_image(struct resolver *r, const char *vpath, struct macho_info *mi)
{
    struct gd_err err;
    err_init(&err);
    return macho_read(r->fs, vpath, &r->arena, mi, &err);
}

static const struct macho_slice *slice_for(const struct macho_info *mi, uint32_t cputype)
{
    size_t i;
    for (i = 0; i < mi->n_slices; i++)
        if (mi->slices[i].cputype == cputype)
            return &mi->slices[i];
    return NULL;
}

static void tried(struct mac_search *s, const char *path, const char *why)
{
    strbuf_addf(&s->tried, "%s'%s' (%s)", s->tried.len ? ", " : "", path, why);
}

/* Try one candidate.  1 when it loads (the search ends). */
static int try_path(struct mac_search *s, enum resolve_step step, const char *path, const char *from)
{
    struct macho_info mi;
    int rc = read_image(s->r, path, &mi);
    const char *detail = NULL;
    enum resolve_outcome oc;

    if (rc == 0) {
        oc = ROUT_ABSENT;
        tried(s, path, "no such file");
    } else if (rc < 0) {
        oc = ROUT_INVALID;
        detail = "not a mach-o file";
        tried(s, path, detail);
    } else if (!slice_for(&mi, s->cputype)) {
        struct strbuf have = STRBUF_INIT;
        size_t i;
        for (i = 0; i < mi.n_slices; i++) {
            const char *n = macho_arch_name(mi.slices[i].cputype, mi.slices[i].cpusubtype);
            strbuf_addf(&have, "%s%s", i ? "," : "", n ? n : "?");
        }
        oc = ROUT_WRONG_MACHINE;
        detail = arena_printf(&s->r->arena, "mach-o file, but is an incompatible architecture (have '%s', need '%s')",
                              have.buf ? have.buf : "", macho_arch_name(s->cputype, 0) ? macho_arch_name(s->cputype, 0) : "?");
        tried(s, path, detail);
        strbuf_release(&have);
    } else {
        oc = ROUT_FOUND;
    }
    resolve_add_attempt(s->out, step, path, oc, from, NULL, detail);
    if (oc != ROUT_FOUND)
        return 0;
    s->out->path = path;
    s->out->step = step;
    s->out->from = from;
    return 1;
}

static void skip(struct mac_search *s, enum resolve_step step, const char *path, const char *from,
                 const char *why)
{
    resolve_add_attempt(s->out, step, path, ROUT_SKIPPED, from, NULL, why);
    tried(s, path, why);
}

/* Each directory of a ':'-separated list, with the leaf name. */
static int try_list(struct mac_search *s, enum resolve_step step, const char *list, const char *leaf)
{
    size_t n = 0, i;
    const char **dirs = resolve_split_path(s->r, list, ":", NULL, NULL, &n);
    int found = 0;
    for (i = 0; i < n && !found; i++)
        found = try_path(s, step, join(s->r, dirs[i], leaf), NULL);
    free(dirs);
    return found;
}

/* An LC_RPATH of image expanded, or NULL when it cannot be (the main
 * executable unknown, a relative path). */
static const char *expand_rpath(struct mac_search *s, const char *rp, const char *image, const char *exe)
{
    if (!strncmp(rp, "@loader_path/", 13) || !strcmp(rp, "@loader_path"))
        return dir_of(s->r, image) ? join(s->r, dir_of(s->r, image), rp[12] ? rp + 13 : "") : NULL;
    if (!strncmp(rp, "@executable_path/", 17) || !strcmp(rp, "@executable_path"))
        return exe && dir_of(s->r, exe) ? join(s->r, dir_of(s->r, exe), rp[16] ? rp + 17 : "") : NULL;
    return rp[0] == '/' ? rp : NULL;
}

/* @rpath/rest through the run path list of image (and, after the chain,
 * the main executable).  1 found. */
static int try_rpaths_of(struct mac_search *s, const char *image, const char *exe, const char *rest,
                         size_t *n_rpaths)
{
    struct macho_info mi;
    const struct macho_slice *sl;
    size_t i;
    if (read_image(s->r, image, &mi) != 1 || !(sl = slice_for(&mi, s->cputype)))
        return 0;
    for (i = 0; i < sl->n_rpaths; i++) {
        const char *dir = expand_rpath(s, sl->rpaths[i], image, exe);
        (*n_rpaths)++;
        if (!dir) {
            skip(s, RSTEP_DYLD_RPATH, arena_printf(&s->r->arena, "%s/%s", sl->rpaths[i], rest), image,
                 "@executable_path unknown (give --exe) or a relative LC_RPATH");
            continue;
        }
        if (try_path(s, RSTEP_DYLD_RPATH, join(s->r, dir, rest), image))
            return 1;
    }
    return 0;
}

/* The CPU type of the process: the config's, else the loading image's
 * (arm64 when it has that slice), else the executable's, else arm64. */
static uint32_t process_cpu(struct resolver *r, const struct resolve_request *req)
{
    const char *img = req->n_chain ? req->chain[0].path : req->mac_exe;
    struct macho_info mi;
    if (r->cfg.macho_cputype)
        return r->cfg.macho_cputype;
    if (img && read_image(r, img, &mi) == 1 && mi.n_slices) {
        if (macho_has_cpu(&mi, MACHO_CPU_ARM64))
            return MACHO_CPU_ARM64;
        return mi.slices[0].cputype;
    }
    return MACHO_CPU_ARM64;
}

/* Whether the default fallback applies: not for a main executable built
 * with the macOS 14 SDK or later.  Sets *why for the record. */
static int default_fallback(struct mac_search *s, const char *exe, const char **why)
{
    struct macho_info mi;
    const struct macho_slice *sl;
    *why = "the default for binaries older than the macOS 14 SDK (Fall 2023); the main executable is "
           "unknown (give --exe)";
    if (!exe || read_image(s->r, exe, &mi) != 1 || !(sl = slice_for(&mi, s->cputype)) || !sl->sdk)
        return 1;
    if (sl->sdk >= 0x000e0000u) {
        *why = "no default fallback: the main executable was built with the macOS 14 SDK or later";
        return 0;
    }
    *why = "the default fallback: the main executable was built with an SDK older than macOS 14";
    return 1;
}

int resolve_macos(struct resolver *r, const struct resolve_request *req, struct resolve_result *out)
{
    struct mac_search s;
    const char *name = req->name, *leaf = leaf_of(req->name), *loader = NULL, *why = NULL;
    size_t i, n_rpaths = 0;
    int found = 0;

    memset(&s, 0, sizeof(s));
    s.r = r;
    s.out = out;
    strbuf_init(&s.tried);
    out->macos = 1;
    s.cputype = process_cpu(r, req);
    if (req->n_chain)
        loader = req->chain[0].path;

    for (i = 0; i < req->n_loaded; i++)
        if (req->loaded[i] && !strcmp(req->loaded[i], name)) {
            out->path = arena_strdup(&r->arena, name);
            out->step = RSTEP_LOADED;
            resolve_add_attempt(out, RSTEP_LOADED, out->path, ROUT_FOUND, NULL, NULL, NULL);
            strbuf_release(&s.tried);
            return 1;
        }

    /* 1. DYLD_LIBRARY_PATH, leaf name */
    if (req->mac_dyld_library_path)
        found = try_list(&s, RSTEP_DYLD_LIBRARY_PATH, req->mac_dyld_library_path, leaf);

    /* 2. the install name */
    if (!found && !strncmp(name, "@rpath/", 7)) {
        for (i = 0; i < req->n_chain && !found; i++)
            found = try_rpaths_of(&s, req->chain[i].path, req->mac_exe, name + 7, &n_rpaths);
        if (!found && req->mac_exe)
            found = try_rpaths_of(&s, req->mac_exe, req->mac_exe, name + 7, &n_rpaths);
        if (!found && !n_rpaths)
            strbuf_addf(&s.tried, "%s(no LC_RPATH in the loading chain%s)", s.tried.len ? ", " : "",
                        req->n_chain ? "" : ": give the loading image with --from");
    } else if (!found && !strncmp(name, "@loader_path/", 13)) {
        if (loader && dir_of(r, loader))
            found = try_path(&s, RSTEP_DYLD_LOADER_PATH, join(r, dir_of(r, loader), name + 13), loader);
        else
            skip(&s, RSTEP_DYLD_LOADER_PATH, name, NULL, "the loading image is unknown (give --from)");
    } else if (!found && !strncmp(name, "@executable_path/", 17)) {
        if (req->mac_exe && dir_of(r, req->mac_exe))
            found = try_path(&s, RSTEP_DYLD_EXECUTABLE_PATH, join(r, dir_of(r, req->mac_exe), name + 17), NULL);
        else
            skip(&s, RSTEP_DYLD_EXECUTABLE_PATH, name, NULL, "the main executable is unknown (give --exe)");
    } else if (!found && name[0] == '/') {
        found = try_path(&s, RSTEP_PATH, arena_strdup(&r->arena, name), NULL);
        if (!found && out->n_attempts && out->attempts[out->n_attempts - 1].outcome == ROUT_ABSENT &&
            (!strncmp(name, "/usr/lib/", 9) || !strncmp(name, "/System/Library/", 16)))
            skip(&s, RSTEP_DYLD_SHARED_CACHE, arena_strdup(&r->arena, name), NULL,
                 "not on disk: since macOS 11 system libraries live in the dyld shared cache, "
                 "which is not read");
    } else if (!found && r->cfg.cwd) {
        found = try_path(&s, RSTEP_PATH, join(r, r->cfg.cwd, name), NULL);
    } else if (!found) {
        skip(&s, RSTEP_PATH, name, NULL, "a relative path and the current directory is unknown");
    }

    /* 3. DYLD_FALLBACK_LIBRARY_PATH, or the default */
    if (!found) {
        if (req->mac_dyld_fallback_library_path)
            found = try_list(&s, RSTEP_DYLD_FALLBACK, req->mac_dyld_fallback_library_path, leaf);
        else if (default_fallback(&s, req->mac_exe, &why))
            found = try_list(&s, RSTEP_DYLD_FALLBACK, "/usr/local/lib:/usr/lib", leaf);
        else
            strbuf_addf(&s.tried, "%s(%s)", s.tried.len ? ", " : "", why);
    }

    if (!found)
        out->error = arena_printf(&r->arena, "Library not loaded: %s; referenced from: %s; reason: tried: %s",
                                  name, loader ? loader : req->mac_exe ? req->mac_exe : "(dlopen)",
                                  s.tried.buf ? s.tried.buf : "nothing");
    strbuf_release(&s.tried);
    return found;
}
