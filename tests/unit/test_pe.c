/*
 * test_pe.c - the PE reader on real PE files made by MinGW-w64 at test time
 * (x86_64-w64-mingw32-gcc, windres; i686 when installed), on a hand-built
 * image with a delay-load table (GNU ld does not write one), and on every
 * truncation of a real DLL.
 *
 * The MinGW part is skipped with a "SKIP" line when the cross compiler is
 * absent, and fails when CI=true (the CI image must have it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "kb/ver_driver.h"
#include "loader/pe.h"
#include "util/alloc.h"
#include "util/arena.h"
#include "util/err.h"

static int have_mingw = -1;

static int mingw(void)
{
    if (have_mingw < 0)
        have_mingw = system("x86_64-w64-mingw32-gcc --version >/dev/null 2>&1") == 0;
    if (!have_mingw) {
        const char *ci = getenv("CI");
        if (ci && !strcmp(ci, "true")) {
            printf("  x86_64-w64-mingw32-gcc missing and CI=true\n");
            harness_failed_now = 1;
        } else {
            printf("SKIP MinGW-built PE files: x86_64-w64-mingw32-gcc not installed\n");
        }
    }
    return have_mingw;
}

static int has(const char **names, size_t n, const char *want)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!strcmp(names[i], want))
            return 1;
    return 0;
}

/* Build dep.dll and cudart64_110.dll (imports dep.dll, version resource
 * 31.0.15.3833) with the compiler prefix cc, in the current directory. */
static int build(const char *cc, const char *tag)
{
    char cmd[2048];
    FILE *f;
    f = fopen("dep.c", "w");
    if (!f)
        return -1;
    fputs("__declspec(dllexport) int dep_fn(void) { return 2; }\n", f);
    fclose(f);
    f = fopen("main.c", "w");
    if (!f)
        return -1;
    fputs("__declspec(dllimport) int dep_fn(void);\n"
          "__declspec(dllexport) int val(void) { return dep_fn(); }\n", f);
    fclose(f);
    f = fopen("ver.rc", "w");
    if (!f)
        return -1;
    fputs("1 VERSIONINFO\nFILEVERSION 31,0,15,3833\nPRODUCTVERSION 538,33,0,0\n"
          "BEGIN\nEND\n", f);
    fclose(f);
    snprintf(cmd, sizeof(cmd),
             "%1$s-gcc -shared -o dep_%2$s.dll dep.c && %1$s-windres ver.rc -O coff -o ver_%2$s.o && "
             "%1$s-gcc -shared -o cudart_%2$s.dll main.c ver_%2$s.o dep_%2$s.dll",
             cc, tag);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_x64_dll(void)
{
    struct arena a;
    struct pe_info pe;
    struct gd_err err;
    unsigned char *buf;
    size_t len = 0, cut;
    char v[64], drv[32];

    if (!mingw())
        return;
    CHECK(build("x86_64-w64-mingw32", "x64") == 0);
    buf = harness_slurp("cudart_x64.dll", &len);
    CHECK(buf != NULL);
    if (!buf)
        return;
    arena_init(&a);
    err_init(&err);
    CHECK_INT(pe_parse(buf, len, &a, &pe, &err), 0);
    CHECK_INT(pe.machine, PE_MACHINE_AMD64);
    CHECK_STR(pe_machine_name(pe.machine), "x64");
    CHECK(pe.is_dll);
    CHECK(pe.pe32plus);
    CHECK(has(pe.imports, pe.n_imports, "dep_x64.dll"));
    CHECK(has(pe.imports, pe.n_imports, "KERNEL32.dll"));
    CHECK_INT(pe.n_delay_imports, 0);
    CHECK(pe.has_version);
    CHECK(pe_file_version(&pe, v, sizeof(v)) == 0);
    CHECK_STR(v, "31.0.15.3833");
    CHECK_INT(pe.product_version[0], 538);
    CHECK(ver_driver_normalize(v, drv, sizeof(drv)) == 0);
    CHECK_STR(drv, "538.33");
    CHECK(pe.warning == NULL);

    /* arm64: the same file with the COFF machine field changed */
    {
        size_t lf = (size_t)buf[0x3c] | (size_t)buf[0x3d] << 8;
        buf[lf + 4] = 0x64;
        buf[lf + 5] = 0xaa;
        CHECK_INT(pe_parse(buf, len, &a, &pe, &err), 0);
        CHECK_STR(pe_machine_name(pe.machine), "arm64");
    }

    /* Every truncation parses or fails cleanly (ASan checks the reads). */
    for (cut = 0; cut < len; cut += (cut < 4096 ? 1 : 97)) {
        unsigned char *t = xmalloc(cut ? cut : 1);
        memcpy(t, buf, cut);
        (void)pe_parse(t, cut, &a, &pe, &err);
        free(t);
    }
    arena_release(&a);
    free(buf);
}

static void test_x86_dll(void)
{
    struct arena a;
    struct pe_info pe;
    unsigned char *buf;
    size_t len = 0;

    if (system("i686-w64-mingw32-gcc --version >/dev/null 2>&1") != 0) {
        printf("SKIP 32-bit PE files: i686-w64-mingw32-gcc not installed\n");
        return;
    }
    CHECK(build("i686-w64-mingw32", "x86") == 0);
    buf = harness_slurp("cudart_x86.dll", &len);
    CHECK(buf != NULL);
    if (!buf)
        return;
    arena_init(&a);
    CHECK_INT(pe_parse(buf, len, &a, &pe, NULL), 0);
    CHECK_INT(pe.machine, PE_MACHINE_I386);
    CHECK_STR(pe_machine_name(pe.machine), "x86");
    CHECK(!pe.pe32plus);
    CHECK(has(pe.imports, pe.n_imports, "dep_x86.dll"));
    CHECK_INT(pe.file_version[3], 3833);
    arena_release(&a);
    free(buf);
}

static void put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}

static void put32(unsigned char *p, unsigned long v)
{
    put16(p, (unsigned)(v & 0xffff));
    put16(p + 2, (unsigned)(v >> 16));
}

/* A minimal PE32+ DLL: one section at RVA 0x1000 (file 0x200) holding a
 * delay-load descriptor for "nvcuda.dll" (new style, RVAs). */
static size_t synth(unsigned char *img, size_t size, unsigned long delay_attrs)
{
    const size_t lf = 0x40, opt = lf + 24, sec = opt + 240;
    memset(img, 0, size);
    img[0] = 'M';
    img[1] = 'Z';
    put32(img + 0x3c, lf);
    memcpy(img + lf, "PE\0\0", 4);
    put16(img + lf + 4, PE_MACHINE_AMD64);
    put16(img + lf + 6, 1);
    put16(img + lf + 20, 240);
    put16(img + lf + 22, 0x2022);
    put16(img + opt, 0x20b);
    put32(img + opt + 24, 0x180000000ul & 0xfffffffful);   /* low half of ImageBase */
    put32(img + opt + 28, 0x1);
    put32(img + opt + 108, 16);
    put32(img + opt + 112 + 8 * 13, 0x1000);
    put32(img + opt + 112 + 8 * 13 + 4, 64);
    memcpy(img + sec, ".didat", 6);
    put32(img + sec + 8, 0x200);
    put32(img + sec + 12, 0x1000);
    put32(img + sec + 16, 0x200);
    put32(img + sec + 20, 0x200);
    put32(img + 0x200, delay_attrs);
    put32(img + 0x204, 0x1040);
    memcpy(img + 0x240, "nvcuda.dll", 11);
    return 0x400;
}

static void test_delay_and_bounds(void)
{
    unsigned char img[0x400];
    struct arena a;
    struct pe_info pe;
    struct gd_err err;
    size_t len = synth(img, sizeof(img), 1);

    arena_init(&a);
    err_init(&err);
    CHECK_INT(pe_parse(img, len, &a, &pe, &err), 0);
    CHECK_INT(pe.n_delay_imports, 1);
    if (pe.n_delay_imports == 1)
        CHECK_STR(pe.delay_imports[0], "nvcuda.dll");
    CHECK(!pe.has_version);

    /* A name running to the end of the file without a NUL: a warning. */
    memset(img + 0x240, 'a', 0x1c0);
    CHECK_INT(pe_parse(img, len, &a, &pe, &err), 0);
    CHECK_INT(pe.n_delay_imports, 0);
    CHECK(pe.warning != NULL);

    /* Not PE at all */
    CHECK_INT(pe_parse((const unsigned char *)"", 0, &a, &pe, &err), -1);
    CHECK_INT(pe_parse((const unsigned char *)"MZ", 2, &a, &pe, &err), -1);
    len = synth(img, sizeof(img), 1);
    put32(img + 0x3c, 0xfffffff0ul);
    CHECK_INT(pe_parse(img, len, &a, &pe, &err), -1);
    len = synth(img, sizeof(img), 1);
    img[0x41] = 'X';
    CHECK_INT(pe_parse(img, len, &a, &pe, &err), -1);
    arena_release(&a);
}

int main(void)
{
    RUN(test_x64_dll);
    RUN(test_x86_dll);
    RUN(test_delay_and_bounds);
    return harness_done();
}
