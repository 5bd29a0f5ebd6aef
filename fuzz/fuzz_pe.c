/* fuzz_pe.c - the PE reader over arbitrary bytes: no crash, no read past
 * the buffer (ASan), whatever the input.  Seeds: any DLL made by MinGW. */
#include <stddef.h>
#include <stdint.h>

#include "loader/pe.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct pe_info pe;
    char v[64];
    arena_init(&a);
    if (pe_parse(data, size, &a, &pe, NULL) == 0)
        (void)pe_file_version(&pe, v, sizeof(v));
    arena_release(&a);
    return 0;
}
