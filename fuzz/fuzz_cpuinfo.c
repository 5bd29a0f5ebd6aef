/*
 * Fuzz target: the /proc/cpuinfo reader that decides an examined tree's
 * x86-64 ISA level (loader/isa.c).  Any input is read; the answer must be
 * a level in range, and unknown exactly when the reader says so; and the
 * AArch64 reader of the same file (LSE atomics from Features): 1, 0 or -1.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "loader/isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct isa_level l;
    const char *names[3];
    int rc = isa_from_cpuinfo((const char *)data, size, &l);
    if ((rc == 1) != (l.level >= 0) || l.level > 4)
        abort();
    if (isa_hwcaps_subdirs(l.level, names) > 3)
        abort();
    rc = isa_aarch64_atomics((const char *)data, size);
    if (rc < -1 || rc > 1)
        abort();
    return 0;
}
