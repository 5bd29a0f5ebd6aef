/*
 * Fuzz target: the `explain` log reader (scan/logread), fed the input in
 * two chunks split at a point chosen by the first byte, so both the line
 * splitter's carry-over and every pattern's bounds checks are exercised.
 */
#include <stddef.h>
#include <stdint.h>

#include "scan/logread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct logread lr;
    size_t cut = size ? data[0] % (size + 1) : 0;

    logread_init(&lr);
    logread_feed(&lr, (const char *)data, cut);
    logread_feed(&lr, (const char *)data + cut, size - cut);
    logread_finish(&lr);
    logread_release(&lr);
    return 0;
}
