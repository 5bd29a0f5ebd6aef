/*
 * pe.h - read what the Windows loader needs from a PE/COFF image.
 *
 * For one DLL or EXE: the machine (x86, x64, arm64...), whether it is a DLL,
 * the names of the DLLs it imports (import table) and delay-loads (delay
 * import table), and the version resource's VS_FIXEDFILEINFO (FileVersion
 * and ProductVersion: nvcuda.dll 31.0.15.3833 is driver 538.33, see
 * kb/ver_driver.h).  Nothing else: no exports, no relocations, no
 * signature checks, no string tables of the version resource.
 *
 * Every read is bounded: offsets come from the file and are checked against
 * its size; an RVA is mapped through the section table only when it falls
 * inside a section's raw data; every string must end (NUL) within
 * PE_NAME_MAX bytes and inside the file; the import tables are cut at
 * PE_MAX_IMPORTS entries.  A damaged import or resource table is a warning
 * (out->warning), not a failure: the machine is still reported.
 *
 * Memory: strings and arrays in out live in the caller's arena.
 */
#ifndef GD_LOADER_PE_H
#define GD_LOADER_PE_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

#define PE_MACHINE_I386 0x014c
#define PE_MACHINE_AMD64 0x8664
#define PE_MACHINE_ARM64 0xaa64
#define PE_MACHINE_ARMNT 0x01c4
#define PE_MACHINE_ARM64EC 0xa641

#define PE_NAME_MAX 256        /* longest DLL name read (bytes, with the NUL) */
#define PE_MAX_IMPORTS 1024    /* per table */

struct pe_info {
    uint16_t machine;          /* IMAGE_FILE_MACHINE_* (PE_MACHINE_...) */
    uint16_t characteristics;  /* COFF characteristics */
    int is_dll;                /* IMAGE_FILE_DLL */
    int pe32plus;              /* optional header magic 0x20b (64-bit) */
    const char **imports;      /* DLL names of the import table, in order */
    size_t n_imports;
    const char **delay_imports;/* DLL names of the delay-load table */
    size_t n_delay_imports;
    int has_version;           /* a VS_FIXEDFILEINFO was found */
    uint16_t file_version[4];  /* e.g. {31, 0, 15, 3833} */
    uint16_t product_version[4];
    const char *warning;       /* a damaged table that was skipped, or NULL */
};

/**
 * Parse a PE image held in memory (the whole file, len bytes).  Fills out
 * (zeroed first).  Returns 0, or -1 with err (GD_ERR_FORMAT) when buf is not
 * a PE image: no "MZ", e_lfanew outside the file, no "PE\0\0", a truncated
 * COFF or optional header.  Damaged tables only set out->warning.
 */
int pe_parse(const uint8_t *buf, size_t len, struct arena *arena, struct pe_info *out,
             struct gd_err *err);

/**
 * The same for the file vpath on the examined machine, reading only the
 * headers and the ranges the tables point to (a 700 MB cuDNN DLL costs a few
 * small reads).  1 parsed, 0 absent, -1 unreadable or not PE (err).
 */
int pe_read(struct fs *fs, const char *vpath, struct arena *arena, struct pe_info *out,
            struct gd_err *err);

/** "x86", "x64", "arm64", "arm", "arm64ec", or NULL for other machines. */
const char *pe_machine_name(uint16_t machine);

/**
 * The file version as "A.B.C.D" into buf (e.g. "31.0.15.3833").  0, or -1
 * when out has no version or buf is too small.
 */
int pe_file_version(const struct pe_info *pe, char *buf, size_t size);

#endif
