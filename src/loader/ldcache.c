/*
 * ldcache.c - the three ld.so.cache layouts, ld.so's lookup, and the
 * `ldconfig -p` entry description.
 *
 * Formats: glibc sysdeps/generic/dl-cache.h (struct cache_file,
 * cache_file_new, file_entry_new, cache_extension), elf/dl-cache.c
 * (_dl_load_cache_lookup, search_cache, _dl_cache_libcmp) and elf/cache.c
 * (print_cache, print_entry).  Written from those descriptions, not copied.
 */
#include "loader/ldcache.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/elf.h"
#include "util/alloc.h"
#include "util/banned.h"

#define MAGIC_OLD "ld.so-1.7.0"
#define MAGIC_OLD_LEN 11
#define MAGIC_NEW "glibc-ld.so.cache1.1"
#define MAGIC_NEW_LEN 20
#define NEW_HDR 48
#define NEW_ENT 24
#define OLD_HDR 16
#define OLD_ENT 12
#define EXT_MAGIC 0xEAA42174u
#define EXT_TAG_GENERATOR 0
#define EXT_TAG_HWCAPS 1
#define HWCAP_EXTENSION_BIT (1ull << 62)

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static uint64_t rd64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

void ldcache_init(struct ldcache *c)
{
    memset(c, 0, sizeof(*c));
}

void ldcache_release(struct ldcache *c)
{
    free(c->entries);
    free((void *)c->hwcaps);
    free(c->data);
    free(c->generator_buf);
    ldcache_init(c);
}

/* The string at base+off, if it starts and ends inside buf. */
static const char *str_at(const uint8_t *buf, size_t len, size_t base, uint64_t off)
{
    if (base > len || off >= len - base)
        return NULL;
    if (!memchr(buf + base + off, '\0', len - base - (size_t)off))
        return NULL;
    return (const char *)buf + base + off;
}

static int is_hwcaps_entry(uint64_t hwcap)
{
    /* dl-cache.h dl_cache_hwcap_extension: bits 62.. set as 1<<30 above
     * the 10-bit ISA level field. */
    return ((hwcap >> 32) & ~(uint64_t)0x3ff) == (1ull << 30);
}

static void parse_extensions(const uint8_t *buf, size_t len, size_t base, uint32_t ext_off,
                             struct ldcache *c)
{
    size_t at, i, count;
    /* extension_offset is a file offset (ldconfig writes it so in compat
     * files too); accept one relative to the new header as well. */
    if (!ext_off || ext_off % 4)
        return;
    at = ext_off;
    if (at > len || len - at < 8 || rd32(buf + at) != EXT_MAGIC) {
        at = base + ext_off;
        if (at < base || at > len || len - at < 8 || rd32(buf + at) != EXT_MAGIC)
            return;
    }
    count = rd32(buf + at + 4);
    if (count > (len - at - 8) / 16)
        return;   /* ld.so ignores a directory that does not fit */
    for (i = 0; i < count; i++) {
        const uint8_t *s = buf + at + 8 + 16 * i;
        uint32_t tag = rd32(s), off = rd32(s + 8), size = rd32(s + 12);
        if (off > len || size > len - off)
            continue;
        if (tag == EXT_TAG_GENERATOR && !c->generator) {
            c->generator_buf = xstrndup((const char *)buf + off, size);
            c->generator = c->generator_buf;
        } else if (tag == EXT_TAG_HWCAPS && !c->hwcaps && off % 4 == 0) {
            size_t n = size / 4, j;
            const char **names = xcalloc(n ? n : 1, sizeof(*names));
            for (j = 0; j < n; j++) {
                /* hwcaps string offsets are relative to the string base of
                 * the new table, like keys and values. */
                names[j] = str_at(buf, len, base, rd32(buf + off + 4 * j));
                if (!names[j])
                    names[j] = "";
            }
            c->hwcaps = names;
            c->n_hwcaps = n;
        }
    }
}

static int parse_new(const uint8_t *buf, size_t len, size_t base, struct ldcache *c,
                     struct gd_err *err)
{
    uint32_t nlibs, ext_off;
    uint8_t flags;
    size_t i;
    const uint16_t probe = 1;
    uint8_t first;
    int host_le;

    memcpy(&first, &probe, 1);
    host_le = first == 1;
    if (len - base < NEW_HDR)
        return err_setx(err, GD_ERR_FORMAT, "cache header is truncated");
    nlibs = rd32(buf + base + 20);
    flags = buf[base + 28];
    ext_off = rd32(buf + base + 32);
    /* dl-cache.h cache_file_new_matches_endian */
    if ((flags & 3) == 1 || ((flags & 3) && (flags & 3) != (host_le ? 2 : 3)))
        return err_setx(err, GD_ERR_FORMAT, "cache is for the other byte order");
    if (nlibs > (len - base - NEW_HDR) / NEW_ENT)
        return err_setx(err, GD_ERR_FORMAT, "cache claims %" PRIu32 " entries, more than the file holds", nlibs);
    c->entries = xcalloc(nlibs ? nlibs : 1, sizeof(*c->entries));
    parse_extensions(buf, len, base, ext_off, c);
    for (i = 0; i < nlibs; i++) {
        const uint8_t *e = buf + base + NEW_HDR + i * NEW_ENT;
        struct ldcache_entry *d = &c->entries[c->nr];
        d->flags = (int32_t)rd32(e);
        d->key = str_at(buf, len, base, rd32(e + 4));
        d->value = str_at(buf, len, base, rd32(e + 8));
        d->hwcap = rd64(e + 16);
        if (!d->key || !d->value) {
            c->n_bad++;
            continue;
        }
        if (is_hwcaps_entry(d->hwcap)) {
            uint32_t idx = (uint32_t)d->hwcap;
            d->hwcaps_subdir = idx < c->n_hwcaps ? c->hwcaps[idx] : NULL;
        }
        c->nr++;
    }
    return 0;
}

int ldcache_parse(const uint8_t *buf, size_t len, struct ldcache *c, struct gd_err *err)
{
    ldcache_init(c);
    if (len >= MAGIC_NEW_LEN && !memcmp(buf, MAGIC_NEW, MAGIC_NEW_LEN)) {
        c->format = LDCACHE_NEW;
        if (parse_new(buf, len, 0, c, err) < 0)
            goto fail;
        return 0;
    }
    if (len >= OLD_HDR && !memcmp(buf, MAGIC_OLD, MAGIC_OLD_LEN)) {
        uint32_t nlibs = rd32(buf + 12);
        size_t end, newoff, i, strbase;
        if (nlibs > (len - OLD_HDR) / OLD_ENT) {
            err_setx(err, GD_ERR_FORMAT, "cache claims %" PRIu32 " entries, more than the file holds", nlibs);
            goto fail;
        }
        end = OLD_HDR + (size_t)nlibs * OLD_ENT;
        newoff = (end + 7) & ~(size_t)7;   /* ALIGN_CACHE: alignof(cache_file_new) */
        if (newoff <= len && len - newoff >= MAGIC_NEW_LEN && !memcmp(buf + newoff, MAGIC_NEW, MAGIC_NEW_LEN)) {
            c->format = LDCACHE_COMPAT;
            if (parse_new(buf, len, newoff, c, err) < 0)
                goto fail;
            return 0;
        }
        c->format = LDCACHE_OLD;
        strbase = end;   /* old offsets count from the end of the entry array */
        c->entries = xcalloc(nlibs ? nlibs : 1, sizeof(*c->entries));
        for (i = 0; i < nlibs; i++) {
            const uint8_t *e = buf + OLD_HDR + i * OLD_ENT;
            struct ldcache_entry *d = &c->entries[c->nr];
            d->flags = (int32_t)rd32(e);
            d->key = str_at(buf, len, strbase, rd32(e + 4));
            d->value = str_at(buf, len, strbase, rd32(e + 8));
            if (!d->key || !d->value) {
                c->n_bad++;
                continue;
            }
            c->nr++;
        }
        return 0;
    }
    err_setx(err, GD_ERR_FORMAT, "not an ld.so cache (unknown magic)");
fail:
    ldcache_release(c);
    return -1;
}

int ldcache_load(struct fs *fs, const char *vpath, struct ldcache *c, struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT;
    size_t len;
    uint8_t *data;
    int r = fs_read_file(fs, vpath, LDCACHE_MAX_SIZE, &sb, err);

    ldcache_init(c);
    if (r != 1) {
        strbuf_release(&sb);
        return r;
    }
    data = (uint8_t *)strbuf_detach(&sb, &len);
    if (ldcache_parse(data, len, c, err) < 0) {
        char msg[GD_ERR_MSG_MAX];
        snprintf(msg, sizeof(msg), "%s", err ? err->msg : "");
        err_setx(err, GD_ERR_FORMAT, "cannot use cache '%s': %s", vpath, msg);
        free(data);
        return -1;
    }
    c->data = data;
    return 1;
}

static int isdig(char ch)
{
    return ch >= '0' && ch <= '9';
}

int ldcache_libcmp(const char *p1, const char *p2)
{
    while (*p1) {
        if (isdig(*p1)) {
            uint64_t v1 = 0, v2 = 0;
            if (!isdig(*p2))
                return 1;
            /* Saturating: glibc's int arithmetic is undefined past INT_MAX
             * anyway; no real name has such numbers. */
            while (isdig(*p1)) {
                v1 = v1 < UINT64_MAX / 16 ? v1 * 10 + (uint64_t)(*p1 - '0') : v1;
                p1++;
            }
            while (isdig(*p2)) {
                v2 = v2 < UINT64_MAX / 16 ? v2 * 10 + (uint64_t)(*p2 - '0') : v2;
                p2++;
            }
            if (v1 != v2)
                return v1 < v2 ? -1 : 1;
        } else if (isdig(*p2)) {
            return -1;
        } else if (*p1 != *p2) {
            return (unsigned char)*p1 - (unsigned char)*p2;
        } else {
            p1++;
            p2++;
        }
    }
    return (unsigned char)*p1 - (unsigned char)*p2;
}

int ldcache_flags_ok(int32_t want_id, int32_t flags)
{
    if (want_id == 0 || want_id == LDCACHE_FLAG_LIBC6)
        return flags == 1 || flags == LDCACHE_FLAG_LIBC6;
    return flags == want_id;
}

int32_t ldcache_id_for(int elfclass, uint16_t machine)
{
    switch (machine) {
    case ELF_EM_X86_64:
        return elfclass == ELF_CLASS64 ? 0x0303 : 0x0803;
    case ELF_EM_AARCH64: return 0x0a03;
    case ELF_EM_PPC64: return 0x0503;
    case ELF_EM_S390: return elfclass == ELF_CLASS64 ? 0x0403 : 0x0003;
    case ELF_EM_RISCV: return elfclass == ELF_CLASS64 ? 0x1003 : 0x0003;
    case ELF_EM_386: return 0x0003;
    default: return 0;
    }
}

static long hwcaps_rank(const char *subdir, const char *const *active, size_t n_active)
{
    size_t i;
    if (!subdir)
        return -1;
    for (i = 0; i < n_active; i++)
        if (!strcmp(active[i], subdir))
            return (long)i;
    return -1;
}

long ldcache_lookup(const struct ldcache *c, const char *name, int32_t want_id,
                    const char *const *active, size_t n_active)
{
    long left = 0, right = (long)c->nr - 1;
    while (left <= right) {
        long middle = left + (right - left) / 2;
        int cmp = ldcache_libcmp(name, c->entries[middle].key);
        if (cmp == 0) {
            long best = -1, best_hw = -1, best_rank = 0;
            while (middle > 0 && ldcache_libcmp(name, c->entries[middle - 1].key) == 0)
                middle--;
            for (; middle < (long)c->nr && !ldcache_libcmp(name, c->entries[middle].key); middle++) {
                const struct ldcache_entry *e = &c->entries[middle];
                if (!ldcache_flags_ok(want_id, e->flags))
                    continue;
                if (is_hwcaps_entry(e->hwcap)) {
                    long rank = hwcaps_rank(e->hwcaps_subdir, active, n_active);
                    if (rank >= 0 && (best_hw < 0 || rank < best_rank)) {
                        best_hw = middle;
                        best_rank = rank;
                    }
                    continue;
                }
                if (best_hw >= 0)
                    return best_hw;
                if (e->hwcap != 0)
                    continue;   /* legacy hwcap entry: ignored since 2.37 */
                if (best < 0 || e->flags == want_id) {
                    best = middle;
                    if (e->flags == want_id)
                        break;
                }
            }
            return best_hw >= 0 ? best_hw : best;
        }
        if (cmp < 0)
            left = middle + 1;
        else
            right = middle - 1;
    }
    return -1;
}

void ldcache_describe(const struct ldcache_entry *e, struct strbuf *out)
{
    static const struct { int v; const char *s; } abis[] = {
        { 0x0100, ",64bit" }, { 0x0200, ",IA-64" }, { 0x0300, ",x86-64" },
        { 0x0400, ",64bit" }, { 0x0500, ",64bit" }, { 0x0600, ",N32" },
        { 0x0700, ",64bit" }, { 0x0800, ",x32" }, { 0x0900, ",hard-float" },
        { 0x0a00, ",AArch64" }, { 0x0b00, ",soft-float" }, { 0x0c00, ",nan2008" },
        { 0x0d00, ",N32,nan2008" }, { 0x0e00, ",64bit,nan2008" },
        { 0x0f00, ",soft-float" }, { 0x1000, ",double-float" },
        { 0x1100, ",soft-float" }, { 0x1200, ",double-float" },
    };
    int type = e->flags & LDCACHE_FLAG_TYPE_MASK, abi = e->flags & LDCACHE_FLAG_ABI_MASK;
    size_t i;

    strbuf_reset(out);
    switch (type) {
    case 0: strbuf_addstr(out, "libc4"); break;
    case 1: strbuf_addstr(out, "ELF"); break;
    case 2: strbuf_addstr(out, "libc5"); break;
    case 3: strbuf_addstr(out, "libc6"); break;
    default: strbuf_addstr(out, "unknown"); break;
    }
    if (abi) {
        for (i = 0; i < sizeof(abis) / sizeof(abis[0]); i++)
            if (abis[i].v == abi)
                break;
        if (i < sizeof(abis) / sizeof(abis[0]))
            strbuf_addstr(out, abis[i].s);
        else
            strbuf_addf(out, ",%d", abi);
    }
    if (e->hwcaps_subdir)
        strbuf_addf(out, ", hwcap: \"%s\"", e->hwcaps_subdir);
    else if (e->hwcap)
        strbuf_addf(out, ", hwcap: 0x%016" PRIx64, e->hwcap);
}
