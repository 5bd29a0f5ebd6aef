/* test_kmodinfo.c - a kernel module's .modinfo and signature trailer: a
 * minimal ELF64 relocatable built here (null, .modinfo, .shstrtab, as a
 * linker lays out a module), the trailer include/linux/module_signature.h
 * defines, compressed magics, every truncation, hostile counts; and, when
 * GD_KMODINFO_ORACLE names a file of "path<TAB>name<TAB>vermagic<TAB>
 * version<TAB>signed[<TAB>compression]" lines (kmod's modinfo on Debian's own modules, made by
 * tests/cli/8510-realpkg-kernel-modules.sh), agreement with kmod. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "scan/kmodinfo.h"
#include "util/fs.h"

static const char modinfo[] = "license=NVIDIA\0\0\0version=550.163.01\0name=nvidia\0"
                              "vermagic=6.1.0-40-amd64 SMP preempt mod_unload modversions \0srcversion=ABC\0";
static const char shstr[] = "\0.modinfo\0.shstrtab\0";


/* ELF header, .modinfo at 64, .shstrtab after it, section headers last. */
static size_t build(uint8_t *b, size_t cap, uint16_t type, int sign)
{
    size_t mi = 64, ms = sizeof(modinfo), so = mi + ms, ss = sizeof(shstr), sh = (so + ss + 7) & ~(size_t)7;
    size_t n = sh + 3 * 64;
    memset(b, 0, cap);
    memcpy(b, "\177ELF", 4);
    b[4] = 2;   /* ELFCLASS64 */
    b[5] = 1;   /* little-endian */
    b[6] = 1;
    harness_le16(b + 16, type);
    harness_le16(b + 18, 62);
    harness_le32(b + 20, 1);
    harness_le64(b + 40, sh);
    harness_le16(b + 52, 64);
    harness_le16(b + 58, 64);
    harness_le16(b + 60, 3);
    harness_le16(b + 62, 2);
    memcpy(b + mi, modinfo, ms);
    memcpy(b + so, shstr, ss);
    /* section 1: .modinfo (name offset 1), section 2: .shstrtab (10) */
    harness_le32(b + sh + 64, 1);
    harness_le32(b + sh + 64 + 4, 1);
    harness_le64(b + sh + 64 + 24, mi);
    harness_le64(b + sh + 64 + 32, ms);
    harness_le32(b + sh + 128, 10);
    harness_le32(b + sh + 128 + 4, 3);
    harness_le64(b + sh + 128 + 24, so);
    harness_le64(b + sh + 128 + 32, ss);
    if (sign) {
        static const uint8_t ms_[12] = { 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0x02, 0xa9 };
        memset(b + n, 0x5a, 16);
        n += 16;
        memcpy(b + n, ms_, 12);
        n += 12;
        memcpy(b + n, "~Module signature appended~\n", 28);
        n += 28;
    }
    return n;
}

static int parse(const uint8_t *b, size_t n, struct arena *a, struct kmodinfo *m, struct gd_err *err)
{
    struct bytesrc s;
    bytesrc_mem(&s, b, n);
    memset(m, 0, sizeof(*m));
    err_init(err);
    return kmodinfo_parse(&s, a, m, err);
}

static void test_fields(void)
{
    static uint8_t b[1024];
    struct arena a;
    struct kmodinfo m;
    struct gd_err err;
    size_t n = build(b, sizeof(b), 1, 0);

    arena_init(&a);
    CHECK_INT(parse(b, n, &a, &m, &err), 0);
    CHECK_STR(m.name, "nvidia");
    CHECK_STR(m.version, "550.163.01");
    CHECK_STR(m.license, "NVIDIA");
    CHECK_STR(m.srcversion, "ABC");
    CHECK_STR(m.vermagic, "6.1.0-40-amd64 SMP preempt mod_unload modversions ");
    CHECK_STR(kmodinfo_vermagic_release(&a, m.vermagic), "6.1.0-40-amd64");
    CHECK(kmodinfo_vermagic_release(&a, NULL) == NULL);
    CHECK(m.compression == NULL);
    CHECK_INT(m.is_signed, 0);
    arena_release(&a);
}

static void test_signed(void)
{
    static uint8_t b[1024];
    struct arena a;
    struct kmodinfo m;
    struct gd_err err;
    size_t n = build(b, sizeof(b), 1, 1);

    arena_init(&a);
    CHECK_INT(parse(b, n, &a, &m, &err), 0);
    CHECK_INT(m.is_signed, 1);
    CHECK_INT(m.sig_id_type, 2);
    CHECK_INT(m.sig_len, 0x2a9);
    CHECK_STR(m.name, "nvidia");
    arena_release(&a);
}

static void test_compressed(void)
{
    static const struct { const char *magic; size_t n; const char *name; } c[] = {
        { "\xfd" "7zXZ\0\0\0", 8, "xz" }, { "\x28\xb5\x2f\xfd\0\0", 6, "zstd" }, { "\x1f\x8b\x08\0", 4, "gzip" },
    };
    struct arena a;
    struct kmodinfo m;
    struct gd_err err;
    size_t i;

    arena_init(&a);
    /* The magic alone: named, then the stream is found broken (the streams
     * themselves: test_kmodz.c). */
    for (i = 0; i < 3; i++) {
        CHECK_INT(parse((const uint8_t *)c[i].magic, c[i].n, &a, &m, &err), -1);
        CHECK_STR(m.compression, c[i].name);
        CHECK_INT(m.is_signed, -1);
        CHECK(m.name == NULL);
    }
    arena_release(&a);
}

static void test_refused(void)
{
    static uint8_t b[1024];
    struct arena a;
    struct kmodinfo m;
    struct gd_err err;
    size_t n, i;

    arena_init(&a);
    /* An executable is not a module. */
    n = build(b, sizeof(b), 2, 0);
    CHECK_INT(parse(b, n, &a, &m, &err), -1);
    CHECK(strstr(err.msg, "relocatable") != NULL);
    /* Every truncation fails cleanly (or still parses: the trailer is optional). */
    n = build(b, sizeof(b), 1, 1);
    for (i = 0; i < n; i++)
        (void)parse(b, i, &a, &m, &err);
    CHECK_INT(parse(b, 10, &a, &m, &err), -1);
    /* A section count past the limit. */
    n = build(b, sizeof(b), 1, 0);
    harness_le16(b + 60, 0);
    harness_le64(b + ((64 + sizeof(modinfo) + sizeof(shstr) + 7) & ~(size_t)7) + 32, 0xffffffffu);
    CHECK_INT(parse(b, n, &a, &m, &err), -1);
    /* No .modinfo. */
    n = build(b, sizeof(b), 1, 0);
    memcpy(b + 64 + sizeof(modinfo) + 1, ".xodinfo", 8);
    CHECK_INT(parse(b, n, &a, &m, &err), -1);
    CHECK(strstr(err.msg, ".modinfo") != NULL);
    arena_release(&a);
}

/* kmod's modinfo on real modules, when the real-package case provides it. */
static void test_real_modules(void)
{
    const char *list = getenv("GD_KMODINFO_ORACLE");
    FILE *fp = fopen(list, "r");
    char line[4096];
    struct fs fs;
    struct gd_err err;
    size_t n = 0;

    CHECK(fp != NULL);
    if (!fp)
        return;
    err_init(&err);
    CHECK_INT(fs_init(&fs, "/", &err), 0);
    while (fgets(line, sizeof(line), fp)) {
        char *f[6], *p = line;
        struct arena a;
        struct kmodinfo m;
        int k;
        line[strcspn(line, "\n")] = '\0';
        /* An optional sixth column: the compression modinfo's file was in. */
        f[5] = NULL;
        for (k = 0; k < 6 && p; k++) {
            f[k] = p;
            p = strchr(p, '\t');
            if (p)
                *p++ = '\0';
        }
        if (k < 5)
            continue;
        arena_init(&a);
        memset(&m, 0, sizeof(m));
        CHECK_INT(kmodinfo_read(&fs, f[0], &a, &m, &err), 1);
        CHECK_STR(m.name, *f[1] ? f[1] : NULL);
        CHECK_STR(m.vermagic, *f[2] ? f[2] : NULL);
        CHECK_STR(m.version, *f[3] ? f[3] : NULL);
        CHECK_INT(m.is_signed, strtol(f[4], NULL, 10));
        if (f[5])
            CHECK_STR(m.compression, *f[5] ? f[5] : NULL);
        /* modinfo's sig_id "PKCS#7" is module_signature.id_type 2
         * (libkmod-signature.c's pkey_id_type). */
        if (m.is_signed == 1)
            CHECK_INT(m.sig_id_type, 2);
        if (harness_failed_now)
            printf("  for %s\n", f[0]);
        arena_release(&a);
        n++;
    }
    fclose(fp);
    fs_release(&fs);
    printf("  %zu modules compared with kmod's modinfo\n", n);
    CHECK(n > 0);
}

int main(void)
{
    RUN(test_fields);
    RUN(test_signed);
    RUN(test_compressed);
    RUN(test_refused);
    if (getenv("GD_KMODINFO_ORACLE"))
        RUN(test_real_modules);
    return harness_done();
}
