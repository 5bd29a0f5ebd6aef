/*
 * fatbin.h - the GPU architectures compiled into a CUDA program or library,
 * read from the fat binaries it carries.
 *
 * nvcc embeds device code in an ELF section, `.nv_fatbin` (or
 * `__nv_relfatbin` for relocatable device code), as a sequence of fat-binary
 * containers.  A container is a 16-byte header (magic 0xBA55ED50, version,
 * header size, size of what follows) and entries; each entry is a header
 * (kind: 1 PTX, 2 ELF = SASS; the sm_XX number; its own size; flags, among
 * them compressed and architecture-specific) and a payload that may be
 * compressed.  Only headers are read: the payloads (which make a
 * torch build's libtorch_cuda several hundred MiB) are skipped by their size,
 * so a library is summarised in a few hundred positioned reads.
 *
 * Layout: NVIDIA's fatbinary_section.h (the container magic and wrapper,
 * shipped with the CUDA toolkit and Debian's nvidia-cuda-dev) and the entry
 * header as documented by n-eiling/cuda-fatbin-decompression
 * (fatbin-decompress.h, `struct fat_text_header`); the tests check the
 * result against `cuobjdump --list-elf` / `--list-ptx` on the same files.
 *
 * Everything here is pure: bytes come from a caller's read callback (a file
 * through util/fs in scan/, a memory buffer in tests and fuzzing), and every
 * offset and size is checked against the section and the file before use.
 * This module does not decompress, disassemble or judge: which GPU a list
 * covers is kb_arch_list_covers()'s business.
 */
#ifndef GD_LOADER_FATBIN_H
#define GD_LOADER_FATBIN_H

#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

#define FATBIN_MAGIC 0xBA55ED50u
#define FATBIN_KIND_PTX 1u
#define FATBIN_KIND_ELF 2u
/* Entry flags: 0x2000 the payload is compressed; 0x100000 an
 * architecture-specific image ("sm_90a", "compute_90a": for that compute
 * capability only, PTX ISA "Target ISA notes").  The latter is measured:
 * NVIDIA's fatbinary 12.4 sets it on the images given as sm=90a, ELF and
 * PTX alike, and cuobjdump lists exactly those as sm_90a (also the two
 * sm_90a cubins of Debian's libtorch_cuda.so.2.6.0; tests/cli/8516). */
#define FATBIN_FLAG_COMPRESSED 0x2000u
#define FATBIN_FLAG_ARCH_SPECIFIC 0x100000u

/* At most this many distinct (kind, arch, specific) are kept; more is reported
 * as truncated (no real build has more than a few dozen). */
#define FATBIN_MAX_ARCHES 64
/* At most this many entry headers are walked per file. */
#define FATBIN_MAX_ENTRIES 2000000u

struct fatbin_container {
    uint16_t version;       /* 1 */
    uint16_t header_size;   /* 16 */
    uint64_t fat_size;      /* bytes of entries after the header */
};

struct fatbin_entry {
    unsigned kind;          /* FATBIN_KIND_PTX, FATBIN_KIND_ELF, or another value */
    unsigned arch;          /* 50 for sm_50 / compute_50 */
    uint32_t header_size;   /* bytes from the entry's start to its payload */
    uint64_t payload_size;  /* bytes of payload after the header (as stored: compressed) */
    uint64_t flags;         /* FATBIN_FLAG_*; 0 when the header is shorter than 48 bytes */
};

/* One compiled architecture: SASS (native code) or PTX, for sm_<arch>, or
 * for sm_<arch>a when specific. */
struct fatbin_arch {
    unsigned kind;          /* FATBIN_KIND_PTX or FATBIN_KIND_ELF */
    unsigned arch;
    int specific;           /* 1: architecture-specific ("90a"), 0 not */
    unsigned long count;    /* entries of this kind, arch and specificity */
};

struct fatbin_summary {
    int n_sections;                 /* .nv_fatbin / __nv_relfatbin sections found */
    unsigned long n_containers;
    unsigned long n_entries;
    struct fatbin_arch arches[FATBIN_MAX_ARCHES];   /* sorted by arch, then kind, then specific */
    size_t n_arches;
    int truncated;                  /* a limit was hit: the list may be incomplete */
};

/** Read exactly len bytes at off into buf; 0, or -1 (err filled). */
typedef int (*fatbin_read_fn)(void *arg, uint64_t off, void *buf, size_t len, struct gd_err *err);

struct fatbin_source {
    fatbin_read_fn read;
    void *arg;
    uint64_t size;          /* the file's size: nothing is read past it */
};

/**
 * Parse a container header from buf (at least 16 bytes).  1 a container,
 * 0 not one (wrong magic), -1 malformed (err filled).
 */
int fatbin_container_parse(const uint8_t *buf, size_t len, struct fatbin_container *c,
                           struct gd_err *err);

/**
 * Parse an entry header from buf (at least 32 bytes; the flags are read
 * when len is 48 or more and the header that long).  0, or -1 malformed
 * (a header smaller than the fields it holds; err filled).
 */
int fatbin_entry_parse(const uint8_t *buf, size_t len, struct fatbin_entry *e, struct gd_err *err);

/**
 * Walk the containers in [off, off + size) of src and add every entry's
 * (kind, arch) to sum.  Padding between containers (zeros) is skipped; a
 * container that overruns the range stops the walk with an error.  0, or
 * -1 (err filled; what was read so far stays in sum).
 */
int fatbin_walk(const struct fatbin_source *src, uint64_t off, uint64_t size,
                struct fatbin_summary *sum, struct gd_err *err);

/**
 * Find the fat-binary sections of an ELF64 little-endian file and walk
 * them.  1 at least one section was found (sum filled), 0 the file is an
 * ELF without one (no device code), -1 not an ELF this reader handles or
 * malformed (err filled).  sum is zeroed first.
 */
int fatbin_read_elf(const struct fatbin_source *src, struct fatbin_summary *sum, struct gd_err *err);

/**
 * Write the summary as an architecture list in the form the kb uses,
 * "sm_50,sm_60,...,compute_90,sm_90,sm_90a" (SASS as sm_XX, PTX as
 * compute_XX, an architecture-specific image with an "a" after the number,
 * in increasing order) into buf.  Returns the length, or -1 when buf is too
 * small (buf then holds a truncated, terminated prefix).
 */
int fatbin_arch_list(const struct fatbin_summary *sum, char *buf, size_t size);

#endif
