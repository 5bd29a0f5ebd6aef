/*
 * ldcache.h - glibc's /etc/ld.so.cache, read as ld.so and `ldconfig -p` do.
 *
 * Three layouts exist (glibc elf/dl-cache.c, sysdeps/generic/dl-cache.h,
 * elf/cache.c): the old one (magic "ld.so-1.7.0", 12-byte entries), the new
 * one ("glibc-ld.so.cache" "1.1", 24-byte entries with a hwcap word, an
 * optional extension directory holding the generator string and the
 * glibc-hwcaps subdirectory names), the default since glibc 2.32, and the
 * compat layout (an old table followed by a new one), the default before.
 * When a new table is present its entries are the ones kept, as both ld.so
 * and `ldconfig -p` use it.  Entries are kept in file order (ldconfig sorts
 * them by descending _dl_cache_libcmp), so a listing matches `ldconfig -p`.
 *
 * Integers are in the byte order of the machine that wrote the cache; a
 * cache whose flags say the other byte order is rejected (ld.so ignores it).
 * Every key and value must be a NUL-terminated string inside the file;
 * entries that are not are dropped and counted in n_bad.
 *
 * Which entry a lookup returns is ld.so's policy (search_cache), given here
 * as ldcache_lookup() with the expected flags and the active glibc-hwcaps
 * subdirectories as parameters.  Whether to use the cache at all, and what
 * to do with the path it gives, is the resolver's business (resolve.h).
 */
#ifndef GD_LOADER_LDCACHE_H
#define GD_LOADER_LDCACHE_H

#include <stddef.h>
#include <stdint.h>

#include "util/err.h"
#include "util/fs.h"

#define LDCACHE_MAX_SIZE (64u << 20)   /* a real cache is < 1 MiB */

/* Entry flags (sysdeps/generic/ldconfig.h). */
#define LDCACHE_FLAG_TYPE_MASK 0x00ff
#define LDCACHE_FLAG_LIBC6 0x0003
#define LDCACHE_FLAG_ABI_MASK 0xff00
#define LDCACHE_FLAG_X8664_LIB64 0x0300
#define LDCACHE_FLAG_X8664_LIBX32 0x0800
#define LDCACHE_FLAG_AARCH64_LIB64 0x0a00

enum ldcache_format {
    LDCACHE_NONE = 0,
    LDCACHE_OLD,      /* "ld.so-1.7.0" only */
    LDCACHE_NEW,      /* "glibc-ld.so.cache1.1" only */
    LDCACHE_COMPAT    /* old table, then new table */
};

struct ldcache_entry {
    int32_t flags;            /* type | ABI */
    const char *key;          /* the SONAME (or file name) looked up */
    const char *value;        /* the path ld.so opens */
    uint64_t hwcap;           /* 0 for a plain entry */
    const char *hwcaps_subdir;/* for a glibc-hwcaps entry: "x86-64-v3"..., else NULL */
};

struct ldcache {
    enum ldcache_format format;
    struct ldcache_entry *entries;  /* owned array, file order */
    size_t nr;
    size_t n_bad;                   /* entries dropped: string outside the file */
    const char *generator;          /* "ldconfig (Debian GLIBC ...) ...", or NULL */
    const char **hwcaps;            /* the extension's subdirectory names */
    size_t n_hwcaps;
    uint8_t *data;                  /* owned file contents (ldcache_load only) */
    char *generator_buf;            /* owned copy (the string is not NUL-ended on disk) */
};

void ldcache_init(struct ldcache *c);
/** Free what c owns; c is empty (ldcache_init state) afterwards. */
void ldcache_release(struct ldcache *c);

/**
 * Parse a cache held in buf[0..len).  The strings of c point into buf,
 * which must outlive c (borrowed).  Returns 0, or -1 with err
 * (GD_ERR_FORMAT) when buf is not a cache in any known layout, is of the
 * other byte order, or its table runs past the end; c is then empty.
 */
int ldcache_parse(const uint8_t *buf, size_t len, struct ldcache *c,
                  struct gd_err *err);

/**
 * Read and parse vpath (normally "/etc/ld.so.cache") on the examined
 * machine; c owns the contents.  1 loaded, 0 absent, -1 unreadable, too big
 * or malformed (err).
 */
int ldcache_load(struct fs *fs, const char *vpath, struct ldcache *c,
                 struct gd_err *err);

/** glibc's _dl_cache_libcmp: digit runs compare numerically and after letters. */
int ldcache_libcmp(const char *p1, const char *p2);

/**
 * Whether ld.so built for the ABI whose cache id is want_id (0x0303 on
 * x86-64, 0x0a03 on AArch64, 0x0803 for x32, 0x0003 for i386 and other
 * generic ports, where 1 is accepted too) uses an entry with these flags
 * (_dl_cache_check_flags).
 */
int ldcache_flags_ok(int32_t want_id, int32_t flags);

/** The cache id (see above) for an ELF class and machine; 0 if unknown. */
int32_t ldcache_id_for(int elfclass, uint16_t machine);

/**
 * ld.so's lookup (search_cache): binary search for key name, then among the
 * entries with that key the first usable one, preferring a glibc-hwcaps
 * entry whose subdirectory is listed in active (in priority order, best
 * first; n_active may be 0).  Returns the entry index, or -1 if none.
 */
long ldcache_lookup(const struct ldcache *c, const char *name, int32_t want_id,
                    const char *const *active, size_t n_active);

/**
 * The text `ldconfig -p` prints between the parentheses for an entry
 * ("libc6,x86-64", "libc6,x86-64, hwcap: \"x86-64-v3\"") into out (reset).
 */
void ldcache_describe(const struct ldcache_entry *e, struct strbuf *out);

#endif
