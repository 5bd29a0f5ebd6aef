/*
 * resolve_musl.c - musl's search order (ldso/dynlink.c load_library,
 * path_open, fixup_rpath):
 *
 *   names with '/': that file only;
 *   LD_LIBRARY_PATH (':' or newline separated, empty elements skipped);
 *   the RPATH of the requesting object, then of the object that needed it,
 *     and so on (DT_RUNPATH, when present, replaces DT_RPATH, and is
 *     inherited like it); a dlopen'ed name is requested by the main
 *     program, whatever object called dlopen;
 *   the path file /etc/ld-musl-ARCH.path, else /lib:/usr/local/lib:/usr/lib.
 *
 * musl does not skip files of the wrong class or machine: the first file
 * that opens is mapped, and a wrong one makes the load fail.  No cache, no
 * hwcaps, no NODEFLIB.
 */
#include <stdlib.h>
#include <string.h>

#include "loader/resolve_int.h"
#include "util/alloc.h"
#include "util/banned.h"

static int try_file(struct resolver *r, struct resolve_result *out, enum resolve_step step,
                    const char *path, const char *from)
{
    const char *detail;
    enum resolve_outcome o = resolve_check_file(r, path, &detail);
    const char *p = arena_strdup(&r->arena, path);

    resolve_add_attempt(out, step, p, o, from, NULL, detail);
    if (o == ROUT_FOUND) {
        out->path = p;
        out->step = step;
        out->from = from;
        return 1;
    }
    if (o == ROUT_ABSENT || o == ROUT_UNREADABLE)
        return 0;
    out->error = arena_printf(&r->arena, "Error loading shared library %s: %s", p,
                              detail ? detail : "Exec format error");
    return -1;
}

static int search(struct resolver *r, struct resolve_result *out, enum resolve_step step,
                  const char *const *dirs, size_t n, const char *name, const char *from)
{
    struct strbuf p = STRBUF_INIT;
    size_t i;
    int rc = 0;
    for (i = 0; i < n && rc == 0; i++) {
        path_join(&p, dirs[i], name);
        rc = try_file(r, out, step, p.buf, from);
    }
    strbuf_release(&p);
    return rc;
}

static const char *rpath_of(const struct resolve_object *o)
{
    if (!o || !o->elf)
        return NULL;
    return o->elf->runpath ? o->elf->runpath : o->elf->rpath;
}

int resolve_musl(struct resolver *r, const struct resolve_request *req,
                 struct resolve_result *out)
{
    const char *name = req->name;
    const char **dirs;
    size_t n, i;
    int rc = 0;

    if (strchr(name, '/')) {
        rc = try_file(r, out, RSTEP_PATH, name, NULL);
        goto done;
    }
    if (req->ld_library_path && !r->cfg.secure) {
        dirs = resolve_split_path(r, req->ld_library_path, ":\n", NULL, NULL, &n);
        rc = search(r, out, RSTEP_LD_LIBRARY_PATH, dirs, n, name, NULL);
        free(dirs);
    }
    for (i = 0; rc == 0 && i <= req->n_chain; i++) {
        const struct resolve_object *o = i < req->n_chain ? &req->chain[i] : req->main_obj;
        const char *rp = rpath_of(o);
        if (i == req->n_chain && req->n_chain && o == NULL)
            break;
        if (!rp)
            continue;
        dirs = resolve_split_path(r, rp, ":\n", resolve_origin_of(r, o->path), NULL, &n);
        rc = search(r, out, o->elf->runpath ? RSTEP_RUNPATH : RSTEP_RPATH, dirs, n, name, o->path);
        free(dirs);
    }
    if (rc == 0) {
        const char **sys = NULL;
        size_t alloc = 0;
        /* The path file as musl reads it (resolver_conf is glibc's conf
         * for glibc and the path file for musl). */
        struct ldconf c;
        ldconf_init(&c);
        ldconf_load_musl(r->fs, r->cfg.musl_arch, &r->arena, &c, NULL);
        n = 0;
        for (i = 0; i < c.nr; i++) {
            ALLOC_GROW(sys, n + 1, alloc);
            sys[n++] = c.dirs[i].path;
        }
        rc = search(r, out, RSTEP_MUSL_PATH, sys, n, name, NULL);
        free(sys);
        ldconf_release(&c);
    }
done:
    if (rc == 1)
        return 1;
    if (!out->error)
        out->error = arena_printf(&r->arena, "Error loading shared library %s: No such file or directory", name);
    return 0;
}
