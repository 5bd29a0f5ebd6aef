/*
 * Fuzz target: the kernel page-size parsers (scan/pagesize.c): a kernel
 * configuration and an smaps text.  Any input is read; a size found is
 * one a kernel can have.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "scan/pagesize.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned kib = 0;
    if (pagesize_from_kconfig(data, size, &kib) == 1 && kib != 4 && kib != 16 && kib != 64 && kib != 256)
        abort();
    kib = 0;
    if (pagesize_from_smaps(data, size, &kib) == 1 && (kib == 0 || kib > 1048576))
        abort();
    return 0;
}
