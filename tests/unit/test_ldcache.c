/* test_ldcache.c - the three cache layouts built by hand, ld.so's lookup
 * rules (descending libcmp order, flags, hwcaps priority), and truncation.
 * The oracle comparison with `ldconfig -p` is tests/cli/1001-loader-cache-*. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "loader/ldcache.h"

struct ent { int32_t flags; const char *key, *value; uint64_t hwcap; };

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* A new-format table at base (offsets relative to base) with optional
 * hwcaps extension naming subdirs.  Returns the bytes used. */
static size_t build_new(uint8_t *buf, size_t base, const struct ent *e, size_t n,
                        const char *const *subdirs, size_t nsub)
{
    uint8_t *h = buf + base;
    size_t strings = 48 + n * 24, s = strings, i, ext;
    uint32_t suboff[8];
    memset(h, 0, 48);
    memcpy(h, "glibc-ld.so.cache1.1", 20);
    put32(h + 20, (uint32_t)n);
    h[28] = 2;   /* little endian */
    for (i = 0; i < nsub; i++) {
        suboff[i] = (uint32_t)s;
        memcpy(h + s, subdirs[i], strlen(subdirs[i]) + 1);
        s += strlen(subdirs[i]) + 1;
    }
    for (i = 0; i < n; i++) {
        uint8_t *en = h + 48 + i * 24;
        memset(en, 0, 24);
        put32(en, (uint32_t)e[i].flags);
        put32(en + 4, (uint32_t)s);
        memcpy(h + s, e[i].key, strlen(e[i].key) + 1);
        s += strlen(e[i].key) + 1;
        put32(en + 8, (uint32_t)s);
        memcpy(h + s, e[i].value, strlen(e[i].value) + 1);
        s += strlen(e[i].value) + 1;
        put64(en + 16, e[i].hwcap);
    }
    put32(h + 24, (uint32_t)(s - strings));
    ext = (s + 3) & ~(size_t)3;
    if (nsub) {
        static const char gen[] = "ldconfig (test) release version 2.36";
        size_t arr = ext + 8 + 2 * 16, g = arr + 4 * nsub;
        put32(h + 32, (uint32_t)ext);
        put32(h + ext, 0xEAA42174u);
        put32(h + ext + 4, 2);
        put32(h + ext + 8, 0); put32(h + ext + 12, 0); put32(h + ext + 16, (uint32_t)(base + g)); put32(h + ext + 20, sizeof(gen) - 1);
        put32(h + ext + 24, 1); put32(h + ext + 28, 0); put32(h + ext + 32, (uint32_t)(base + arr)); put32(h + ext + 36, (uint32_t)(4 * nsub));
        for (i = 0; i < nsub; i++)
            put32(h + arr + 4 * i, suboff[i]);
        memcpy(h + g, gen, sizeof(gen) - 1);
        return base + g + sizeof(gen) - 1;
    }
    return base + s;
}

static const struct ent sample[] = {
    { 0x0303, "libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1", 0 },
    { 0x0303, "libfoo.so.2", "/usr/lib/x86_64-linux-gnu/glibc-hwcaps/x86-64-v3/libfoo.so.2", (1ull << 62) | 0 },
    { 0x0303, "libfoo.so.2", "/usr/lib/x86_64-linux-gnu/libfoo.so.2", 0 },
    { 0x0003, "libfoo.so.2", "/usr/lib/i386-linux-gnu/libfoo.so.2", 0 },
    { 0x0303, "libc.so.6", "/lib/x86_64-linux-gnu/libc.so.6", 0 },
};

static void test_new_format(void)
{
    static uint8_t buf[8192];
    const char *subs[] = { "x86-64-v3" };
    const char *v3[] = { "x86-64-v3", "x86-64-v2" }, *v2[] = { "x86-64-v2" };
    struct ldcache c;
    struct gd_err err;
    size_t len = build_new(buf, 0, sample, 5, subs, 1);
    long i;

    CHECK_INT(ldcache_parse(buf, len, &c, &err), 0);
    CHECK_INT(c.format, LDCACHE_NEW);
    CHECK_INT(c.nr, 5);
    CHECK_STR(c.entries[0].key, "libz.so.1");
    CHECK_STR(c.entries[1].hwcaps_subdir, "x86-64-v3");
    CHECK_STR(c.generator, "ldconfig (test) release version 2.36");
    i = ldcache_lookup(&c, "libfoo.so.2", 0x0303, v3, 2);
    CHECK_INT(i, 1);
    i = ldcache_lookup(&c, "libfoo.so.2", 0x0303, v2, 1);
    CHECK_INT(i, 2);
    i = ldcache_lookup(&c, "libfoo.so.2", 0x0003, NULL, 0);
    CHECK_INT(i, 3);
    CHECK_INT(ldcache_lookup(&c, "libz.so.1", 0x0303, NULL, 0), 0);
    CHECK_INT(ldcache_lookup(&c, "libc.so.6", 0x0303, NULL, 0), 4);
    CHECK_INT(ldcache_lookup(&c, "libnone.so", 0x0303, NULL, 0), -1);
    CHECK_INT(ldcache_lookup(&c, "libc.so.6", 0x0a03, NULL, 0), -1);
    ldcache_release(&c);
}

static void test_describe(void)
{
    struct ldcache_entry e;
    struct strbuf sb = STRBUF_INIT;
    memset(&e, 0, sizeof(e));
    e.flags = 0x0303;
    ldcache_describe(&e, &sb);
    CHECK_STR(sb.buf, "libc6,x86-64");
    e.flags = 0x0003;
    ldcache_describe(&e, &sb);
    CHECK_STR(sb.buf, "libc6");
    e.flags = 0x0a03;
    e.hwcaps_subdir = "x86-64-v3";
    ldcache_describe(&e, &sb);
    CHECK_STR(sb.buf, "libc6,AArch64, hwcap: \"x86-64-v3\"");
    strbuf_release(&sb);
}

static void test_old_and_compat(void)
{
    static uint8_t buf[8192];
    struct ldcache c;
    size_t nlibs = 2, end = 16 + 12 * nlibs, s = 0, len;
    uint8_t *strs = buf + end;
    memset(buf, 0, sizeof(buf));
    memcpy(buf, "ld.so-1.7.0", 11);
    put32(buf + 12, (uint32_t)nlibs);
    put32(buf + 16, 0x0303); put32(buf + 20, 0); put32(buf + 24, 10);
    memcpy(strs, "libb.so.1", 10); memcpy(strs + 10, "/x/libb.so.1", 13); s = 23;
    put32(buf + 28, 0x0303); put32(buf + 32, (uint32_t)s); put32(buf + 36, (uint32_t)s + 10);
    memcpy(strs + s, "liba.so.1", 10); memcpy(strs + s + 10, "/x/liba.so.1", 13); s += 23;
    len = end + s;
    CHECK_INT(ldcache_parse(buf, len, &c, NULL), 0);
    CHECK_INT(c.format, LDCACHE_OLD);
    CHECK_INT(c.nr, 2);
    CHECK_STR(c.entries[1].value, "/x/liba.so.1");
    ldcache_release(&c);

    /* compat: the same old table, then a new table right after it */
    len = build_new(buf, (end + 7) & ~(size_t)7, sample, 5, NULL, 0);
    CHECK_INT(ldcache_parse(buf, len, &c, NULL), 0);
    CHECK_INT(c.format, LDCACHE_COMPAT);
    CHECK_INT(c.nr, 5);
    CHECK_STR(c.entries[4].value, "/lib/x86_64-linux-gnu/libc.so.6");
    ldcache_release(&c);
}

static void test_bad_inputs(void)
{
    static uint8_t buf[8192];
    struct ldcache c;
    struct gd_err err;
    size_t len = build_new(buf, 0, sample, 5, NULL, 0), n;

    CHECK_INT(ldcache_parse((const uint8_t *)"hello", 5, &c, &err), -1);
    buf[28] = 3;   /* big endian on a little-endian host */
    CHECK_INT(ldcache_parse(buf, len, &c, &err), -1);
    buf[28] = 2;
    put32(buf + 20, 100000);   /* more entries than the file */
    CHECK_INT(ldcache_parse(buf, len, &c, &err), -1);
    put32(buf + 20, 5);
    put32(buf + 48 + 4, 999999);   /* key outside */
    CHECK_INT(ldcache_parse(buf, len, &c, &err), 0);
    CHECK_INT(c.nr, 4);
    CHECK_INT(c.n_bad, 1);
    ldcache_release(&c);
    for (n = 0; n <= len; n++) {
        uint8_t *copy = malloc(n ? n : 1);
        memcpy(copy, buf, n);
        if (ldcache_parse(copy, n, &c, NULL) == 0)
            ldcache_release(&c);
        free(copy);
    }
}

static void test_libcmp(void)
{
    CHECK(ldcache_libcmp("libz.so.10", "libz.so.9") > 0);
    CHECK(ldcache_libcmp("libz3.so", "libz.so") > 0);    /* digits after letters */
    CHECK(ldcache_libcmp("libfoo.so", "libfoo.so") == 0);
    CHECK(ldcache_libcmp("liba.so", "libb.so") < 0);
    CHECK(ldcache_libcmp("libx.so.1", "libx.so") > 0);
    CHECK(ldcache_flags_ok(0x0003, 1));
    CHECK(!ldcache_flags_ok(0x0303, 0x0003));
    CHECK_INT(ldcache_id_for(2, 62), 0x0303);
    CHECK_INT(ldcache_id_for(1, 3), 0x0003);
}

int main(void)
{
    RUN(test_new_format);
    RUN(test_describe);
    RUN(test_old_and_compat);
    RUN(test_bad_inputs);
    RUN(test_libcmp);
    return harness_done();
}
