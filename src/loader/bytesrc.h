/*
 * bytesrc.h - the bounded byte range the binary-format readers (ELF, PE,
 * Mach-O) parse: a buffer in memory (the *_parse entry points, the fuzz
 * targets) or a file read in pieces (the *_read entry points), so a reader
 * never maps or slurps a whole library.
 *
 * A file source reads in windows: a read that falls outside what was read
 * already fetches BYTESRC_WINDOW bytes past its offset, from that offset
 * rounded down to 4 KiB (or the read itself when larger, up to
 * BYTESRC_WINDOW_MAX; a larger one is read as asked and not kept), and
 * later reads inside a window are copies.  The headers, the
 * program or load commands and the tables after them usually share one
 * window, the dynamic section and its strings one or two more: two or
 * three reads per object instead of one per field.  bytesrc_want() says in
 * advance that a whole range will be read (a string table span), so it
 * comes in one read.  At most BYTESRC_WINDOWS windows are kept (the oldest
 * is reused).
 *
 * The bounds are those of the file as opened (fs_file.size); what is read
 * past them fails as from memory.  A window that cannot be read whole (the
 * file shrank) is not kept: the read is then made exactly as asked, with
 * fs_pread's answer.
 *
 * Ownership: a bytesrc borrows its buffer or open file; the windows of a
 * file source are its own, freed by bytesrc_release.
 */
#ifndef GD_LOADER_BYTESRC_H
#define GD_LOADER_BYTESRC_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

#define BYTESRC_WINDOW (16u << 10)
#define BYTESRC_WINDOW_MAX (256u << 10)
#define BYTESRC_WINDOWS 4

struct bytesrc_win {
    uint64_t off;
    size_t len;            /* 0: unused */
    uint8_t *buf;          /* owned, cap bytes */
    size_t cap;
};

struct bytesrc {
    const uint8_t *mem;       /* memory source, or NULL */
    struct fs_file *file;     /* file source when mem is NULL */
    uint64_t size;
    /* File sources: what was read (a bytesrc is passed const to the
     * readers; its windows are a cache, hence a pointer). */
    struct bytesrc_cache *cache;
};

struct bytesrc_cache {
    struct bytesrc_win win[BYTESRC_WINDOWS];
    unsigned next;            /* the window to reuse next */
    uint64_t nreads;          /* reads asked of the file (for tests) */
};

/** A source over len bytes at buf (borrowed). */
void bytesrc_mem(struct bytesrc *s, const uint8_t *buf, size_t len);

/**
 * A source over the open file f (borrowed; its size as opened), reading in
 * windows kept in cache (initialised here; release with bytesrc_release).
 */
void bytesrc_file(struct bytesrc *s, struct fs_file *f, struct bytesrc_cache *cache);

/** Free a file source's windows (a memory source: nothing). */
void bytesrc_release(struct bytesrc *s);

/**
 * Copies len bytes at off into buf.  0, or -1 when the range is not all
 * inside the source (err, when not NULL, says where) or the file read
 * fails (err from fs_pread).
 */
int bytesrc_read(const struct bytesrc *s, uint64_t off, void *buf, size_t len, struct gd_err *err);

/**
 * A hint: [off, off + len) (clipped to the source) will be read, so a file
 * source reads it now in one window when it is not read yet and at most
 * BYTESRC_WINDOW_MAX bytes.  Never fails (a failed read is made again,
 * exactly, by the bytesrc_read that needs it).
 */
void bytesrc_want(const struct bytesrc *s, uint64_t off, uint64_t len);

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

/**
 * The same over a source already set up (a file opened by the caller, which
 * has read from it already): 1 parsed, -1 as bytesrc_read_file.
 */
int bytesrc_parse_named(const struct bytesrc *s, const char *vpath, const char *kind, bytesrc_parse_fn parse,
                        struct arena *arena, void *out, struct gd_err *err);

#endif
