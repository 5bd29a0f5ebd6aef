/*
 * pe.c - PE/COFF reader: machine, imports, delay imports, version resource.
 * Layouts: Microsoft "PE Format" (IMAGE_DOS_HEADER.e_lfanew at 0x3c, COFF
 * file header, optional header data directories 1 import, 2 resource,
 * 13 delay import), and VS_VERSIONINFO / VS_FIXEDFILEINFO (signature
 * 0xFEEF04BD).
 */
#include "loader/pe.h"

#include <stdio.h>
#include <string.h>

#include "loader/bytesrc.h"
#include "util/alloc.h"
#include "util/banned.h"

#define DIR_IMPORT 1
#define DIR_RESOURCE 2
#define DIR_DELAY 13
#define RT_VERSION 16
#define MAX_SECTIONS 96        /* the PE spec's loader limit */
#define VS_FFI_SIGNATURE 0xFEEF04BDu

struct section {
    uint32_t va, vsize, raw_ptr, raw_size;
};

struct pe_ctx {
    const struct bytesrc *s;
    struct arena *arena;
    struct pe_info *out;
    struct section sec[MAX_SECTIONS];
    unsigned n_sec;
    uint64_t image_base;
};

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
    return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* The file offset of rva, and how many bytes of the section follow it.
 * 0, or -1 when rva is in no section's raw data. */
static int rva_to_off(const struct pe_ctx *c, uint32_t rva, uint64_t *off, uint64_t *avail)
{
    unsigned i;
    for (i = 0; i < c->n_sec; i++) {
        const struct section *sc = &c->sec[i];
        uint32_t span = sc->vsize > sc->raw_size ? sc->vsize : sc->raw_size;
        if (rva >= sc->va && rva - sc->va < span) {
            uint32_t d = rva - sc->va;
            if (d >= sc->raw_size)
                return -1;          /* uninitialised data: not in the file */
            *off = (uint64_t)sc->raw_ptr + d;
            *avail = sc->raw_size - d;
            return 0;
        }
    }
    return -1;
}

static int read_rva(const struct pe_ctx *c, uint32_t rva, void *buf, size_t len)
{
    uint64_t off, avail;
    if (rva_to_off(c, rva, &off, &avail) < 0 || avail < len)
        return -1;
    return bytesrc_read(c->s, off, buf, len, NULL);
}

/* The NUL-terminated name at rva into the arena, or NULL. */
static const char *read_name(const struct pe_ctx *c, uint32_t rva)
{
    uint8_t buf[PE_NAME_MAX];
    uint64_t off, avail;
    size_t n;
    const uint8_t *nul;
    if (rva_to_off(c, rva, &off, &avail) < 0)
        return NULL;
    n = sizeof(buf);
    if (avail < n)
        n = (size_t)avail;
    if (off < c->s->size && c->s->size - off < n)
        n = (size_t)(c->s->size - off);
    if (n == 0 || bytesrc_read(c->s, off, buf, n, NULL) < 0)
        return NULL;
    nul = memchr(buf, 0, n);
    if (!nul || nul == buf)
        return NULL;
    return arena_strndup(c->arena, (const char *)buf, (size_t)(nul - buf));
}

/* Append name to an arena array (grown by doubling; old copies stay in the
 * arena, which is fine for the few tables a scan reads). */
static void push(struct pe_ctx *c, const char ***arr, size_t *n, size_t *cap, const char *name)
{
    if (*n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 8;
        const char **na = arena_alloc(c->arena, ncap * sizeof(*na));
        if (*n)
            memcpy(na, *arr, *n * sizeof(*na));
        *arr = na;
        *cap = ncap;
    }
    (*arr)[(*n)++] = name;
}

static void read_imports(struct pe_ctx *c, uint32_t rva, uint32_t size)
{
    size_t cap = 0, i;
    (void)size;   /* the table ends with a zero entry; size is often wrong */
    for (i = 0; i < PE_MAX_IMPORTS; i++) {
        uint8_t d[20];
        uint32_t name_rva;
        const char *name;
        static const uint8_t zero[20];
        if (rva > UINT32_MAX - 20 * (i + 1) || read_rva(c, (uint32_t)(rva + 20 * i), d, 20) < 0) {
            c->out->warning = "import table runs out of the file";
            return;
        }
        if (!memcmp(d, zero, sizeof(d)))
            return;
        name_rva = le32(d + 12);
        name = read_name(c, name_rva);
        if (!name) {
            c->out->warning = "import table names a DLL outside the file";
            return;
        }
        push(c, &c->out->imports, &c->out->n_imports, &cap, name);
    }
    c->out->warning = "import table cut at PE_MAX_IMPORTS entries";
}

static void read_delay_imports(struct pe_ctx *c, uint32_t rva)
{
    size_t cap = 0, i;
    for (i = 0; i < PE_MAX_IMPORTS; i++) {
        uint8_t d[32];
        uint32_t attrs, name_rva;
        const char *name;
        static const uint8_t zero[32];
        if (rva > UINT32_MAX - 32 * (i + 1) || read_rva(c, (uint32_t)(rva + 32 * i), d, 32) < 0) {
            c->out->warning = "delay import table runs out of the file";
            return;
        }
        if (!memcmp(d, zero, sizeof(d)))
            return;
        attrs = le32(d);
        name_rva = le32(d + 4);
        /* Attribute bit 0 clear: an old (VC6) table holding VAs, not RVAs. */
        if (!(attrs & 1)) {
            if (name_rva < c->image_base || name_rva - c->image_base > UINT32_MAX) {
                c->out->warning = "delay import table names a DLL outside the image";
                return;
            }
            name_rva = (uint32_t)(name_rva - c->image_base);
        }
        name = read_name(c, name_rva);
        if (!name) {
            c->out->warning = "delay import table names a DLL outside the file";
            return;
        }
        push(c, &c->out->delay_imports, &c->out->n_delay_imports, &cap, name);
    }
    c->out->warning = "delay import table cut at PE_MAX_IMPORTS entries";
}

/* In the resource directory at base + dir_off, the entry for id (or the
 * first entry when id is 0); its OffsetToData.  0 / -1. */
static int res_entry(const struct pe_ctx *c, uint32_t base, uint32_t dir_off, uint32_t id,
                     uint32_t *data)
{
    uint8_t h[16], e[8];
    unsigned n, i;
    if (dir_off > UINT32_MAX - base - 16 || read_rva(c, base + dir_off, h, 16) < 0)
        return -1;
    n = (unsigned)le16(h + 12) + le16(h + 14);
    if (n > 4096)
        n = 4096;
    for (i = 0; i < n; i++) {
        uint32_t at = dir_off + 16 + 8 * i;
        if (at < dir_off || at > UINT32_MAX - base - 8 || read_rva(c, base + at, e, 8) < 0)
            return -1;
        if (id == 0 || le32(e) == id) {
            *data = le32(e + 4);
            return 0;
        }
    }
    return -1;
}

static void read_version(struct pe_ctx *c, uint32_t base)
{
    uint32_t l1, l2, l3, data_rva, data_size, k;
    uint8_t leaf[16], vi[512];
    size_t n;

    /* type RT_VERSION -> first name -> first language: three directories. */
    if (res_entry(c, base, 0, RT_VERSION, &l1) < 0)
        return;                                 /* no version resource */
    if (!(l1 & 0x80000000u) || res_entry(c, base, l1 & 0x7fffffffu, 0, &l2) < 0 ||
        !(l2 & 0x80000000u) || res_entry(c, base, l2 & 0x7fffffffu, 0, &l3) < 0 ||
        (l3 & 0x80000000u) || l3 > UINT32_MAX - base - 16 ||
        read_rva(c, base + l3, leaf, 16) < 0) {
        c->out->warning = "damaged version resource";
        return;
    }
    data_rva = le32(leaf);
    data_size = le32(leaf + 4);
    n = data_size < sizeof(vi) ? data_size : sizeof(vi);
    if (n < 40 + 52 || read_rva(c, data_rva, vi, n) < 0) {
        c->out->warning = "damaged version resource";
        return;
    }
    /* VS_VERSIONINFO: wLength, wValueLength, wType, L"VS_VERSION_INFO",
     * padding to 32 bits, then VS_FIXEDFILEINFO (52 bytes).  Look for the
     * signature on 32-bit boundaries rather than trusting the padding. */
    for (k = 6; k + 52 <= n; k += 2) {
        if (k % 4 == 0 && le32(vi + k) == VS_FFI_SIGNATURE) {
            uint32_t fms = le32(vi + k + 8), fls = le32(vi + k + 12);
            uint32_t pms = le32(vi + k + 16), pls = le32(vi + k + 20);
            c->out->file_version[0] = (uint16_t)(fms >> 16);
            c->out->file_version[1] = (uint16_t)fms;
            c->out->file_version[2] = (uint16_t)(fls >> 16);
            c->out->file_version[3] = (uint16_t)fls;
            c->out->product_version[0] = (uint16_t)(pms >> 16);
            c->out->product_version[1] = (uint16_t)pms;
            c->out->product_version[2] = (uint16_t)(pls >> 16);
            c->out->product_version[3] = (uint16_t)pls;
            c->out->has_version = 1;
            return;
        }
    }
    c->out->warning = "version resource without VS_FIXEDFILEINFO";
}

static int parse_src(const struct bytesrc *s, struct arena *arena, struct pe_info *out,
                     struct gd_err *err)
{
    struct pe_ctx c;
    uint8_t dos[64], coff[24], opt[240], sh[40];
    uint32_t lfanew, ndirs, dirs_at, i;
    uint16_t opt_size, magic;
    uint64_t sec_at;
    uint32_t dir_rva[16] = { 0 }, dir_size[16] = { 0 };

    memset(out, 0, sizeof(*out));
    memset(&c, 0, sizeof(c));
    c.s = s;
    c.arena = arena;
    c.out = out;

    if (bytesrc_read(s, 0, dos, sizeof(dos), NULL) < 0 || dos[0] != 'M' || dos[1] != 'Z')
        return err_setx(err, GD_ERR_FORMAT, "not a PE image (no MZ header)");
    lfanew = le32(dos + 0x3c);
    if (bytesrc_read(s, lfanew, coff, sizeof(coff), NULL) < 0)
        return err_setx(err, GD_ERR_FORMAT, "not a PE image (e_lfanew %u outside the file)",
                        (unsigned)lfanew);
    if (memcmp(coff, "PE\0\0", 4) != 0)
        return err_setx(err, GD_ERR_FORMAT, "not a PE image (no PE signature)");
    out->machine = le16(coff + 4);
    c.n_sec = le16(coff + 6);
    opt_size = le16(coff + 20);
    out->characteristics = le16(coff + 22);
    out->is_dll = (out->characteristics & 0x2000) != 0;
    if (opt_size < 2)
        return err_setx(err, GD_ERR_FORMAT, "PE image without an optional header");
    memset(opt, 0, sizeof(opt));
    if (bytesrc_read(s, (uint64_t)lfanew + 24, opt, opt_size < sizeof(opt) ? opt_size : sizeof(opt), NULL) < 0)
        return err_setx(err, GD_ERR_FORMAT, "truncated PE optional header");
    magic = le16(opt);
    if (magic == 0x20b) {
        out->pe32plus = 1;
        if (opt_size < 112)
            return err_setx(err, GD_ERR_FORMAT, "truncated PE32+ optional header");
        c.image_base = le64(opt + 24);
        ndirs = le32(opt + 108);
        dirs_at = 112;
    } else if (magic == 0x10b) {
        if (opt_size < 96)
            return err_setx(err, GD_ERR_FORMAT, "truncated PE32 optional header");
        c.image_base = le32(opt + 28);
        ndirs = le32(opt + 92);
        dirs_at = 96;
    } else {
        return err_setx(err, GD_ERR_FORMAT, "unknown PE optional header magic 0x%x", magic);
    }
    if (ndirs > 16)
        ndirs = 16;
    for (i = 0; i < ndirs && dirs_at + 8 * i + 8 <= opt_size && dirs_at + 8 * i + 8 <= sizeof(opt); i++) {
        dir_rva[i] = le32(opt + dirs_at + 8 * i);
        dir_size[i] = le32(opt + dirs_at + 8 * i + 4);
    }

    sec_at = (uint64_t)lfanew + 24 + opt_size;
    /* The loader reads the whole section table (Wine: STATUS_INVALID_IMAGE_FORMAT,
     * LoadLibrary's error 193); one that runs past the end is no image. */
    if (sec_at + 40 * (uint64_t)c.n_sec > s->size)
        return err_setx(err, GD_ERR_FORMAT, "not a PE image (its %u section headers run past the end of the file)",
                        (unsigned)c.n_sec);
    if (c.n_sec > MAX_SECTIONS) {
        out->warning = "too many sections; only the first 96 are read";
        c.n_sec = MAX_SECTIONS;
    }
    for (i = 0; i < c.n_sec; i++) {
        if (bytesrc_read(s, sec_at + 40 * (uint64_t)i, sh, sizeof(sh), NULL) < 0) {
            out->warning = "truncated section table";
            c.n_sec = i;
            break;
        }
        c.sec[i].vsize = le32(sh + 8);
        c.sec[i].va = le32(sh + 12);
        c.sec[i].raw_size = le32(sh + 16);
        c.sec[i].raw_ptr = le32(sh + 20);
    }

    if (dir_rva[DIR_IMPORT])
        read_imports(&c, dir_rva[DIR_IMPORT], dir_size[DIR_IMPORT]);
    if (dir_rva[DIR_DELAY])
        read_delay_imports(&c, dir_rva[DIR_DELAY]);
    if (dir_rva[DIR_RESOURCE])
        read_version(&c, dir_rva[DIR_RESOURCE]);
    return 0;
}

static int parse_any(const struct bytesrc *s, struct arena *arena, void *out, struct gd_err *err)
{
    return parse_src(s, arena, out, err);
}

int pe_parse(const uint8_t *buf, size_t len, struct arena *arena, struct pe_info *out,
             struct gd_err *err)
{
    struct bytesrc s;
    bytesrc_mem(&s, buf, len);
    return parse_src(&s, arena, out, err);
}

int pe_read(struct fs *fs, const char *vpath, struct arena *arena, struct pe_info *out,
            struct gd_err *err)
{
    memset(out, 0, sizeof(*out));
    return bytesrc_read_file(fs, vpath, "PE", parse_any, arena, out, err);
}

const char *pe_machine_name(uint16_t machine)
{
    switch (machine) {
    case PE_MACHINE_I386: return "x86";
    case PE_MACHINE_AMD64: return "x64";
    case PE_MACHINE_ARM64: return "arm64";
    case PE_MACHINE_ARMNT: return "arm";
    case PE_MACHINE_ARM64EC: return "arm64ec";
    default: return NULL;
    }
}

int pe_file_version(const struct pe_info *pe, char *buf, size_t size)
{
    int n;
    if (!pe->has_version)
        return -1;
    n = snprintf(buf, size, "%u.%u.%u.%u", pe->file_version[0], pe->file_version[1],
                 pe->file_version[2], pe->file_version[3]);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}
