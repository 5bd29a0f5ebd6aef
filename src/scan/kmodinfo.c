/*
 * kmodinfo.c - a kernel module's .modinfo and signature trailer
 * (scan/kmodinfo.h).  ELF section headers as the gABI lays them out
 * (e_shnum 0 / e_shstrndx SHN_XINDEX: the real values in section 0's
 * sh_size / sh_link, as for any ELF file with many sections).
 */
#include "scan/kmodinfo.h"

#include <stdlib.h>
#include <string.h>

#include "loader/elf.h"
#include "scan/kmodz.h"
#include "util/alloc.h"
#include "util/banned.h"

#define ET_REL 1
#define SHN_XINDEX 0xffffu
#define MAX_SHSTRTAB (4u * 1024 * 1024)
#define MAX_MODINFO (1u * 1024 * 1024)
#define SIG_MARKER "~Module signature appended~\n"
#define SIG_MARKER_LEN 28u
#define SIG_STRUCT_LEN 12u

static uint64_t rd(const uint8_t *p, unsigned n, int be)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
    return v;
}

/* One section header's (name, offset, size, link) from the table. */
struct shdr {
    uint32_t name;
    uint64_t off, size;
    uint32_t link;
};

static void shdr_at(const uint8_t *t, int c64, int be, struct shdr *h)
{
    if (c64) {
        h->name = (uint32_t)rd(t, 4, be);
        h->off = rd(t + 24, 8, be);
        h->size = rd(t + 32, 8, be);
        h->link = (uint32_t)rd(t + 40, 4, be);
    } else {
        h->name = (uint32_t)rd(t, 4, be);
        h->off = rd(t + 16, 4, be);
        h->size = rd(t + 20, 4, be);
        h->link = (uint32_t)rd(t + 24, 4, be);
    }
}

/* The module's bytes: the file itself, or what a compressed one
 * decompresses to (scan/kmodz.h). */
struct src {
    const struct bytesrc *b;
    struct kmodz *z;
    uint64_t size;
};

static int src_read(const struct src *s, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    return s->z ? kmodz_read(s->z, off, buf, len, err) : bytesrc_read(s->b, off, buf, len, err);
}

/* The signature trailer at the end of the (decompressed) file. */
static void read_signature(const struct src *s, struct kmodinfo *out)
{
    uint8_t t[SIG_STRUCT_LEN + SIG_MARKER_LEN];
    out->is_signed = 0;
    if (s->size < sizeof(t) || src_read(s, s->size - sizeof(t), t, sizeof(t), NULL) < 0)
        return;
    if (memcmp(t + SIG_STRUCT_LEN, SIG_MARKER, SIG_MARKER_LEN))
        return;
    out->is_signed = 1;
    out->sig_id_type = t[2];
    out->sig_len = (uint32_t)rd(t + 8, 4, 1);
}

/* key=value strings, NUL-separated (padding NULs between them). */
static void parse_modinfo(const uint8_t *b, size_t n, struct arena *arena, struct kmodinfo *out)
{
    static const char *const keys[] = { "name", "version", "vermagic", "license", "srcversion" };
    size_t i = 0;
    while (i < n) {
        const uint8_t *z = memchr(b + i, '\0', n - i);
        size_t len = z ? (size_t)(z - (b + i)) : n - i;
        const char *str = (const char *)(b + i);
        const char *eq = len ? memchr(str, '=', len) : NULL;
        size_t k;
        if (eq) {
            size_t kl = (size_t)(eq - str);
            for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
                const char **slot = k == 0 ? &out->name : k == 1 ? &out->version : k == 2 ? &out->vermagic
                                    : k == 3 ? &out->license : &out->srcversion;
                if (kl == strlen(keys[k]) && !memcmp(str, keys[k], kl) && !*slot)
                    *slot = arena_strndup(arena, eq + 1, len - kl - 1);
            }
        }
        i += len + 1;
    }
}

/* The ELF relocatable in s: its .modinfo and signature. */
static int parse_elf(const struct src *s, struct arena *arena, struct kmodinfo *out, struct gd_err *err)
{
    uint8_t head[64];
    struct elf_header h;
    struct shdr sh, names, mi;
    uint8_t *table = NULL, *strs = NULL, *info = NULL;
    uint64_t shnum, shstrndx, i, tlen;
    int c64, be, found = 0, rc = -1;

    memset(head, 0, sizeof(head));
    if (src_read(s, 0, head, s->size < sizeof(head) ? (size_t)s->size : sizeof(head), err) < 0)
        return -1;
    if (elf_header_parse(head, s->size < sizeof(head) ? (size_t)s->size : sizeof(head), &h, err) < 0)
        return -1;
    if (h.type != ET_REL) {
        err_setx(err, GD_ERR_FORMAT, "not a kernel module: ELF type %u, not a relocatable", h.type);
        return -1;
    }
    c64 = h.elfclass == ELF_CLASS64;
    be = h.data == ELF_DATA_MSB;
    if (h.shentsize != (c64 ? 64u : 40u) || !h.shoff) {
        err_setx(err, GD_ERR_FORMAT, "no usable section header table");
        return -1;
    }
    /* Section 0 holds the real count and string-table index when they overflow. */
    {
        uint8_t z[64];
        if (src_read(s, h.shoff, z, h.shentsize, err) < 0)
            return -1;
        shdr_at(z, c64, be, &sh);
        shnum = h.shnum ? h.shnum : sh.size;
        shstrndx = h.shstrndx == SHN_XINDEX ? sh.link : h.shstrndx;
    }
    if (!shnum || shnum > KMODINFO_MAX_SHDRS || shstrndx >= shnum) {
        err_setx(err, GD_ERR_FORMAT, "section count %llu or name table %llu out of range",
                 (unsigned long long)shnum, (unsigned long long)shstrndx);
        return -1;
    }
    tlen = shnum * h.shentsize;
    table = xmalloc((size_t)tlen);
    if (src_read(s, h.shoff, table, (size_t)tlen, err) < 0)
        goto out;
    shdr_at(table + shstrndx * h.shentsize, c64, be, &names);
    if (!names.size || names.size > MAX_SHSTRTAB) {
        err_setx(err, GD_ERR_FORMAT, "section name table of %llu bytes", (unsigned long long)names.size);
        goto out;
    }
    strs = xmalloc((size_t)names.size + 1);
    if (src_read(s, names.off, strs, (size_t)names.size, err) < 0)
        goto out;
    strs[names.size] = '\0';
    for (i = 1; i < shnum && !found; i++) {
        shdr_at(table + i * h.shentsize, c64, be, &mi);
        if (mi.name < names.size && !strcmp((const char *)strs + mi.name, ".modinfo"))
            found = 1;
    }
    if (!found) {
        err_setx(err, GD_ERR_FORMAT, "no .modinfo section: not a kernel module");
        goto out;
    }
    if (mi.size > MAX_MODINFO) {
        err_setx(err, GD_ERR_FORMAT, ".modinfo of %llu bytes", (unsigned long long)mi.size);
        goto out;
    }
    info = xmalloc((size_t)mi.size + 1);
    if (mi.size && src_read(s, mi.off, info, (size_t)mi.size, err) < 0)
        goto out;
    parse_modinfo(info, (size_t)mi.size, arena, out);
    read_signature(s, out);
    rc = 0;
out:
    free(table);
    free(strs);
    free(info);
    return rc;
}

int kmodinfo_parse(const struct bytesrc *s, struct arena *arena, struct kmodinfo *out,
                   struct gd_err *err)
{
    uint8_t magic[8];
    struct src src;
    struct kmodz z;
    size_t n = s->size < sizeof(magic) ? (size_t)s->size : sizeof(magic);
    int format, rc;

    memset(magic, 0, sizeof(magic));
    if (bytesrc_read(s, 0, magic, n, err) < 0)
        return -1;
    src.b = s;
    src.z = NULL;
    src.size = s->size;
    /* kmod's libkmod-file.c: the magic decides, not the file name. */
    format = kmodz_format_of(magic, n);
    if (!format)
        return parse_elf(&src, arena, out, err);
    out->compression = kmodz_format_name(format);
    out->is_signed = -1;
    if (kmodz_open(&z, s, format, 0, err) < 0)
        return -1;
    src.z = &z;
    src.size = z.size;
    rc = parse_elf(&src, arena, out, err);
    if (rc < 0)
        out->is_signed = -1;
    kmodz_release(&z);
    return rc;
}

static int parse_adapter(const struct bytesrc *s, struct arena *arena, void *out, struct gd_err *err)
{
    return kmodinfo_parse(s, arena, out, err);
}

int kmodinfo_read(struct fs *fs, const char *vpath, struct arena *arena, struct kmodinfo *out,
                  struct gd_err *err)
{
    return bytesrc_read_file(fs, vpath, "kernel module", parse_adapter, arena, out, err);
}

const char *kmodinfo_vermagic_release(struct arena *arena, const char *vermagic)
{
    size_t n;
    if (!vermagic)
        return NULL;
    n = strcspn(vermagic, " ");
    return n ? arena_strndup(arena, vermagic, n) : NULL;
}
