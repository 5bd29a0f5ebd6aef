/*
 * bytesrc.c - the bounded byte range the binary-format readers parse, and
 * the windows a file source reads in (bytesrc.h).
 */
#include "loader/bytesrc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

void bytesrc_mem(struct bytesrc *s, const uint8_t *buf, size_t len)
{
    s->mem = buf;
    s->file = NULL;
    s->size = len;
    s->cache = NULL;
}

void bytesrc_file(struct bytesrc *s, struct fs_file *f, struct bytesrc_cache *cache)
{
    s->mem = NULL;
    s->file = f;
    s->size = f->size;
    memset(cache, 0, sizeof(*cache));
    s->cache = cache;
}

void bytesrc_release(struct bytesrc *s)
{
    size_t i;
    if (!s->cache)
        return;
    for (i = 0; i < BYTESRC_WINDOWS; i++) {
        free(s->cache->win[i].buf);
        s->cache->win[i].buf = NULL;
        s->cache->win[i].len = s->cache->win[i].cap = 0;
    }
}

/* The window holding [off, off + len), or NULL. */
static const struct bytesrc_win *held(const struct bytesrc_cache *c, uint64_t off, size_t len)
{
    size_t i;
    for (i = 0; i < BYTESRC_WINDOWS; i++) {
        const struct bytesrc_win *w = &c->win[i];
        if (w->len && off >= w->off && len <= w->len && off - w->off <= w->len - len)
            return w;
    }
    return NULL;
}

/* Read [off, off + len) into the next window (the source's bounds checked
 * by the caller).  The window, or NULL when it could not be read whole. */
static const struct bytesrc_win *fetch(const struct bytesrc *s, uint64_t off, size_t len)
{
    struct bytesrc_cache *c = s->cache;
    struct bytesrc_win *w = &c->win[c->next];
    c->next = (c->next + 1) % BYTESRC_WINDOWS;
    if (w->cap < len) {
        free(w->buf);
        w->buf = xmalloc(len);
        w->cap = len;
    }
    w->len = 0;
    c->nreads++;
    if (fs_pread(s->file, off, w->buf, len, NULL) < 0)
        return NULL;
    w->off = off;
    w->len = len;
    return w;
}

/* The window for a read of len at off: from off rounded down to 4 KiB
 * (a table just before what is read is often read next), BYTESRC_WINDOW or
 * more past off, never past the end of the source.  *start is set. */
static size_t window_len(const struct bytesrc *s, uint64_t off, size_t len, uint64_t *start)
{
    uint64_t want = len > BYTESRC_WINDOW ? len : BYTESRC_WINDOW;
    *start = off & ~(uint64_t)4095;
    want += off - *start;
    return (size_t)(want < s->size - *start ? want : s->size - *start);
}

int bytesrc_read(const struct bytesrc *s, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    const struct bytesrc_win *w;

    if (off > s->size || len > s->size - off)
        return err_setx(err, GD_ERR_FORMAT, "offset %llu + %zu is past the end of the file (%llu bytes)",
                        (unsigned long long)off, len, (unsigned long long)s->size);
    if (s->mem) {
        if (len)
            memcpy(buf, s->mem + off, len);
        return 0;
    }
    if (!len)
        return 0;
    if (!s->cache || len > BYTESRC_WINDOW_MAX) {
        if (s->cache)
            s->cache->nreads++;
        return fs_pread(s->file, off, buf, len, err);
    }
    w = held(s->cache, off, len);
    if (!w) {
        uint64_t start;
        size_t wl = window_len(s, off, len, &start);
        w = fetch(s, start, wl);
    }
    if (!w) {
        s->cache->nreads++;
        return fs_pread(s->file, off, buf, len, err);
    }
    memcpy(buf, w->buf + (off - w->off), len);
    return 0;
}

void bytesrc_want(const struct bytesrc *s, uint64_t off, uint64_t len)
{
    if (s->mem || !s->cache || off >= s->size)
        return;
    if (len > s->size - off)
        len = s->size - off;
    if (!len || len > BYTESRC_WINDOW_MAX || held(s->cache, off, (size_t)len))
        return;
    {
        uint64_t start;
        size_t wl = window_len(s, off, (size_t)len, &start);
        (void)fetch(s, start, wl);
    }
}

int bytesrc_parse_named(const struct bytesrc *s, const char *vpath, const char *kind, bytesrc_parse_fn parse,
                        struct arena *arena, void *out, struct gd_err *err)
{
    int r = parse(s, arena, out, err) < 0 ? -1 : 1;
    if (r < 0 && err) {
        char msg[GD_ERR_MSG_MAX];
        snprintf(msg, sizeof(msg), "%s", err->msg);
        err_setx(err, GD_ERR_FORMAT, "cannot read %s file '%s': %s", kind, vpath, msg);
    }
    return r;
}

int bytesrc_read_file(struct fs *fs, const char *vpath, const char *kind, bytesrc_parse_fn parse,
                      struct arena *arena, void *out, struct gd_err *err)
{
    struct fs_file f;
    struct bytesrc s;
    struct bytesrc_cache c;
    int r = fs_open(fs, vpath, &f, err);

    if (r != 1)
        return r;
    bytesrc_file(&s, &f, &c);
    r = bytesrc_parse_named(&s, vpath, kind, parse, arena, out, err);
    bytesrc_release(&s);
    fs_close(&f);
    return r;
}
