/*
 * fuzz_redact.c - libFuzzer target for report/redact.h: any bytes, with
 * values taken from the input's first line, must be rewritten without a
 * read or write out of bounds.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "report/redact.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char vals[256];
    struct redact r;
    struct strbuf out = STRBUF_INIT;
    size_t n = 0;
    const char *text = (const char *)data;

    /* first line: "home user host machine-id" */
    while (n < size && n < sizeof(vals) - 1 && data[n] != '\n')
        n++;
    memcpy(vals, data, n);
    vals[n] = '\0';
    redact_init(&r);
    {
        char *p = vals, *f[4];
        size_t k;
        for (k = 0; k < 4; k++)
            f[k] = NULL;
        for (k = 0; k < 4 && p; k++) {
            f[k] = p;
            p = strchr(p, ' ');
            if (p)
                *p++ = '\0';
        }
        r.home = f[0];
        r.users[0] = f[1];
        r.hosts[0] = f[2];
        r.machine_id = f[3];
    }
    redact_apply(&r, text, size, &out);
    strbuf_release(&out);
    return 0;
}
