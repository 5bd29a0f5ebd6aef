/* fuzz_dstore.c - Docker's image store parsers (image/dockerstore.h): the
 * reference of docker-daemon:NAME keyed as moby's reference store keys it,
 * repositories.json looked up by that key and by image ID, and a layerdb
 * record's digest file.  The input is "REF\nDOCUMENT": the first line is
 * the reference (and, 64 hex digits long, the ID), the rest the document. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "image/dockerstore.h"
#include "util/err.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    const char *nl = memchr(buf, '\n', size);
    size_t rl = nl ? (size_t)(nl - buf) : size;
    struct strbuf repo = STRBUF_INIT, key = STRBUF_INIT, name = STRBUF_INIT, dg = STRBUF_INIT;
    struct gd_err err;
    char *ref = malloc(rl + 1), id[65], d[72];
    const char *doc = nl ? nl + 1 : buf + size;
    size_t dl = size - (size_t)(doc - buf);

    if (!ref)
        return 0;
    memcpy(ref, buf, rl);
    ref[rl] = '\0';
    err_init(&err);
    if (dstore_ref_key(ref, &repo, &key) == 1)
        (void)dstore_repos_find(doc, dl, repo.buf, key.buf, id, &err);
    err_init(&err);
    (void)dstore_repos_names(doc, dl, rl == 64 ? ref : "0", &name, &dg, &err);
    (void)dstore_parse_digest(doc, dl, d);
    dstore_chain_id(ref, ref, d);
    free(ref);
    strbuf_release(&repo);
    strbuf_release(&key);
    strbuf_release(&name);
    strbuf_release(&dg);
    return 0;
}
