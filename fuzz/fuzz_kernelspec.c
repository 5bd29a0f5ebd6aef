/*
 * Fuzz target: a Jupyter kernel.json as the scan reads it
 * (pyinterp_kernelspec, jansson underneath).
 */
#include <stddef.h>
#include <stdint.h>

#include "scan/pyinterp.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct kernelspec ks;
    char msg[128];
    arena_init(&a);
    (void)pyinterp_kernelspec(data, size, &a, &ks, msg, sizeof(msg));
    arena_release(&a);
    return 0;
}
