/*
 * elf.h - read what the dynamic loader reads from an ELF object.
 *
 * Two layers.  elf_header_parse() decodes the fixed ELF header from the
 * first bytes of a file; the resolver uses it (through elf_probe) to decide,
 * as glibc's open_verify() does, whether a candidate is loadable, of the
 * other class or machine, or broken.  elf_parse() / elf_read() go further:
 * through PT_DYNAMIC and the PT_LOAD mapping (or, when the file has no
 * program headers that say so, through the section headers) they extract
 * DT_SONAME, DT_NEEDED, DT_RPATH, DT_RUNPATH, DT_FLAGS, DT_FLAGS_1 and the
 * version definitions (.gnu.version_d names, e.g. libcudart's
 * "libcudart.so.11.0").
 *
 * Both 32- and 64-bit, little- and big-endian objects are understood.
 * Every offset is checked against the file size, every string must end
 * inside the string table (and the file), counts are bounded (ELF_MAX_*),
 * and elf_read() fetches only the ranges it needs (header, program headers,
 * the dynamic array, the span of the strings it names, the version
 * definitions), never the whole object: through bytesrc's windows that is
 * one open and two or three reads for most objects (the headers and the
 * tables after them in the first window, the dynamic section in a second,
 * its strings in the first or a third), and a 2 GiB libtorch_cuda.so costs
 * a few tens of kilobytes of I/O.
 *
 * This module does not decide anything: which file wins is the resolver's
 * policy (resolve.h).  Facts from ELF's own documentation and glibc
 * (elf/elf.h, elf/get-dynamic-info.h, elf/readelflib.c; the System V ABI's
 * gABI chapter 5, "Dynamic Section").
 */
#ifndef GD_LOADER_ELF_H
#define GD_LOADER_ELF_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

#define ELF_CLASS32 1
#define ELF_CLASS64 2
#define ELF_DATA_LSB 1
#define ELF_DATA_MSB 2

#define ELF_ET_EXEC 2
#define ELF_ET_DYN 3

#define ELF_EM_386 3
#define ELF_EM_PPC64 21
#define ELF_EM_S390 22
#define ELF_EM_ARM 40
#define ELF_EM_X86_64 62
#define ELF_EM_AARCH64 183
#define ELF_EM_RISCV 243

#define ELF_DF_1_NODEFLIB 0x800u

/* Bounds on hostile input. */
#define ELF_MAX_DYN 65536          /* dynamic entries examined */
#define ELF_MAX_NEEDED 4096        /* DT_NEEDED kept */
#define ELF_MAX_VERDEF 4096        /* version definitions kept */
#define ELF_MAX_STRING 4096        /* longest string accepted (a path list) */
#define ELF_MAX_LOADS 64           /* PT_LOAD segments used for mapping */

/* The fixed header (e_ident and the e_* fields), host byte order. */
struct elf_header {
    uint8_t elfclass;    /* ELF_CLASS32 / ELF_CLASS64 */
    uint8_t data;        /* ELF_DATA_LSB / ELF_DATA_MSB */
    uint8_t version;     /* e_ident[EI_VERSION] */
    uint8_t osabi;
    uint8_t abiversion;
    uint16_t type;       /* e_type */
    uint16_t machine;    /* e_machine */
    uint32_t e_version;
    uint64_t phoff, shoff;
    uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};

/* What the loader needs from one object.  Strings and arrays are owned by
 * the arena given to elf_parse / elf_read; absent strings are NULL. */
struct elf_info {
    struct elf_header hdr;
    int has_dynamic;          /* a dynamic array was found */
    const char *soname;
    const char *rpath;        /* DT_RPATH as stored (kept even if RUNPATH exists) */
    const char *runpath;      /* DT_RUNPATH */
    const char *interp;       /* PT_INTERP, or NULL */
    const char **needed;      /* DT_NEEDED in order */
    size_t n_needed;
    const char **verdefs;     /* version definition names in order (the
                                 VER_FLG_BASE one, i.e. the file's own name,
                                 included) */
    size_t n_verdefs;
    uint64_t flags;           /* DT_FLAGS */
    uint64_t flags_1;         /* DT_FLAGS_1 (ELF_DF_1_NODEFLIB...) */
    uint64_t load_align_min;  /* the smallest p_align of its PT_LOAD segments
                                 (what glibc's loader checks against the page
                                 size: "ELF load command alignment not
                                 page-aligned"); 0 with no PT_LOAD, or when
                                 every p_align is 0 (which that check passes) */
    const char *warning;      /* first non-fatal oddity met (a string offset
                                 out of range, a truncated table), or NULL */
    int truncated;            /* the dynamic array was not read to its DT_NULL
                                 (more than ELF_MAX_DYN entries, or cut by the
                                 end of the file) or had more than
                                 ELF_MAX_NEEDED DT_NEEDED: needed[] (and the
                                 other tags) hold what was read, and may lack
                                 some */
};

/**
 * Decode the ELF header at the start of buf.  Returns 0 on success, or -1
 * with err (GD_ERR_FORMAT) when buf is not an ELF header this module
 * understands: too short, bad magic, unknown class or data encoding.
 * Other fields (type, version, phentsize) are decoded, not judged.
 */
int elf_header_parse(const uint8_t *buf, size_t len, struct elf_header *h,
                     struct gd_err *err);

/** A short name for machine (e.g. "x86-64", "AArch64", "i386"), or NULL. */
const char *elf_machine_name(uint16_t machine);

/**
 * The end in the file of the object's loadable contents: the largest
 * p_offset + p_filesz over the PT_LOAD entries of the program header table
 * phdrs (len bytes, read at h->phoff; h as elf_header_parse filled it).
 * Returns 1 with *end set, 0 when there is no PT_LOAD, -1 when the table
 * does not fit in len or an entry overflows.  A file shorter than *end is
 * truncated: the loader maps those bytes and faults on the first touch.
 */
int elf_load_end(const struct elf_header *h, const uint8_t *phdrs, size_t len, uint64_t *end);

/* What glibc's _dl_map_object_from_fd checks in the program header table. */
struct elf_phdr_facts {
    size_t loads;              /* PT_LOAD entries */
    size_t dynamic;            /* PT_DYNAMIC entries with contents (p_filesz > 0) */
    size_t empty_dynamic;      /* PT_DYNAMIC entries without (separate debuginfo) */
    int misaligned;            /* a PT_LOAD's p_vaddr - p_offset is not a multiple of 4096,
                                  so of no Linux page size */
    uint64_t load_end;         /* the largest p_offset + p_filesz of a PT_LOAD */
};

/**
 * Read the facts above from the h->phnum entries of phdrs (len bytes, read
 * at h->phoff).  e_phnum is taken as it is, PN_XNUM (0xffff) included: glibc
 * reads that many entries (it does not look in section header 0).  0, or -1
 * when the table does not fit in len, the entry size is not the class's, or
 * an entry overflows.
 */
int elf_phdr_facts(const struct elf_header *h, const uint8_t *phdrs, size_t len, struct elf_phdr_facts *out);

/**
 * Parse an object held in memory (the first len bytes of the file).
 * Fills out (zeroed first) with strings and arrays in arena.  Returns 0,
 * or -1 with err when the header or the dynamic section cannot be read at
 * all; a bad string offset, a truncated version table and similar faults
 * only set out->warning.  A file without a dynamic section (a static
 * executable, a relocatable object) parses with has_dynamic 0.
 */
int elf_parse(const uint8_t *buf, size_t len, struct arena *arena,
              struct elf_info *out, struct gd_err *err);

/**
 * The same for the file vpath on the examined machine, reading only the
 * ranges needed.  1 parsed, 0 absent, -1 unreadable or not ELF (err).
 */
int elf_read(struct fs *fs, const char *vpath, struct arena *arena,
             struct elf_info *out, struct gd_err *err);

struct bytesrc;
/**
 * The same over a source the caller opened (and may have read from: the
 * resolver checks a candidate's header first, loader/resolve.c), vpath
 * naming it in messages.  1 parsed, -1 not ELF or unreadable (err, with
 * elf_read's prefix).
 */
int elf_parse_src(const struct bytesrc *s, const char *vpath, struct arena *arena,
                  struct elf_info *out, struct gd_err *err);

#endif
