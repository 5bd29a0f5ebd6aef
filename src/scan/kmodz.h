/*
 * kmodz.h - a compressed kernel module (.ko.xz, .ko.zst, .ko.gz) seen as
 * the module it decompresses to, for scan/kmodinfo.c: bounded reads at
 * offsets of the decompressed file, with bounded memory.
 *
 * Formats and libraries (told by their magic, as kmod's libkmod-file.c
 * does): xz through liblzma (lzma_stream_decoder with LZMA_CONCATENATED, as
 * kmod's libkmod-file-xz.c: every stream of a multi-stream file, stream
 * padding allowed), zstd through libzstd (ZSTD_decompressStream: every
 * frame, with or without a content size, skippable frames skipped; kmod's
 * libkmod-file-zstd.c needs the content size, the kernel's own decompressor
 * does not), gzip through zlib (inflate with gzip framing; concatenated
 * members are read on, and what follows the last member is ignored, as
 * zlib's gzread, which kmod's libkmod-file-zlib.c uses, does).  The kernel
 * signs a module before it compresses it (scripts/Makefile.modinst:
 * sign-file on the .ko, then xz/zstd/gzip), so the signature trailer is
 * the end of the decompressed file, as kmod's modinfo reads it.
 *
 * Why two streaming passes, and what is kept.  The decompressed size is
 * known only at the end (an xz index, a zstd content size and gzip's
 * ISIZE are claims a hostile file makes), and .modinfo can be found only
 * through the section headers, which linkers write at the end of the file
 * with the section names just before them (a module signed after that:
 * ELF header, sections, .symtab, .strtab, .shstrtab, section headers,
 * signature).  So the first pass (kmodz_open) decompresses everything and
 * keeps only its first KMODZ_HEAD bytes (the ELF header), its last
 * KMODZ_TAIL bytes (a ring: section headers, names, signature) and its
 * size.  A read outside those (.modinfo, usually near the start; a section
 * table too large for the tail) starts the stream again and decompresses
 * up to the end of what is asked, keeping a window of at least
 * KMODZ_WINDOW bytes from it (at most KMODZ_WINDOWS windows kept): one
 * more pass for a typical module, never more than one per read.
 *
 * Bounds: the compressed input at most KMODZ_MAX_IN bytes, read in
 * KMODZ_INBUF pieces; the output at most KMODZ_MAX_OUT bytes (more is an
 * error, GD_ERR_LIMIT: a hostile file can claim anything); the decoders'
 * own memory capped (liblzma's memlimit KMODZ_XZ_MEMLIMIT: xz -9's 64 MiB
 * dictionary fits; zstd's window at most 2^KMODZ_ZSTD_WINDOWLOG, the
 * library's default limit; zlib's is fixed at 32 KiB).  Memory held:
 * about KMODZ_HEAD + KMODZ_TAIL + KMODZ_INBUF + the windows, whatever the
 * module's size.
 *
 * A build without a format's library (GD_KMODZ_XZ, GD_KMODZ_ZSTD,
 * GD_KMODZ_GZIP unset: mk/kmodz.mk) reads no module in that format:
 * kmodz_open says so (GD_ERR_UNSUPPORTED) and kmodz_supported answers 0.
 *
 * Ownership: a kmodz borrows its input source (which must outlive it) and
 * owns its buffers, freed by kmodz_release.
 */
#ifndef GD_SCAN_KMODZ_H
#define GD_SCAN_KMODZ_H

#include <stddef.h>
#include <stdint.h>

#include "loader/bytesrc.h"
#include "util/err.h"

#define KMODZ_HEAD (64u << 10)
#define KMODZ_TAIL (512u << 10)
#define KMODZ_WINDOW (256u << 10)
#define KMODZ_WINDOWS 4
#define KMODZ_INBUF (1u << 20)
#define KMODZ_MAX_IN (256ull << 20)
#define KMODZ_MAX_OUT (512ull << 20)
#define KMODZ_XZ_MEMLIMIT (96ull << 20)
#define KMODZ_ZSTD_WINDOWLOG 27

enum kmodz_format { KMODZ_XZ = 1, KMODZ_ZSTD, KMODZ_GZIP };

struct kmodz_win {
    uint64_t off;
    size_t len;                /* 0: unused */
    uint8_t *buf;              /* owned */
};

struct kmodz {
    const struct bytesrc *in;  /* borrowed: the compressed file */
    enum kmodz_format format;
    uint64_t size;             /* the decompressed size (after kmodz_open) */
    uint8_t *head;             /* [0, head_len) of the output */
    size_t head_len;
    uint8_t *tail;             /* [size - tail_len, size) of the output, in order */
    size_t tail_len;
    struct kmodz_win win[KMODZ_WINDOWS];
    unsigned next_win;
    uint64_t max_out;          /* the output's bound (KMODZ_MAX_OUT or less) */
    unsigned passes;           /* decompression passes made (for tests) */
};

/**
 * The format whose magic begins buf[0..n) (kmod's libkmod-file.c: zstd
 * 28 b5 2f fd, xz fd '7zXZ' 00, gzip 1f 8b), or 0 for none.
 */
int kmodz_format_of(const uint8_t *buf, size_t n);

/** The format's name: "xz", "zstd", "gzip". */
const char *kmodz_format_name(int format);

/** 1 when this build reads the format, 0 when it was built without its library. */
int kmodz_supported(int format);

/**
 * The first pass over the compressed module in `in` (borrowed), of the
 * given format: z then knows the decompressed size and holds its head and
 * tail.  max_out bounds the decompressed size: 0 means KMODZ_MAX_OUT, a
 * smaller value is kept (the fuzz target's, the unit tests'), a larger one
 * is clipped to it.  0, or -1 with err (GD_ERR_FORMAT: the stream is
 * corrupt or truncated; GD_ERR_LIMIT: a bound above; GD_ERR_UNSUPPORTED:
 * no library for the format in this build; the input's read errors), z
 * then released.
 */
int kmodz_open(struct kmodz *z, const struct bytesrc *in, int format, uint64_t max_out, struct gd_err *err);

/**
 * Copies the decompressed bytes [off, off + len) into buf: from the head,
 * the tail or a window kept, else by one more pass.  0, or -1 with err
 * when the range is not all inside the decompressed size or the pass fails
 * (z stays usable).
 */
int kmodz_read(struct kmodz *z, uint64_t off, void *buf, size_t len, struct gd_err *err);

/** Frees z's buffers (NULL-safe on a zeroed or released z). */
void kmodz_release(struct kmodz *z);

#endif
