/*
 * kmodz.c - a compressed kernel module read as the module it decompresses
 * to, in bounded memory (scan/kmodz.h says why two passes and what is kept).
 */
#include "scan/kmodz.h"

#include <stdlib.h>
#include <string.h>

#ifdef GD_KMODZ_XZ
#include <lzma.h>
#endif
#ifdef GD_KMODZ_ZSTD
#include <zstd.h>
#include <zstd_errors.h>
#endif
#ifdef GD_KMODZ_GZIP
#include <zlib.h>
#endif

#include "util/alloc.h"
#include "util/banned.h"

#define OUTBUF (128u << 10)

int kmodz_format_of(const uint8_t *buf, size_t n)
{
    if (n >= 4 && !memcmp(buf, "\x28\xb5\x2f\xfd", 4))
        return KMODZ_ZSTD;
    if (n >= 6 && !memcmp(buf, "\xfd" "7zXZ\0", 6))
        return KMODZ_XZ;
    if (n >= 2 && buf[0] == 0x1f && buf[1] == 0x8b)
        return KMODZ_GZIP;
    return 0;
}

const char *kmodz_format_name(int format)
{
    return format == KMODZ_XZ ? "xz" : format == KMODZ_ZSTD ? "zstd" : format == KMODZ_GZIP ? "gzip" : "none";
}

int kmodz_supported(int format)
{
    switch (format) {
#ifdef GD_KMODZ_XZ
    case KMODZ_XZ:
        return 1;
#endif
#ifdef GD_KMODZ_ZSTD
    case KMODZ_ZSTD:
        return 1;
#endif
#ifdef GD_KMODZ_GZIP
    case KMODZ_GZIP:
        return 1;
#endif
    default:
        return 0;
    }
}

/* ---- one decoder, whichever the format ---------------------------------- */

struct dec {
    int format;
    int on;                    /* the library's state is initialised */
    int member_done;           /* gzip: a member ended, the next not begun */
    int frame_done;            /* zstd: the last call ended a frame */
#ifdef GD_KMODZ_XZ
    lzma_stream xz;
#endif
#ifdef GD_KMODZ_ZSTD
    ZSTD_DStream *zs;
#endif
#ifdef GD_KMODZ_GZIP
    z_stream gz;
#endif
};

static int dec_init(struct dec *d, int format, struct gd_err *err)
{
    memset(d, 0, sizeof(*d));
    d->format = format;
    switch (format) {
#ifdef GD_KMODZ_XZ
    case KMODZ_XZ: {
        lzma_stream init = LZMA_STREAM_INIT;
        d->xz = init;
        /* LZMA_CONCATENATED: every stream of the file, as xz -d and kmod. */
        if (lzma_stream_decoder(&d->xz, KMODZ_XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
            err_setx(err, GD_ERR_FORMAT, "cannot start liblzma's decoder");
            return -1;
        }
        d->on = 1;
        return 0;
    }
#endif
#ifdef GD_KMODZ_ZSTD
    case KMODZ_ZSTD:
        d->zs = ZSTD_createDStream();
        if (!d->zs || ZSTD_isError(ZSTD_DCtx_setParameter(d->zs, ZSTD_d_windowLogMax, KMODZ_ZSTD_WINDOWLOG))) {
            ZSTD_freeDStream(d->zs);
            err_setx(err, GD_ERR_FORMAT, "cannot start libzstd's decoder");
            return -1;
        }
        d->on = 1;
        return 0;
#endif
#ifdef GD_KMODZ_GZIP
    case KMODZ_GZIP:
        /* 16 + 15: gzip framing only (the magic said gzip), 32 KiB window. */
        if (inflateInit2(&d->gz, 16 + 15) != Z_OK) {
            err_setx(err, GD_ERR_FORMAT, "cannot start zlib's decoder");
            return -1;
        }
        d->on = 1;
        return 0;
#endif
    default:
        err_setx(err, GD_ERR_UNSUPPORTED, "this build reads no %s-compressed module (built without %s)",
                 kmodz_format_name(format),
                 format == KMODZ_XZ ? "liblzma" : format == KMODZ_ZSTD ? "libzstd" : "zlib");
        return -1;
    }
}

static void dec_end(struct dec *d)
{
    if (!d->on)
        return;
    switch (d->format) {
#ifdef GD_KMODZ_XZ
    case KMODZ_XZ:
        lzma_end(&d->xz);
        break;
#endif
#ifdef GD_KMODZ_ZSTD
    case KMODZ_ZSTD:
        ZSTD_freeDStream(d->zs);
        break;
#endif
#ifdef GD_KMODZ_GZIP
    case KMODZ_GZIP:
        inflateEnd(&d->gz);
        break;
#endif
    default:
        break;
    }
    d->on = 0;
}

/*
 * One step: consume from in[0..*avail) (advancing *used), write at most
 * cap bytes to out (*got).  last: no input follows what is given.  1 the
 * stream ended (nothing more will come), 0 go on, -1 err.
 */
static int dec_step(struct dec *d, const uint8_t *in, size_t avail, int last, size_t *used, uint8_t *out,
                    size_t cap, size_t *got, struct gd_err *err)
{
    *used = 0;
    *got = 0;
    switch (d->format) {
#ifdef GD_KMODZ_XZ
    case KMODZ_XZ: {
        lzma_ret r;
        d->xz.next_in = in;
        d->xz.avail_in = avail;
        d->xz.next_out = out;
        d->xz.avail_out = cap;
        r = lzma_code(&d->xz, last ? LZMA_FINISH : LZMA_RUN);
        *used = avail - d->xz.avail_in;
        *got = cap - d->xz.avail_out;
        if (r == LZMA_STREAM_END)
            return 1;
        if (r == LZMA_OK)
            return 0;
        if (r == LZMA_MEMLIMIT_ERROR) {
            err_setx(err, GD_ERR_LIMIT, "xz stream needs more than %llu MiB to decompress",
                     (unsigned long long)(KMODZ_XZ_MEMLIMIT >> 20));
            return -1;
        }
        err_setx(err, GD_ERR_FORMAT, "%s",
                 r == LZMA_BUF_ERROR ? "truncated xz stream"
                 : r == LZMA_FORMAT_ERROR ? "not an xz stream"
                 : r == LZMA_OPTIONS_ERROR ? "xz stream with unsupported options"
                 : r == LZMA_DATA_ERROR ? "corrupt xz stream"
                 : r == LZMA_MEM_ERROR ? "liblzma: out of memory" : "xz decoder error");
        return -1;
    }
#endif
#ifdef GD_KMODZ_ZSTD
    case KMODZ_ZSTD: {
        ZSTD_inBuffer ib = { in, avail, 0 };
        ZSTD_outBuffer ob = { out, cap, 0 };
        size_t r;
        if (!avail && last && d->frame_done)
            return 1;
        r = ZSTD_decompressStream(d->zs, &ob, &ib);
        *used = ib.pos;
        *got = ob.pos;
        if (ZSTD_isError(r)) {
            err_setx(err, ZSTD_getErrorCode(r) == ZSTD_error_frameParameter_windowTooLarge ? GD_ERR_LIMIT : GD_ERR_FORMAT,
                     "zstd: %s", ZSTD_getErrorName(r));
            return -1;
        }
        /* r == 0: a frame ended (the next one, if any, starts afresh). */
        d->frame_done = r == 0;
        if (last && ib.pos == ib.size && !ob.pos) {
            if (d->frame_done)
                return 1;
            err_setx(err, GD_ERR_FORMAT, "truncated zstd frame");
            return -1;
        }
        return 0;
    }
#endif
#ifdef GD_KMODZ_GZIP
    case KMODZ_GZIP: {
        int r;
        if (d->member_done) {
            /* Another member follows when its magic does; anything else is
             * ignored, as zlib's gzread ignores trailing garbage. */
            if (avail < 2 && !last)
                return 0;
            if (avail < 2 || in[0] != 0x1f || in[1] != 0x8b)
                return 1;
            if (inflateReset(&d->gz) != Z_OK) {
                err_setx(err, GD_ERR_FORMAT, "zlib: cannot reset");
                return -1;
            }
            d->member_done = 0;
        }
        d->gz.next_in = (unsigned char *)(uintptr_t)in;
        d->gz.avail_in = (unsigned)avail;
        d->gz.next_out = out;
        d->gz.avail_out = (unsigned)cap;
        r = inflate(&d->gz, Z_NO_FLUSH);
        *used = avail - d->gz.avail_in;
        *got = cap - d->gz.avail_out;
        if (r == Z_STREAM_END) {
            d->member_done = 1;
            return 0;
        }
        if (r == Z_OK)
            return 0;
        if (r == Z_BUF_ERROR && !(last && avail == *used && !*got))
            return 0;
        err_setx(err, GD_ERR_FORMAT, "%s", r == Z_BUF_ERROR ? "truncated gzip stream"
                                           : d->gz.msg ? d->gz.msg : "corrupt gzip stream");
        return -1;
    }
#endif
    default:
        (void)in;
        (void)avail;
        (void)last;
        (void)out;
        (void)cap;
        err_setx(err, GD_ERR_UNSUPPORTED, "no decoder");
        return -1;
    }
}

/* ---- a pass over the whole stream ---------------------------------------- */

/* Each piece of output at its offset; 1 stops the pass (enough seen). */
typedef int (*sink_fn)(struct kmodz *z, void *ctx, uint64_t pos, const uint8_t *p, size_t n);

static int run_pass(struct kmodz *z, sink_fn sink, void *ctx, uint64_t *total, struct gd_err *err)
{
    struct dec d;
    uint8_t *inbuf, *out;
    uint64_t inoff = 0, pos = 0;
    size_t have = 0, start = 0;
    int rc = -1, end = 0;
    unsigned stuck = 0;

    if (dec_init(&d, z->format, err) < 0)
        return -1;
    inbuf = xmalloc(KMODZ_INBUF);
    out = xmalloc(OUTBUF);
    z->passes++;
    while (!end) {
        size_t used, got;
        int last, r;
        /* Refill: what is left moves to the front, then more is read. */
        if (start == have || (have - start < 16 && inoff < z->in->size)) {
            size_t left = have - start, want;
            memmove(inbuf, inbuf + start, left);
            start = 0;
            have = left;
            want = KMODZ_INBUF - left;
            if (want > z->in->size - inoff)
                want = (size_t)(z->in->size - inoff);
            if (want) {
                if (bytesrc_read(z->in, inoff, inbuf + have, want, err) < 0)
                    goto out;
                inoff += want;
                have += want;
            }
        }
        last = inoff == z->in->size;
        r = dec_step(&d, inbuf + start, have - start, last, &used, out, OUTBUF, &got, err);
        if (r < 0)
            goto out;
        start += used;
        if (got) {
            if (pos + got > z->max_out) {
                err_setx(err, GD_ERR_LIMIT, "decompresses to more than %llu bytes",
                         (unsigned long long)z->max_out);
                goto out;
            }
            if (sink(z, ctx, pos, out, got)) {
                pos += got;
                rc = 0;
                goto out;
            }
            pos += got;
        }
        if (r == 1)
            end = 1;
        else if (!used && !got && last && start == have) {
            /* No progress and nothing more to give: the decoder wants input
             * that is not there (zlib mid-member, say). */
            err_setx(err, GD_ERR_FORMAT, "truncated %s stream", kmodz_format_name(z->format));
            goto out;
        } else if (!used && !got && (start < have || last) && ++stuck > 2) {
            /* Input there (or none to come) and still nothing: never loop. */
            err_setx(err, GD_ERR_FORMAT, "%s decoder makes no progress", kmodz_format_name(z->format));
            goto out;
        } else if (used || got) {
            stuck = 0;
        }
    }
    rc = 0;
out:
    *total = pos;
    dec_end(&d);
    free(inbuf);
    free(out);
    return rc;
}

/* The first pass: the head, the tail ring, the size. */
static int first_sink(struct kmodz *z, void *ctx, uint64_t pos, const uint8_t *p, size_t n)
{
    (void)ctx;
    if (pos < KMODZ_HEAD) {
        size_t k = KMODZ_HEAD - (size_t)pos < n ? KMODZ_HEAD - (size_t)pos : n;
        memcpy(z->head + pos, p, k);
        z->head_len = (size_t)pos + k;
    }
    /* Only the last KMODZ_TAIL bytes of this piece can matter. */
    if (n > KMODZ_TAIL) {
        pos += n - KMODZ_TAIL;
        p += n - KMODZ_TAIL;
        n = KMODZ_TAIL;
    }
    while (n) {
        size_t at = (size_t)(pos % KMODZ_TAIL), k = KMODZ_TAIL - at < n ? KMODZ_TAIL - at : n;
        memcpy(z->tail + at, p, k);
        pos += k;
        p += k;
        n -= k;
    }
    return 0;
}

struct want {
    struct kmodz_win *w;
};

static int window_sink(struct kmodz *z, void *ctx, uint64_t pos, const uint8_t *p, size_t n)
{
    struct kmodz_win *w = ((struct want *)ctx)->w;
    uint64_t lo = pos > w->off ? pos : w->off, hi = pos + n < w->off + w->len ? pos + n : w->off + w->len;
    (void)z;
    if (lo < hi)
        memcpy(w->buf + (lo - w->off), p + (lo - pos), (size_t)(hi - lo));
    return pos + n >= w->off + w->len;
}

void kmodz_release(struct kmodz *z)
{
    unsigned i;
    free(z->head);
    free(z->tail);
    for (i = 0; i < KMODZ_WINDOWS; i++)
        free(z->win[i].buf);
    memset(z, 0, sizeof(*z));
}

int kmodz_open(struct kmodz *z, const struct bytesrc *in, int format, uint64_t max_out, struct gd_err *err)
{
    uint64_t total = 0;
    memset(z, 0, sizeof(*z));
    z->in = in;
    z->max_out = max_out && max_out < KMODZ_MAX_OUT ? max_out : KMODZ_MAX_OUT;
    z->format = (enum kmodz_format)format;
    if (!kmodz_supported(format)) {
        struct dec d;
        return dec_init(&d, format, err);   /* says which library is missing */
    }
    if (in->size > KMODZ_MAX_IN) {
        err_setx(err, GD_ERR_LIMIT, "compressed module of %llu bytes (at most %llu MiB read)",
                 (unsigned long long)in->size, (unsigned long long)(KMODZ_MAX_IN >> 20));
        return -1;
    }
    z->head = xmalloc(KMODZ_HEAD);
    z->tail = xmalloc(KMODZ_TAIL);
    if (run_pass(z, first_sink, NULL, &total, err) < 0) {
        kmodz_release(z);
        return -1;
    }
    z->size = total;
    z->tail_len = total < KMODZ_TAIL ? (size_t)total : KMODZ_TAIL;
    if (total > KMODZ_TAIL && total % KMODZ_TAIL) {
        /* The ring into file order: its oldest byte is at total % TAIL. */
        uint8_t *lin = xmalloc(KMODZ_TAIL);
        size_t at = (size_t)(total % KMODZ_TAIL);
        memcpy(lin, z->tail + at, KMODZ_TAIL - at);
        memcpy(lin + (KMODZ_TAIL - at), z->tail, at);
        free(z->tail);
        z->tail = lin;
    }
    return 0;
}

static int inside(uint64_t off, size_t len, uint64_t lo, size_t n)
{
    return off >= lo && len <= n && off - lo <= n - len;
}

int kmodz_read(struct kmodz *z, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    struct kmodz_win *w;
    struct want want;
    uint64_t total;
    unsigned i;
    int r;

    if (off > z->size || len > z->size - off) {
        err_setx(err, GD_ERR_FORMAT, "read of %zu bytes at %llu past the end (%llu bytes decompressed)", len,
                 (unsigned long long)off, (unsigned long long)z->size);
        return -1;
    }
    if (!len)
        return 0;
    if (inside(off, len, 0, z->head_len)) {
        memcpy(buf, z->head + off, len);
        return 0;
    }
    if (inside(off, len, z->size - z->tail_len, z->tail_len)) {
        memcpy(buf, z->tail + (off - (z->size - z->tail_len)), len);
        return 0;
    }
    for (i = 0; i < KMODZ_WINDOWS; i++) {
        if (z->win[i].len && inside(off, len, z->win[i].off, z->win[i].len)) {
            memcpy(buf, z->win[i].buf + (off - z->win[i].off), len);
            return 0;
        }
    }
    /* One more pass, up to the end of a window over the read. */
    w = &z->win[z->next_win];
    z->next_win = (z->next_win + 1) % KMODZ_WINDOWS;
    free(w->buf);
    w->off = off;
    w->len = len > KMODZ_WINDOW ? len : KMODZ_WINDOW;
    if (w->len > z->size - off)
        w->len = (size_t)(z->size - off);
    w->buf = xmalloc(w->len);
    want.w = w;
    r = run_pass(z, window_sink, &want, &total, err);
    if (r < 0 || total < off + len) {
        if (r == 0)
            err_setx(err, GD_ERR_FORMAT, "the stream ended at %llu bytes this time", (unsigned long long)total);
        free(w->buf);
        w->buf = NULL;
        w->len = 0;
        return -1;
    }
    memcpy(buf, w->buf, len);
    return 0;
}
