/*
 * test_macho.c - the Mach-O reader on real Mach-O files linked at test time
 * by clang and lld's Mach-O port (tests/helpers/mkmacho.sh: arm64, arm64e
 * and x86_64 dylibs, bundles and executables, thin and fat with both fat
 * headers), on hand-built images (big-endian, hostile sizes and offsets),
 * and on every truncation of a real file.  The same files read through
 * util/fs (macho_read) give the same answer.
 *
 * The linked part is skipped with a "SKIP" line when clang or ld64.lld is
 * absent, and fails when CI=true (tools/install-deps.sh --test installs
 * lld).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "loader/macho.h"
#include "util/alloc.h"
#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

static int have_tools = -1;
static char helper[1024];

static int tools(void)
{
    if (have_tools < 0) {
        const char *t = getenv("GD_TESTS");
        char cmd[1200];
        snprintf(helper, sizeof(helper), "%s/helpers/mkmacho.sh", t ? t : "tests");
        snprintf(cmd, sizeof(cmd), "sh '%s' check", helper);
        have_tools = system(cmd) == 0;
        if (have_tools)
            have_tools = system("rm -rf macho.d && mkdir macho.d") == 0;
    }
    if (!have_tools) {
        const char *ci = getenv("CI");
        if (ci && !strcmp(ci, "true")) {
            printf("  clang or ld64.lld missing and CI=true\n");
            harness_failed_now = 1;
        } else {
            printf("SKIP linked Mach-O files: clang or ld64.lld (Debian: lld) not installed\n");
        }
    }
    return have_tools;
}

/* mkmacho.sh ARGS, run in macho.d. */
static int mk(const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof(cmd), "cd macho.d && sh '%s' %s", helper, args);
    if (system(cmd) != 0) {
        printf("  mkmacho.sh %s failed\n", args);
        harness_failed_now = 1;
        return -1;
    }
    return 0;
}

static int has_dylib(const struct macho_slice *sl, const char *name, enum macho_dylib_kind kind)
{
    size_t i;
    for (i = 0; i < sl->n_dylibs; i++)
        if (!strcmp(sl->dylibs[i].name, name) && sl->dylibs[i].kind == kind)
            return 1;
    return 0;
}

static int parse_file(const char *path, struct arena *a, struct macho_info *mi)
{
    size_t len;
    unsigned char *buf = harness_slurp(path, &len);
    struct gd_err e;
    int r;
    err_init(&e);
    if (!buf) {
        printf("  cannot read %s\n", path);
        return -1;
    }
    r = macho_parse(buf, len, a, mi, &e);
    if (r < 0)
        printf("  %s: %s\n", path, e.msg);
    free(buf);
    return r;
}

static void test_thin_dylib(void)
{
    struct arena a;
    struct macho_info mi;
    const struct macho_slice *sl;
    char v[32];
    if (!tools())
        return;
    if (mk("dylib arm64 12.3 libdep.dylib -install_name @rpath/libdep.dylib") < 0 ||
        mk("dylib arm64 11.0 libw.dylib -install_name /opt/w/libw.dylib") < 0 ||
        mk("dylib arm64 12.3 libre.dylib -install_name @loader_path/libre.dylib") < 0 ||
        mk("dylib arm64 12.3 libtorch.dylib -install_name @rpath/libtorch.dylib"
           " -rpath @loader_path/../lib -rpath /opt/x -dep libdep.dylib -weak libw.dylib"
           " -reexport libre.dylib") < 0)
        return;
    arena_init(&a);
    CHECK_INT(parse_file("macho.d/libtorch.dylib", &a, &mi), 0);
    CHECK_INT(mi.fat, 0);
    CHECK_INT(mi.n_slices, 1);
    if (mi.n_slices == 1) {
        sl = &mi.slices[0];
        CHECK_INT(sl->cputype, MACHO_CPU_ARM64);
        CHECK_STR(macho_arch_name(sl->cputype, sl->cpusubtype), "arm64");
        CHECK_INT(sl->filetype, MACHO_FILE_DYLIB);
        CHECK_INT(sl->is64, 1);
        CHECK_INT(sl->platform, MACHO_PLATFORM_MACOS);
        CHECK_INT(sl->minos, 0x000c0300);
        CHECK_INT(sl->sdk, 0x000d0000);
        CHECK_INT(macho_version_str(sl->minos, v, sizeof(v)), 0);
        CHECK_STR(v, "12.3");
        CHECK_STR(sl->install_name, "@rpath/libtorch.dylib");
        CHECK_INT(sl->n_rpaths, 2);
        if (sl->n_rpaths == 2) {
            CHECK_STR(sl->rpaths[0], "@loader_path/../lib");
            CHECK_STR(sl->rpaths[1], "/opt/x");
        }
        /* lld writes LC_LOAD_DYLIB and LC_REEXPORT_DYLIB for a
         * -reexport_library (llvm-objdump --macho shows both) */
        CHECK_INT(sl->n_dylibs, 5);
        CHECK(has_dylib(sl, "/usr/lib/libSystem.B.dylib", MACHO_DYLIB_LOAD));
        CHECK(has_dylib(sl, "@rpath/libdep.dylib", MACHO_DYLIB_LOAD));
        CHECK(has_dylib(sl, "/opt/w/libw.dylib", MACHO_DYLIB_WEAK));
        CHECK(has_dylib(sl, "@loader_path/libre.dylib", MACHO_DYLIB_REEXPORT));
        CHECK(sl->warning == NULL);
        CHECK_INT(macho_min_macos(&mi, MACHO_CPU_ARM64), 0x000c0300);
        CHECK_INT(macho_min_macos(&mi, MACHO_CPU_X86_64), 0);
        CHECK_INT(macho_has_cpu(&mi, MACHO_CPU_ARM64), 1);
        CHECK_INT(macho_has_cpu(&mi, MACHO_CPU_X86_64), 0);
    }
    arena_release(&a);
}

/* x86_64 before 10.14 gets LC_VERSION_MIN_MACOSX, not LC_BUILD_VERSION. */
static void test_version_min_and_exe(void)
{
    struct arena a;
    struct macho_info mi;
    char v[32];
    if (!tools())
        return;
    if (mk("exe x86_64 10.9 python3.8 -rpath @executable_path/../lib") < 0 ||
        mk("obj arm64e 14.0 arm64e.o") < 0)
        return;
    arena_init(&a);
    CHECK_INT(parse_file("macho.d/python3.8", &a, &mi), 0);
    if (mi.n_slices == 1) {
        CHECK_INT(mi.slices[0].cputype, MACHO_CPU_X86_64);
        CHECK_STR(macho_arch_name(mi.slices[0].cputype, mi.slices[0].cpusubtype), "x86_64");
        CHECK_INT(mi.slices[0].filetype, MACHO_FILE_EXECUTE);
        CHECK_INT(mi.slices[0].platform, MACHO_PLATFORM_MACOS);
        CHECK_INT(mi.slices[0].minos, 0x000a0900);
        CHECK_INT(macho_version_str(mi.slices[0].minos, v, sizeof(v)), 0);
        CHECK_STR(v, "10.9");
        CHECK_INT(mi.slices[0].n_rpaths, 1);
        CHECK(mi.slices[0].install_name == NULL);
    }
    CHECK_INT(parse_file("macho.d/arm64e.o", &a, &mi), 0);
    if (mi.n_slices == 1) {
        CHECK_INT(mi.slices[0].cputype, MACHO_CPU_ARM64);
        CHECK_INT(mi.slices[0].filetype, MACHO_FILE_OBJECT);
        CHECK_INT(mi.slices[0].cpusubtype, MACHO_SUBTYPE_ARM64E);
        CHECK_STR(macho_arch_name(mi.slices[0].cputype, mi.slices[0].cpusubtype), "arm64e");
        CHECK_INT(mi.slices[0].minos, 0x000e0000);
    }
    CHECK_INT(macho_version_str(0x000a0f07, v, sizeof(v)), 0);
    CHECK_STR(v, "10.15.7");
    CHECK_INT(macho_version_str(0x000a0f07, v, 4), -1);
    arena_release(&a);
}

static void check_universal(const char *path, int fat64)
{
    struct arena a;
    struct macho_info mi;
    struct fs fs;
    struct gd_err e;
    char cwd_root[1024];
    arena_init(&a);
    err_init(&e);
    CHECK_INT(parse_file(path, &a, &mi), 0);
    CHECK_INT(mi.fat, 1);
    CHECK_INT(mi.fat64, fat64);
    CHECK_INT(mi.n_slices, 2);
    if (mi.n_slices == 2) {
        CHECK_INT(mi.slices[0].cputype, MACHO_CPU_X86_64);
        CHECK_INT(mi.slices[1].cputype, MACHO_CPU_ARM64);
        CHECK_INT(mi.slices[0].offset, 16384);
        CHECK_INT(mi.slices[0].minos, 0x000a0900);
        CHECK_INT(mi.slices[1].minos, 0x000b0000);
        CHECK_INT(macho_min_macos(&mi, MACHO_CPU_ARM64), 0x000b0000);
        CHECK_INT(macho_min_macos(&mi, MACHO_CPU_X86_64), 0x000a0900);
        CHECK_INT(macho_min_macos(&mi, 0), 0x000b0000);
        CHECK_STR(mi.slices[1].dylibs[0].name, "/usr/lib/libSystem.B.dylib");
    }
    CHECK(mi.warning == NULL);
    /* the same through util/fs, reading only headers */
    snprintf(cwd_root, sizeof(cwd_root), "%s", "macho.d");
    if (fs_init(&fs, cwd_root, &e) == 0) {
        struct macho_info m2;
        CHECK_INT(macho_read(&fs, path + strlen("macho.d"), &a, &m2, &e), 1);
        CHECK_INT(m2.n_slices, 2);
        CHECK_INT(m2.fat64, fat64);
        if (m2.n_slices == 2)
            CHECK_INT(m2.slices[1].cputype, MACHO_CPU_ARM64);
        CHECK_INT(macho_read(&fs, "/absent", &a, &m2, &e), 0);
        fs_release(&fs);
    } else {
        printf("  fs_init: %s\n", e.msg);
        harness_failed_now = 1;
    }
    arena_release(&a);
}

static void test_fat(void)
{
    if (!tools())
        return;
    if (mk("exe x86_64 10.9 py-x86") < 0 || mk("exe arm64 11.0 py-arm") < 0 ||
        mk("fat py-universal2 py-x86 py-arm") < 0 || mk("fat64 py-fat64 py-x86 py-arm") < 0)
        return;
    check_universal("macho.d/py-universal2", 0);
    check_universal("macho.d/py-fat64", 1);
    /* The oracle for the hand-written fat headers: LLVM's Mach-O reader
     * lists both slices of each (Debian package llvm). */
    if (system("llvm-objdump --version >/dev/null 2>&1") == 0) {
        CHECK(system("llvm-objdump --macho --universal-headers macho.d/py-universal2 | grep -q 'fat_magic FAT_MAGIC$' && "
                     "llvm-objdump --macho --universal-headers macho.d/py-fat64 | grep -q 'fat_magic FAT_MAGIC_64' && "
                     "test $(llvm-objdump --macho --universal-headers macho.d/py-fat64 | grep -c '^architecture') = 2") == 0);
    } else {
        printf("SKIP llvm-objdump oracle: not installed\n");
    }
}

/* Every prefix of a real file: no crash, and no slice is invented. */
static void test_truncations(void)
{
    size_t len, n;
    unsigned char *buf;
    if (!tools())
        return;
    buf = harness_slurp("macho.d/py-universal2", &len);
    if (!buf) {
        printf("  py-universal2 missing\n");
        harness_failed_now = 1;
        return;
    }
    for (n = 0; n < len; n += (n < 20000 ? 1 : 97)) {
        struct arena a;
        struct macho_info mi;
        unsigned char *cut = xmalloc(n ? n : 1);
        int r;
        memcpy(cut, buf, n);
        arena_init(&a);
        r = macho_parse(cut, n, &a, &mi, NULL);
        if (n < 8)
            CHECK_INT(r, -1);
        if (r == 0)
            CHECK(mi.n_slices <= 2);
        arena_release(&a);
        free(cut);
    }
    free(buf);
}

static void put32le(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

static void put32be(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* A hand-built thin arm64 header with one command of our making. */
static size_t build_thin(unsigned char *b, size_t cap, uint32_t cmd, uint32_t cmdsize,
                         uint32_t stroff, const char *str, int big)
{
    void (*put)(unsigned char *, uint32_t) = big ? put32be : put32le;
    size_t body = cmdsize < 8 ? 8 : cmdsize;
    memset(b, 0, cap);
    put(b, 0xfeedfacf);
    put(b + 4, MACHO_CPU_ARM64);
    put(b + 12, MACHO_FILE_DYLIB);
    put(b + 16, 1);
    put(b + 20, (uint32_t)body);
    put(b + 32, cmd);
    put(b + 36, cmdsize);
    put(b + 40, stroff);
    if (str)
        memcpy(b + 32 + 24, str, strlen(str));
    return 32 + body;
}

static void test_hostile(void)
{
    unsigned char b[512];
    struct arena a;
    struct macho_info mi;
    struct gd_err e;
    size_t n;
    arena_init(&a);
    err_init(&e);

    /* big-endian image: read */
    n = build_thin(b, sizeof(b), 0xc, 48, 24, "/usr/lib/libz.dylib", 1);
    CHECK_INT(macho_parse(b, n, &a, &mi, &e), 0);
    CHECK_INT(mi.slices[0].cputype, MACHO_CPU_ARM64);
    CHECK_INT(mi.slices[0].n_dylibs, 1);
    CHECK_STR(mi.slices[0].dylibs[0].name, "/usr/lib/libz.dylib");

    /* a name without NUL inside its command: skipped with a warning */
    n = build_thin(b, sizeof(b), 0xc, 32, 24, "/usr/lib/libzzzzz", 0);
    CHECK_INT(macho_parse(b, n, &a, &mi, &e), 0);
    CHECK_INT(mi.slices[0].n_dylibs, 0);
    CHECK(mi.slices[0].warning != NULL);

    /* lc_str offset past the command */
    n = build_thin(b, sizeof(b), 0xc, 48, 4000, NULL, 0);
    CHECK_INT(macho_parse(b, n, &a, &mi, &e), 0);
    CHECK_INT(mi.slices[0].n_dylibs, 0);
    CHECK(mi.slices[0].warning != NULL);

    /* cmdsize 0 (would loop forever) and cmdsize past sizeofcmds */
    n = build_thin(b, sizeof(b), 0xc, 0, 0, NULL, 0);
    CHECK_INT(macho_parse(b, n, &a, &mi, &e), 0);
    CHECK(mi.slices[0].warning != NULL);
    n = build_thin(b, sizeof(b), 0xc, 48, 24, "x", 0);
    put32le(b + 36, 0xfffffff0u);
    CHECK_INT(macho_parse(b, n, &a, &mi, &e), 0);
    CHECK(mi.slices[0].warning != NULL);

    /* sizeofcmds past the file */
    n = build_thin(b, sizeof(b), 0xc, 48, 24, "x", 0);
    put32le(b + 20, 100000);
    CHECK_INT(macho_parse(b, n, &a, &mi, &e), 0);
    CHECK(mi.slices[0].warning != NULL);
    CHECK_INT(mi.slices[0].n_dylibs, 0);

    /* a Java class file: 0xcafebabe and a version where nfat_arch would be */
    memset(b, 0, sizeof(b));
    put32be(b, 0xcafebabe);
    put32be(b + 4, 0x00000034);
    CHECK_INT(macho_parse(b, 64, &a, &mi, &e), -1);
    CHECK_INT(e.code, GD_ERR_FORMAT);

    /* fat: one slice outside the file, one inside -> one slice, a warning */
    memset(b, 0, sizeof(b));
    put32be(b, 0xcafebabe);
    put32be(b + 4, 2);
    put32be(b + 8, MACHO_CPU_X86_64);
    put32be(b + 16, 0x7fffff00);
    put32be(b + 20, 4096);
    put32be(b + 28, MACHO_CPU_ARM64);
    put32be(b + 36, 64);
    put32be(b + 40, 200);
    build_thin(b + 64, 200, 0x1c | 0x80000000u, 32, 12, NULL, 0);
    memcpy(b + 64 + 32 + 12, "@loader_path", 13);
    CHECK_INT(macho_parse(b, 264, &a, &mi, &e), 0);
    CHECK_INT(mi.n_slices, 1);
    CHECK(mi.warning != NULL);
    if (mi.n_slices == 1) {
        CHECK_INT(mi.slices[0].n_rpaths, 1);
        CHECK_STR(mi.slices[0].rpaths[0], "@loader_path");
    }

    /* not Mach-O at all */
    CHECK_INT(macho_parse((const uint8_t *)"\177ELF\2\1\1\0", 8, &a, &mi, &e), -1);
    CHECK_INT(macho_parse((const uint8_t *)"", 0, &a, &mi, &e), -1);
    arena_release(&a);
}

int main(void)
{
    RUN(test_thin_dylib);
    RUN(test_version_min_and_exe);
    RUN(test_fat);
    RUN(test_truncations);
    RUN(test_hostile);
    return harness_done();
}
