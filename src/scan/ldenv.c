/*
 * ldenv.c - the inputs of the dynamic loader's search: LD_LIBRARY_PATH,
 * PATH and the ld.so.conf directories.  The search itself is the loader
 * model's (src/loader/); this observer only records what it will be given.
 */
#include "scan/scan.h"

#include <string.h>

#include "loader/ldconf.h"
#include "loader/resolve.h"
#include "util/alloc.h"
#include "util/banned.h"

/*
 * Split a search-path variable.  glibc's ld.so separates LD_LIBRARY_PATH
 * entries with ':' or ';' and treats an empty entry as the current
 * directory (elf/dl-load.c, fillin_rpath); PATH uses ':' only.
 */
static void split(struct facts *f, struct strlist *out, const char *value, const char *seps)
{
    const char *p = value;
    for (;;) {
        size_t n = strcspn(p, seps);
        if (n == 0)
            strlist_push(f, out, ".");
        else {
            char *s = arena_strndup(&f->arena, p, n);
            ALLOC_GROW(out->v, out->nr + 1, out->alloc);
            out->v[out->nr++] = s;
        }
        if (!p[n])
            break;
        p += n + 1;
    }
}

/*
 * The directories ldconfig puts in the cache (glibc: /etc/ld.so.conf and its
 * includes) or musl's path file, as the loader model reads them.
 */
static void scan_ldconf(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct ldconf conf;
    struct gd_err err;
    size_t i;
    int r;
    int musl = ctx->resolver && ctx->resolver->cfg.flavour == RESOLVE_MUSL;

    ldconf_init(&conf);
    err_init(&err);
    if (musl) {
        r = ldconf_load_musl(ctx->fs, ctx->resolver->cfg.musl_arch, &f->arena, &conf, &err);
        f->ldenv.ldconf_source = facts_printf(f, "/etc/ld-musl-%s.path", ctx->resolver->cfg.musl_arch);
    } else {
        r = ldconf_load(ctx->fs, "/etc/ld.so.conf", &f->arena, &conf, &err);
        f->ldenv.ldconf_source = "/etc/ld.so.conf";
    }
    if (r < 0)
        scan_warn(ctx, f->ldenv.ldconf_source, &err);
    for (i = 0; i < conf.nr; i++)
        strlist_push(f, &f->ldenv.ldconf_dirs, conf.dirs[i].path);
    for (i = 0; i < conf.n_warnings; i++)
        facts_warn(f, f->ldenv.ldconf_source, conf.warnings[i]);
    ldconf_release(&conf);
}

/*
 * glibc's ld.so ignores a cache it cannot use (elf/dl-cache.c checks the
 * magic and the sizes) and searches on without it, so a library found only
 * through the cache is not found.  `which` shows this in its trace; check
 * records it as a warning here (GD001), naming the file.  The resolver keeps
 * the loaded cache for the rules, so this costs no second read.
 */
static void scan_ldcache(struct scan_ctx *ctx)
{
    struct resolver *r = ctx->resolver;
    if (!r || r->cfg.flavour == RESOLVE_MUSL || resolver_cache(r) || r->cache_state >= 0)
        return;
    facts_warn(ctx->facts, r->cfg.cache_path,
               r->cache_error ? r->cache_error : "the cache cannot be used");
}

void scan_ldenv(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *v;

    v = env_get(ctx->env, "LD_LIBRARY_PATH");
    if (v && *v)
        split(f, &f->ldenv.ld_library_path, v, ":;");
    v = env_get(ctx->env, "PATH");
    if (v && *v)
        split(f, &f->ldenv.path, v, ":");
    scan_ldconf(ctx);
    scan_ldcache(ctx);
}
