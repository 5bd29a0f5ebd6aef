/*
 * Fuzz target: the small parsers of Python environments that read names
 * and files from the examined machine: pyvenv.cfg, dist-info / egg-info
 * directory names, conda-meta file names, PEP 503 normalisation and PEP 440
 * specifiers (the input is split at the first NUL into a version and a
 * specifier for the last).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan/distname.h"
#include "scan/pyspec.h"
#include "scan/pyvenvcfg.h"
#include "util/alloc.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct pyvenv_cfg cfg;
    struct strbuf n = STRBUF_INIT, v = STRBUF_INIT, b = STRBUF_INIT;
    char *s = xstrndup((const char *)data, size);   /* stops at the first NUL */
    const char *spec;

    arena_init(&a);
    memset(&cfg, 0, sizeof(cfg));
    pyvenv_cfg_parse(&cfg, &a, (const char *)data, size);
    distname_normalize(&n, (const char *)data, size);
    (void)distname_split_dir(s, &n, &v);
    (void)distname_split_conda(s, &n, &v, &b);
    {
        size_t first = strlen(s);
        size_t rest_len = first < size ? size - first - 1 : 0;
        char *sp;
        spec = first < size ? (const char *)data + first + 1 : "";
        sp = xstrndup(spec, rest_len);
        (void)pyspec_match(s, sp);
        free(sp);
    }
    strbuf_release(&n);
    strbuf_release(&v);
    strbuf_release(&b);
    arena_release(&a);
    free(s);
    return 0;
}
