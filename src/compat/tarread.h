/*
 * tarread.h - reading tar archives as a stream, compressed or not, through
 * libarchive: the one place gpudoctor depends on it.
 *
 * A container image is tar all the way down (image-spec layer.md: each
 * layer is a tar "changeset", optionally gzip- or zstd-compressed; an OCI
 * archive and a `docker save` file are tars of blobs).  This module gives
 * one entry at a time and the entry's data in pieces, never the whole
 * archive: memory stays bounded whatever the size of the image.  It
 * decides nothing: the names, types and links it returns are exactly as
 * the archive wrote them (a hostile archive's "../../etc/x" included), and
 * src/image/ decides what to do with them.
 *
 * Formats: tar only (ustar, pax with its 'x' and 'g' records, GNU long
 * names and links 'L'/'K', base-256 numbers, sparse files), as Go's
 * archive/tar writes them for moby, containers/image and umoci.
 * Compression is recognised by its magic bytes, as Docker does (moby's
 * compression.DetectCompression): gzip, zstd, bzip2, xz, or none; no
 * external program is ever run.
 *
 * Sources: a file descriptor (read from its current position, not owned),
 * a memory buffer (the fuzz target), or the data of the current entry of
 * another open archive (a layer blob inside an OCI archive or a docker
 * save tar, read without unpacking the outer archive).  Every raw byte
 * read from the source can be fed to a SHA-256 (the open functions), so a blob
 * is checked against its digest in the same pass that applies it.
 *
 * Built without libarchive (GD_LIBARCHIVE undefined: the MinGW, AArch64
 * cross and musl static builds, mk/archive.mk) every open fails with
 * GD_ERR_UNSUPPORTED and tarread_supported() says 0.
 */
#ifndef GD_COMPAT_TARREAD_H
#define GD_COMPAT_TARREAD_H

#include <stddef.h>
#include <stdint.h>

#include "util/err.h"
#include "util/sha256.h"

enum tar_type {
    TAR_REG = 0,     /* a regular file (also a hard link's data-less twin: see hardlink) */
    TAR_DIR,
    TAR_SYMLINK,
    TAR_HARDLINK,    /* link names the earlier entry it is a link to */
    TAR_CHR,
    TAR_BLK,
    TAR_FIFO,
    TAR_OTHER
};

struct tar_entry {
    const char *path;        /* as stored (pax 'path' or GNU long name applied); valid until
                                the next tarread_next */
    const char *link;        /* symlink target or hard-link target, or NULL */
    enum tar_type type;
    uint64_t size;           /* data bytes (0 for everything but TAR_REG) */
    unsigned mode;           /* permission bits (07777) */
    unsigned long rdev_major, rdev_minor;  /* TAR_CHR / TAR_BLK */
};

struct tarread;

/** 1 when this build reads archives (libarchive linked), else 0. */
int tarread_supported(void);

/*
 * Every open takes h (borrowed, or NULL): each raw byte the reader
 * consumes from its source, from the first, is fed to it; tarread_drain
 * reads the rest of the source so that the digest covers all of it.
 */
/** Read fd (borrowed: the caller closes it after tarread_close). NULL with err. */
struct tarread *tarread_open_fd(int fd, struct sha256 *h, struct gd_err *err);
/** Read buf[0..len) (borrowed; must outlive the reader). NULL with err. */
struct tarread *tarread_open_mem(const void *buf, size_t len, struct sha256 *h, struct gd_err *err);
/**
 * Read the data of outer's current entry as an archive of its own.  outer
 * must not be advanced until this reader is closed.  NULL with err.
 */
struct tarread *tarread_open_entry(struct tarread *outer, struct sha256 *h, struct gd_err *err);

/** The next entry into *e.  1 an entry, 0 the end of the archive, -1 with err. */
int tarread_next(struct tarread *t, struct tar_entry *e, struct gd_err *err);

/** Up to len bytes of the current entry's data: bytes read, 0 at its end, -1 with err. */
long tarread_data(struct tarread *t, void *buf, size_t len, struct gd_err *err);

/** Read the source to its end (after the archive's end), for a complete digest. 0 / -1. */
int tarread_drain(struct tarread *t, struct gd_err *err);

/** Raw bytes consumed from the source so far (compressed bytes for a compressed stream). */
uint64_t tarread_raw_bytes(const struct tarread *t);

/** The compression found: "gzip", "zstd", "bzip2", "xz" or "none" (after the first next). */
const char *tarread_compression(const struct tarread *t);

/** Free the reader (NULL-safe); the source is not closed. */
void tarread_close(struct tarread *t);

#endif
