/* fuzz_kmodz.c - the compressed-module reader (scan/kmodz.c) over
 * arbitrary bytes: byte 0 picks the decoder (xz, zstd, gzip), bytes 1-4
 * an offset to read back (a head, tail or second-pass read), the rest is
 * the stream.  The output is bounded at 4 MiB here (kmodz_open's max_out)
 * so a decompression bomb costs milliseconds, not the scan's 512 MiB. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "scan/kmodz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct bytesrc s;
    struct kmodz z;
    struct gd_err err;
    uint8_t buf[256];
    uint32_t at;
    int format;

    if (size < 5)
        return 0;
    format = 1 + data[0] % 3;
    at = (uint32_t)data[1] | (uint32_t)data[2] << 8 | (uint32_t)data[3] << 16 | (uint32_t)data[4] << 24;
    err_init(&err);
    bytesrc_mem(&s, data + 5, size - 5);
    if (kmodz_open(&z, &s, format, 4u << 20, &err) < 0)
        return 0;
    (void)kmodz_read(&z, 0, buf, z.size < 64 ? (size_t)z.size : 64, &err);
    if (z.size >= 40)
        (void)kmodz_read(&z, z.size - 40, buf, 40, &err);
    if (z.size)
        (void)kmodz_read(&z, at % z.size, buf, sizeof(buf), &err);   /* may run past the end */
    kmodz_release(&z);
    return 0;
}
