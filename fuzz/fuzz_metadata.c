/*
 * fuzz_metadata.c - libFuzzer target for the core-metadata reader
 * (scan/metadata.h) and the name helpers it relies on (scan/distname.h).
 * Seeds: the METADATA texts written by tests/cli/2*-python-*.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan/distname.h"
#include "scan/metadata.h"
#include "util/alloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct metadata md;
    struct gd_err err;
    struct strbuf n = STRBUF_INIT, v = STRBUF_INIT, b = STRBUF_INIT;
    char *s;
    size_t i;

    arena_init(&a);
    metadata_init(&md);
    (void)metadata_parse(&md, &a, (const char *)data, size, &err);
    for (i = 0; i < md.n_reqs; i++)
        (void)metadata_find_req(&md, md.reqs[i].name);
    metadata_release(&md);
    {
        /* The same bytes as a wheel's WHEEL file. */
        const char *tag;
        size_t k;
        if (metadata_wheel_tag(&a, (const char *)data, size, &tag) == 1) {
            if (!*tag || strlen(tag) > 200)
                abort();
            for (k = 0; tag[k]; k++)
                if (tag[k] <= ' ' || tag[k] > '~')
                    abort();
        }
    }

    /* The same bytes as a directory or conda-meta file name. */
    s = xstrndup((const char *)data, size < 512 ? size : 512);
    (void)distname_split_dir(s, &n, &v);
    (void)distname_split_conda(s, &n, &v, &b);
    (void)distname_equal(s, "torch");
    free(s);
    strbuf_release(&n);
    strbuf_release(&v);
    strbuf_release(&b);
    arena_release(&a);
    return 0;
}
