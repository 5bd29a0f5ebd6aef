#include "kb/pciids.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

#define NVIDIA_VENDOR "10de"

void pciids_init(struct pciids *p)
{
    memset(p, 0, sizeof(*p));
    arena_init(&p->arena);
}

void pciids_release(struct pciids *p)
{
    free(p->devs);
    arena_release(&p->arena);
    memset(p, 0, sizeof(*p));
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int parse_hex4(const char *s, size_t n, unsigned *out)
{
    size_t i;
    unsigned v = 0;
    if (n < 4)
        return -1;
    for (i = 0; i < 4; i++) {
        int h = hexval(s[i]);
        if (h < 0)
            return -1;
        v = v * 16 + (unsigned)h;
    }
    *out = v;
    return 0;
}

/* "#\tVersion: 2023.04.10" */
static void maybe_version(struct pciids *p, const char *s, size_t n)
{
    static const char key[] = "Version:";
    const char *v;
    size_t i = 1;

    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (n - i < sizeof(key) - 1 || memcmp(s + i, key, sizeof(key) - 1))
        return;
    i += sizeof(key) - 1;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    v = s + i;
    while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
        i++;
    if (!p->version && s + i > v)
        p->version = arena_strndup(&p->arena, v, (size_t)(s + i - v));
}

int pciids_parse(struct pciids *p, const uint8_t *buf, size_t len, struct gd_err *err)
{
    size_t off = 0;
    unsigned lineno = 0;
    int in_nvidia = 0, seen_nvidia = 0;

    while (off < len) {
        const char *s = (const char *)buf + off;
        const uint8_t *nl = memchr(buf + off, '\n', len - off);
        size_t n = nl ? (size_t)(nl - (buf + off)) : len - off;
        lineno++;
        off += n + (nl ? 1 : 0);
        if (n && s[n - 1] == '\r')
            n--;
        if (n == 0)
            continue;
        if (s[0] == '#') {
            maybe_version(p, s, n);
            continue;
        }
        if (s[0] != '\t') {
            /* A vendor line (or the class section "C 03 ..."). */
            in_nvidia = n >= 4 && !memcmp(s, NVIDIA_VENDOR, 4) && (n == 4 || s[4] == ' ');
            if (in_nvidia)
                seen_nvidia = 1;
            else if (seen_nvidia)
                break;   /* vendors are sorted; nothing more for us */
            continue;
        }
        if (!in_nvidia || (n > 1 && s[1] == '\t'))
            continue;    /* another vendor's device, or a subsystem */
        {
            unsigned dev;
            size_t i = 5;
            if (parse_hex4(s + 1, n - 1, &dev) || n < 6 || (s[5] != ' ' && s[5] != '\t'))
                return err_setx(err, GD_ERR_FORMAT, "pci.ids:%u: malformed device line", lineno);
            while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
            if (i == n)
                return err_setx(err, GD_ERR_FORMAT, "pci.ids:%u: device without a name", lineno);
            if (memchr(s + i, '\0', n - i))
                return err_setx(err, GD_ERR_FORMAT, "pci.ids:%u: NUL byte", lineno);
            ALLOC_GROW(p->devs, p->n + 1, p->alloc);
            if (p->n && dev < p->devs[p->n - 1].device)
                p->unsorted = 1;
            p->devs[p->n].device = dev;
            p->devs[p->n].name = arena_strndup(&p->arena, s + i, n - i);
            p->n++;
        }
    }
    return 0;
}

const struct pciids_dev *pciids_find(const struct pciids *p, unsigned device)
{
    size_t i, lo = 0, hi = p->n;
    if (p->unsorted) {
        for (i = 0; i < p->n; i++)
            if (p->devs[i].device == device)
                return &p->devs[i];
        return NULL;
    }
    while (lo < hi) {   /* the first entry not below device */
        size_t mid = lo + (hi - lo) / 2;
        if (p->devs[mid].device < device)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < p->n && p->devs[lo].device == device ? &p->devs[lo] : NULL;
}
