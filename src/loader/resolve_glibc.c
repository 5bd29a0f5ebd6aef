/*
 * resolve_glibc.c - glibc's search order (elf/dl-load.c _dl_map_object and
 * open_path, elf/dl-cache.c) and ld.so(8):
 *
 *   names with '/': that file only;
 *   DT_RPATH of the loader and its loaders, then of the executable, unless
 *     the loader has DT_RUNPATH;
 *   LD_LIBRARY_PATH (not in secure mode; ':' or ';' separated);
 *   DT_RUNPATH of the loader only;
 *   ld.so.cache (NODEFLIB drops cached paths under a system directory);
 *   the default directories (not with NODEFLIB).
 *
 * Inside every directory of the path steps, the active glibc-hwcaps
 * subdirectories come first, then (2.26-2.36) the legacy hwcap
 * subdirectories, then the directory itself.  A candidate of the other
 * class or machine is skipped; a broken one ends the search with an error,
 * as it does in ld.so.
 */
#include <string.h>
#include <stdlib.h>

#include "loader/resolve_int.h"
#include "util/alloc.h"
#include "util/banned.h"

struct search {
    struct resolver *r;
    const struct resolve_request *req;
    struct resolve_result *out;
    int fatal;                 /* a broken candidate ended the search */
    int other_class;           /* found_other_class, for the message */
};

/* Try one candidate; 1 found, 0 go on, -1 fatal. */
static int try_file(struct search *s, enum resolve_step step, const char *path,
                    const char *from, const char *hw)
{
    const char *detail;
    enum resolve_outcome o = resolve_check_file(s->r, path, &detail);
    const char *p = arena_strdup(&s->r->arena, path);

    resolve_add_attempt(s->out, step, p, o, from, hw, detail);
    switch (o) {
    case ROUT_FOUND:
        s->out->path = p;
        s->out->step = step;
        s->out->from = from;
        return 1;
    case ROUT_WRONG_CLASS:
        s->other_class = 1;
        return 0;
    case ROUT_NOT_REGULAR:
        s->out->error = arena_printf(&s->r->arena, "%s: cannot read file data: Is a directory", p);
        s->fatal = 1;
        return -1;
    case ROUT_INVALID:
        s->out->error = arena_printf(&s->r->arena, "%s: %s", p, detail ? detail : "invalid ELF header");
        s->fatal = 1;
        return -1;
    default:
        return 0;
    }
}

/* open_path over a list of directories. */
static int search_dirs(struct search *s, enum resolve_step step, const char *const *dirs,
                       size_t n, const char *from)
{
    const struct resolve_config *cfg = &s->r->cfg;
    struct strbuf p = STRBUF_INIT, d = STRBUF_INIT;
    size_t i, j;
    int rc = 0;

    for (i = 0; i < n && rc == 0; i++) {
        /* Each name is tried in every hwcaps subdirectory first, most of
         * which do not exist: one listing of dirs[i] answers them all. */
        if (cfg->n_hwcaps + cfg->n_legacy)
            fs_expect_lookups(s->r->fs, dirs[i]);
        for (j = 0; j < cfg->n_hwcaps && rc == 0; j++) {
            strbuf_reset(&d);
            strbuf_addf(&d, "%s/glibc-hwcaps/%s", strcmp(dirs[i], "/") ? dirs[i] : "", cfg->hwcaps[j]);
            path_join(&p, d.buf, s->req->name);
            rc = try_file(s, step, p.buf, from, cfg->hwcaps[j]);
        }
        for (j = 0; j < cfg->n_legacy && rc == 0; j++) {
            strbuf_reset(&d);
            strbuf_addf(&d, "%s/%s", strcmp(dirs[i], "/") ? dirs[i] : "", cfg->legacy[j]);
            path_join(&p, d.buf, s->req->name);
            rc = try_file(s, step, p.buf, from, cfg->legacy[j]);
        }
        if (rc == 0) {
            path_join(&p, dirs[i], s->req->name);
            rc = try_file(s, step, p.buf, from, NULL);
        }
    }
    strbuf_release(&p);
    strbuf_release(&d);
    return rc;
}

static int search_list(struct search *s, enum resolve_step step, const char *list,
                       const char *seps, const char *origin, const char *from)
{
    size_t n;
    const char **dirs;
    int rc;

    if (!list || !list[0])
        return 0;   /* an empty RPATH string is ignored */
    dirs = resolve_split_path(s->r, list, seps, origin, "./", &n);
    rc = search_dirs(s, step, dirs, n, from);
    free(dirs);
    return rc;
}

static int is_nodeflib(const struct resolve_object *o)
{
    return o && o->elf && (o->elf->flags_1 & ELF_DF_1_NODEFLIB);
}

static int search_cache(struct search *s, const struct resolve_object *decider)
{
    struct resolver *r = s->r;
    const struct ldcache *c = resolver_cache(r);
    long idx;
    const char *value;
    size_t i;

    if (!c) {
        resolve_add_attempt(s->out, RSTEP_CACHE, r->cfg.cache_path, ROUT_ABSENT, NULL, NULL,
                            r->cache_error ? r->cache_error : (r->cache_state == 0 ? "no cache" : NULL));
        return 0;
    }
    idx = ldcache_lookup(c, s->req->name, ldcache_id_for(r->cfg.elfclass, r->cfg.machine),
                         r->cfg.hwcaps, r->cfg.n_hwcaps);
    if (idx < 0) {
        /* An entry of that name for another ABI (an x86-64 cache in an
         * AArch64 tree) is ignored by ld.so (_dl_cache_check_flags): say so. */
        const char *detail = "no entry for this name";
        for (i = 0; i < c->nr; i++) {
            if (!strcmp(c->entries[i].key, s->req->name)) {
                struct strbuf d = STRBUF_INIT;
                ldcache_describe(&c->entries[i], &d);
                detail = arena_printf(&r->arena, "only an entry for another ABI (%s), which this loader ignores",
                                      d.buf);
                strbuf_release(&d);
                break;
            }
        }
        resolve_add_attempt(s->out, RSTEP_CACHE, r->cfg.cache_path, ROUT_SKIPPED, NULL, NULL, detail);
        return 0;
    }
    value = c->entries[idx].value;
    if (is_nodeflib(decider)) {
        for (i = 0; i < r->cfg.n_system_dirs; i++) {
            size_t l = strlen(r->cfg.system_dirs[i]);
            if (!strncmp(value, r->cfg.system_dirs[i], l) && value[l] == '/') {
                resolve_add_attempt(s->out, RSTEP_CACHE, arena_strdup(&r->arena, value), ROUT_SKIPPED,
                                    NULL, c->entries[idx].hwcaps_subdir,
                                    "in a default directory, and the loading object has DF_1_NODEFLIB");
                return 0;
            }
        }
    }
    return try_file(s, RSTEP_CACHE, value, NULL, c->entries[idx].hwcaps_subdir);
}

int resolve_glibc(struct resolver *r, const struct resolve_request *req,
                  struct resolve_result *out)
{
    struct search s;
    const struct resolve_object *loader = req->n_chain ? &req->chain[0] : req->main_obj;
    const struct resolve_object *main_obj = req->main_obj;
    const char *name = req->name;
    int rc = 0;
    size_t i;

    memset(&s, 0, sizeof(s));
    s.r = r;
    s.req = req;
    s.out = out;

    if (strchr(name, '/')) {
        struct strbuf p = STRBUF_INIT;
        if (name[0] != '/')
            path_join(&p, r->cfg.cwd, name);
        else
            strbuf_addstr(&p, name);
        rc = try_file(&s, RSTEP_PATH, p.buf, NULL, NULL);
        strbuf_release(&p);
        goto done;
    }

    /* 1. DT_RPATH of the loader chain and the executable, unless the
     * loader has DT_RUNPATH.  An object with DT_RUNPATH has no RPATH. */
    if (!loader || !loader->elf || !loader->elf->runpath) {
        int did_main = 0;
        for (i = 0; i < req->n_chain && rc == 0; i++) {
            const struct resolve_object *o = &req->chain[i];
            if (o->elf && o->elf->rpath && !o->elf->runpath) {
                rc = search_list(&s, RSTEP_RPATH, o->elf->rpath, ":", resolve_origin_of(r, o->path),
                                 o->path);
                did_main |= main_obj && o->path && main_obj->path && !strcmp(o->path, main_obj->path);
            }
        }
        if (rc == 0 && !did_main && main_obj && main_obj->elf && main_obj->elf->rpath &&
            !main_obj->elf->runpath)
            rc = search_list(&s, RSTEP_RPATH, main_obj->elf->rpath, ":",
                             resolve_origin_of(r, main_obj->path), main_obj->path);
    }
    /* 2. LD_LIBRARY_PATH; its $ORIGIN is the executable's directory. */
    if (rc == 0 && req->ld_library_path) {
        if (r->cfg.secure)
            out->secure_note = 1;
        else
            rc = search_list(&s, RSTEP_LD_LIBRARY_PATH, req->ld_library_path, ":;",
                             main_obj ? resolve_origin_of(r, main_obj->path) : NULL, NULL);
    }
    /* 3. DT_RUNPATH of the loader only. */
    if (rc == 0 && req->n_chain && loader->elf && loader->elf->runpath)
        rc = search_list(&s, RSTEP_RUNPATH, loader->elf->runpath, ":", resolve_origin_of(r, loader->path),
                         loader->path);
    /* 4. The cache (skipped for secure-mode preloads only, not modelled). */
    if (rc == 0)
        rc = search_cache(&s, loader);
    /* 5. The default directories, unless NODEFLIB. */
    if (rc == 0) {
        if (is_nodeflib(loader))
            resolve_add_attempt(out, RSTEP_DEFAULT, "(default directories)", ROUT_SKIPPED,
                                loader->path, NULL, "the loading object has DF_1_NODEFLIB");
        else
            rc = search_dirs(&s, RSTEP_DEFAULT, r->cfg.system_dirs, r->cfg.n_system_dirs, NULL);
    }
done:
    if (rc == 1)
        return 1;
    if (!out->error) {
        if (s.other_class)
            out->error = arena_printf(&r->arena, "%s: wrong ELF class: ELFCLASS%d", name,
                                      r->cfg.elfclass == ELF_CLASS64 ? 32 : 64);
        else
            out->error = arena_printf(&r->arena, "%s: cannot open shared object file: No such file or directory",
                                      name);
    }
    return 0;
}
