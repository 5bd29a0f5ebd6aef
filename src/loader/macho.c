/*
 * macho.c - Mach-O reader: slices, minimum OS, dylibs, rpaths.
 * Layouts: Apple's <mach-o/fat.h> (fat_header, fat_arch, fat_arch_64; the
 * fat header is big-endian on every host) and <mach-o/loader.h>
 * (mach_header{,_64}, load_command, dylib_command, rpath_command,
 * version_min_command, build_version_command; lc_str offsets count from the
 * start of their command).
 */
#include "loader/macho.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/bytesrc.h"
#include "util/alloc.h"
#include "util/banned.h"

#define FAT_MAGIC 0xcafebabeu
#define FAT_MAGIC_64 0xcafebabfu
#define MH_MAGIC 0xfeedfaceu
#define MH_MAGIC_64 0xfeedfacfu
#define MH_CIGAM 0xcefaedfeu
#define MH_CIGAM_64 0xcffaedfeu

#define LC_REQ_DYLD 0x80000000u
#define LC_LOAD_DYLIB 0xcu
#define LC_ID_DYLIB 0xdu
#define LC_LOAD_WEAK_DYLIB (0x18u | LC_REQ_DYLD)
#define LC_RPATH (0x1cu | LC_REQ_DYLD)
#define LC_REEXPORT_DYLIB (0x1fu | LC_REQ_DYLD)
#define LC_LAZY_LOAD_DYLIB 0x20u
#define LC_LOAD_UPWARD_DYLIB (0x23u | LC_REQ_DYLD)
#define LC_VERSION_MIN_MACOSX 0x24u
#define LC_BUILD_VERSION 0x32u

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static uint64_t be64(const uint8_t *p)
{
    return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A 32-bit field of the slice, in the slice's byte order. */
static uint32_t rd32(const uint8_t *p, int swap)
{
    return swap ? be32(p) : le32(p);
}

/* The lc_str at offset stroff of the command cmd (cmdsize bytes), or NULL
 * when it does not end inside the command and within MACHO_NAME_MAX. */
static const char *lc_str(struct arena *arena, const uint8_t *cmd, uint32_t cmdsize,
                          uint32_t stroff)
{
    const uint8_t *nul;
    size_t avail;
    if (stroff < 8 || stroff >= cmdsize)
        return NULL;
    avail = cmdsize - stroff;
    if (avail > MACHO_NAME_MAX)
        avail = MACHO_NAME_MAX;
    nul = memchr(cmd + stroff, 0, avail);
    if (!nul || nul == cmd + stroff)
        return NULL;
    return arena_strndup(arena, (const char *)cmd + stroff, (size_t)(nul - (cmd + stroff)));
}

static void add_dylib(struct arena *arena, struct macho_slice *sl, const char *name,
                      enum macho_dylib_kind kind, size_t *cap)
{
    if (sl->n_dylibs >= MACHO_MAX_DYLIBS) {
        sl->warning = "more load commands for dylibs than are kept";
        return;
    }
    if (sl->n_dylibs == *cap) {
        size_t ncap = *cap ? *cap * 2 : 8;
        struct macho_dylib *n = arena_alloc(arena, ncap * sizeof(*n));
        if (sl->n_dylibs)
            memcpy(n, sl->dylibs, sl->n_dylibs * sizeof(*n));
        sl->dylibs = n;
        *cap = ncap;
    }
    sl->dylibs[sl->n_dylibs].name = name;
    sl->dylibs[sl->n_dylibs].kind = kind;
    sl->n_dylibs++;
}

static void add_rpath(struct arena *arena, struct macho_slice *sl, const char *path, size_t *cap)
{
    if (sl->n_rpaths >= MACHO_MAX_RPATHS) {
        sl->warning = "more LC_RPATH commands than are kept";
        return;
    }
    if (sl->n_rpaths == *cap) {
        size_t ncap = *cap ? *cap * 2 : 4;
        const char **n = arena_alloc(arena, ncap * sizeof(*n));
        if (sl->n_rpaths)
            memcpy(n, sl->rpaths, sl->n_rpaths * sizeof(*n));
        sl->rpaths = n;
        *cap = ncap;
    }
    sl->rpaths[sl->n_rpaths++] = path;
}

/* Walk the load commands (cmds, sizeofcmds bytes, ncmds of them). */
static void parse_cmds(struct arena *arena, struct macho_slice *sl, const uint8_t *cmds,
                       uint32_t sizeofcmds, uint32_t ncmds, int swap)
{
    size_t dcap = 0, rcap = 0;
    uint32_t off = 0, i;
    int have_build = 0;
    if (ncmds > MACHO_MAX_CMDS) {
        sl->warning = "too many load commands; the first ones read";
        ncmds = MACHO_MAX_CMDS;
    }
    for (i = 0; i < ncmds; i++) {
        const uint8_t *c;
        uint32_t cmd, cmdsize;
        const char *s;
        if (sizeofcmds - off < 8) {
            sl->warning = "load commands end before ncmds says";
            return;
        }
        c = cmds + off;
        cmd = rd32(c, swap);
        cmdsize = rd32(c + 4, swap);
        if (cmdsize < 8 || cmdsize > sizeofcmds - off) {
            sl->warning = "a load command's size runs past the load commands";
            return;
        }
        switch (cmd) {
        case LC_LOAD_DYLIB:
        case LC_LOAD_WEAK_DYLIB:
        case LC_REEXPORT_DYLIB:
        case LC_LAZY_LOAD_DYLIB:
        case LC_LOAD_UPWARD_DYLIB:
        case LC_ID_DYLIB:
            if (cmdsize < 24) {
                sl->warning = "a dylib command too short for its fields";
                break;
            }
            s = lc_str(arena, c, cmdsize, rd32(c + 8, swap));
            if (!s) {
                sl->warning = "a dylib name outside its command or unterminated";
                break;
            }
            if (cmd == LC_ID_DYLIB)
                sl->install_name = s;
            else
                add_dylib(arena, sl, s,
                          cmd == LC_LOAD_DYLIB        ? MACHO_DYLIB_LOAD
                          : cmd == LC_LOAD_WEAK_DYLIB ? MACHO_DYLIB_WEAK
                          : cmd == LC_REEXPORT_DYLIB  ? MACHO_DYLIB_REEXPORT
                          : cmd == LC_LAZY_LOAD_DYLIB ? MACHO_DYLIB_LAZY
                                                      : MACHO_DYLIB_UPWARD,
                          &dcap);
            break;
        case LC_RPATH:
            if (cmdsize < 12) {
                sl->warning = "an LC_RPATH too short for its fields";
                break;
            }
            s = lc_str(arena, c, cmdsize, rd32(c + 8, swap));
            if (!s)
                sl->warning = "an LC_RPATH path outside its command or unterminated";
            else
                add_rpath(arena, sl, s, &rcap);
            break;
        case LC_BUILD_VERSION:
            if (cmdsize < 24) {
                sl->warning = "an LC_BUILD_VERSION too short for its fields";
                break;
            }
            /* One per platform is allowed (zippered macOS + Mac Catalyst):
             * macOS wins, else the first. */
            if (!have_build || rd32(c + 8, swap) == MACHO_PLATFORM_MACOS) {
                if (!have_build || sl->platform != MACHO_PLATFORM_MACOS) {
                    sl->platform = rd32(c + 8, swap);
                    sl->minos = rd32(c + 12, swap);
                    sl->sdk = rd32(c + 16, swap);
                }
                have_build = 1;
            }
            break;
        case LC_VERSION_MIN_MACOSX:
            if (cmdsize < 16) {
                sl->warning = "an LC_VERSION_MIN_MACOSX too short for its fields";
                break;
            }
            if (!have_build) {
                sl->platform = MACHO_PLATFORM_MACOS;
                sl->minos = rd32(c + 8, swap);
                sl->sdk = rd32(c + 12, swap);
            }
            break;
        default:
            break;
        }
        off += cmdsize;
    }
}

/* One thin image at [off, off + size) of s.  0, or -1 when it is not a
 * Mach-O header (err says why); a damaged command only warns. */
static int parse_thin(const struct bytesrc *s, uint64_t off, uint64_t size, struct arena *arena,
                      struct macho_slice *sl, struct gd_err *err)
{
    uint8_t h[32];
    uint32_t magic, ncmds, sizeofcmds, hlen;
    int swap;
    uint8_t *cmds;

    memset(sl, 0, sizeof(*sl));
    sl->offset = off;
    sl->size = size;
    if (size < 28 || bytesrc_read(s, off, h, 28, NULL) < 0)
        return err_setx(err, GD_ERR_FORMAT, "too short for a Mach-O header");
    magic = le32(h);
    if (magic == MH_MAGIC || magic == MH_MAGIC_64)
        swap = 0;
    else if (magic == MH_CIGAM || magic == MH_CIGAM_64)
        swap = 1;
    else
        return err_setx(err, GD_ERR_FORMAT, "no Mach-O magic");
    sl->is64 = magic == MH_MAGIC_64 || magic == MH_CIGAM_64;
    hlen = sl->is64 ? 32 : 28;
    if (size < hlen)
        return err_setx(err, GD_ERR_FORMAT, "too short for a Mach-O header");
    sl->cputype = rd32(h + 4, swap);
    sl->cpusubtype = rd32(h + 8, swap) & MACHO_SUBTYPE_MASK;
    sl->filetype = rd32(h + 12, swap);
    ncmds = rd32(h + 16, swap);
    sizeofcmds = rd32(h + 20, swap);
    if (sizeofcmds > MACHO_CMDS_MAX) {
        sl->warning = "load commands larger than the reader's limit";
        return 0;
    }
    if (sizeofcmds > size - hlen) {
        sl->warning = "load commands run past the end of the file";
        return 0;
    }
    if (!sizeofcmds)
        return 0;
    cmds = xmalloc(sizeofcmds);
    if (bytesrc_read(s, off + hlen, cmds, sizeofcmds, NULL) < 0)
        sl->warning = "cannot read the load commands";
    else
        parse_cmds(arena, sl, cmds, sizeofcmds, ncmds, swap);
    free(cmds);
    return 0;
}

static int parse_src(const struct bytesrc *s, struct arena *arena, struct macho_info *out,
                     struct gd_err *err)
{
    uint8_t h[8];
    uint32_t magic, n, i;
    size_t entsz;

    if (bytesrc_read(s, 0, h, 4, NULL) < 0)
        return err_setx(err, GD_ERR_FORMAT, "too short for a Mach-O header");
    magic = be32(h);
    if (magic != FAT_MAGIC && magic != FAT_MAGIC_64) {
        out->slices = arena_alloc(arena, sizeof(*out->slices));
        if (parse_thin(s, 0, s->size, arena, &out->slices[0], err) < 0) {
            out->slices = NULL;
            return -1;
        }
        out->n_slices = 1;
        return 0;
    }
    if (bytesrc_read(s, 0, h, 8, NULL) < 0)
        return err_setx(err, GD_ERR_FORMAT, "truncated fat header");
    out->fat = 1;
    out->fat64 = magic == FAT_MAGIC_64;
    n = be32(h + 4);
    if (n == 0 || n > MACHO_MAX_SLICES)
        return err_setx(err, GD_ERR_FORMAT, "fat header with %u slices (not a Mach-O file?)", n);
    entsz = out->fat64 ? 32 : 20;
    out->slices = arena_alloc(arena, n * sizeof(*out->slices));
    for (i = 0; i < n; i++) {
        uint8_t a[32];
        uint64_t off, size;
        struct gd_err e;
        err_init(&e);
        if (bytesrc_read(s, 8 + (uint64_t)i * entsz, a, entsz, NULL) < 0) {
            out->warning = "the fat header's slice table runs past the file";
            break;
        }
        off = out->fat64 ? be64(a + 8) : be32(a + 8);
        size = out->fat64 ? be64(a + 16) : be32(a + 12);
        if (off > s->size || size > s->size - off || off < 8 + (uint64_t)n * entsz) {
            out->warning = "a fat slice lies outside the file";
            continue;
        }
        if (parse_thin(s, off, size, arena, &out->slices[out->n_slices], &e) < 0) {
            out->warning = "a fat slice is not a Mach-O image";
            continue;
        }
        out->n_slices++;
    }
    if (!out->n_slices)
        return err_setx(err, GD_ERR_FORMAT, "no readable slice in the fat file");
    return 0;
}

static int parse_any(const struct bytesrc *s, struct arena *arena, void *out, struct gd_err *err)
{
    return parse_src(s, arena, out, err);
}

int macho_parse(const uint8_t *buf, size_t len, struct arena *arena, struct macho_info *out,
                struct gd_err *err)
{
    struct bytesrc s;
    memset(out, 0, sizeof(*out));
    bytesrc_mem(&s, buf, len);
    return parse_src(&s, arena, out, err);
}

int macho_read(struct fs *fs, const char *vpath, struct arena *arena, struct macho_info *out,
               struct gd_err *err)
{
    memset(out, 0, sizeof(*out));
    return bytesrc_read_file(fs, vpath, "Mach-O", parse_any, arena, out, err);
}

const char *macho_arch_name(uint32_t cputype, uint32_t cpusubtype)
{
    cpusubtype &= MACHO_SUBTYPE_MASK;
    switch (cputype) {
    case MACHO_CPU_X86_64: return cpusubtype == MACHO_SUBTYPE_X86_64_H ? "x86_64h" : "x86_64";
    case MACHO_CPU_ARM64: return cpusubtype == MACHO_SUBTYPE_ARM64E ? "arm64e" : "arm64";
    case MACHO_CPU_I386: return "i386";
    case MACHO_CPU_ARM: return "arm";
    case MACHO_CPU_POWERPC: return "ppc";
    default: return NULL;
    }
}

int macho_has_cpu(const struct macho_info *mi, uint32_t cputype)
{
    size_t i;
    for (i = 0; i < mi->n_slices; i++)
        if (mi->slices[i].cputype == cputype)
            return 1;
    return 0;
}

int macho_version_str(uint32_t v, char *buf, size_t size)
{
    int n;
    if (v & 0xff)
        n = snprintf(buf, size, "%u.%u.%u", v >> 16, (v >> 8) & 0xff, v & 0xff);
    else
        n = snprintf(buf, size, "%u.%u", v >> 16, (v >> 8) & 0xff);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

uint32_t macho_min_macos(const struct macho_info *mi, uint32_t cputype)
{
    uint32_t best = 0;
    size_t i;
    for (i = 0; i < mi->n_slices; i++) {
        const struct macho_slice *sl = &mi->slices[i];
        if (cputype && sl->cputype != cputype)
            continue;
        if (sl->platform == MACHO_PLATFORM_MACOS && sl->minos > best)
            best = sl->minos;
    }
    return best;
}
