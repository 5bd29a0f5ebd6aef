/* test_fatbin.c - fat-binary containers and entries, the ELF section
 * lookup, bounds (overruns, truncation, padding) and the architecture list,
 * on ELF files assembled in memory byte by byte.  The real-package tests
 * compare the same reader with cuobjdump on Debian's libtorch_cuda (8505)
 * and on five more of Debian's libraries with device code (8516). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "loader/fatbin.h"

struct mem {
    uint8_t b[8192];
    size_t n;
};

static void put(struct mem *m, const void *p, size_t n)
{
    memcpy(m->b + m->n, p, n);
    m->n += n;
}
static void put16(struct mem *m, uint16_t v) { uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) }; put(m, b, 2); }
static void put32(struct mem *m, uint32_t v)
{
    put16(m, (uint16_t)v);
    put16(m, (uint16_t)(v >> 16));
}
static void put64(struct mem *m, uint64_t v)
{
    put32(m, (uint32_t)v);
    put32(m, (uint32_t)(v >> 32));
}
static void set32(struct mem *m, size_t at, uint32_t v)
{
    size_t save = m->n;
    m->n = at;
    put32(m, v);
    m->n = save;
}
static void set64(struct mem *m, size_t at, uint64_t v)
{
    size_t save = m->n;
    m->n = at;
    put64(m, v);
    m->n = save;
}

/* One entry: a 64-byte header (as nvcc writes) and payload_len bytes. */
static void entry(struct mem *m, uint16_t kind, uint32_t arch, uint32_t payload_len)
{
    size_t i;
    put16(m, kind);
    put16(m, 0x0101);
    put32(m, 64);
    put64(m, payload_len);
    put64(m, 0);           /* compressed size */
    put16(m, 3);           /* minor */
    put16(m, 8);           /* major */
    put32(m, arch);
    put32(m, 0);
    put32(m, 0);
    put64(m, 1);           /* flags: 64-bit */
    put64(m, 0);
    put64(m, 0);
    for (i = 0; i < payload_len; i++)
        m->b[m->n++] = 0xAB;
}

/* A container holding the entries written by fill(); returns its start. */
static size_t container_begin(struct mem *m)
{
    size_t at = m->n;
    put32(m, FATBIN_MAGIC);
    put16(m, 1);
    put16(m, 16);
    put64(m, 0);
    return at;
}
static void container_end(struct mem *m, size_t at) { set64(m, at + 8, m->n - at - 16); }

static int mem_read(void *arg, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    const struct mem *m = arg;
    if (off > m->n || len > m->n - off) {
        err_setx(err, GD_ERR_FORMAT, "short read");
        return -1;
    }
    memcpy(buf, m->b + off, len);
    return 0;
}

/* ELF64 LE: header, then the section data, then names, then 3 section
 * headers (null, secname, .shstrtab).  Returns the offset of the data. */
static size_t elf_begin(struct mem *m)
{
    static const uint8_t ident[16] = { 0x7f, 'E', 'L', 'F', 2, 1, 1 };
    memset(m, 0, sizeof(*m));
    put(m, ident, 16);
    put16(m, 3);      /* ET_DYN */
    put16(m, 62);     /* x86-64 */
    put32(m, 1);
    while (m->n < 64)
        m->b[m->n++] = 0;
    return m->n;
}

static void elf_end(struct mem *m, size_t data_off, const char *secname, uint32_t sectype)
{
    size_t data_len = m->n - data_off, names_off, shoff;
    static const char shstr[] = ".shstrtab";
    size_t nl = strlen(secname);

    names_off = m->n;
    m->b[m->n++] = 0;
    put(m, secname, nl + 1);
    put(m, shstr, sizeof(shstr));
    while (m->n % 8)
        m->b[m->n++] = 0;
    shoff = m->n;
    memset(m->b + m->n, 0, 64);   /* SHN_UNDEF */
    m->n += 64;
    /* the fatbin section */
    put32(m, 1);
    put32(m, sectype);
    put64(m, 2);
    put64(m, 0);
    put64(m, data_off);
    put64(m, data_len);
    put32(m, 0);
    put32(m, 0);
    put64(m, 8);
    put64(m, 0);
    /* .shstrtab */
    put32(m, (uint32_t)(2 + nl));
    put32(m, 3);
    put64(m, 0);
    put64(m, 0);
    put64(m, names_off);
    put64(m, 1 + nl + 1 + sizeof(shstr));
    put32(m, 0);
    put32(m, 0);
    put64(m, 1);
    put64(m, 0);
    set64(m, 40, shoff);
    {
        size_t save = m->n;
        m->n = 58;
        put16(m, 64);
        put16(m, 3);
        put16(m, 2);
        m->n = save;
    }
}

static int summarise(struct mem *m, struct fatbin_summary *s, char *list, size_t n, struct gd_err *err)
{
    struct fatbin_source src = { mem_read, m, 0 };
    int r;
    src.size = m->n;
    err_init(err);
    r = fatbin_read_elf(&src, s, err);
    if (r >= 0)
        fatbin_arch_list(s, list, n);
    return r;
}

static struct mem m;

static void test_torch_like(void)
{
    struct fatbin_summary s;
    struct gd_err err;
    char list[256];
    size_t d = elf_begin(&m), c;
    int k;

    /* Two containers (two translation units), each SASS for 5.0..8.6 and
     * SASS + PTX for 9.0, with padding between them, as in libtorch_cuda. */
    for (k = 0; k < 2; k++) {
        c = container_begin(&m);
        entry(&m, FATBIN_KIND_ELF, 50, 24);
        entry(&m, FATBIN_KIND_ELF, 86, 8);
        entry(&m, FATBIN_KIND_ELF, 90, 16);
        entry(&m, FATBIN_KIND_PTX, 90, 40);
        container_end(&m, c);
        put64(&m, 0);
    }
    elf_end(&m, d, ".nv_fatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), 1);
    CHECK_STR(list, "sm_50,sm_86,compute_90,sm_90");
    CHECK_INT(s.n_containers, 2);
    CHECK_INT(s.n_entries, 8 + 1);   /* the padding step between them counts toward the bound */
    CHECK_INT(s.n_sections, 1);
    CHECK_INT(s.truncated, 0);
    CHECK_INT(s.arches[0].count, 2);
}

/* An entry header as CUDA 12 writes a compressed one: hsize bytes (72 for
 * SASS, 88 for PTX in libnvjpeg.so.12.3.1.117, Debian's libnvjpeg12
 * 12.3.1.117~12.4.1-2), flags 0x2011 (0x2000: compressed), the compressed
 * size at 16 and the decompressed size at 56; the stored payload (the
 * compressed bytes, padded) is what the size at 8 counts.  The values are
 * that file's first compressed entries (SASS sm_50: 9512 stored, 9510
 * compressed, 25312 decompressed; PTX compute_90, version 8.4: 9960, 9957,
 * 44918), with the payloads cut to fit here.  Uncompressed: flags 0x11,
 * as the same file's first entry. */
static void entry_wide(struct mem *o, uint16_t kind, uint32_t hsize, uint16_t major, uint16_t minor, uint32_t arch,
                       uint32_t stored, uint32_t compressed, uint64_t decompressed, uint64_t flags)
{
    size_t start = o->n, i;
    put16(o, kind);
    put16(o, 0x0101);
    put32(o, hsize);
    put64(o, stored);
    put32(o, compressed);
    put32(o, kind == FATBIN_KIND_PTX ? 72 : 0);
    put16(o, minor);
    put16(o, major);
    put32(o, arch);
    put32(o, 0);
    put32(o, 0);
    put64(o, flags);
    put64(o, 0);
    put64(o, decompressed);
    while (o->n - start < hsize)
        o->b[o->n++] = 0;
    for (i = 0; i < stored; i++)
        o->b[o->n++] = 0x5A;
}

static void test_compressed_entries(void)
{
    struct fatbin_summary s;
    struct gd_err err;
    char list[256];
    size_t d = elf_begin(&m), c;

    /* One container as libnvjpeg's: an uncompressed SASS entry with a
     * 72-byte header, compressed SASS, compressed PTX with an 88-byte one.
     * Skipping by the decompressed size would overrun the container. */
    c = container_begin(&m);
    entry_wide(&m, FATBIN_KIND_ELF, 72, 1, 7, 50, 40, 0, 0, 0x11);
    entry_wide(&m, FATBIN_KIND_ELF, 72, 1, 7, 50, 104, 102, 25312, 0x2011);
    entry_wide(&m, FATBIN_KIND_PTX, 88, 8, 4, 90, 120, 117, 44918, 0x2011);
    container_end(&m, c);
    elf_end(&m, d, ".nv_fatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), 1);
    CHECK_STR(list, "sm_50,compute_90");
    CHECK_INT(s.n_containers, 1);
    CHECK_INT(s.n_entries, 3);
    CHECK_INT(s.arches[0].count, 2);
    CHECK_INT(s.truncated, 0);
}

/* Architecture-specific images (sm_90a, compute_90a) carry the entry flag
 * 0x100000, as NVIDIA's fatbinary 12.4 writes them (an uncompressed sm_90a
 * cubin: 0x100011; compressed compute_90a PTX: 0x102011) and as the two
 * sm_90a cubins of Debian's libtorch_cuda.so.2.6.0 have it; cuobjdump
 * names them sm_90a (tests/cli/8516 on both).  A header too short to hold
 * the flags at the end of a container is read without them. */
static void test_arch_specific(void)
{
    struct fatbin_summary s;
    struct gd_err err;
    char list[256];
    size_t d = elf_begin(&m), c;

    c = container_begin(&m);
    entry_wide(&m, FATBIN_KIND_ELF, 72, 1, 7, 90, 16, 0, 0, 0x11);
    entry_wide(&m, FATBIN_KIND_ELF, 72, 1, 7, 90, 16, 0, 0, 0x100011);
    entry_wide(&m, FATBIN_KIND_PTX, 88, 8, 4, 90, 24, 21, 4000, 0x102011);
    entry_wide(&m, FATBIN_KIND_ELF, 72, 1, 7, 90, 8, 0, 0, 0x100011);
    container_end(&m, c);
    /* A second container ending in a 32-byte header: no flags read. */
    c = container_begin(&m);
    put16(&m, FATBIN_KIND_ELF);
    put16(&m, 0x0101);
    put32(&m, 32);
    put64(&m, 0);
    put64(&m, 0);
    put16(&m, 7);
    put16(&m, 1);
    put32(&m, 80);
    container_end(&m, c);
    elf_end(&m, d, ".nv_fatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), 1);
    CHECK_STR(list, "sm_80,compute_90a,sm_90,sm_90a");
    CHECK_INT(s.n_arches, 4);
    CHECK_INT(s.arches[3].specific, 1);
    CHECK_INT(s.arches[3].count, 2);
    CHECK_INT(s.arches[2].specific, 0);
    CHECK_INT(s.arches[0].specific, 0);
}

static void test_relfatbin_and_unknown_kind(void)
{
    struct fatbin_summary s;
    struct gd_err err;
    char list[256];
    size_t d = elf_begin(&m), c;

    c = container_begin(&m);
    entry(&m, FATBIN_KIND_ELF, 35, 4);
    entry(&m, 4 /* neither PTX nor SASS */, 99, 4);
    container_end(&m, c);
    elf_end(&m, d, "__nv_relfatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), 1);
    CHECK_STR(list, "sm_35");
}

static void test_no_section(void)
{
    struct fatbin_summary s;
    struct gd_err err;
    char list[64];
    size_t d = elf_begin(&m);
    put64(&m, 0x1234);
    elf_end(&m, d, ".text", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), 0);
    CHECK_INT(s.n_arches, 0);
    /* A NOBITS .nv_fatbin holds nothing to read. */
    d = elf_begin(&m);
    put64(&m, 0x1234);
    elf_end(&m, d, ".nv_fatbin", 8);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), 0);
}

static void test_overruns(void)
{
    struct fatbin_summary s;
    struct gd_err err;
    char list[64];
    size_t d, c, e;

    /* An entry whose payload runs past its container. */
    d = elf_begin(&m);
    c = container_begin(&m);
    e = m.n;
    entry(&m, FATBIN_KIND_ELF, 80, 8);
    container_end(&m, c);
    set64(&m, e + 8, 1u << 20);
    elf_end(&m, d, ".nv_fatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), -1);
    CHECK(strstr(err.msg, "overruns its container") != NULL);

    /* A container larger than its section. */
    d = elf_begin(&m);
    c = container_begin(&m);
    entry(&m, FATBIN_KIND_ELF, 80, 8);
    container_end(&m, c);
    set64(&m, c + 8, UINT64_MAX - 4);
    elf_end(&m, d, ".nv_fatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), -1);
    CHECK(strstr(err.msg, "overruns its section") != NULL);

    /* An entry header size smaller than its fields. */
    d = elf_begin(&m);
    c = container_begin(&m);
    e = m.n;
    entry(&m, FATBIN_KIND_ELF, 80, 8);
    container_end(&m, c);
    set32(&m, e + 4, 8);
    elf_end(&m, d, ".nv_fatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), -1);

    /* Garbage where a container should start. */
    d = elf_begin(&m);
    put64(&m, 0x4141414141414141ull);
    put64(&m, 0);
    elf_end(&m, d, ".nv_fatbin", 1);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), -1);
    CHECK(strstr(err.msg, "no fat binary header") != NULL);

    /* A section that points past the end of the file. */
    d = elf_begin(&m);
    c = container_begin(&m);
    entry(&m, FATBIN_KIND_ELF, 80, 8);
    container_end(&m, c);
    elf_end(&m, d, ".nv_fatbin", 1);
    set64(&m, m.n - 64 - 64 + 24, 1u << 30);
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), -1);
}

static void test_not_elf(void)
{
    struct fatbin_summary s;
    struct gd_err err;
    char list[8];
    memset(&m, 0, sizeof(m));
    memcpy(m.b, "\177ELF\001\001", 6);   /* 32-bit */
    m.n = 128;
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), -1);
    m.n = 10;
    CHECK_INT(summarise(&m, &s, list, sizeof(list), &err), -1);
}

static void test_parsers_and_list(void)
{
    uint8_t b[64] = { 0 };
    struct fatbin_container c;
    struct fatbin_entry e;
    struct fatbin_summary s;
    struct gd_err err;
    char small[8];

    err_init(&err);
    CHECK_INT(fatbin_container_parse(b, 8, &c, &err), -1);
    CHECK_INT(fatbin_container_parse(b, 16, &c, &err), 0);
    b[0] = 0x50; b[1] = 0xED; b[2] = 0x55; b[3] = 0xBA; b[6] = 8;
    CHECK_INT(fatbin_container_parse(b, 16, &c, &err), -1);   /* header size 8 < 16 */
    b[6] = 16;
    CHECK_INT(fatbin_container_parse(b, 16, &c, &err), 1);
    CHECK_INT(c.header_size, 16);
    CHECK_INT(fatbin_entry_parse(b, 31, &e, &err), -1);

    memset(&s, 0, sizeof(s));
    s.n_arches = 2;
    s.arches[0].kind = FATBIN_KIND_ELF;
    s.arches[0].arch = 120;
    s.arches[1].kind = FATBIN_KIND_PTX;
    s.arches[1].arch = 120;
    CHECK_INT(fatbin_arch_list(&s, small, sizeof(small)), -1);
    CHECK_STR(small, "sm_120");
}

int main(void)
{
    RUN(test_torch_like);
    RUN(test_compressed_entries);
    RUN(test_arch_specific);
    RUN(test_relfatbin_and_unknown_kind);
    RUN(test_no_section);
    RUN(test_overruns);
    RUN(test_not_elf);
    RUN(test_parsers_and_list);
    return harness_done();
}
