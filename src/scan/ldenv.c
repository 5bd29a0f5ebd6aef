/*
 * ldenv.c - the inputs of the dynamic loader's search: LD_LIBRARY_PATH,
 * PATH and the ld.so.conf directories.  The search itself is the loader
 * model's (src/loader/); this observer only records what it will be given.
 */
#include "scan/scan.h"

#include <string.h>

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

}
