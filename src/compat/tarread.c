/*
 * tarread.c - tar streams through libarchive (tarread.h).
 *
 * libarchive is told about the tar format and the decompression filters
 * only (never "all", never an external program), and reads through our
 * own callbacks so that every raw byte can be counted and hashed.
 */
#include "compat/tarread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef GD_LIBARCHIVE
#include <archive.h>
#include <archive_entry.h>
#endif

#include "compat/compat.h"
#include "util/alloc.h"
#include "util/banned.h"

#define CHUNK (64u * 1024)

#ifndef GD_LIBARCHIVE

struct tarread {
    int unused;
};

int tarread_supported(void)
{
    return 0;
}

static struct tarread *unsupported(struct gd_err *err)
{
    err_setx(err, GD_ERR_UNSUPPORTED, "this build cannot read archives (built without libarchive)");
    return NULL;
}

struct tarread *tarread_open_fd(int fd, struct sha256 *h, struct gd_err *err)
{
    (void)fd, (void)h;
    return unsupported(err);
}

struct tarread *tarread_open_mem(const void *buf, size_t len, struct sha256 *h, struct gd_err *err)
{
    (void)buf, (void)len, (void)h;
    return unsupported(err);
}

struct tarread *tarread_open_entry(struct tarread *outer, struct sha256 *h, struct gd_err *err)
{
    (void)outer, (void)h;
    return unsupported(err);
}

int tarread_next(struct tarread *t, struct tar_entry *e, struct gd_err *err)
{
    (void)t, (void)e;
    return err_setx(err, GD_ERR_UNSUPPORTED, "this build cannot read archives");
}

long tarread_data(struct tarread *t, void *buf, size_t len, struct gd_err *err)
{
    (void)t, (void)buf, (void)len;
    return err_setx(err, GD_ERR_UNSUPPORTED, "this build cannot read archives");
}

int tarread_drain(struct tarread *t, struct gd_err *err)
{
    (void)t;
    return err_setx(err, GD_ERR_UNSUPPORTED, "this build cannot read archives");
}

uint64_t tarread_raw_bytes(const struct tarread *t)
{
    (void)t;
    return 0;
}

const char *tarread_compression(const struct tarread *t)
{
    (void)t;
    return "none";
}

void tarread_close(struct tarread *t)
{
    (void)t;
}

#else

enum source { SRC_FD, SRC_MEM, SRC_ENTRY };

struct tarread {
    struct archive *a;
    enum source src;
    int fd;
    const unsigned char *mem;
    size_t mem_len;
    int mem_given;
    struct tarread *outer;
    unsigned char *buf;          /* CHUNK bytes, for SRC_FD and SRC_ENTRY */
    struct sha256 *hash;
    uint64_t raw;
    int eof;                     /* the source returned its end */
    int src_error;
    char src_msg[160];
};

int tarread_supported(void)
{
    return 1;
}

/* One chunk of the source, hashed and counted: bytes, 0 at the end, -1. */
static long source_read(struct tarread *t, const void **out)
{
    long n;
    if (t->eof)
        return 0;
    switch (t->src) {
    case SRC_MEM:
        if (t->mem_given) {
            t->eof = 1;
            return 0;
        }
        t->mem_given = 1;
        *out = t->mem;
        n = (long)t->mem_len;
        break;
    case SRC_FD:
        n = compat_read(t->fd, t->buf, CHUNK);
        if (n < 0) {
            t->src_error = 1;
            snprintf(t->src_msg, sizeof(t->src_msg), "read error");
            return -1;
        }
        *out = t->buf;
        break;
    default: {
        la_ssize_t r = archive_read_data(t->outer->a, t->buf, CHUNK);
        if (r < 0) {
            t->src_error = 1;
            snprintf(t->src_msg, sizeof(t->src_msg), "%s", archive_error_string(t->outer->a)
                                                               ? archive_error_string(t->outer->a)
                                                               : "read error");
            return -1;
        }
        n = (long)r;
        *out = t->buf;
        break;
    }
    }
    if (n == 0) {
        t->eof = 1;
        return 0;
    }
    if (t->hash)
        sha256_update(t->hash, *out, (size_t)n);
    t->raw += (uint64_t)n;
    return n;
}

static la_ssize_t read_cb(struct archive *a, void *arg, const void **out)
{
    struct tarread *t = arg;
    long n = source_read(t, out);
    if (n < 0) {
        archive_set_error(a, -1, "%s", t->src_msg);
        return -1;
    }
    return (la_ssize_t)n;
}

static struct tarread *open_common(struct tarread *t, struct gd_err *err)
{
    struct archive *a = archive_read_new();
    if (!a) {
        free(t->buf);
        free(t);
        err_setx(err, GD_ERR_SYS, "libarchive: cannot create a reader");
        return NULL;
    }
    archive_read_support_format_tar(a);
    archive_read_support_filter_gzip(a);
    archive_read_support_filter_zstd(a);
    archive_read_support_filter_bzip2(a);
    archive_read_support_filter_xz(a);
    t->a = a;
    if (archive_read_open(a, t, NULL, read_cb, NULL) != ARCHIVE_OK) {
        err_setx(err, GD_ERR_FORMAT, "not a tar archive%s%s",
                 archive_error_string(a) ? ": " : "", archive_error_string(a) ? archive_error_string(a) : "");
        tarread_close(t);
        return NULL;
    }
    return t;
}

struct tarread *tarread_open_fd(int fd, struct sha256 *h, struct gd_err *err)
{
    struct tarread *t = xcalloc(1, sizeof(*t));
    t->hash = h;
    t->src = SRC_FD;
    t->fd = fd;
    t->buf = xmalloc(CHUNK);
    return open_common(t, err);
}

struct tarread *tarread_open_mem(const void *buf, size_t len, struct sha256 *h, struct gd_err *err)
{
    struct tarread *t = xcalloc(1, sizeof(*t));
    t->hash = h;
    t->src = SRC_MEM;
    t->mem = buf;
    t->mem_len = len;
    return open_common(t, err);
}

struct tarread *tarread_open_entry(struct tarread *outer, struct sha256 *h, struct gd_err *err)
{
    struct tarread *t = xcalloc(1, sizeof(*t));
    t->hash = h;
    t->src = SRC_ENTRY;
    t->outer = outer;
    t->buf = xmalloc(CHUNK);
    return open_common(t, err);
}

static enum tar_type type_of(struct archive_entry *ae)
{
    if (archive_entry_hardlink(ae))
        return TAR_HARDLINK;
    switch (archive_entry_filetype(ae)) {
    case AE_IFREG: return TAR_REG;
    case AE_IFDIR: return TAR_DIR;
    case AE_IFLNK: return TAR_SYMLINK;
    case AE_IFCHR: return TAR_CHR;
    case AE_IFBLK: return TAR_BLK;
    case AE_IFIFO: return TAR_FIFO;
    default: return TAR_OTHER;
    }
}

static void set_error(struct tarread *t, struct gd_err *err, const char *what)
{
    const char *m = archive_error_string(t->a);
    if (t->src_error)
        err_setx(err, GD_ERR_SYS, "%s: %s", what, t->src_msg);
    else
        err_setx(err, GD_ERR_FORMAT, "%s: %s", what, m ? m : "malformed archive");
}

int tarread_next(struct tarread *t, struct tar_entry *e, struct gd_err *err)
{
    struct archive_entry *ae;
    int r;

    do
        r = archive_read_next_header(t->a, &ae);
    while (r == ARCHIVE_RETRY);
    if (r == ARCHIVE_EOF)
        return 0;
    if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
        set_error(t, err, "bad tar header");
        return -1;
    }
    memset(e, 0, sizeof(*e));
    /* The names as the archive stores them: pax records are UTF-8 and a
     * ustar name is bytes; either way the bytes are the name on disk. */
    e->path = archive_entry_pathname_utf8(ae);
    if (!e->path)
        e->path = archive_entry_pathname(ae);
    if (!e->path)
        return err_setx(err, GD_ERR_FORMAT, "a tar entry has no usable name");
    e->type = type_of(ae);
    if (e->type == TAR_HARDLINK) {
        e->link = archive_entry_hardlink_utf8(ae);
        if (!e->link)
            e->link = archive_entry_hardlink(ae);
    } else if (e->type == TAR_SYMLINK) {
        e->link = archive_entry_symlink_utf8(ae);
        if (!e->link)
            e->link = archive_entry_symlink(ae);
        if (!e->link)
            return err_setx(err, GD_ERR_FORMAT, "symbolic link '%s' has no target", e->path);
    }
    if (e->type == TAR_REG) {
        la_int64_t sz = archive_entry_size(ae);
        e->size = sz > 0 ? (uint64_t)sz : 0;
    }
    e->mode = (unsigned)(archive_entry_perm(ae) & 07777);
    if (e->type == TAR_CHR || e->type == TAR_BLK) {
        e->rdev_major = (unsigned long)archive_entry_rdevmajor(ae);
        e->rdev_minor = (unsigned long)archive_entry_rdevminor(ae);
    }
    return 1;
}

long tarread_data(struct tarread *t, void *buf, size_t len, struct gd_err *err)
{
    la_ssize_t n;
    do
        n = archive_read_data(t->a, buf, len);
    while (n == ARCHIVE_RETRY);
    if (n < 0) {
        if (n == ARCHIVE_WARN)
            return 0;
        set_error(t, err, "cannot read an entry's data");
        return -1;
    }
    return (long)n;
}

int tarread_drain(struct tarread *t, struct gd_err *err)
{
    const void *p;
    long n;
    while ((n = source_read(t, &p)) > 0)
        ;
    if (n < 0)
        return err_setx(err, GD_ERR_SYS, "%s", t->src_msg);
    return 0;
}

uint64_t tarread_raw_bytes(const struct tarread *t)
{
    return t->raw;
}

const char *tarread_compression(const struct tarread *t)
{
    int i, n = archive_filter_count(t->a);
    for (i = 0; i < n; i++) {
        switch (archive_filter_code(t->a, i)) {
        case ARCHIVE_FILTER_GZIP: return "gzip";
        case ARCHIVE_FILTER_ZSTD: return "zstd";
        case ARCHIVE_FILTER_BZIP2: return "bzip2";
        case ARCHIVE_FILTER_XZ: return "xz";
        default: break;
        }
    }
    return "none";
}

void tarread_close(struct tarread *t)
{
    if (!t)
        return;
    if (t->a)
        archive_read_free(t->a);
    free(t->buf);
    free(t);
}

#endif
