/*
 * pagesize.c - the kernel's base page size from a kernel configuration or
 * an smaps text (see pagesize.h).
 */
#include "scan/pagesize.h"

#include <string.h>

#include "util/banned.h"

/* The next line of buf from *pos: its start and length (without '\n'); 0 at
 * the end.  *complete is 0 for a last line with no newline. */
static int next_line(const uint8_t *buf, size_t len, size_t *pos, const char **line, size_t *n, int *complete)
{
    const uint8_t *nl;
    if (*pos >= len)
        return 0;
    *line = (const char *)buf + *pos;
    nl = memchr(buf + *pos, '\n', len - *pos);
    *n = nl ? (size_t)(nl - (buf + *pos)) : len - *pos;
    *complete = nl != NULL;
    *pos += *n + (nl ? 1 : 0);
    return 1;
}

static int line_is(const char *line, size_t n, const char *want)
{
    size_t w = strlen(want);
    /* "CONFIG_X=y", perhaps with a '\r' or trailing blanks */
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    return n == w && !memcmp(line, want, w);
}

int pagesize_from_kconfig(const uint8_t *buf, size_t len, unsigned *kib)
{
    static const struct {
        const char *line;
        unsigned kib;
    } opts[] = {
        { "CONFIG_ARM64_4K_PAGES=y", 4 },   { "CONFIG_ARM64_16K_PAGES=y", 16 },
        { "CONFIG_ARM64_64K_PAGES=y", 64 }, { "CONFIG_PPC_4K_PAGES=y", 4 },
        { "CONFIG_PPC_16K_PAGES=y", 16 },   { "CONFIG_PPC_64K_PAGES=y", 64 },
        { "CONFIG_PPC_256K_PAGES=y", 256 }, { "CONFIG_X86_64=y", 4 },
    };
    size_t pos = 0, n, i;
    const char *line;
    int complete;
    unsigned found = 0;

    while (next_line(buf, len, &pos, &line, &n, &complete)) {
        if (n < 8 || memcmp(line, "CONFIG_", 7))
            continue;
        for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
            if (!line_is(line, n, opts[i].line))
                continue;
            if (found && found != opts[i].kib)
                return 0; /* contradictory: not a configuration the kernel build accepts */
            found = opts[i].kib;
        }
    }
    if (!found)
        return 0;
    *kib = found;
    return 1;
}

int pagesize_from_smaps(const uint8_t *buf, size_t len, unsigned *kib)
{
    static const char key[] = "KernelPageSize:";
    size_t pos = 0, n;
    const char *line;
    int complete;
    unsigned best = 0;

    while (next_line(buf, len, &pos, &line, &n, &complete)) {
        size_t i = sizeof(key) - 1;
        unsigned long v = 0;
        size_t digits = 0;
        if (!complete || n < i || memcmp(line, key, i))
            continue;
        while (i < n && (line[i] == ' ' || line[i] == '\t'))
            i++;
        while (i < n && line[i] >= '0' && line[i] <= '9' && digits < 8) {
            v = v * 10 + (unsigned long)(line[i] - '0');
            i++;
            digits++;
        }
        if (!digits || (i < n && line[i] >= '0' && line[i] <= '9'))
            continue; /* none, or more digits than any page size has */
        while (i < n && line[i] == ' ')
            i++;
        if (n - i < 2 || memcmp(line + i, "kB", 2) || v == 0 || v > 1048576)
            continue;
        if (!best || v < best)
            best = (unsigned)v;
    }
    if (!best)
        return 0;
    *kib = best;
    return 1;
}
