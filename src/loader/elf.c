/*
 * elf.c - the ELF header, program headers, dynamic array and version
 * definitions, read through a bounded "source" so that the same code runs
 * over a memory buffer (tests, fuzzing) and over a file read piecewise.
 *
 * Layouts: System V ABI gABI chapter 4/5 and glibc elf/elf.h; the string
 * table is found as ldconfig's elf/readelflib.c does (DT_STRTAB is a vaddr,
 * mapped to a file offset through the PT_LOAD containing it).
 */
#include "loader/elf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/bytesrc.h"
#include "util/alloc.h"
#include "util/banned.h"

#define PT_LOAD 1
#define PT_DYNAMIC 2
#define PT_INTERP 3
#define SHT_STRTAB 3
#define SHT_DYNAMIC 6
#define SHT_GNU_VERDEF 0x6ffffffdu
#define PN_XNUM 0xffffu
#define STR_(x) #x
#define XSTR(x) STR_(x)

#define DT_NULL 0
#define DT_NEEDED 1
#define DT_STRTAB 5
#define DT_STRSZ 10
#define DT_SONAME 14
#define DT_RPATH 15
#define DT_RUNPATH 29
#define DT_FLAGS 30
#define DT_FLAGS_1 0x6ffffffbu
#define DT_VERDEF 0x6ffffffcu
#define DT_VERDEFNUM 0x6ffffffdu

struct rd {
    int be;
};

static uint16_t get16(const struct rd *r, const uint8_t *p)
{
    unsigned v = r->be ? ((unsigned)p[0] << 8) | p[1] : ((unsigned)p[1] << 8) | p[0];
    return (uint16_t)v;
}

static uint32_t get32(const struct rd *r, const uint8_t *p)
{
    if (r->be)
        return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
    return ((uint32_t)p[3] << 24) | ((uint32_t)p[2] << 16) | ((uint32_t)p[1] << 8) | p[0];
}

static uint64_t get64(const struct rd *r, const uint8_t *p)
{
    uint64_t hi = get32(r, r->be ? p : p + 4), lo = get32(r, r->be ? p + 4 : p);
    return (hi << 32) | lo;
}

int elf_header_parse(const uint8_t *buf, size_t len, struct elf_header *h,
                     struct gd_err *err)
{
    struct rd r;
    memset(h, 0, sizeof(*h));
    if (len < 16 || memcmp(buf, "\177ELF", 4))
        return err_setx(err, GD_ERR_FORMAT, len < 16 ? "file too short" : "invalid ELF header");
    h->elfclass = buf[4];
    h->data = buf[5];
    h->version = buf[6];
    h->osabi = buf[7];
    h->abiversion = buf[8];
    if (h->elfclass != ELF_CLASS32 && h->elfclass != ELF_CLASS64)
        return err_setx(err, GD_ERR_FORMAT, "invalid ELF class %u", h->elfclass);
    if (h->data != ELF_DATA_LSB && h->data != ELF_DATA_MSB)
        return err_setx(err, GD_ERR_FORMAT, "invalid ELF data encoding %u", h->data);
    if (len < (h->elfclass == ELF_CLASS64 ? 64u : 52u))
        return err_setx(err, GD_ERR_FORMAT, "file too short");
    r.be = h->data == ELF_DATA_MSB;
    h->type = get16(&r, buf + 16);
    h->machine = get16(&r, buf + 18);
    h->e_version = get32(&r, buf + 20);
    if (h->elfclass == ELF_CLASS64) {
        h->phoff = get64(&r, buf + 32);
        h->shoff = get64(&r, buf + 40);
        h->ehsize = get16(&r, buf + 52);
        h->phentsize = get16(&r, buf + 54);
        h->phnum = get16(&r, buf + 56);
        h->shentsize = get16(&r, buf + 58);
        h->shnum = get16(&r, buf + 60);
        h->shstrndx = get16(&r, buf + 62);
    } else {
        h->phoff = get32(&r, buf + 28);
        h->shoff = get32(&r, buf + 32);
        h->ehsize = get16(&r, buf + 40);
        h->phentsize = get16(&r, buf + 42);
        h->phnum = get16(&r, buf + 44);
        h->shentsize = get16(&r, buf + 46);
        h->shnum = get16(&r, buf + 48);
        h->shstrndx = get16(&r, buf + 50);
    }
    return 0;
}

const char *elf_machine_name(uint16_t machine)
{
    switch (machine) {
    case ELF_EM_386: return "i386";
    case ELF_EM_PPC64: return "ppc64";
    case ELF_EM_S390: return "s390";
    case ELF_EM_ARM: return "ARM";
    case ELF_EM_X86_64: return "x86-64";
    case ELF_EM_AARCH64: return "AArch64";
    case ELF_EM_RISCV: return "RISC-V";
    default: return NULL;
    }
}

int elf_load_end(const struct elf_header *h, const uint8_t *phdrs, size_t len, uint64_t *end)
{
    struct rd r;
    size_t ent = h->elfclass == ELF_CLASS64 ? 56 : 32, i;
    int any = 0;

    r.be = h->data == ELF_DATA_MSB;
    *end = 0;
    if (h->phentsize != ent || h->phnum == PN_XNUM || (size_t)h->phnum > len / ent)
        return -1;
    for (i = 0; i < h->phnum; i++) {
        const uint8_t *e = phdrs + i * ent;
        uint64_t off, filesz;
        if (get32(&r, e) != PT_LOAD)
            continue;
        off = ent == 56 ? get64(&r, e + 8) : get32(&r, e + 4);
        filesz = ent == 56 ? get64(&r, e + 32) : get32(&r, e + 16);
        if (filesz > UINT64_MAX - off)
            return -1;
        if (off + filesz > *end)
            *end = off + filesz;
        any = 1;
    }
    return any;
}

int elf_phdr_facts(const struct elf_header *h, const uint8_t *phdrs, size_t len, struct elf_phdr_facts *out)
{
    struct rd r;
    size_t ent = h->elfclass == ELF_CLASS64 ? 56 : 32, i;

    memset(out, 0, sizeof(*out));
    r.be = h->data == ELF_DATA_MSB;
    if (h->phentsize != ent || (size_t)h->phnum > len / ent)
        return -1;
    for (i = 0; i < h->phnum; i++) {
        const uint8_t *e = phdrs + i * ent;
        uint32_t type = get32(&r, e);
        uint64_t off = ent == 56 ? get64(&r, e + 8) : get32(&r, e + 4);
        uint64_t vaddr = ent == 56 ? get64(&r, e + 16) : get32(&r, e + 8);
        uint64_t filesz = ent == 56 ? get64(&r, e + 32) : get32(&r, e + 16);
        if (type == PT_DYNAMIC) {
            if (filesz)
                out->dynamic++;
            else
                out->empty_dynamic++;
        }
        if (type != PT_LOAD)
            continue;
        if (filesz > UINT64_MAX - off)
            return -1;
        out->loads++;
        if ((vaddr - off) & 4095u)
            out->misaligned = 1;
        if (off + filesz > out->load_end)
            out->load_end = off + filesz;
    }
    return 0;
}

struct seg {
    uint64_t vaddr, offset, filesz;
};

struct parse {
    const struct bytesrc *s;
    struct rd r;
    int is64;
    struct arena *arena;
    struct elf_info *out;
    struct seg loads[ELF_MAX_LOADS];
    size_t nloads;
    uint64_t dyn_off, dyn_size;   /* file range of the dynamic array */
    int have_dyn;
    uint64_t str_off, str_size;   /* file range of the dynamic string table */
    int have_str;
    uint64_t verdef_off;          /* file offset of the verdef table */
    int have_verdef;
    uint64_t verdefnum;
    uint64_t sh_verdef_off;       /* the same from the section headers */
    uint64_t sh_verdef_num;
    int have_sh_verdef;
    uint64_t sh_str_off, sh_str_size;
    int have_sh_str;
};

static void warn(struct parse *p, const char *msg)
{
    if (!p->out->warning)
        p->out->warning = msg;
}

/* Map a vaddr to a file offset through the PT_LOAD holding it. */
static int vaddr_to_off(const struct parse *p, uint64_t a, uint64_t *off)
{
    size_t i;
    for (i = 0; i < p->nloads; i++) {
        const struct seg *g = &p->loads[i];
        if (a >= g->vaddr && a - g->vaddr < g->filesz) {
            *off = a - g->vaddr + g->offset;
            return 1;
        }
    }
    return 0;
}

/* The NUL-terminated string at table offset o, copied into the arena, or
 * NULL (with a warning) if it does not end inside the table and the file. */
static const char *get_string(struct parse *p, uint64_t o)
{
    char buf[ELF_MAX_STRING];
    uint64_t at, limit;
    size_t got = 0;

    if (!p->have_str || o >= p->str_size) {
        warn(p, "a string offset is outside the dynamic string table");
        return NULL;
    }
    at = p->str_off + o;
    limit = p->str_size - o;
    if (at > p->s->size) {
        warn(p, "the dynamic string table is past the end of the file");
        return NULL;
    }
    if (limit > p->s->size - at)
        limit = p->s->size - at;
    while (got < sizeof(buf) && got < limit) {
        size_t chunk = sizeof(buf) - got < 256 ? sizeof(buf) - got : 256;
        const char *nul;
        if (chunk > limit - got)
            chunk = (size_t)(limit - got);
        if (bytesrc_read(p->s, at + got, buf + got, chunk, NULL) < 0)
            break;
        nul = memchr(buf + got, '\0', chunk);
        if (nul)
            return arena_strndup(p->arena, buf, (size_t)(nul - buf));
        got += chunk;
    }
    warn(p, got >= sizeof(buf) ? "a dynamic string is too long" : "a dynamic string does not end inside its table");
    return NULL;
}

static int read_phdrs(struct parse *p, struct gd_err *err)
{
    const struct elf_header *h = &p->out->hdr;
    size_t ent = p->is64 ? 56 : 32, i, n = h->phnum;
    uint8_t *buf;

    if (n == 0)
        return 0;
    if (n == PN_XNUM) {
        /* The real count is in section header 0's sh_info. */
        uint8_t sh[64];
        size_t shent = p->is64 ? 64 : 40;
        if (!h->shoff || bytesrc_read(p->s, h->shoff, sh, shent, NULL) < 0) {
            warn(p, "e_phnum is PN_XNUM but section header 0 cannot be read");
            return 0;
        }
        n = get32(&p->r, sh + (p->is64 ? 44 : 28));
        if (n > 65536) {
            warn(p, "too many program headers");
            return 0;
        }
    }
    if (h->phentsize != ent) {
        warn(p, "unexpected program header entry size");
        return 0;
    }
    buf = xmalloc(st_mult(n, ent));
    if (bytesrc_read(p->s, h->phoff, buf, n * ent, err) < 0) {
        free(buf);
        return err_setx(err, GD_ERR_FORMAT, "program headers are past the end of the file");
    }
    for (i = 0; i < n; i++) {
        const uint8_t *e = buf + i * ent;
        uint32_t type = get32(&p->r, e);
        uint64_t off, vaddr, filesz, align;
        if (p->is64) {
            off = get64(&p->r, e + 8);
            vaddr = get64(&p->r, e + 16);
            filesz = get64(&p->r, e + 32);
            align = get64(&p->r, e + 48);
        } else {
            off = get32(&p->r, e + 4);
            vaddr = get32(&p->r, e + 8);
            filesz = get32(&p->r, e + 16);
            align = get32(&p->r, e + 28);
        }
        /* glibc checks (p_align & (pagesize - 1)) == 0, which a p_align of 0 passes */
        if (type == PT_LOAD && align && (!p->out->load_align_min || align < p->out->load_align_min))
            p->out->load_align_min = align;
        if (type == PT_LOAD && p->nloads < ELF_MAX_LOADS) {
            p->loads[p->nloads].vaddr = vaddr;
            p->loads[p->nloads].offset = off;
            p->loads[p->nloads].filesz = filesz;
            p->nloads++;
        } else if (type == PT_DYNAMIC && !p->have_dyn) {
            p->dyn_off = off;
            p->dyn_size = filesz;
            p->have_dyn = 1;
        } else if (type == PT_INTERP && !p->out->interp && filesz > 0 && filesz <= ELF_MAX_STRING &&
                   off <= p->s->size && filesz <= p->s->size - off) {
            char tmp[ELF_MAX_STRING];
            if (bytesrc_read(p->s, off, tmp, (size_t)filesz, NULL) == 0 && memchr(tmp, '\0', (size_t)filesz))
                p->out->interp = arena_strdup(p->arena, tmp);
        }
    }
    free(buf);
    return 0;
}

/* Section headers: the fallback for the dynamic array, its string table
 * and .gnu.version_d when the program headers do not lead there. */
static void read_shdrs(struct parse *p)
{
    const struct elf_header *h = &p->out->hdr;
    size_t ent = p->is64 ? 64 : 40, i, n = h->shnum;
    uint8_t *buf;

    if (!h->shoff)
        return;
    if (h->shentsize != ent) {
        warn(p, "unexpected section header entry size");
        return;
    }
    if (n == 0) {
        uint8_t sh[64];
        if (bytesrc_read(p->s, h->shoff, sh, ent, NULL) < 0)
            return;
        n = (size_t)(p->is64 ? get64(&p->r, sh + 32) : get32(&p->r, sh + 20));
    }
    if (n == 0 || n > 65536) {
        if (n)
            warn(p, "too many section headers");
        return;
    }
    buf = xmalloc(st_mult(n, ent));
    if (bytesrc_read(p->s, h->shoff, buf, n * ent, NULL) < 0) {
        warn(p, "section headers are past the end of the file");
        free(buf);
        return;
    }
    for (i = 0; i < n; i++) {
        const uint8_t *e = buf + i * ent;
        uint32_t type = get32(&p->r, e + 4);
        uint64_t off = p->is64 ? get64(&p->r, e + 24) : get32(&p->r, e + 16);
        uint64_t size = p->is64 ? get64(&p->r, e + 32) : get32(&p->r, e + 20);
        uint32_t link = get32(&p->r, e + (p->is64 ? 40 : 24));
        uint32_t info = get32(&p->r, e + (p->is64 ? 44 : 28));
        if ((type == SHT_DYNAMIC || type == SHT_GNU_VERDEF) && link < n) {
            const uint8_t *l = buf + (size_t)link * ent;
            if (get32(&p->r, l + 4) == SHT_STRTAB && !p->have_sh_str) {
                p->sh_str_off = p->is64 ? get64(&p->r, l + 24) : get32(&p->r, l + 16);
                p->sh_str_size = p->is64 ? get64(&p->r, l + 32) : get32(&p->r, l + 20);
                p->have_sh_str = 1;
            }
        }
        if (type == SHT_DYNAMIC && !p->have_dyn) {
            p->dyn_off = off;
            p->dyn_size = size;
            p->have_dyn = 1;
        } else if (type == SHT_GNU_VERDEF && !p->have_sh_verdef) {
            p->sh_verdef_off = off;
            p->sh_verdef_num = info;
            p->have_sh_verdef = 1;
        }
    }
    free(buf);
}

struct dynvals {
    uint64_t strtab, strsz, soname, rpath, runpath, verdef, verdefnum;
    int has_strtab, has_strsz, has_soname, has_rpath, has_runpath, has_verdef;
    uint64_t *needed;
    size_t n_needed, alloc_needed;
};

static int read_dynamic(struct parse *p, struct dynvals *d, struct gd_err *err)
{
    size_t ent = p->is64 ? 16 : 8, n, i;
    uint8_t *buf;
    uint64_t size = p->dyn_size;
    int over = 0, ended = 0;

    if (p->dyn_off > p->s->size)
        return err_setx(err, GD_ERR_FORMAT, "the dynamic section is past the end of the file");
    if (size > p->s->size - p->dyn_off) {
        warn(p, "the dynamic section is truncated");
        size = p->s->size - p->dyn_off;
        over = 1;
    }
    n = (size_t)(size / ent);
    if (n > ELF_MAX_DYN) {
        /* Only if no DT_NULL comes within the first ELF_MAX_DYN (below). */
        n = ELF_MAX_DYN;
        over = 1;
    }
    if (n == 0)
        return 0;
    buf = xmalloc(st_mult(n, ent));
    if (bytesrc_read(p->s, p->dyn_off, buf, n * ent, err) < 0) {
        free(buf);
        return -1;
    }
    p->out->has_dynamic = 1;
    for (i = 0; i < n; i++) {
        const uint8_t *e = buf + i * ent;
        uint64_t tag = p->is64 ? get64(&p->r, e) : get32(&p->r, e);
        uint64_t val = p->is64 ? get64(&p->r, e + 8) : get32(&p->r, e + 4);
        if (tag == DT_NULL) {
            ended = 1;
            break;
        }
        switch (tag) {
        case DT_NEEDED:
            if (d->n_needed < ELF_MAX_NEEDED) {
                ALLOC_GROW(d->needed, d->n_needed + 1, d->alloc_needed);
                d->needed[d->n_needed++] = val;
            } else if (!p->out->truncated) {
                warn(p, "more DT_NEEDED entries than are read");
                p->out->truncated = 1;
            }
            break;
        case DT_STRTAB: d->strtab = val; d->has_strtab = 1; break;
        case DT_STRSZ: d->strsz = val; d->has_strsz = 1; break;
        case DT_SONAME: d->soname = val; d->has_soname = 1; break;
        case DT_RPATH: d->rpath = val; d->has_rpath = 1; break;
        case DT_RUNPATH: d->runpath = val; d->has_runpath = 1; break;
        case DT_FLAGS: p->out->flags = val; break;
        case DT_FLAGS_1: p->out->flags_1 = val; break;
        case DT_VERDEF: d->verdef = val; d->has_verdef = 1; break;
        case DT_VERDEFNUM: d->verdefnum = val; break;
        default: break;
        }
    }
    free(buf);
    if (over && !ended) {
        /* Entries were left unread: say so rather than list a part as all. */
        p->out->truncated = 1;
        if (n == ELF_MAX_DYN)   /* this one matters more than an earlier oddity */
            p->out->warning = "the dynamic section has more entries than are read (" XSTR(ELF_MAX_DYN) ")";
    }
    return 0;
}

static void read_verdefs(struct parse *p, uint64_t off, uint64_t num)
{
    const char **names = NULL;
    size_t n = 0, alloc = 0;
    uint64_t i;

    if (num > ELF_MAX_VERDEF)
        num = ELF_MAX_VERDEF;
    /* A Verdef and its first Verdaux each: one read for the table. */
    bytesrc_want(p->s, off, num * 28 < BYTESRC_WINDOW ? num * 28 : BYTESRC_WINDOW);
    for (i = 0; i < num; i++) {
        uint8_t vd[20], va[8];
        uint32_t aux, next;
        const char *name;
        if (bytesrc_read(p->s, off, vd, sizeof(vd), NULL) < 0) {
            warn(p, "the version definitions are truncated");
            break;
        }
        aux = get32(&p->r, vd + 12);
        next = get32(&p->r, vd + 16);
        if (off + aux < off || bytesrc_read(p->s, off + aux, va, sizeof(va), NULL) < 0) {
            warn(p, "a version definition's name is past the end of the file");
            break;
        }
        name = get_string(p, get32(&p->r, va));
        if (name) {
            ALLOC_GROW(names, n + 1, alloc);
            names[n++] = name;
        }
        if (next == 0)
            break;
        if (off + next < off) {
            warn(p, "bad version definition link");
            break;
        }
        off += next;
    }
    if (n) {
        p->out->verdefs = arena_alloc(p->arena, st_mult(n, sizeof(*names)));
        memcpy(p->out->verdefs, names, n * sizeof(*names));
        p->out->n_verdefs = n;
    }
    free(names);
}

static int parse_src(const struct bytesrc *s, struct arena *arena, struct elf_info *out,
                     struct gd_err *err)
{
    uint8_t hbuf[64];
    size_t hlen = s->size < 64 ? (size_t)s->size : 64;
    struct parse p;
    struct dynvals d;
    int r = -1;

    memset(out, 0, sizeof(*out));
    memset(&p, 0, sizeof(p));
    memset(&d, 0, sizeof(d));
    if (bytesrc_read(s, 0, hbuf, hlen, err) < 0)
        return -1;
    if (elf_header_parse(hbuf, hlen, &out->hdr, err) < 0)
        return -1;
    p.s = s;
    p.r.be = out->hdr.data == ELF_DATA_MSB;
    p.is64 = out->hdr.elfclass == ELF_CLASS64;
    p.arena = arena;
    p.out = out;

    if (read_phdrs(&p, err) < 0)
        return -1;
    if (!p.have_dyn || out->hdr.phnum == 0)
        read_shdrs(&p);
    if (!p.have_dyn)
        return 0;
    if (read_dynamic(&p, &d, err) < 0)
        goto out;

    /* The string table: DT_STRTAB through PT_LOAD; else the section that
     * .dynamic links to; else, as ldconfig does, the address itself. */
    if (d.has_strtab && vaddr_to_off(&p, d.strtab, &p.str_off)) {
        p.have_str = 1;
    } else {
        if (!p.have_sh_str && out->hdr.shoff)
            read_shdrs(&p);
        if (p.have_sh_str) {
            p.str_off = p.sh_str_off;
            p.str_size = p.sh_str_size;
            p.have_str = 1;
        } else if (d.has_strtab) {
            p.str_off = d.strtab;
            p.have_str = 1;
        }
    }
    if (p.have_str && d.has_strsz)
        p.str_size = d.strsz;
    else if (p.have_str && !p.str_size)
        p.str_size = p.str_off < s->size ? s->size - p.str_off : 0;
    if (!p.have_str && (d.n_needed || d.has_soname || d.has_rpath || d.has_runpath))
        warn(&p, "the dynamic string table cannot be located");

    if (p.have_str) {
        /* The strings wanted, in one read: the span from the first to the
         * last offset (names are short; a long one reads on). */
        uint64_t lo = UINT64_MAX, hi = 0;
        size_t i;
#define SPAN(v) do { if ((v) < lo) lo = (v); if ((v) > hi) hi = (v); } while (0)
        if (d.has_soname)
            SPAN(d.soname);
        if (d.has_rpath)
            SPAN(d.rpath);
        if (d.has_runpath)
            SPAN(d.runpath);
        for (i = 0; i < d.n_needed; i++)
            SPAN(d.needed[i]);
#undef SPAN
        if (lo <= hi && lo < p.str_size && p.str_off <= UINT64_MAX - lo)
            bytesrc_want(s, p.str_off + lo, (hi - lo) + 256);
    }
    if (d.has_soname)
        out->soname = get_string(&p, d.soname);
    if (d.has_rpath)
        out->rpath = get_string(&p, d.rpath);
    if (d.has_runpath)
        out->runpath = get_string(&p, d.runpath);
    if (d.n_needed) {
        size_t i;
        out->needed = arena_alloc(arena, st_mult(d.n_needed, sizeof(*out->needed)));
        for (i = 0; i < d.n_needed; i++) {
            const char *nm = get_string(&p, d.needed[i]);
            if (nm)
                out->needed[out->n_needed++] = nm;
        }
    }
    if (d.has_verdef && vaddr_to_off(&p, d.verdef, &p.verdef_off)) {
        read_verdefs(&p, p.verdef_off, d.verdefnum ? d.verdefnum : ELF_MAX_VERDEF);
    } else {
        if (!p.have_sh_verdef && out->hdr.shoff && d.has_verdef)
            read_shdrs(&p);
        if (p.have_sh_verdef)
            read_verdefs(&p, p.sh_verdef_off, p.sh_verdef_num ? p.sh_verdef_num : ELF_MAX_VERDEF);
    }
    r = 0;
out:
    free(d.needed);
    return r;
}

static int parse_any(const struct bytesrc *s, struct arena *arena, void *out, struct gd_err *err)
{
    return parse_src(s, arena, out, err);
}

int elf_parse_src(const struct bytesrc *s, const char *vpath, struct arena *arena, struct elf_info *out,
                  struct gd_err *err)
{
    memset(out, 0, sizeof(*out));
    return bytesrc_parse_named(s, vpath, "ELF", parse_any, arena, out, err);
}

int elf_parse(const uint8_t *buf, size_t len, struct arena *arena, struct elf_info *out,
              struct gd_err *err)
{
    struct bytesrc s;
    bytesrc_mem(&s, buf, len);
    return parse_src(&s, arena, out, err);
}

int elf_read(struct fs *fs, const char *vpath, struct arena *arena, struct elf_info *out,
             struct gd_err *err)
{
    memset(out, 0, sizeof(*out));
    return bytesrc_read_file(fs, vpath, "ELF", parse_any, arena, out, err);
}
