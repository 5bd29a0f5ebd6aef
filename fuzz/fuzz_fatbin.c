/* fuzz_fatbin.c - the fat-binary reader (ELF section lookup, containers,
 * entries) over arbitrary bytes served by a memory read callback. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "loader/fatbin.h"

struct buf {
    const uint8_t *p;
    size_t n;
};

static int rd(void *arg, uint64_t off, void *out, size_t len, struct gd_err *err)
{
    const struct buf *b = arg;
    if (off > b->n || len > b->n - off)
        return err_setx(err, GD_ERR_FORMAT, "short read");
    memcpy(out, b->p + off, len);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct buf b = { data, size };
    struct fatbin_source src = { rd, &b, size };
    struct fatbin_summary s;
    struct gd_err err;
    char list[1024];

    err_init(&err);
    if (fatbin_read_elf(&src, &s, &err) >= 0)
        fatbin_arch_list(&s, list, sizeof(list));
    /* The walker alone, over the whole input as one section. */
    memset(&s, 0, sizeof(s));
    fatbin_walk(&src, 0, size, &s, &err);
    return 0;
}
