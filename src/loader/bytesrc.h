/*
 * bytesrc.h - the bounded byte range the binary-format readers (ELF, PE,
 * Mach-O) parse: a buffer in memory (the *_parse entry points, the fuzz
 * targets) or a file read in pieces (the *_read entry points), so a reader
 * never maps or slurps a whole library.
 *
 * Ownership: a bytesrc borrows its buffer or open file; it owns nothing.
 */
#ifndef GD_LOADER_BYTESRC_H
#define GD_LOADER_BYTESRC_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

struct bytesrc {
    const uint8_t *mem;       /* memory source, or NULL */
    struct fs_file *file;     /* file source when mem is NULL */
    uint64_t size;
};

/** A source over len bytes at buf (borrowed). */
void bytesrc_mem(struct bytesrc *s, const uint8_t *buf, size_t len);

/**
 * Copies len bytes at off into buf.  0, or -1 when the range is not all
 * inside the source (err, when not NULL, says where) or the file read
 * fails (err from fs_pread).
 */
int bytesrc_read(const struct bytesrc *s, uint64_t off, void *buf, size_t len, struct gd_err *err);

/** A reader's parse over a source: 0 or -1 with err set; fills out. */
typedef int (*bytesrc_parse_fn)(const struct bytesrc *s, struct arena *arena, void *out,
                                struct gd_err *err);

/**
 * Opens vpath in fs and runs parse over it, for a reader's *_read entry
 * point (out must be zeroed by the caller).  1 parsed; 0 no such file
 * (fs_open's answer); -1 an error, err's message prefixed with "cannot
 * read KIND file 'VPATH': " when the parse failed.
 */
int bytesrc_read_file(struct fs *fs, const char *vpath, const char *kind, bytesrc_parse_fn parse,
                      struct arena *arena, void *out, struct gd_err *err);

#endif
