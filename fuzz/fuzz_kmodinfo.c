/* fuzz_kmodinfo.c - a kernel module's .modinfo and signature trailer
 * (scan/kmodinfo.c) over arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "scan/kmodinfo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct bytesrc s;
    struct kmodinfo m;
    struct gd_err err;

    arena_init(&a);
    err_init(&err);
    memset(&m, 0, sizeof(m));
    bytesrc_mem(&s, data, size);
    if (kmodinfo_parse(&s, &a, &m, &err) == 0)
        (void)kmodinfo_vermagic_release(&a, m.vermagic);
    arena_release(&a);
    return 0;
}
