/* fuzz_ldconf.c - the ld.so.conf line parser, glob matching and the musl
 * path-file splitter over arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "loader/ldconf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct ldconf_item *items = NULL;
    size_t n = 0, alloc = 0, i;
    struct ldconf c;
    arena_init(&a);
    ldconf_init(&c);
    ldconf_parse(data, size, &a, &items, &n, &alloc);
    for (i = 0; i + 1 < n; i++)
        (void)ldconf_glob_match(items[i].text, items[i + 1].text);
    ldconf_parse_musl(data, size, "fuzz", &a, &c);
    free(items);
    ldconf_release(&c);
    arena_release(&a);
    return 0;
}
