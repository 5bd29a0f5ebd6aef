/* Fuzz target: the pci.ids parser (a newer pci.ids is read from the
 * examined machine at run time, so it is untrusted input). */
#include <stddef.h>
#include <stdint.h>

#include "kb/pciids.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct pciids p;
    struct gd_err err;
    pciids_init(&p);
    (void)pciids_parse(&p, data, size, &err);
    pciids_release(&p);
    return 0;
}
