/* fuzz_dpkg.c - dpkg's status-file parser (with and without the relevance
 * filter) and the file-list lookup over arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "scan/dpkg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct dpkg_pkg *p = NULL;
    size_t n = 0, alloc = 0;
    struct gd_err err;

    arena_init(&a);
    err_init(&err);
    dpkg_status_parse(data, size, NULL, NULL, &a, &p, &n, &alloc, &err);
    dpkg_status_parse(data, size, dpkg_relevant, NULL, &a, &p, &n, &alloc, &err);
    (void)dpkg_list_has(data, size, "/usr/lib/python3/dist-packages/torch");
    free(p);
    arena_release(&a);
    return 0;
}
