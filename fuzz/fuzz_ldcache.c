/* fuzz_ldcache.c - the ld.so.cache parser and lookup over arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>

#include "loader/ldcache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct ldcache c;
    struct strbuf sb = STRBUF_INIT;
    const char *active[] = { "x86-64-v3", "x86-64-v2" };
    size_t i;
    if (ldcache_parse(data, size, &c, NULL) == 0) {
        for (i = 0; i < c.nr && i < 64; i++) {
            ldcache_describe(&c.entries[i], &sb);
            (void)ldcache_lookup(&c, c.entries[i].key, 0x0303, active, 2);
        }
        (void)ldcache_lookup(&c, "libc.so.6", 0x0003, NULL, 0);
        ldcache_release(&c);
    }
    strbuf_release(&sb);
    return 0;
}
