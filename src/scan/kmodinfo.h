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
 * kmod's libkmod-file.c does) are recognised and named, not read: their
 * .modinfo and their signature lie inside the compressed payload, and
 * reaching them means decompressing the whole module (tens of MB for
 * nvidia.ko), which a file-only check that takes milliseconds does not do.
 * The verdicts use the module's directory and DKMS's records instead, and
 * say that the rest is unknown.
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
    int is_signed;             /* 1 the signature marker ends the file, 0 not; -1 unknown
                                  (compressed) */
    unsigned sig_id_type;      /* module_signature.id_type (2: PKCS#7) when signed */
    uint32_t sig_len;          /* its sig_len when signed */
};

/**
 * Parse the module in s into out (zeroed by the caller).  0 on success
 * (also for a compressed module: out->compression set, nothing else), -1
 * with err (GD_ERR_FORMAT) when s is neither a compressed stream nor an
 * ELF relocatable with a .modinfo section inside it.
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
