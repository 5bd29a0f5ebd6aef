/*
 * macho.h - read what dyld and a macOS diagnosis need from a Mach-O file.
 *
 * For one executable, dylib, bundle (a Python extension module) or object,
 * thin or fat ("universal", 32- or 64-bit fat header): every slice's CPU
 * type (x86_64, arm64, arm64e...), file type, the minimum OS it was built
 * for (LC_BUILD_VERSION, or LC_VERSION_MIN_MACOSX in older files), the
 * dylibs it loads (LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB,
 * LC_LAZY_LOAD_DYLIB, LC_LOAD_UPWARD_DYLIB), its own install name
 * (LC_ID_DYLIB) and its LC_RPATH entries.  Nothing else: no symbols, no
 * segments, no code signature.  Layouts: Apple's <mach-o/loader.h> and
 * <mach-o/fat.h> (xnu EXTERNAL_HEADERS/mach-o).
 *
 * Every read is bounded: a fat header holds at most MACHO_MAX_SLICES
 * slices (more is not Mach-O: Java class files share the 0xcafebabe magic),
 * each slice must lie inside the file, the load commands must fit in the
 * slice and in MACHO_CMDS_MAX bytes, every command's size is checked
 * against what is left, every string (lc_str) must end with a NUL inside
 * its command and within MACHO_NAME_MAX bytes, and at most
 * MACHO_MAX_DYLIBS / MACHO_MAX_RPATHS names are kept per slice.  A damaged
 * slice or command is a warning (slice->warning or out->warning), not a
 * failure: the other slices are still reported.  Big-endian (byte-swapped)
 * images are read too.
 *
 * Memory: strings and arrays in out live in the caller's arena.
 */
#ifndef GD_LOADER_MACHO_H
#define GD_LOADER_MACHO_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

#define MACHO_CPU_ARCH_ABI64 0x01000000u
#define MACHO_CPU_I386 7u
#define MACHO_CPU_X86_64 (MACHO_CPU_I386 | MACHO_CPU_ARCH_ABI64)
#define MACHO_CPU_ARM 12u
#define MACHO_CPU_ARM64 (MACHO_CPU_ARM | MACHO_CPU_ARCH_ABI64)
#define MACHO_CPU_POWERPC 18u
#define MACHO_SUBTYPE_MASK 0x00ffffffu     /* without the capability bits */
#define MACHO_SUBTYPE_ARM64E 2u
#define MACHO_SUBTYPE_X86_64_H 8u

/* mach_header.filetype */
#define MACHO_FILE_OBJECT 1u
#define MACHO_FILE_EXECUTE 2u
#define MACHO_FILE_DYLIB 6u
#define MACHO_FILE_DYLINKER 7u
#define MACHO_FILE_BUNDLE 8u

/* LC_BUILD_VERSION platforms (PLATFORM_*) */
#define MACHO_PLATFORM_MACOS 1u

#define MACHO_MAX_SLICES 16
#define MACHO_CMDS_MAX (4u << 20)    /* sizeofcmds read at most (bytes) */
#define MACHO_MAX_CMDS 4096          /* load commands walked per slice */
#define MACHO_NAME_MAX 1024          /* longest dylib or rpath (bytes, with NUL) */
#define MACHO_MAX_DYLIBS 512
#define MACHO_MAX_RPATHS 128

enum macho_dylib_kind {
    MACHO_DYLIB_LOAD,        /* LC_LOAD_DYLIB */
    MACHO_DYLIB_WEAK,        /* LC_LOAD_WEAK_DYLIB: a missing file is not fatal */
    MACHO_DYLIB_REEXPORT,    /* LC_REEXPORT_DYLIB */
    MACHO_DYLIB_LAZY,        /* LC_LAZY_LOAD_DYLIB */
    MACHO_DYLIB_UPWARD       /* LC_LOAD_UPWARD_DYLIB */
};

struct macho_dylib {
    const char *name;        /* as written: "@rpath/libtorch.dylib", "/usr/lib/libSystem.B.dylib" */
    enum macho_dylib_kind kind;
};

struct macho_slice {
    uint32_t cputype;        /* MACHO_CPU_* */
    uint32_t cpusubtype;     /* with the capability bits masked off */
    uint32_t filetype;       /* MACHO_FILE_* */
    int is64;                /* MH_MAGIC_64 */
    uint64_t offset, size;   /* where the slice lies in the file (thin: 0, file size) */
    uint32_t platform;       /* PLATFORM_* of LC_BUILD_VERSION; MACOS for
                              * LC_VERSION_MIN_MACOSX; 0 when neither */
    uint32_t minos;          /* minimum OS, packed xxxx.yy.zz (0x000c0300 = 12.3); 0 unknown */
    uint32_t sdk;            /* SDK it was built with, same packing; 0 unknown */
    const char *install_name;/* LC_ID_DYLIB, or NULL */
    struct macho_dylib *dylibs;
    size_t n_dylibs;
    const char **rpaths;     /* LC_RPATH, in order */
    size_t n_rpaths;
    const char *warning;     /* a damaged command or a truncated slice, or NULL */
};

struct macho_info {
    int fat;                 /* a fat (universal) file */
    int fat64;               /* with the 64-bit fat header (FAT_MAGIC_64) */
    struct macho_slice *slices;
    size_t n_slices;
    const char *warning;     /* a slice that could not be read, or NULL */
};

/**
 * Parse a Mach-O file held in memory (the whole file, len bytes).  Fills out
 * (zeroed first).  Returns 0, or -1 with err (GD_ERR_FORMAT) when buf is not
 * Mach-O: no magic, a fat header with no or too many slices, a truncated
 * header.  A fat file with at least one readable slice is 0; its unreadable
 * slices are left out and named in out->warning.
 */
int macho_parse(const uint8_t *buf, size_t len, struct arena *arena, struct macho_info *out,
                struct gd_err *err);

/**
 * The same for the file vpath on the examined machine, reading only the
 * headers and load commands (a 500 MB libtorch costs a few small reads).
 * 1 parsed, 0 absent, -1 unreadable or not Mach-O (err).
 */
int macho_read(struct fs *fs, const char *vpath, struct arena *arena, struct macho_info *out,
               struct gd_err *err);

/**
 * The architecture name Apple's tools use: "x86_64", "x86_64h", "arm64",
 * "arm64e", "i386", "arm", "ppc", or NULL for others.
 */
const char *macho_arch_name(uint32_t cputype, uint32_t cpusubtype);

/** 1 when some slice of mi has cputype (any subtype), else 0. */
int macho_has_cpu(const struct macho_info *mi, uint32_t cputype);

/**
 * A packed version (xxxx.yy.zz) as "12.3" or "10.15.7" into buf (the patch
 * only when non-zero).  0, or -1 when buf is too small.
 */
int macho_version_str(uint32_t v, char *buf, size_t size);

/**
 * The highest minimum macOS over the slices that run on cputype (0: any
 * slice), packed; 0 when none says.  What a machine of that CPU needs.
 */
uint32_t macho_min_macos(const struct macho_info *mi, uint32_t cputype);

#endif
