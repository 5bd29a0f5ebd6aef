/*
 * Fuzz target: Slurm hostlist notation.  Any input is expanded (errors are
 * fine); whatever expands is compressed again, and the compressed form must
 * expand to the same set of names (checked by re-compressing: the output
 * is canonical).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/hostlist.h"
#include "util/alloc.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct names {
    char **v;
    size_t nr, alloc;
};

static int add(const char *name, void *arg)
{
    struct names *n = arg;
    if (n->nr >= 4096)
        return 1;                   /* keep each run small */
    ALLOC_GROW(n->v, n->nr + 1, n->alloc);
    n->v[n->nr++] = xstrdup(name);
    return 0;
}

static void names_free(struct names *n)
{
    size_t i;
    for (i = 0; i < n->nr; i++)
        free(n->v[i]);
    free(n->v);
    memset(n, 0, sizeof(*n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct strbuf in = STRBUF_INIT, c1 = STRBUF_INIT, c2 = STRBUF_INIT;
    struct names a = { NULL, 0, 0 }, b = { NULL, 0, 0 };
    struct gd_err err;
    int r;

    if (size > 4096)
        return 0;
    strbuf_add(&in, data, size);
    r = hostlist_expand(in.buf, add, &a, &err);
    if (r == 0 && a.nr) {
        hostlist_compress((const char *const *)a.v, a.nr, &c1);
        /* Every name expands back, those holding ",[]\\" through their
         * escapes; the canonical form is then the same. */
        if (hostlist_expand(c1.buf, add, &b, &err) != 0 || !b.nr)
            abort();
        hostlist_compress((const char *const *)b.v, b.nr, &c2);
        if (strcmp(c1.buf, c2.buf))
            abort();
    }
    names_free(&a);
    names_free(&b);
    strbuf_release(&in);
    strbuf_release(&c1);
    strbuf_release(&c2);
    return 0;
}
