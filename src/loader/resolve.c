/*
 * resolve.c - the parts every rule set shares: configuration and its
 * detection on the examined machine, candidate checks, path lists and
 * dynamic string tokens, results.  See resolve.h.
 */
#include "loader/resolve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader/bytesrc.h"
#include "loader/isa.h"
#include "loader/resolve_int.h"
#include "util/alloc.h"
#include "util/banned.h"

void resolve_config_default(struct resolve_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->flavour = RESOLVE_GLIBC;
    cfg->elfclass = ELF_CLASS64;
    cfg->machine = ELF_EM_X86_64;
    cfg->system_dirs[0] = "/lib/x86_64-linux-gnu";
    cfg->system_dirs[1] = "/usr/lib/x86_64-linux-gnu";
    cfg->system_dirs[2] = "/lib";
    cfg->system_dirs[3] = "/usr/lib";
    cfg->n_system_dirs = 4;
    cfg->lib = "lib/x86_64-linux-gnu";
    cfg->platform = "x86_64";
    cfg->cwd = "/";
    cfg->cache_path = "/etc/ld.so.cache";
    cfg->conf_path = "/etc/ld.so.conf";
    cfg->musl_arch = "x86_64";
}

static int exists(struct fs *fs, const char *p, enum compat_ftype type)
{
    struct compat_stat st;
    return fs_stat(fs, p, &st, NULL) == 1 && (type == COMPAT_FT_UNKNOWN || st.type == type);
}

/*
 * The x86-64 ISA level glibc's ld.so would find, hence the active
 * glibc-hwcaps subdirectories and the Intel $PLATFORM override
 * (loader/isa.h has glibc's rules).  On the machine gpudoctor runs on
 * (root "/"), ask the CPU as ld.so does (CPUID and XGETBV): the kernel's
 * /proc/cpuinfo may lack flags CPUID has (an AMD EPYC guest lists no "abm"
 * while ld.so --help says x86-64-v3 is supported).  An examined tree
 * (--root) runs on the CPU its /proc/cpuinfo describes, if it has one;
 * without one the level is unknown and no hwcaps subdirectory is assumed,
 * never this host's CPU.  cfg->hwcaps_source says which it was.
 */
static void detect_cpu(struct fs *fs, struct arena *arena, struct resolve_config *cfg)
{
    struct isa_level isa;
    const char *names[3];
    size_t i, n;

    (void)arena;
    cfg->legacy_hwcap = NULL;
    if (cfg->machine == ELF_EM_AARCH64) {
        /* No glibc-hwcaps subdirectory on AArch64; the legacy "atomics"
         * one (2.26-2.36) when the CPU has LSE atomics (loader/isa.h).
         * The host's /proc/cpuinfo, or the examined tree's: unknown means
         * not searched. */
        struct strbuf sb = STRBUF_INIT;
        cfg->hwcaps_source = NULL;
        cfg->n_hwcaps = 0;
        if (fs_read_head(fs, "/proc/cpuinfo", 65536, &sb, NULL) == 1 &&
            isa_aarch64_atomics(sb.buf, sb.len) == 1)
            cfg->legacy_hwcap = "atomics";
        strbuf_release(&sb);
        return;
    }
    if (cfg->machine != ELF_EM_X86_64 || cfg->elfclass != ELF_CLASS64) {
        cfg->hwcaps_source = NULL;
        return;
    }
    cfg->legacy_hwcap = "x86_64";
    isa.level = -1;
    isa.platform = NULL;
    if (fs->host_root) {
        struct compat_x86_cpuid c;
        if (compat_x86_cpuid(&c) == 0) {
            isa_from_cpuid(&c, &isa);
            cfg->hwcaps_source = "cpuid";
        }
    } else {
        struct strbuf sb = STRBUF_INIT;
        if (fs_read_head(fs, "/proc/cpuinfo", 65536, &sb, NULL) == 1 &&
            isa_from_cpuinfo(sb.buf, sb.len, &isa) == 1)
            cfg->hwcaps_source = "/proc/cpuinfo";
        strbuf_release(&sb);
    }
    if (isa.level < 0)
        cfg->hwcaps_source = "unknown";
    n = isa_hwcaps_subdirs(isa.level, names);
    cfg->n_hwcaps = 0;
    for (i = 0; i < n; i++)
        cfg->hwcaps[cfg->n_hwcaps++] = names[i];
    if (isa.platform)
        cfg->platform = isa.platform;
}

/* "... release version 2.36" or "GLIBC 2.36-9" */
static int parse_glibc_version(const char *s, unsigned *maj, unsigned *min)
{
    const char *p = strstr(s, "version 2.");
    unsigned long a, b;
    char *end;
    if (!p)
        p = strstr(s, "GLIBC 2.");
    if (!p)
        return 0;
    p = strchr(p, ' ') + 1;
    a = strtoul(p, &end, 10);
    if (*end != '.')
        return 0;
    b = strtoul(end + 1, &end, 10);
    if (a != 2 || b > 999)
        return 0;
    *maj = (unsigned)a;
    *min = (unsigned)b;
    return 1;
}

static void legacy_dirs(struct resolve_config *cfg, struct arena *arena)
{
    /* elf/dl-hwcaps.c (2.26-2.36): the power set of {tls, platform, hwcap
     * names}, most specific first; on x86-64 the one searched hwcap name is
     * "x86_64", on AArch64 "atomics" when the CPU has it (ld.so --help lists
     * them: "aarch64 (AT_PLATFORM...)", "tls", "atomics"). */
    const char *hw = cfg->legacy_hwcap;
    int t, p, h;
    cfg->n_legacy = 0;
    for (t = 1; t >= 0; t--)
        for (p = 1; p >= 0; p--)
            for (h = hw ? 1 : 0; h >= 0; h--) {
                char *s;
                size_t i;
                if (!t && !p && !h)
                    continue;
                s = arena_printf(arena, "%s%s%s%s%s", t ? "tls" : "", t && (p || h) ? "/" : "",
                                 p ? cfg->platform : "", p && h ? "/" : "", h ? hw : "");
                for (i = 0; i < cfg->n_legacy; i++)
                    if (!strcmp(cfg->legacy[i], s))
                        break;
                if (i == cfg->n_legacy && cfg->n_legacy < 16)
                    cfg->legacy[cfg->n_legacy++] = s;
            }
}

/*
 * Without /bin/sh (a distroless image, a minimal tree): the program
 * interpreter the distribution installs where its ABI puts it (the psABIs
 * fix these names: glibc's sysdeps/unix/sysv/linux/<arch>/ldconfig.h
 * SYSDEP_KNOWN_INTERPRETER_NAMES, musl's ld-musl-ARCH.so.1).  A real ELF
 * file says its class and machine itself; a placeholder is taken by its
 * name.  1 when one was found.
 */
static int detect_interp(struct fs *fs, struct arena *arena, struct resolve_config *cfg,
                         const char **interp)
{
    static const struct {
        const char *path;
        uint8_t elfclass;
        uint16_t machine;
    } interps[] = {
        { "/lib64/ld-linux-x86-64.so.2", ELF_CLASS64, ELF_EM_X86_64 },
        { "/lib/ld-linux-aarch64.so.1", ELF_CLASS64, ELF_EM_AARCH64 },
        { "/lib/ld-linux.so.2", ELF_CLASS32, ELF_EM_386 },
        { "/lib64/ld64.so.2", ELF_CLASS64, ELF_EM_PPC64 },
    };
    struct fs_dirlist list;
    size_t i;

    for (i = 0; i < sizeof(interps) / sizeof(interps[0]); i++) {
        struct elf_info e;
        struct arena tmp;
        if (!exists(fs, interps[i].path, COMPAT_FT_UNKNOWN))
            continue;
        arena_init(&tmp);
        if (elf_read(fs, interps[i].path, &tmp, &e, NULL) == 1) {
            cfg->elfclass = e.hdr.elfclass;
            cfg->machine = e.hdr.machine;
        } else {
            cfg->elfclass = interps[i].elfclass;
            cfg->machine = interps[i].machine;
        }
        arena_release(&tmp);
        *interp = interps[i].path;
        return 1;
    }
    /* musl: /lib/ld-musl-ARCH.so.1 (the first one, listings are sorted). */
    if (fs_list_dir(fs, "/lib", 65536, &list, NULL) == 1) {
        int found = 0;
        for (i = 0; i < list.nr && !found; i++) {
            const char *b = list.ents[i].name;
            size_t l = strlen(b);
            if (strncmp(b, "ld-musl-", 8) || l <= 13 || strcmp(b + l - 5, ".so.1"))
                continue;
            cfg->flavour = RESOLVE_MUSL;
            cfg->musl_arch = arena_strndup(arena, b + 8, l - 13);
            cfg->elfclass = ELF_CLASS64;
            cfg->machine = !strcmp(cfg->musl_arch, "aarch64") ? ELF_EM_AARCH64
                         : !strcmp(cfg->musl_arch, "x86_64") ? ELF_EM_X86_64
                         : !strcmp(cfg->musl_arch, "i386") ? ELF_EM_386 : cfg->machine;
            if (!strcmp(cfg->musl_arch, "i386"))
                cfg->elfclass = ELF_CLASS32;
            found = 1;
        }
        fs_dirlist_release(&list);
        return found;
    }
    return 0;
}

/*
 * Neither /bin/sh nor an interpreter: the ABI most ld.so.cache entries
 * were written for (ldconfig derives each entry's flags from the file's
 * ELF header: FLAG_AARCH64_LIB64|FLAG_ELF_LIBC6 = 0x0a03 for AArch64,
 * sysdeps/generic/ldconfig.h and sysdeps/unix/sysv/linux/aarch64/dl-cache.h).
 */
static void detect_cache_abi(struct fs *fs, struct resolve_config *cfg)
{
    static const struct {
        int32_t id;
        uint8_t elfclass;
        uint16_t machine;
    } abis[] = {
        { 0x0303, ELF_CLASS64, ELF_EM_X86_64 },
        { 0x0a03, ELF_CLASS64, ELF_EM_AARCH64 },
        { 0x0803, ELF_CLASS32, ELF_EM_X86_64 },
        { 0x0503, ELF_CLASS64, ELF_EM_PPC64 },
    };
    size_t count[sizeof(abis) / sizeof(abis[0])] = { 0 }, i, j, best = 0;
    struct ldcache c;

    if (ldcache_load(fs, cfg->cache_path, &c, NULL) != 1) {
        ldcache_release(&c);
        return;
    }
    for (i = 0; i < c.nr; i++)
        for (j = 0; j < sizeof(abis) / sizeof(abis[0]); j++)
            if (c.entries[i].flags == abis[j].id)
                count[j]++;
    ldcache_release(&c);
    for (j = 1; j < sizeof(abis) / sizeof(abis[0]); j++)
        if (count[j] > count[best])
            best = j;
    if (count[best]) {
        cfg->elfclass = abis[best].elfclass;
        cfg->machine = abis[best].machine;
    }
}

void resolve_config_detect(struct fs *fs, struct arena *arena, struct resolve_config *cfg)
{
    struct fs_dirlist list;
    const char *triplet, *interp = NULL;
    size_t i;

    /* The class, machine and program interpreter of the programs on that
     * machine: /bin/sh's PT_INTERP names glibc's ld-linux or musl's
     * ld-musl-ARCH.so.1 (a glibc system may have musl installed too). */
    {
        struct elf_info sh;
        struct arena tmp;
        int found = 0;
        arena_init(&tmp);
        if (elf_read(fs, "/bin/sh", &tmp, &sh, NULL) == 1) {
            found = 1;
            cfg->elfclass = sh.hdr.elfclass;
            cfg->machine = sh.hdr.machine;
            if (sh.interp) {
                const char *b = path_basename(sh.interp);
                interp = arena_strdup(arena, sh.interp);
                size_t l = strlen(b);
                if (!strncmp(b, "ld-musl-", 8) && l > 13 && !strcmp(b + l - 5, ".so.1")) {
                    cfg->flavour = RESOLVE_MUSL;
                    cfg->musl_arch = arena_strndup(arena, b + 8, l - 13);
                }
            }
        }
        arena_release(&tmp);
        if (!found)
            found = detect_interp(fs, arena, cfg, &interp);
        if (!found)
            detect_cache_abi(fs, cfg);
    }
    triplet = cfg->machine == ELF_EM_X86_64 ? (cfg->elfclass == ELF_CLASS64 ? "x86_64-linux-gnu" : "x86_64-linux-gnux32")
            : cfg->machine == ELF_EM_AARCH64 ? "aarch64-linux-gnu"
            : cfg->machine == ELF_EM_386 ? "i386-linux-gnu" : NULL;
    cfg->platform = cfg->machine == ELF_EM_X86_64 ? "x86_64" : cfg->machine == ELF_EM_AARCH64 ? "aarch64"
                  : cfg->machine == ELF_EM_386 ? "i686" : "unknown";
    if (triplet && exists(fs, "/etc/debian_version", COMPAT_FT_UNKNOWN) &&
        exists(fs, arena_printf(arena, "/usr/lib/%s", triplet), COMPAT_FT_DIR)) {
        cfg->system_dirs[0] = arena_printf(arena, "/lib/%s", triplet);
        cfg->system_dirs[1] = arena_printf(arena, "/usr/lib/%s", triplet);
        cfg->system_dirs[2] = "/lib";
        cfg->system_dirs[3] = "/usr/lib";
        cfg->n_system_dirs = 4;
        cfg->lib = arena_printf(arena, "lib/%s", triplet);
    } else if (cfg->elfclass == ELF_CLASS64) {
        cfg->system_dirs[0] = "/lib64";
        cfg->system_dirs[1] = "/usr/lib64";
        cfg->n_system_dirs = 2;
        cfg->lib = "lib64";
    } else {
        cfg->system_dirs[0] = "/lib";
        cfg->system_dirs[1] = "/usr/lib";
        cfg->n_system_dirs = 2;
        cfg->lib = "lib";
    }
    if (cfg->flavour == RESOLVE_MUSL) {
        cfg->system_dirs[0] = "/lib";
        cfg->system_dirs[1] = "/usr/local/lib";
        cfg->system_dirs[2] = "/usr/lib";
        cfg->n_system_dirs = 3;
    }
    detect_cpu(fs, arena, cfg);
    /* The glibc version: the cache generator names the ldconfig that wrote
     * it; before 2.34 libc is also libc-2.NN.so. */
    if (cfg->flavour == RESOLVE_GLIBC) {
        struct ldcache c;
        if (ldcache_load(fs, cfg->cache_path, &c, NULL) == 1 && c.generator)
            parse_glibc_version(c.generator, &cfg->glibc_major, &cfg->glibc_minor);
        ldcache_release(&c);
        for (i = 0; !cfg->glibc_major && i < cfg->n_system_dirs; i++) {
            size_t j;
            if (fs_list_dir(fs, cfg->system_dirs[i], 65536, &list, NULL) != 1) {
                fs_dirlist_release(&list);   /* -1 leaves the entries read so far */
                continue;
            }
            for (j = 0; j < list.nr; j++) {
                unsigned mi;
                char tail[8];
                if (sscanf(list.ents[j].name, "libc-2.%u.s%7s", &mi, tail) == 2 && !strcmp(tail, "o")) {
                    cfg->glibc_major = 2;
                    cfg->glibc_minor = mi;
                }
            }
            fs_dirlist_release(&list);
        }
        /* Since 2.34 there is no libc-2.NN.so: the program interpreter
         * names its release ("ld.so (...) stable release version 2.36.",
         * what ld.so --version prints). */
        if (!cfg->glibc_major && interp) {
            struct strbuf sb = STRBUF_INIT;
            if (fs_read_file(fs, interp, 8u << 20, &sb, NULL) == 1) {
                const char *tag = "release version 2.";
                size_t tl = strlen(tag), k;
                for (k = 0; k + tl < sb.len; k++) {
                    if (sb.buf[k] == 'r' && !memcmp(sb.buf + k, tag, tl) &&
                        memchr(sb.buf + k, '\0', sb.len - k)) {
                        parse_glibc_version(sb.buf + k, &cfg->glibc_major, &cfg->glibc_minor);
                        break;
                    }
                }
            }
            strbuf_release(&sb);
        }
        if (cfg->glibc_major == 2 && cfg->glibc_minor < 33)
            cfg->n_hwcaps = 0;
        if (cfg->glibc_major == 2 && cfg->glibc_minor >= 26 && cfg->glibc_minor <= 36)
            legacy_dirs(cfg, arena);
    }
}

/*
 * The objects of a run.  checked: resolve_check_file's outcome and detail
 * are known; elf_rc: elf_read's answer (1, 0 absent, -1 with elf_err),
 * ELF_UNREAD when the dynamic section was not read.  Strings in r's arena.
 */
#define ELF_UNREAD (-2)
#define RESOLVE_MEMO_MAX 65536u

struct resolve_memo {
    const char *path;              /* NULL: a free slot */
    int checked;
    enum resolve_outcome outcome;
    const char *detail;
    int elf_rc;
    struct elf_info info;
    const char *elf_err;
    enum gd_err_code elf_err_code;
    int elf_errnum;
};

static size_t memo_hash(const char *s)
{
    size_t h = 1469598103934665603u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211u;
    return h;
}

static struct resolve_memo *memo_slot(struct resolve_memo *tab, size_t cap, const char *path)
{
    size_t i = memo_hash(path) & (cap - 1);
    while (tab[i].path && strcmp(tab[i].path, path))
        i = (i + 1) & (cap - 1);
    return &tab[i];
}

/* The entry for path, created (unchecked, unread) when new; NULL when the
 * table is full. */
static struct resolve_memo *memo_get(struct resolver *r, const char *path)
{
    struct resolve_memo *m;
    if (!r->memo) {
        r->memo_cap = 256;
        r->memo = xcalloc(r->memo_cap, sizeof(*r->memo));
    }
    m = memo_slot(r->memo, r->memo_cap, path);
    if (m->path)
        return m;
    if (r->memo_n >= RESOLVE_MEMO_MAX)
        return NULL;
    if ((r->memo_n + 1) * 10 > r->memo_cap * 7) {
        struct resolve_memo *old = r->memo;
        size_t oldcap = r->memo_cap, i;
        r->memo_cap *= 2;
        r->memo = xcalloc(r->memo_cap, sizeof(*r->memo));
        for (i = 0; i < oldcap; i++)
            if (old[i].path)
                *memo_slot(r->memo, r->memo_cap, old[i].path) = old[i];
        free(old);
        m = memo_slot(r->memo, r->memo_cap, path);
    }
    m->path = arena_strdup(&r->arena, path);
    m->elf_rc = ELF_UNREAD;
    r->memo_n++;
    return m;
}

/* Keep elf_read's answer rc (err) in m. */
static void memo_elf(struct resolver *r, struct resolve_memo *m, int rc, const struct gd_err *err)
{
    m->elf_rc = rc;
    if (rc < 0 && err) {
        m->elf_err = arena_strdup(&r->arena, err->msg);
        m->elf_err_code = err->code;
        m->elf_errnum = err->errnum;
    }
}

int resolve_elf(struct resolver *r, const char *vpath, struct elf_info *info, struct gd_err *err)
{
    struct resolve_memo *m = memo_get(r, vpath);
    struct gd_err own;
    int rc;

    if (m && m->elf_rc != ELF_UNREAD) {
        *info = m->info;
        if (m->elf_rc < 0 && err) {
            err_setx(err, m->elf_err_code, "%s", m->elf_err ? m->elf_err : "");
            err->errnum = m->elf_errnum;
        }
        return m->elf_rc;
    }
    err_init(&own);
    rc = elf_read(r->fs, vpath, &r->arena, info, &own);
    if (m) {
        m->info = *info;
        memo_elf(r, m, rc, &own);
    }
    if (rc < 0 && err)
        *err = own;
    return rc;
}

void resolver_init(struct resolver *r, struct fs *fs, const struct resolve_config *cfg)
{
    memset(r, 0, sizeof(*r));
    r->fs = fs;
    r->cfg = *cfg;
    arena_init(&r->arena);
    r->cache_state = -2;
    r->conf_state = -2;
    ldcache_init(&r->cache);
    ldconf_init(&r->conf);
}

void resolver_release(struct resolver *r)
{
    ldcache_release(&r->cache);
    ldconf_release(&r->conf);
    free(r->suggest_dirs);
    r->suggest_dirs = NULL;
    free(r->memo);
    r->memo = NULL;
    r->memo_n = r->memo_cap = 0;
    r->n_suggest_dirs = r->alloc_suggest_dirs = 0;
    r->suggest_listed = 0;
    arena_release(&r->arena);
}

const struct ldcache *resolver_cache(struct resolver *r)
{
    if (r->cache_state == -2) {
        struct gd_err err;
        err_init(&err);
        r->cache_state = ldcache_load(r->fs, r->cfg.cache_path, &r->cache, &err);
        if (r->cache_state < 0)
            r->cache_error = arena_strdup(&r->arena, err.msg);
    }
    return r->cache_state == 1 ? &r->cache : NULL;
}

static const struct ldconf *resolver_conf(struct resolver *r)
{
    if (r->conf_state == -2) {
        if (r->cfg.flavour == RESOLVE_MUSL)
            r->conf_state = ldconf_load_musl(r->fs, r->cfg.musl_arch, &r->arena, &r->conf, NULL);
        else
            r->conf_state = ldconf_load(r->fs, r->cfg.conf_path, &r->arena, &r->conf, NULL);
    }
    return &r->conf;
}

int resolve_object_read(struct resolver *r, const char *vpath, struct resolve_object *out,
                        struct elf_info *info, struct gd_err *err)
{
    int rc = resolve_elf(r, vpath, info, err);
    out->path = arena_strdup(&r->arena, vpath);
    out->elf = rc == 1 ? info : NULL;
    return rc;
}

void resolve_add_attempt(struct resolve_result *res, enum resolve_step step, const char *path,
                         enum resolve_outcome outcome, const char *from, const char *hwcaps,
                         const char *detail)
{
    struct resolve_attempt *a;
    ALLOC_GROW(res->attempts, res->n_attempts + 1, res->alloc_attempts);
    a = &res->attempts[res->n_attempts++];
    a->step = step;
    a->path = path;
    a->outcome = outcome;
    a->from = from;
    a->hwcaps = hwcaps;
    a->detail = detail;
}

/*
 * glibc's checks after the header (elf/dl-load.c): open_verify reads
 * e_phnum * e_phentsize bytes of program headers at e_phoff, taking e_phnum
 * as it is (PN_XNUM, 0xffff, is no escape to section header 0 there), and a
 * short read is fatal: "cannot read file data".  _dl_map_object_from_fd
 * then refuses a table without PT_LOAD, a load command whose address and
 * offset disagree modulo the page, a shared object without a dynamic
 * section (or with an empty one: separate debuginfo), and an executable;
 * a file cut inside its segments maps, and the first touch of a missing
 * page faults (SIGBUS).  Each ends the dlopen at this file.
 */
static enum resolve_outcome check_phdrs(struct resolver *r, const struct bytesrc *s, const struct elf_header *h,
                                        const char **detail)
{
    size_t need = (size_t)h->phnum * h->phentsize;
    struct elf_phdr_facts pf;
    uint8_t *buf;
    int bad = 0;

    if (h->phoff > s->size || need > s->size - h->phoff) {
        *detail = "cannot read file data (truncated: the program headers are past its end)";
        return ROUT_INVALID;
    }
    buf = xmalloc(need ? need : 1);
    if (bytesrc_read(s, h->phoff, buf, need, NULL) < 0 || elf_phdr_facts(h, buf, need, &pf) < 0) {
        free(buf);
        *detail = "cannot read file data";
        return ROUT_INVALID;
    }
    free(buf);
    if (pf.misaligned) {
        *detail = "ELF load command address/offset not page-aligned";
        bad = 1;
    } else if (!pf.loads) {
        *detail = "object file has no loadable segments";
        bad = 1;
    } else if (h->type != ELF_ET_DYN) {
        *detail = "cannot dynamically load executable";
        bad = 1;
    } else if (!pf.dynamic || pf.empty_dynamic) {
        *detail = "object file has no dynamic section";
        bad = 1;
    } else if (pf.load_end > s->size) {
        *detail = arena_printf(&r->arena, "file truncated: its segments end at byte %llu, the file has %llu",
                               (unsigned long long)pf.load_end, (unsigned long long)s->size);
        bad = 1;
    }
    return bad ? ROUT_INVALID : ROUT_FOUND;
}

/* elf/dl-load.c open_verify on the first n (<= 64) bytes, in its order:
 * size, magic, class (skip), byte order, versions and OS ABI, machine
 * (skip), type. */
static enum resolve_outcome check_header(struct resolver *r, const uint8_t *buf, size_t n,
                                         struct elf_header *h, const char **detail)
{
    if (n < (r->cfg.elfclass == ELF_CLASS64 ? 64u : 52u) && !(n >= 5 && !memcmp(buf, "\177ELF", 4) && buf[4] != r->cfg.elfclass)) {
        *detail = "file too short";
        return ROUT_INVALID;
    }
    if (memcmp(buf, "\177ELF", 4)) {
        *detail = "invalid ELF header";
        return ROUT_INVALID;
    }
    if (buf[4] != r->cfg.elfclass) {
        *detail = buf[4] == ELF_CLASS32 ? "ELFCLASS32" : buf[4] == ELF_CLASS64 ? "ELFCLASS64" : "ELFCLASSNONE";
        return ROUT_WRONG_CLASS;
    }
    if (elf_header_parse(buf, n, h, NULL) < 0) {
        *detail = "invalid ELF header";
        return ROUT_INVALID;
    }
    if (h->data != ELF_DATA_LSB) {
        /* Every Linux target gpudoctor models is little-endian. */
        *detail = "ELF file data encoding not little-endian";
        return ROUT_INVALID;
    }
    if (h->version != 1 || h->e_version != 1) {
        *detail = "ELF file version does not match current one";
        return ROUT_INVALID;
    }
    if (h->osabi != 0 && h->osabi != 3) {
        *detail = "ELF file OS ABI invalid";
        return ROUT_INVALID;
    }
    if (h->machine != r->cfg.machine) {
        const char *mn = elf_machine_name(h->machine);
        *detail = arena_printf(&r->arena, "machine %u%s%s%s", h->machine, mn ? " (" : "", mn ? mn : "", mn ? ")" : "");
        return ROUT_WRONG_MACHINE;
    }
    if (h->type != ELF_ET_DYN && h->type != ELF_ET_EXEC) {
        *detail = "only ET_DYN and ET_EXEC can be loaded";
        return ROUT_INVALID;
    }
    if (h->phentsize != (h->elfclass == ELF_CLASS64 ? 56 : 32)) {
        *detail = "ELF file's phentsize not the expected size";
        return ROUT_INVALID;
    }
    return ROUT_FOUND;
}

static enum resolve_outcome check_file(struct resolver *r, const char *vpath, struct resolve_memo *m,
                                       const char **detail)
{
    struct fs_file f;
    struct bytesrc s;
    struct bytesrc_cache cache;
    struct gd_err err;
    uint8_t buf[64];
    size_t n;
    struct elf_header h;
    enum resolve_outcome o;
    int rc;

    *detail = NULL;
    err_init(&err);
    rc = fs_open(r->fs, vpath, &f, &err);
    if (rc == 0) {
        if (m)
            memo_elf(r, m, 0, NULL);
        return ROUT_ABSENT;
    }
    if (rc < 0) {
        *detail = arena_strdup(&r->arena, err.msg);
        return err.code == GD_ERR_FORMAT ? ROUT_NOT_REGULAR : ROUT_UNREADABLE;
    }
    bytesrc_file(&s, &f, &cache);
    n = f.size < sizeof(buf) ? (size_t)f.size : sizeof(buf);
    if (bytesrc_read(&s, 0, buf, n, &err) < 0) {
        bytesrc_release(&s);
        fs_close(&f);
        *detail = arena_strdup(&r->arena, err.msg);
        return ROUT_UNREADABLE;
    }
    o = check_header(r, buf, n, &h, detail);
    if (o == ROUT_FOUND)
        o = check_phdrs(r, &s, &h, detail);
    if (o == ROUT_FOUND && m && m->elf_rc == ELF_UNREAD && !r->path_only) {
        /* What the walk asks next, from the same open and windows. */
        err_init(&err);
        rc = elf_parse_src(&s, vpath, &r->arena, &m->info, &err);
        memo_elf(r, m, rc, &err);
    }
    bytesrc_release(&s);
    fs_close(&f);
    return o;
}

enum resolve_outcome resolve_check_file(struct resolver *r, const char *vpath, const char **detail)
{
    struct resolve_memo *m = memo_get(r, vpath);
    enum resolve_outcome o;

    if (m && m->checked) {
        *detail = m->detail;
        return m->outcome;
    }
    o = check_file(r, vpath, m, detail);
    if (m) {
        m->checked = 1;
        m->outcome = o;
        m->detail = *detail;
    }
    return o;
}

const char *resolve_origin_of(struct resolver *r, const char *path)
{
    const char *slash;
    if (!path)
        return NULL;
    slash = strrchr(path, '/');
    if (!slash)
        return arena_strdup(&r->arena, r->cfg.cwd);
    if (slash == path)
        return "/";
    return arena_strndup(&r->arena, path, (size_t)(slash - path));
}

/* glibc elf/dl-load.c is_dst: "$NAME" not followed by [A-Za-z0-9_], or
 * "${NAME}".  Returns the length consumed after '$', 0 if no match. */
static size_t is_dst(const char *in, const char *ref)
{
    size_t n = strlen(ref);
    int curly = in[0] == '{';
    const char *s = in + curly;
    if (strncmp(s, ref, n))
        return 0;
    if (curly)
        return s[n] == '}' ? n + 2 : 0;
    if ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= '0' && s[n] <= '9') || s[n] == '_')
        return 0;
    return n;
}

/* Expand one element; 0 if the element must be dropped. */
static int expand_dst(struct resolver *r, const char *in, size_t len, const char *origin,
                      struct strbuf *out)
{
    size_t i = 0;
    strbuf_reset(out);
    while (i < len) {
        if (in[i] == '$' && i + 1 < len) {
            char tmp[64];
            size_t rest = len - i - 1 < sizeof(tmp) - 1 ? len - i - 1 : sizeof(tmp) - 1, k;
            const char *val = NULL;
            memcpy(tmp, in + i + 1, rest);
            tmp[rest] = '\0';
            if ((k = is_dst(tmp, "ORIGIN")) != 0) {
                val = origin;
                /* Secure mode: $ORIGIN only alone at the start of an element. */
                if (r->cfg.secure && (i != 0 || (i + 1 + k < len && in[i + 1 + k] != '/')))
                    return 0;
                if (!val)
                    return 0;
            } else if ((k = is_dst(tmp, "PLATFORM")) != 0) {
                val = r->cfg.platform;
            } else if ((k = is_dst(tmp, "LIB")) != 0) {
                val = r->cfg.lib;
            }
            if (k) {
                if (!val)
                    return 0;
                strbuf_addstr(out, val);
                i += 1 + k;
                continue;
            }
        }
        strbuf_addch(out, in[i]);
        i++;
    }
    return 1;
}

const char **resolve_split_path(struct resolver *r, const char *list, const char *seps,
                                const char *origin, const char *empty_as, size_t *n)
{
    const char **dirs = NULL;
    size_t nr = 0, alloc = 0;
    const char *p = list;
    struct strbuf el = STRBUF_INIT;

    *n = 0;
    if (!list)
        return NULL;
    for (;;) {
        size_t len = strcspn(p, seps), i;
        const char *e = p;
        size_t elen = len;
        if (len == 0) {
            e = empty_as;
            elen = e ? strlen(e) : 0;
        }
        if (e && expand_dst(r, e, elen, origin, &el) && el.len) {
            while (el.len > 1 && el.buf[el.len - 1] == '/')
                strbuf_setlen(&el, el.len - 1);
            if (el.buf[0] != '/' && strcmp(r->cfg.cwd, "/")) {
                /* relative: against the process's working directory */
                struct strbuf abs = STRBUF_INIT;
                path_join(&abs, r->cfg.cwd, el.buf);
                strbuf_reset(&el);
                strbuf_addstr(&el, abs.buf);
                strbuf_release(&abs);
            } else if (el.buf[0] != '/') {
                struct strbuf abs = STRBUF_INIT;
                strbuf_addch(&abs, '/');
                strbuf_addstr(&abs, el.buf);
                strbuf_reset(&el);
                strbuf_addstr(&el, abs.buf);
                strbuf_release(&abs);
            }
            for (i = 0; i < nr; i++)
                if (!strcmp(dirs[i], el.buf))
                    break;
            if (i == nr) {
                ALLOC_GROW(dirs, nr + 1, alloc);
                dirs[nr++] = arena_strdup(&r->arena, el.buf);
            }
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    strbuf_release(&el);
    *n = nr;
    return dirs;
}

const char *resolve_step_name(enum resolve_step step)
{
    switch (step) {
    case RSTEP_LOADED: return "loaded";
    case RSTEP_PATH: return "path";
    case RSTEP_RPATH: return "rpath";
    case RSTEP_LD_LIBRARY_PATH: return "ld_library_path";
    case RSTEP_RUNPATH: return "runpath";
    case RSTEP_CACHE: return "cache";
    case RSTEP_DEFAULT: return "default";
    case RSTEP_MUSL_PATH: return "musl_path";
    case RSTEP_WIN_LOADED: return "win_loaded";
    case RSTEP_WIN_KNOWNDLLS: return "win_knowndlls";
    case RSTEP_WIN_DLL_LOAD_DIR: return "win_dll_load_dir";
    case RSTEP_WIN_ALTERED_DIR: return "win_altered_dir";
    case RSTEP_WIN_APP_DIR: return "win_app_dir";
    case RSTEP_WIN_DLL_DIRECTORY: return "win_dll_directory";
    case RSTEP_WIN_SET_DLL_DIRECTORY: return "win_set_dll_directory";
    case RSTEP_WIN_SYSTEM32: return "win_system32";
    case RSTEP_WIN_SYSTEM: return "win_system";
    case RSTEP_WIN_WINDOWS: return "win_windows";
    case RSTEP_WIN_CWD: return "win_cwd";
    case RSTEP_WIN_PATH: return "win_path";
    case RSTEP_DYLD_LIBRARY_PATH: return "dyld_library_path";
    case RSTEP_DYLD_RPATH: return "dyld_rpath";
    case RSTEP_DYLD_LOADER_PATH: return "dyld_loader_path";
    case RSTEP_DYLD_EXECUTABLE_PATH: return "dyld_executable_path";
    case RSTEP_DYLD_FALLBACK: return "dyld_fallback";
    case RSTEP_DYLD_SHARED_CACHE: return "dyld_shared_cache";
    }
    return "unknown";
}

const char *resolve_outcome_name(enum resolve_outcome outcome)
{
    switch (outcome) {
    case ROUT_FOUND: return "found";
    case ROUT_ABSENT: return "absent";
    case ROUT_WRONG_CLASS: return "wrong_class";
    case ROUT_WRONG_MACHINE: return "wrong_machine";
    case ROUT_UNREADABLE: return "unreadable";
    case ROUT_NOT_REGULAR: return "not_regular";
    case ROUT_INVALID: return "invalid";
    case ROUT_SKIPPED: return "skipped";
    }
    return "unknown";
}

void resolve_result_release(struct resolve_result *res)
{
    free(res->attempts);
    memset(res, 0, sizeof(*res));
}

/* Stale cache: does a directory ldconfig scans hold name while the cache
 * has no usable entry for it? */
static void check_stale(struct resolver *r, const char *name, struct resolve_result *out)
{
    const struct ldcache *c = resolver_cache(r);
    const struct ldconf *conf;
    struct strbuf p = STRBUF_INIT;
    size_t i, ndirs;
    long idx;

    if (!c || strchr(name, '/'))
        return;
    idx = ldcache_lookup(c, name, ldcache_id_for(r->cfg.elfclass, r->cfg.machine),
                         r->cfg.hwcaps, r->cfg.n_hwcaps);
    if (idx >= 0) {
        if (!exists(r->fs, c->entries[idx].value, COMPAT_FT_UNKNOWN))
            out->stale_missing = arena_strdup(&r->arena, c->entries[idx].value);
        return;
    }
    conf = resolver_conf(r);
    ndirs = conf->nr + r->cfg.n_system_dirs;
    for (i = 0; i < ndirs; i++) {
        const char *d = i < conf->nr ? conf->dirs[i].path : r->cfg.system_dirs[i - conf->nr];
        const char *detail;
        path_join(&p, d, name);
        if (resolve_check_file(r, p.buf, &detail) == ROUT_FOUND) {
            out->stale_uncached = arena_strdup(&r->arena, p.buf);
            break;
        }
    }
    strbuf_release(&p);
}

static int is_fhs_local(const char *name)
{
    static const char *const fhs[] = { "bin", "etc", "games", "include", "lib", "lib64", "libexec",
                                       "man", "sbin", "share", "src", NULL };
    size_t i;
    for (i = 0; fhs[i]; i++)
        if (!strcmp(name, fhs[i]))
            return 1;
    return 0;
}

/* The library directories under /usr/local and /opt that exist, once. */
static void list_suggest_dirs(struct resolver *r)
{
    static const char *const bases[] = { "/usr/local", "/opt", NULL };
    static const char *const subs[] = { "lib64", "lib", "targets/x86_64-linux/lib",
                                        "targets/sbsa-linux/lib", NULL };
    struct strbuf d = STRBUF_INIT;
    size_t i, j, k;

    r->suggest_listed = 1;
    for (i = 0; bases[i]; i++) {
        struct fs_dirlist list;
        if (fs_list_dir(r->fs, bases[i], 1024, &list, NULL) != 1) {
            fs_dirlist_release(&list);
            continue;
        }
        for (j = 0; j < list.nr; j++) {
            /* Only directories (or links, or unknown types) can be install
             * prefixes, and in /usr/local the hierarchy's own directories
             * (FHS 3.0, 4.9.2: bin etc games include lib man sbin share
             * src; lib64, libexec) are not. */
            if (list.ents[j].type != COMPAT_FT_DIR && list.ents[j].type != COMPAT_FT_LNK &&
                list.ents[j].type != COMPAT_FT_UNKNOWN)
                continue;
            if (i == 0 && is_fhs_local(list.ents[j].name))
                continue;
            for (k = 0; subs[k]; k++) {
                struct compat_stat st;
                strbuf_reset(&d);
                strbuf_addf(&d, "%s/%s/%s", bases[i], list.ents[j].name, subs[k]);
                if (fs_stat(r->fs, d.buf, &st, NULL) != 1 || st.type != COMPAT_FT_DIR)
                    continue;
                ALLOC_GROW(r->suggest_dirs, r->n_suggest_dirs + 1, r->alloc_suggest_dirs);
                r->suggest_dirs[r->n_suggest_dirs++] = arena_strdup(&r->arena, d.buf);
            }
        }
        fs_dirlist_release(&list);
    }
    strbuf_release(&d);
}

/* Not found: look in the usual places for a loadable file of that name. */
static void suggest(struct resolver *r, const char *name, struct resolve_result *out)
{
    struct strbuf p = STRBUF_INIT;
    const struct ldconf *conf = resolver_conf(r);
    size_t i;

    if (strchr(name, '/'))
        return;
    /* glibc: check_stale has just looked in every conf directory ... */
    if (out->stale_uncached) {
        struct strbuf d = STRBUF_INIT;
        path_dirname(&d, out->stale_uncached);
        out->suggest_dir = arena_strdup(&r->arena, d.buf);
        strbuf_release(&d);
        return;
    }
    /* ... unless it could not (no cache) or stopped early (a cached entry). */
    int scanned = r->cfg.flavour == RESOLVE_GLIBC && resolver_cache(r) && !out->stale_missing;
    for (i = 0; !scanned && i < conf->nr && !out->suggest_dir; i++) {
        const char *detail;
        path_join(&p, conf->dirs[i].path, name);
        if (resolve_check_file(r, p.buf, &detail) == ROUT_FOUND)
            out->suggest_dir = arena_strdup(&r->arena, conf->dirs[i].path);
    }
    if (!r->suggest_listed)
        list_suggest_dirs(r);
    for (i = 0; i < r->n_suggest_dirs && !out->suggest_dir; i++) {
        const char *detail;
        path_join(&p, r->suggest_dirs[i], name);
        if (resolve_check_file(r, p.buf, &detail) == ROUT_FOUND)
            out->suggest_dir = r->suggest_dirs[i];
    }
    strbuf_release(&p);
}

int resolve_library(struct resolver *r, const struct resolve_request *req,
                    struct resolve_result *out, struct gd_err *err)
{
    int rc;
    size_t i;

    memset(out, 0, sizeof(*out));
    if (!req->name || !req->name[0])
        return err_setx(err, GD_ERR_USAGE, "empty library name");
    /* Windows has its own loaded-module rule (base names, any case). */
    if (r->cfg.flavour == RESOLVE_WINDOWS)
        return resolve_windows(r, req, out);
    if (r->cfg.flavour == RESOLVE_MACOS)
        return resolve_macos(r, req, out);
    /* Already loaded: the loader compares the name with every loaded
     * object's names and SONAME before searching (_dl_lookup_map; musl
     * compares short names too). */
    for (i = 0; i < req->n_loaded; i++) {
        if (req->loaded[i] && !strcmp(req->loaded[i], req->name)) {
            out->path = arena_strdup(&r->arena, req->name);
            out->step = RSTEP_LOADED;
            resolve_add_attempt(out, RSTEP_LOADED, out->path, ROUT_FOUND, NULL, NULL, NULL);
            return 1;
        }
    }
    r->path_only = req->path_only;
    if (r->cfg.flavour == RESOLVE_MUSL) {
        rc = resolve_musl(r, req, out);
    } else {
        out->hwcaps = r->cfg.hwcaps;
        out->n_hwcaps = r->cfg.n_hwcaps;
        out->hwcaps_source = r->cfg.hwcaps_source;
        rc = resolve_glibc(r, req, out);
    }
    r->path_only = 0;
    if (r->cfg.flavour == RESOLVE_GLIBC)
        check_stale(r, req->name, out);
    if (!rc)
        suggest(r, req->name, out);
    return rc;
}
