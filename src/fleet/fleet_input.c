/*
 * fleet_input.c - split streams into JSON documents (see fleet_input.h).
 *
 * The reader keeps a window of the input and hands its front to
 * fleet_add_front, which reads one document (fleet/jread.c) and says how
 * long it was; when the document runs past the window, it reads more and
 * asks again.  The window grows by at least its own size each time, so a
 * large document is parsed O(log n) times, not once per chunk.
 */
#include "fleet/fleet_input.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "util/alloc.h"
#include "util/fs.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

#define CHUNK 65536

struct reader {
    int fd;
    int eof;
    struct strbuf buf;
    size_t off;            /* start of the unparsed data in buf */
    long line;             /* line number at off (1-based) */
    uint64_t total;        /* bytes read */
};

/* JSON's blanks: a NUL byte is not one (nor is any other control). */
static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Read at least want more bytes (or to EOF).  -1 with err on a read error. */
static int fill(struct reader *r, size_t want, const char *label, struct gd_err *err)
{
    size_t got = 0;
    if (r->off && r->off * 2 >= r->buf.len) {      /* drop what was consumed */
        memmove(r->buf.buf, r->buf.buf + r->off, r->buf.len - r->off);
        strbuf_setlen(&r->buf, r->buf.len - r->off);
        r->off = 0;
    }
    while (!r->eof && got < want) {
        long n;
        strbuf_grow(&r->buf, CHUNK);
        n = compat_read(r->fd, r->buf.buf + r->buf.len, r->buf.alloc - r->buf.len - 1);
        if (n < 0)
            return err_set(err, "cannot read '%s'", label);
        if (n == 0)
            r->eof = 1;
        r->buf.len += (size_t)n;      /* read straight into the spare room */
        r->total += (uint64_t)n;
        r->buf.buf[r->buf.len] = '\0';
        got += (size_t)n;
    }
    return 0;
}

static void advance(struct reader *r, size_t n)
{
    const char *p = r->buf.buf + r->off, *end = p + n;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        r->line++;
        p++;
    }
    r->off += n;
}

/*
 * Skip to the next line that starts with '{' after the document that
 * failed at r->off, looking at most FLEET_DOC_MAX bytes ahead.  1 found (or
 * the input ended), 0 not found within the limit: the rest of the input is
 * not read; -1 on a read error.
 */
static int resync(struct reader *r, const char *label, struct gd_err *err)
{
    uint64_t looked = 0;
    advance(r, 1);
    for (;;) {
        const char *s = r->buf.buf + r->off;
        size_t avail = r->buf.len - r->off, i;
        for (i = 0; i + 1 < avail; i++)
            if (s[i] == '\n' && s[i + 1] == '{') {
                advance(r, i + 1);
                return 1;
            }
        if (r->eof) {
            advance(r, avail);
            return 1;
        }
        /* Keep the last byte: a '\n' there may precede a '{' not read yet. */
        if (avail > 1) {
            advance(r, avail - 1);
            looked += avail - 1;
        }
        if (looked >= FLEET_DOC_MAX)
            return 0;
        if (fill(r, CHUNK, label, err) < 0)
            return -1;
    }
}

int fleet_read_fd(struct fleet *fl, int fd, const char *label, const char *name,
                  struct gd_err *err)
{
    struct reader r;
    struct strbuf src = STRBUF_INIT, why = STRBUF_INIT;
    struct gd_err ignored;
    unsigned long ndoc = 0;
    int ret = 0;

    memset(&r, 0, sizeof(r));
    r.fd = fd;
    r.line = 1;
    strbuf_init(&r.buf);
    for (;;) {
        size_t avail;
        long len, start_line;
        int k;

        while (r.off < r.buf.len && blank(r.buf.buf[r.off]))
            advance(&r, 1);
        if (r.off == r.buf.len) {
            if (r.eof)
                break;
            if (fill(&r, CHUNK, label, err) < 0) {
                ret = -1;
                break;
            }
            continue;
        }
        avail = r.buf.len - r.off;
        start_line = r.line;
        strbuf_reset(&src);
        if (ndoc == 0 && !strcmp(label, "stdin"))
            strbuf_addstr(&src, "stdin #1");
        else if (ndoc == 0)
            strbuf_addstr(&src, label);
        else
            strbuf_addf(&src, "%s #%lu", label, ndoc + 1);
        if (start_line > 1)
            strbuf_addf(&src, " (line %ld)", start_line);
        if (avail >= FLEET_DOC_MAX) {
            /* Parsed only as far as the limit: a document so large is refused unread. */
            len = fleet_add_front(fl, r.buf.buf + r.off, FLEET_DOC_MAX, 1, ndoc ? NULL : name, src.buf, &ignored);
            if (len == 0) {
                strbuf_reset(&why);
                strbuf_addf(&why, "a document larger than %u MiB", FLEET_DOC_MAX >> 20);
                fleet_add_reject(fl, src.buf, ndoc ? NULL : name, why.buf);
                len = -1;
            }
        } else {
            len = fleet_add_front(fl, r.buf.buf + r.off, avail, !r.eof, ndoc ? NULL : name, src.buf, &ignored);
            if (len == 0) {
                /* The document goes on past what was read: read more, parse again. */
                if (fill(&r, avail > CHUNK ? avail : CHUNK, label, err) < 0) {
                    ret = -1;
                    break;
                }
                continue;
            }
        }
        ndoc++;
        if (len > 0) {
            advance(&r, (size_t)len);
            continue;
        }
        k = resync(&r, label, err);
        if (k < 0) {
            ret = -1;
            break;
        }
        if (k == 0) {
            strbuf_reset(&why);
            strbuf_addf(&why, "no document starts within %u MiB after the broken one (a line beginning "
                        "with '{'); the rest of the input was not read", FLEET_DOC_MAX >> 20);
            strbuf_reset(&src);
            strbuf_addf(&src, "%s (from line %ld)", label, r.line);
            fleet_add_reject(fl, src.buf, NULL, why.buf);
            break;
        }
    }
    if (!ndoc && ret == 0) {
        /* Not one document: the input is named, and so is its node when known. */
        strbuf_reset(&why);
        if (!r.total)
            strbuf_addstr(&why, "no report: the input is empty");
        else
            strbuf_addf(&why, "no report: the input holds only blanks (%llu bytes)", (unsigned long long)r.total);
        fleet_add_reject(fl, label, name, why.buf);
    }
    strbuf_release(&r.buf);
    strbuf_release(&src);
    strbuf_release(&why);
    return ret;
}

/* The node a file is named for (--name-from-file): its base name without ".json". */
static void file_node(struct strbuf *out, const char *path)
{
    const char *b = strrchr(path, '/');
    strbuf_addstr(out, b ? b + 1 : path);
    if (str_ends(out->buf, ".json"))
        strbuf_setlen(out, out->len - 5);
}

static int read_file(struct fleet *fl, const char *path, int name_from_file, struct gd_err *err)
{
    struct compat_stat st;
    struct strbuf name = STRBUF_INIT;
    int fd, ret;

    fd = compat_open_read(path);
    if (fd < 0)
        return err_set(err, "cannot open '%s'", path);
    if (compat_fstat(fd, &st) == 0 && st.type == COMPAT_FT_DIR) {
        compat_close(fd);
        return err_setx(err, GD_ERR_USAGE, "'%s' is a directory", path);
    }
    /* Named on the command line (a pipe: <(kubectl logs ...)): wait for its data. */
    compat_fd_blocking(fd);
    if (name_from_file)
        file_node(&name, path);
    ret = fleet_read_fd(fl, fd, path, name.len ? name.buf : NULL, err);
    compat_close(fd);
    strbuf_release(&name);
    return ret;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int fleet_read_path(struct fleet *fl, const char *path, int name_from_file, struct gd_err *err)
{
    struct compat_stat st;
    struct compat_dir *d;
    char **names = NULL;
    size_t n = 0, alloc = 0, i;
    const char *ent;
    enum compat_ftype type;
    int r;

    if (!strcmp(path, "-"))
        return fleet_read_fd(fl, 0, "stdin", NULL, err);
    if (compat_stat(path, &st) < 0)
        return err_set(err, "cannot read '%s'", path);
    if (st.type != COMPAT_FT_DIR)
        return read_file(fl, path, name_from_file, err);
    d = compat_opendir(path);
    if (!d)
        return err_set(err, "cannot list '%s'", path);
    while ((r = compat_readdir(d, &ent, &type)) == 1) {
        if (ent[0] == '.' || type == COMPAT_FT_DIR)
            continue;
        ALLOC_GROW(names, n + 1, alloc);
        names[n++] = xstrdup(ent);
    }
    compat_closedir(d);
    if (r < 0) {
        for (i = 0; i < n; i++)
            free(names[i]);
        free(names);
        return err_set(err, "cannot list '%s'", path);
    }
    if (n > 1)
        qsort(names, n, sizeof(*names), cmp_name);
    for (i = 0; i < n; i++) {
        struct strbuf p = STRBUF_INIT, node = STRBUF_INIT;
        struct gd_err e;
        path_join(&p, path, names[i]);
        err_init(&e);
        if (name_from_file)
            file_node(&node, p.buf);
        /* Every entry but a subdirectory is an input: one that cannot be
         * read is named, never skipped in silence. */
        if (compat_stat(p.buf, &st) < 0) {
            err_set(&e, "cannot read it");
            fleet_add_reject(fl, p.buf, node.len ? node.buf : NULL, e.msg);
        } else if (st.type == COMPAT_FT_REG) {
            if (read_file(fl, p.buf, name_from_file, &e) < 0)
                fleet_add_reject(fl, p.buf, node.len ? node.buf : NULL, e.msg);
        } else if (st.type != COMPAT_FT_DIR) {
            fleet_add_reject(fl, p.buf, node.len ? node.buf : NULL,
                             "not a regular file (a device, FIFO or socket is not read)");
        }
        strbuf_release(&p);
        strbuf_release(&node);
        free(names[i]);
    }
    free(names);
    return 0;
}
