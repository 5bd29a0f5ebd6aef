/* test_kmodz.c - compressed kernel modules read through scan/kmodz.h and
 * scan/kmodinfo.h: xz (one and several streams, stream padding), zstd
 * (frames with and without a content size, a skippable frame), gzip
 * (several members, trailing garbage), the second pass for a .modinfo
 * outside the head and tail, and truncated or corrupt streams.  The inputs
 * are made with the same libraries' encoders; the real tools' output on
 * Debian's own modules is compared with kmod's modinfo by
 * tests/cli/8514-realpkg-compressed-modules.sh. */
#include <lzma.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "harness.h"
#include "scan/kmodinfo.h"
#include "scan/kmodz.h"

static const char modinfo[] = "license=NVIDIA\0version=550.163.01\0name=nvidia\0"
                              "vermagic=6.12.38+deb13-amd64 SMP preempt mod_unload modversions \0";
static const char shstr[] = "\0.modinfo\0.shstrtab\0.text\0";


/* ELF header, a .text of gap bytes, .modinfo, a hole of after bytes (in no
 * section), .shstrtab, section headers (null, .text, .modinfo, .shstrtab),
 * then a signature when sign.  *n: its size; the buffer is malloc'd. */
static uint8_t *module_at(size_t gap, size_t after, int sign, size_t *n)
{
    size_t mi = 64 + gap, so = mi + sizeof(modinfo) + after, sh = (so + sizeof(shstr) + 7) & ~(size_t)7;
    size_t len = sh + 4 * 64 + (sign ? 56 : 0), i;
    uint8_t *b = calloc(1, len);
    memcpy(b, "\177ELF", 4);
    b[4] = 2;
    b[5] = 1;
    b[6] = 1;
    harness_le16(b + 16, 1);
    harness_le16(b + 18, 62);
    harness_le32(b + 20, 1);
    harness_le64(b + 40, sh);
    harness_le16(b + 52, 64);
    harness_le16(b + 58, 64);
    harness_le16(b + 60, 4);
    harness_le16(b + 62, 3);
    for (i = 0; i < gap; i++)   /* something that compresses, but not to nothing */
        b[64 + i] = (uint8_t)((i * 2654435761u) >> 13);
    memcpy(b + mi, modinfo, sizeof(modinfo));
    memcpy(b + so, shstr, sizeof(shstr));
    harness_le32(b + sh + 64, 20);
    harness_le64(b + sh + 64 + 24, 64);
    harness_le64(b + sh + 64 + 32, gap);
    harness_le32(b + sh + 128, 1);
    harness_le64(b + sh + 128 + 24, mi);
    harness_le64(b + sh + 128 + 32, sizeof(modinfo));
    harness_le32(b + sh + 192, 10);
    harness_le64(b + sh + 192 + 24, so);
    harness_le64(b + sh + 192 + 32, sizeof(shstr));
    if (sign) {
        static const uint8_t ms[12] = { 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 16 };
        size_t at = sh + 4 * 64;
        memset(b + at, 0x5a, 16);
        memcpy(b + at + 16, ms, 12);
        memcpy(b + at + 28, "~Module signature appended~\n", 28);
    }
    *n = len;
    return b;
}

static uint8_t *module(size_t gap, int sign, size_t *n)
{
    return module_at(gap, 0, sign, n);
}

/* Appends the xz stream of p[0..n) to out at *o. */
static void xz_append(uint8_t *out, size_t cap, size_t *o, const uint8_t *p, size_t n)
{
    CHECK_INT(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC32, NULL, p, n, out, o, cap), LZMA_OK);
}

static void gz_append(uint8_t *out, size_t cap, size_t *o, const uint8_t *p, size_t n)
{
    z_stream s;
    memset(&s, 0, sizeof(s));
    CHECK_INT(deflateInit2(&s, 6, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY), Z_OK);
    s.next_in = (unsigned char *)(uintptr_t)p;
    s.avail_in = (unsigned)n;
    s.next_out = out + *o;
    s.avail_out = (unsigned)(cap - *o);
    CHECK_INT(deflate(&s, Z_FINISH), Z_STREAM_END);
    *o = cap - s.avail_out;
    deflateEnd(&s);
}

static void zstd_append(uint8_t *out, size_t cap, size_t *o, const uint8_t *p, size_t n, int content_size)
{
    ZSTD_CCtx *c = ZSTD_createCCtx();
    ZSTD_outBuffer ob = { out + *o, cap - *o, 0 };
    ZSTD_inBuffer ib = { p, n, 0 };
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, content_size);
    /* The streaming API writes no content size unless told it. */
    if (content_size)
        ZSTD_CCtx_setPledgedSrcSize(c, n);
    CHECK_INT((int)ZSTD_compressStream2(c, &ob, &ib, ZSTD_e_end), 0);
    *o += ob.pos;
    ZSTD_freeCCtx(c);
}

static int parse(const uint8_t *b, size_t n, struct arena *a, struct kmodinfo *m, struct gd_err *err)
{
    struct bytesrc s;
    bytesrc_mem(&s, b, n);
    memset(m, 0, sizeof(*m));
    err_init(err);
    return kmodinfo_parse(&s, a, m, err);
}

static void expect_module(const uint8_t *c, size_t cn, const char *fmt, int is_signed)
{
    struct arena a;
    struct kmodinfo m;
    struct gd_err err;
    arena_init(&a);
    CHECK_INT(parse(c, cn, &a, &m, &err), 0);
    CHECK_STR(m.compression, fmt);
    CHECK_STR(m.name, "nvidia");
    CHECK_STR(m.version, "550.163.01");
    CHECK_STR(m.vermagic, "6.12.38+deb13-amd64 SMP preempt mod_unload modversions ");
    CHECK_INT(m.is_signed, is_signed);
    if (is_signed == 1) {
        CHECK_INT(m.sig_id_type, 2);
        CHECK_INT(m.sig_len, 16);
    }
    if (harness_failed_now)
        printf("  %s: %s\n", fmt, err.msg);
    arena_release(&a);
}

/* Every truncation of c (one stream or frame) fails, cleanly. */
static void truncations(const uint8_t *c, size_t cn, size_t step)
{
    struct arena a;
    struct kmodinfo m;
    struct gd_err err;
    size_t i;
    arena_init(&a);
    for (i = 0; i + 1 < cn; i += step) {
        CHECK_INT(parse(c, i, &a, &m, &err), -1);
        if (harness_failed_now) {
            printf("  a prefix of %zu of %zu bytes parsed\n", i, cn);
            break;
        }
    }
    CHECK_INT(parse(c, cn - 1, &a, &m, &err), -1);
    CHECK(strstr(err.msg, "truncated") != NULL || strstr(err.msg, "zstd") != NULL);
    printf("  %s\n", err.msg);
    arena_release(&a);
}

static void test_xz(void)
{
    size_t n, cap, o = 0, half;
    uint8_t *mod = module(1000, 1, &n), *c;
    cap = 2 * n + 4096;
    c = malloc(cap);
    xz_append(c, cap, &o, mod, n);
    expect_module(c, o, "xz", 1);
    truncations(c, o, 7);
    /* Two streams with stream padding between them (xz's --single-stream
     * off: xz -d and kmod read on). */
    o = 0;
    half = n / 2;
    xz_append(c, cap, &o, mod, half);
    memset(c + o, 0, 4);
    o += 4;
    xz_append(c, cap, &o, mod + half, n - half);
    expect_module(c, o, "xz", 1);
    /* A byte flipped inside the payload: the CRC32 or the decoder says so. */
    c[o / 2] ^= 0x40;
    {
        struct arena a;
        struct kmodinfo m;
        struct gd_err err;
        arena_init(&a);
        CHECK_INT(parse(c, o, &a, &m, &err), -1);
        CHECK_STR(m.compression, "xz");
        CHECK_INT(m.is_signed, -1);
        arena_release(&a);
    }
    free(c);
    free(mod);
}

static void test_zstd(void)
{
    size_t n, cap, o = 0;
    uint8_t *mod = module(1000, 0, &n), *c;
    static const uint8_t skippable[12] = { 0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 1, 2, 3, 4 };
    cap = 2 * n + 4096;
    c = malloc(cap);
    zstd_append(c, cap, &o, mod, n, 1);
    CHECK(ZSTD_getFrameContentSize(c, o) == n);
    expect_module(c, o, "zstd", 0);
    truncations(c, o, 5);
    /* No content size, a skippable frame, then the rest in a second frame. */
    o = 0;
    zstd_append(c, cap, &o, mod, 100, 0);
    CHECK(ZSTD_getFrameContentSize(c, o) == ZSTD_CONTENTSIZE_UNKNOWN);
    memcpy(c + o, skippable, sizeof(skippable));
    o += sizeof(skippable);
    zstd_append(c, cap, &o, mod + 100, n - 100, 0);
    expect_module(c, o, "zstd", 0);
    free(c);
    free(mod);
}

static void test_gzip(void)
{
    size_t n, cap, o = 0;
    uint8_t *mod = module(1000, 1, &n), *c;
    cap = 2 * n + 4096;
    c = malloc(cap);
    gz_append(c, cap, &o, mod, n);
    expect_module(c, o, "gzip", 1);
    truncations(c, o, 3);
    /* Two members, then garbage that zlib's gzread ignores. */
    o = 0;
    gz_append(c, cap, &o, mod, 333);
    gz_append(c, cap, &o, mod + 333, n - 333);
    memcpy(c + o, "\0\0garbage", 9);
    o += 9;
    expect_module(c, o, "gzip", 1);
    free(c);
    free(mod);
}

/* A module of several MiB with .modinfo in neither the head nor the tail:
 * exactly one more pass reads it. */
static void test_second_pass(void)
{
    size_t n, cap, o = 0;
    uint8_t *mod = module_at(3u << 20, 1u << 20, 1, &n), *c, buf[64];
    struct bytesrc s;
    struct kmodz z;
    struct gd_err err;
    cap = n + (1u << 20);
    c = malloc(cap);
    xz_append(c, cap, &o, mod, n);
    bytesrc_mem(&s, c, o);
    err_init(&err);
    CHECK_INT(kmodz_open(&z, &s, KMODZ_XZ, 0, &err), 0);
    CHECK(z.size == n);
    CHECK_INT((int)z.passes, 1);
    CHECK_INT(kmodz_read(&z, 0, buf, 64, &err), 0);
    CHECK(!memcmp(buf, mod, 64));
    CHECK_INT(kmodz_read(&z, n - 28, buf, 28, &err), 0);
    CHECK(!memcmp(buf, "~Module signature appended~\n", 28));
    CHECK_INT((int)z.passes, 1);
    CHECK_INT(kmodz_read(&z, 64 + (3u << 20), buf, 16, &err), 0);
    CHECK(!memcmp(buf, "license=NVIDIA", 14));
    CHECK_INT((int)z.passes, 2);
    CHECK_INT(kmodz_read(&z, 64 + (3u << 20) + 15, buf, 8, &err), 0);
    CHECK_INT((int)z.passes, 2);   /* inside the window kept */
    CHECK_INT(kmodz_read(&z, 2u << 20, buf, 64, &err), 0);
    CHECK(!memcmp(buf, mod + (2u << 20), 64));
    CHECK_INT((int)z.passes, 3);
    CHECK_INT(kmodz_read(&z, n - 10, buf, 11, &err), -1);
    CHECK(strstr(err.msg, "past the end") != NULL);
    kmodz_release(&z);
    /* The output's bound: one byte less than the module is refused. */
    CHECK_INT(kmodz_open(&z, &s, KMODZ_XZ, n - 1, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    CHECK(strstr(err.msg, "decompresses to more than") != NULL);
    CHECK_INT(kmodz_open(&z, &s, KMODZ_XZ, n, &err), 0);
    kmodz_release(&z);
    expect_module(c, o, "xz", 1);
    free(c);
    free(mod);
}

static void test_formats(void)
{
    CHECK_INT(kmodz_format_of((const uint8_t *)"\xfd" "7zXZ\0", 6), KMODZ_XZ);
    CHECK_INT(kmodz_format_of((const uint8_t *)"\xfd" "7zXZ", 5), 0);
    CHECK_INT(kmodz_format_of((const uint8_t *)"\x28\xb5\x2f\xfd", 4), KMODZ_ZSTD);
    CHECK_INT(kmodz_format_of((const uint8_t *)"\x1f\x8b", 2), KMODZ_GZIP);
    CHECK_INT(kmodz_format_of((const uint8_t *)"\177ELF", 4), 0);
    CHECK_INT(kmodz_supported(KMODZ_XZ), 1);
    CHECK_INT(kmodz_supported(KMODZ_ZSTD), 1);
    CHECK_INT(kmodz_supported(KMODZ_GZIP), 1);
}

int main(void)
{
    RUN(test_formats);
    RUN(test_xz);
    RUN(test_zstd);
    RUN(test_gzip);
    RUN(test_second_pass);
    return harness_done();
}
