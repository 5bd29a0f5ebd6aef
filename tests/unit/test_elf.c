/* test_elf.c - the ELF reader over hand-built objects: both classes and
 * byte orders, the PT_LOAD mapping, the section-header fallback, version
 * definitions, and every truncation of a valid file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "loader/elf.h"
#include "util/arena.h"

struct w {
    uint8_t b[4096];
    int be, is64;
};

static void put(struct w *w, size_t off, uint64_t v, int size)
{
    int i;
    for (i = 0; i < size; i++) {
        int shift = w->be ? (size - 1 - i) * 8 : i * 8;
        w->b[off + (size_t)i] = (uint8_t)(v >> shift);
    }
}

/* Layout: ehdr @0, phdrs @64 (2), dynamic @0x200, dynstr @0x400 (vaddr
 * 0x10400 through a PT_LOAD at vaddr 0x10000), verdef @0x600 (vaddr
 * 0x10600), shdrs @0x800 (3: null, .dynamic, .dynstr).  Size 0x900. */
#define STR "\0libfoo.so.1\0libbar.so.2\0$ORIGIN/../lib\0/opt/rp\0libc.so.6\0LIBFOO_1.0\0"
static size_t build(struct w *w, int is64, int be, int with_phdr)
{
    size_t ent = is64 ? 16 : 8, d = 0x200, i = 0;
    memset(w->b, 0, sizeof(w->b));
    w->be = be;
    w->is64 = is64;
    memcpy(w->b, "\177ELF", 4);
    w->b[4] = (uint8_t)(is64 ? 2 : 1);
    w->b[5] = (uint8_t)(be ? 2 : 1);
    w->b[6] = 1;
    put(w, 16, 3, 2);                       /* ET_DYN */
    put(w, 18, is64 ? 62 : 3, 2);
    put(w, 20, 1, 4);
    if (is64) {
        put(w, 32, with_phdr ? 64 : 0, 8);
        put(w, 40, 0x800, 8);
        put(w, 54, 56, 2);
        put(w, 56, with_phdr ? 2 : 0, 2);
        put(w, 58, 64, 2);
        put(w, 60, 3, 2);
        /* PT_LOAD */
        put(w, 64, 1, 4); put(w, 64 + 8, 0, 8); put(w, 64 + 16, 0x10000, 8); put(w, 64 + 32, 0x900, 8);
        put(w, 64 + 48, 0x1000, 8);       /* p_align */
        put(w, 120 + 48, 8, 8);           /* PT_DYNAMIC's: not a load */
        /* PT_DYNAMIC */
        put(w, 120, 2, 4); put(w, 120 + 8, 0x200, 8); put(w, 120 + 16, 0x10200, 8); put(w, 120 + 32, 0x100, 8);
    } else {
        put(w, 28, with_phdr ? 52 : 0, 4);
        put(w, 32, 0x800, 4);
        put(w, 42, 32, 2);
        put(w, 44, with_phdr ? 2 : 0, 2);
        put(w, 46, 40, 2);
        put(w, 48, 3, 2);
        put(w, 52, 1, 4); put(w, 52 + 4, 0, 4); put(w, 52 + 8, 0x10000, 4); put(w, 52 + 16, 0x900, 4);
        put(w, 52 + 28, 0x1000, 4);
        put(w, 84 + 28, 4, 4);
        put(w, 84, 2, 4); put(w, 84 + 4, 0x200, 4); put(w, 84 + 8, 0x10200, 4); put(w, 84 + 16, 0x100, 4);
    }
    memcpy(w->b + 0x400, STR, sizeof(STR));
#define DYN(tag, val) do { put(w, d + i * ent, (tag), is64 ? 8 : 4); put(w, d + i * ent + ent / 2, (val), is64 ? 8 : 4); i++; } while (0)
    DYN(14, 1);            /* SONAME libfoo.so.1 */
    DYN(1, 13);            /* NEEDED libbar.so.2 */
    DYN(1, 48);            /* NEEDED libc.so.6 */
    DYN(15, 40);           /* RPATH /opt/rp */
    DYN(29, 25);           /* RUNPATH $ORIGIN/../lib */
    DYN(5, 0x10400);       /* STRTAB */
    DYN(10, sizeof(STR));  /* STRSZ */
    DYN(0x6ffffffb, 0x800);/* FLAGS_1 NODEFLIB */
    DYN(0x6ffffffc, 0x10600); /* VERDEF */
    DYN(0x6ffffffd, 2);
    DYN(0, 0);
#undef DYN
    /* verdef 1: BASE, name libfoo.so.1; verdef 2: LIBFOO_1.0 */
    put(w, 0x600, 1, 2); put(w, 0x602, 1, 2); put(w, 0x604, 1, 2); put(w, 0x606, 1, 2);
    put(w, 0x60c, 20, 4); put(w, 0x610, 28, 4);
    put(w, 0x614, 1, 4); put(w, 0x618, 0, 4);
    put(w, 0x61c, 1, 2); put(w, 0x620, 2, 2); put(w, 0x622, 1, 2);
    put(w, 0x628, 20, 4); put(w, 0x62c, 0, 4);
    put(w, 0x630, 58, 4); put(w, 0x634, 0, 4);
    /* sections: [1] .dynamic -> link 2, [2] .dynstr */
    if (is64) {
        put(w, 0x840 + 4, 6, 4); put(w, 0x840 + 24, 0x200, 8); put(w, 0x840 + 32, 0x100, 8); put(w, 0x840 + 40, 2, 4);
        put(w, 0x880 + 4, 3, 4); put(w, 0x880 + 24, 0x400, 8); put(w, 0x880 + 32, sizeof(STR), 8);
    } else {
        put(w, 0x828 + 4, 6, 4); put(w, 0x828 + 16, 0x200, 4); put(w, 0x828 + 20, 0x100, 4); put(w, 0x828 + 24, 2, 4);
        put(w, 0x850 + 4, 3, 4); put(w, 0x850 + 16, 0x400, 4); put(w, 0x850 + 20, sizeof(STR), 4);
    }
    return 0x900;
}

static void check_full(const struct elf_info *e, int is64)
{
    CHECK_INT(e->hdr.elfclass, is64 ? ELF_CLASS64 : ELF_CLASS32);
    CHECK_INT(e->hdr.machine, is64 ? ELF_EM_X86_64 : ELF_EM_386);
    CHECK_INT(e->hdr.type, ELF_ET_DYN);
    CHECK(e->has_dynamic);
    CHECK_STR(e->soname, "libfoo.so.1");
    CHECK_INT(e->n_needed, 2);
    if (e->n_needed == 2) {
        CHECK_STR(e->needed[0], "libbar.so.2");
        CHECK_STR(e->needed[1], "libc.so.6");
    }
    CHECK_STR(e->rpath, "/opt/rp");
    CHECK_STR(e->runpath, "$ORIGIN/../lib");
    CHECK(e->flags_1 & ELF_DF_1_NODEFLIB);
}

static void test_all_variants(void)
{
    int is64, be;
    for (is64 = 0; is64 <= 1; is64++)
        for (be = 0; be <= 1; be++) {
            struct w w;
            struct arena a;
            struct elf_info e;
            struct gd_err err;
            size_t len = build(&w, is64, be, 1);
            arena_init(&a);
            CHECK_INT(elf_parse(w.b, len, &a, &e, &err), 0);
            check_full(&e, is64);
            CHECK_INT(e.n_verdefs, 2);
            if (e.n_verdefs == 2) {
                CHECK_STR(e.verdefs[0], "libfoo.so.1");
                CHECK_STR(e.verdefs[1], "LIBFOO_1.0");
            }
            CHECK(e.warning == NULL);
            /* the PT_LOAD's p_align, not PT_DYNAMIC's */
            CHECK_INT(e.load_align_min, 0x1000);
            arena_release(&a);
            /* p_align 0 (glibc's page check passes it): no constraint recorded */
            put(&w, is64 ? 64 + 48 : 52 + 28, 0, is64 ? 8 : 4);
            arena_init(&a);
            CHECK_INT(elf_parse(w.b, len, &a, &e, &err), 0);
            CHECK_INT(e.load_align_min, 0);
            arena_release(&a);
        }
}

static void test_section_fallback(void)
{
    struct w w;
    struct arena a;
    struct elf_info e;
    size_t len = build(&w, 1, 0, 0);   /* no program headers */
    arena_init(&a);
    CHECK_INT(elf_parse(w.b, len, &a, &e, NULL), 0);
    CHECK_STR(e.soname, "libfoo.so.1");
    CHECK_STR(e.runpath, "$ORIGIN/../lib");
    CHECK_INT(e.n_needed, 2);
    arena_release(&a);
}

static void test_not_elf(void)
{
    struct arena a;
    struct elf_info e;
    struct gd_err err;
    const uint8_t junk[] = "this is a linker script, not ELF, long enough to be read";
    struct elf_header h;
    arena_init(&a);
    CHECK_INT(elf_parse(junk, sizeof(junk), &a, &e, &err), -1);
    CHECK(strstr(err.msg, "invalid ELF header") != NULL);
    CHECK_INT(elf_header_parse((const uint8_t *)"\177ELF", 4, &h, &err), -1);
    CHECK(strstr(err.msg, "too short") != NULL);
    arena_release(&a);
}

static void test_bad_string_offset(void)
{
    struct w w;
    struct arena a;
    struct elf_info e;
    size_t len = build(&w, 1, 0, 1);
    put(&w, 0x200 + 8, 5000, 8);   /* SONAME offset past STRSZ */
    arena_init(&a);
    CHECK_INT(elf_parse(w.b, len, &a, &e, NULL), 0);
    CHECK(e.soname == NULL);
    CHECK(e.warning != NULL);
    CHECK_INT(e.n_needed, 2);
    arena_release(&a);
}

static void test_unterminated_string(void)
{
    struct w w;
    struct arena a;
    struct elf_info e;
    size_t len = build(&w, 1, 0, 1);
    /* STRSZ cuts the table inside "libc.so.6". */
    put(&w, 0x200 + 6 * 16 + 8, 50, 8);
    arena_init(&a);
    CHECK_INT(elf_parse(w.b, len, &a, &e, NULL), 0);
    CHECK_INT(e.n_needed, 1);
    CHECK(e.warning != NULL);
    arena_release(&a);
}

static void test_every_truncation(void)
{
    struct w w;
    size_t len = build(&w, 1, 0, 1), n;
    for (n = 0; n <= len; n++) {
        struct arena a;
        struct elf_info e;
        uint8_t *copy = malloc(n ? n : 1);
        memcpy(copy, w.b, n);
        arena_init(&a);
        (void)elf_parse(copy, n, &a, &e, NULL);   /* must not crash or read past n */
        arena_release(&a);
        free(copy);
    }
    CHECK(1);
}

static void test_machine_names(void)
{
    CHECK_STR(elf_machine_name(ELF_EM_AARCH64), "AArch64");
    CHECK_STR(elf_machine_name(ELF_EM_X86_64), "x86-64");
    CHECK(elf_machine_name(9999) == NULL);
}

/* elf_load_end: the end of the PT_LOAD contents, in both classes and byte
 * orders; a table that does not fit, or an entry that overflows, is -1. */
static void test_load_end(void)
{
    int is64, be;
    for (is64 = 0; is64 <= 1; is64++)
        for (be = 0; be <= 1; be++) {
            struct w w;
            struct elf_header h;
            uint64_t end = 1;
            size_t len = build(&w, is64, be, 1), ph = is64 ? 64 : 52;
            CHECK_INT(elf_header_parse(w.b, len, &h, NULL), 0);
            CHECK_INT(elf_load_end(&h, w.b + ph, len - ph, &end), 1);
            CHECK_INT(end, 0x900);
            CHECK_INT(elf_load_end(&h, w.b + ph, is64 ? 111 : 63, &end), -1);
            /* no PT_LOAD: 0 */
            put(&w, ph, 6, 4);
            CHECK_INT(elf_load_end(&h, w.b + ph, len - ph, &end), 0);
            /* offset + size past 2^64 */
            if (is64) {
                put(&w, ph, 1, 4);
                put(&w, ph + 8, UINT64_MAX - 4, 8);
                CHECK_INT(elf_load_end(&h, w.b + ph, len - ph, &end), -1);
            }
        }
}

int main(void)
{
    RUN(test_all_variants);
    RUN(test_section_fallback);
    RUN(test_not_elf);
    RUN(test_bad_string_offset);
    RUN(test_unterminated_string);
    RUN(test_every_truncation);
    RUN(test_machine_names);
    RUN(test_load_end);
    return harness_done();
}
