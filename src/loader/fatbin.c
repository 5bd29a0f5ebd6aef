/*
 * fatbin.c - walk the fat-binary containers of an ELF file (see fatbin.h).
 *
 * Reads go through a 64 KiB window: entry headers of one container are
 * usually close together, so most headers cost no read at all, and a large
 * payload is skipped by moving the window past it.
 */
#include "loader/fatbin.h"
#include "util/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/banned.h"

#define WINDOW (64u * 1024)
#define CONTAINER_HDR 16u
#define ENTRY_MIN_HDR 32u
/* The flags (at 40) are in every header nvcc writes (64 bytes and more). */
#define ENTRY_FLAGS_HDR 48u
/* The section-name table is read whole: bound it (the section header
 * table is bounded by its 16-bit count). */
#define MAX_SHSTRTAB (4u * 1024 * 1024)

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | ((uint64_t)rd32(p + 4) << 32); }

int fatbin_container_parse(const uint8_t *buf, size_t len, struct fatbin_container *c, struct gd_err *err)
{
    if (len < CONTAINER_HDR) {
        err_setx(err, GD_ERR_FORMAT, "fat binary header truncated");
        return -1;
    }
    if (rd32(buf) != FATBIN_MAGIC)
        return 0;
    c->version = rd16(buf + 4);
    c->header_size = rd16(buf + 6);
    c->fat_size = rd64(buf + 8);
    if (c->header_size < CONTAINER_HDR) {
        err_setx(err, GD_ERR_FORMAT, "fat binary header size %u is smaller than the header", c->header_size);
        return -1;
    }
    return 1;
}

int fatbin_entry_parse(const uint8_t *buf, size_t len, struct fatbin_entry *e, struct gd_err *err)
{
    if (len < ENTRY_MIN_HDR) {
        err_setx(err, GD_ERR_FORMAT, "fat binary entry header truncated");
        return -1;
    }
    e->kind = rd16(buf);
    e->header_size = rd32(buf + 4);
    e->payload_size = rd64(buf + 8);
    e->arch = rd32(buf + 28);
    e->flags = len >= ENTRY_FLAGS_HDR && e->header_size >= ENTRY_FLAGS_HDR ? rd64(buf + 40) : 0;
    if (e->header_size < ENTRY_MIN_HDR) {
        err_setx(err, GD_ERR_FORMAT, "fat binary entry header size %u is too small", (unsigned)e->header_size);
        return -1;
    }
    return 0;
}

struct window {
    const struct fatbin_source *src;
    uint8_t *buf;
    uint64_t off;     /* file offset of buf[0] */
    size_t len;       /* valid bytes in buf */
};

/* Make [off, off + need) available; return a pointer to it, or NULL (err). */
static const uint8_t *win_get(struct window *w, uint64_t off, size_t need, struct gd_err *err)
{
    size_t want;
    if (need > WINDOW || off > w->src->size || need > w->src->size - off) {
        err_setx(err, GD_ERR_FORMAT, "fat binary data past the end of the file (offset %llu)",
                 (unsigned long long)off);
        return NULL;
    }
    if (w->len && off >= w->off && off - w->off <= w->len && need <= w->len - (size_t)(off - w->off))
        return w->buf + (off - w->off);
    want = WINDOW;
    if (w->src->size - off < want)
        want = (size_t)(w->src->size - off);
    w->len = 0;
    if (w->src->read(w->src->arg, off, w->buf, want, err) < 0)
        return NULL;
    w->off = off;
    w->len = want;
    return w->buf;
}

/* a sorts before (arch, kind, specific): <0, equal 0, after >0. */
static int arch_cmp(const struct fatbin_arch *a, unsigned arch, unsigned kind, int specific)
{
    if (a->arch != arch)
        return a->arch < arch ? -1 : 1;
    if (a->kind != kind)
        return a->kind < kind ? -1 : 1;
    return a->specific - specific;
}

static void add_arch(struct fatbin_summary *sum, unsigned kind, unsigned arch, int specific)
{
    size_t i, at;
    if (kind != FATBIN_KIND_PTX && kind != FATBIN_KIND_ELF)
        return;
    for (at = 0; at < sum->n_arches; at++) {
        int c = arch_cmp(&sum->arches[at], arch, kind, specific);
        if (c == 0) {
            sum->arches[at].count++;
            return;
        }
        if (c > 0)
            break;
    }
    if (sum->n_arches >= FATBIN_MAX_ARCHES) {
        sum->truncated = 1;
        return;
    }
    for (i = sum->n_arches; i > at; i--)
        sum->arches[i] = sum->arches[i - 1];
    sum->arches[at].kind = kind;
    sum->arches[at].arch = arch;
    sum->arches[at].specific = specific;
    sum->arches[at].count = 1;
    sum->n_arches++;
}

static int walk(struct window *w, uint64_t off, uint64_t size, struct fatbin_summary *sum, struct gd_err *err)
{
    uint64_t pos = off, end;

    if (off > w->src->size || size > w->src->size - off) {
        err_setx(err, GD_ERR_FORMAT, "fat binary section past the end of the file");
        return -1;
    }
    end = off + size;
    while (end - pos >= CONTAINER_HDR) {
        struct fatbin_container c;
        const uint8_t *p = win_get(w, pos, CONTAINER_HDR, err);
        uint64_t epos, eend;
        int r;

        if (!p)
            return -1;
        r = fatbin_container_parse(p, CONTAINER_HDR, &c, err);
        if (r < 0)
            return -1;
        if (r == 0) {
            /* Containers are 8-byte aligned; zeros between them are padding. */
            static const uint8_t zero[8];
            if (memcmp(p, zero, 8)) {
                err_setx(err, GD_ERR_FORMAT, "no fat binary header at offset %llu", (unsigned long long)pos);
                return -1;
            }
            pos += 8;
            if (++sum->n_entries > FATBIN_MAX_ENTRIES) {
                sum->truncated = 1;
                return 0;
            }
            continue;
        }
        if (c.header_size > end - pos || c.fat_size > end - pos - c.header_size) {
            err_setx(err, GD_ERR_FORMAT, "fat binary at offset %llu overruns its section",
                     (unsigned long long)pos);
            return -1;
        }
        sum->n_containers++;
        epos = pos + c.header_size;
        eend = epos + c.fat_size;
        while (eend - epos >= ENTRY_MIN_HDR) {
            struct fatbin_entry e;
            /* With the flags when the container holds them (every header
             * nvcc writes does); a shorter last entry is read without. */
            size_t need = eend - epos >= ENTRY_FLAGS_HDR ? ENTRY_FLAGS_HDR : ENTRY_MIN_HDR;
            const uint8_t *q = win_get(w, epos, need, err);
            if (!q || fatbin_entry_parse(q, need, &e, err) < 0)
                return -1;
            if (e.header_size > eend - epos || e.payload_size > eend - epos - e.header_size) {
                err_setx(err, GD_ERR_FORMAT, "fat binary entry at offset %llu overruns its container",
                         (unsigned long long)epos);
                return -1;
            }
            if (++sum->n_entries > FATBIN_MAX_ENTRIES) {
                sum->truncated = 1;
                return 0;
            }
            add_arch(sum, e.kind, e.arch, (e.flags & FATBIN_FLAG_ARCH_SPECIFIC) != 0);
            epos += e.header_size + e.payload_size;
        }
        pos = eend;
    }
    return 0;
}

int fatbin_walk(const struct fatbin_source *src, uint64_t off, uint64_t size, struct fatbin_summary *sum,
                struct gd_err *err)
{
    struct window w;
    int r;
    w.src = src;
    w.buf = xmalloc(WINDOW);
    w.off = 0;
    w.len = 0;
    r = walk(&w, off, size, sum, err);
    free(w.buf);
    return r;
}

static int src_read(const struct fatbin_source *src, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    if (off > src->size || len > src->size - off) {
        err_setx(err, GD_ERR_FORMAT, "ELF data past the end of the file");
        return -1;
    }
    return src->read(src->arg, off, buf, len, err);
}

int fatbin_read_elf(const struct fatbin_source *src, struct fatbin_summary *sum, struct gd_err *err)
{
    uint8_t eh[64];
    uint8_t *sh = NULL;
    char *names = NULL;
    uint64_t shoff, str_off, str_size;
    uint16_t shentsize, shnum, shstrndx;
    size_t i, names_len;
    int found = 0, rc = -1;

    memset(sum, 0, sizeof(*sum));
    if (src_read(src, 0, eh, sizeof(eh), err) < 0)
        return -1;
    if (memcmp(eh, "\177ELF", 4) || eh[4] != 2 || eh[5] != 1) {
        err_setx(err, GD_ERR_FORMAT, "not a 64-bit little-endian ELF file");
        return -1;
    }
    shoff = rd64(eh + 40);
    shentsize = rd16(eh + 58);
    shnum = rd16(eh + 60);
    shstrndx = rd16(eh + 62);
    if (!shnum)
        return 0;   /* no section headers (stripped of them): nothing to find */
    /* ELF64 section headers are 64 bytes; with the 16-bit count that bounds
     * the table to 4 MiB, and it must lie inside the file. */
    if (shentsize != 64 || shstrndx >= shnum || shoff > src->size ||
        (uint64_t)shnum * shentsize > src->size - shoff) {
        err_setx(err, GD_ERR_FORMAT, "bad ELF section header table");
        return -1;
    }
    sh = xmalloc((size_t)shnum * shentsize);   /* bounded above: at most 4 MiB */
    if (src_read(src, shoff, sh, (size_t)shnum * shentsize, err) < 0)
        goto out;
    str_off = rd64(sh + (size_t)shstrndx * shentsize + 24);
    str_size = rd64(sh + (size_t)shstrndx * shentsize + 32);
    if (str_size > MAX_SHSTRTAB || str_off > src->size || str_size > src->size - str_off) {
        err_setx(err, GD_ERR_LIMIT, "ELF section name table is larger than %u bytes", MAX_SHSTRTAB);
        goto out;
    }
    names_len = (size_t)str_size;
    names = xmalloc(names_len + 1);   /* bounded above: MAX_SHSTRTAB */
    if (src_read(src, str_off, names, names_len, err) < 0)
        goto out;
    names[names_len] = '\0';
    for (i = 0; i < shnum; i++) {
        const uint8_t *s = sh + i * shentsize;
        uint32_t name = rd32(s), type = rd32(s + 4);
        const char *nm;
        if (name >= names_len)
            continue;
        nm = names + name;
        if (strcmp(nm, ".nv_fatbin") && strcmp(nm, "__nv_relfatbin"))
            continue;
        if (type == 8 /* SHT_NOBITS */)
            continue;
        found = 1;
        sum->n_sections++;
        if (fatbin_walk(src, rd64(s + 24), rd64(s + 32), sum, err) < 0)
            goto out;
        if (sum->truncated)
            break;
    }
    rc = found;
out:
    free(sh);
    free(names);
    return rc;
}

int fatbin_arch_list(const struct fatbin_summary *sum, char *buf, size_t size)
{
    size_t i, used = 0;
    if (!size)
        return -1;
    buf[0] = '\0';
    for (i = 0; i < sum->n_arches; i++) {
        const struct fatbin_arch *a = &sum->arches[i];
        int n = snprintf(buf + used, size - used, "%s%s_%u%s", used ? "," : "",
                         a->kind == FATBIN_KIND_ELF ? "sm" : "compute", a->arch, a->specific ? "a" : "");
        if (n < 0 || (size_t)n >= size - used) {
            buf[used] = '\0';
            return -1;
        }
        used += (size_t)n;
    }
    return (int)used;
}
