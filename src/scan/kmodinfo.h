/*
 * kmodinfo.h - a Linux kernel module's identity, read from its file as
 * kmod's modinfo does (libkmod/libkmod-elf.c): the ELF relocatable's
 * .modinfo section (NUL-separated key=value strings: name, version,
 * vermagic, license, srcversion, depends) and the appended signature
 * (include/linux/module_signature.h: the 28-byte marker "~Module signature
 * appended~\n" at the very end, the 12-byte struct module_signature before
 * it, sig_len big-endian).
 *
 * Compressed modules (.ko.xz, .ko.zst, .ko.gz, told by their magic bytes as
 * kmod's libkmod-file.c does) are read as the module they decompress to
 * (scan/kmodz.h: liblzma, libzstd, zlib, streamed in two bounded passes):
 * the kernel signs before it compresses, so the trailer is the end of the
 * decompressed file, as kmod's modinfo reads it.  A broken stream, or a
 * build without the format's library, fails with compression set and
 * is_signed -1.
 *
 * The parser is pure (a bytesrc: memory for tests and fuzzing, a file read
 * in pieces by kmodinfo_read) and bounded: at most KMODINFO_MAX_SHDRS
 * section headers, a section-name table of at most 4 MiB, a .modinfo of at
 * most 1 MiB.  Strings go into the caller's arena.
 */
#ifndef GD_SCAN_KMODINFO_H
#define GD_SCAN_KMODINFO_H

#include <stdint.h>

#include "loader/bytesrc.h"
#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

#define KMODINFO_MAX_SHDRS 262144u

struct kmodinfo {
    const char *compression;   /* "xz", "zstd", "gzip", or NULL: an ELF file, parsed */
    const char *name;          /* name= ("nvidia", "nvidia_uvm"), or NULL */
    const char *version;       /* version= (MODULE_VERSION: "550.163.01"), or NULL */
    const char *vermagic;      /* vermagic= ("6.1.0-40-amd64 SMP preempt mod_unload modversions "),
                                  or NULL */
    const char *license;       /* license= ("NVIDIA", "Dual MIT/GPL"), or NULL */
    const char *srcversion;
    int is_signed;             /* 1 the signature marker ends the (decompressed) file, 0 not;
                                  -1 unknown (a compressed module not read) */
    unsigned sig_id_type;      /* module_signature.id_type (2: PKCS#7) when signed */
    uint32_t sig_len;          /* its sig_len when signed */
};

/**
 * Parse the module in s into out (zeroed by the caller); a compressed one
 * (out->compression set) through scan/kmodz.h.  0 on success, -1 with err
 * (GD_ERR_FORMAT) when s is not an ELF relocatable with a .modinfo section
 * or a compressed stream of one (a corrupt or truncated stream; also
 * GD_ERR_LIMIT, GD_ERR_UNSUPPORTED: kmodz_open's), out->compression then
 * still set for a compressed one.
 */
int kmodinfo_parse(const struct bytesrc *s, struct arena *arena, struct kmodinfo *out,
                   struct gd_err *err);

/** kmodinfo_parse on the file vpath.  1 / 0 absent / -1 (err). */
int kmodinfo_read(struct fs *fs, const char *vpath, struct arena *arena, struct kmodinfo *out,
                  struct gd_err *err);

/**
 * The kernel release a vermagic string was built for: its first word
 * (include/linux/vermagic.h: UTS_RELEASE then the flags), into the arena;
 * NULL for NULL or an empty string.
 */
const char *kmodinfo_vermagic_release(struct arena *arena, const char *vermagic);

#endif
