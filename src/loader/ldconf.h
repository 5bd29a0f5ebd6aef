/*
 * ldconf.h - the directories ldconfig puts in the cache, and musl's path file.
 *
 * glibc: /etc/ld.so.conf is read line by line as elf/ldconfig.c
 * (parse_conf, parse_conf_include, add_dir_1) does: everything from '#' on is
 * a comment; leading whitespace is skipped; "include" followed by a blank
 * names one or more glob patterns (separated by blanks), relative to the
 * directory of the including file when not absolute, expanded in sorted
 * order; "hwcap" lines are ignored; any other line is one directory, with
 * an optional "=TYPE" suffix dropped and trailing whitespace and '/'
 * removed.  Glob matching (*, ?, [...], a leading '.' only matched
 * explicitly) is done here over fs_list_dir, so no libc glob is needed.
 * glibc does not guard against include loops.  Here a file that includes
 * one already being read (an ancestor on the include chain) does not read it
 * again: one warning per such loop, naming both files.  Aliases a path
 * comparison cannot see (symlinks) are stopped at LDCONF_MAX_DEPTH levels
 * and LDCONF_MAX_FILES files, each limit warned about once.
 *
 * musl: /etc/ld-musl-ARCH.path lists directories separated by ':' or
 * newlines (ldso/dynlink.c); when the file is absent musl uses
 * "/lib:/usr/local/lib:/usr/lib".
 *
 * This module only lists directories; whether they exist or what they hold
 * is the resolver's concern.
 */
#ifndef GD_LOADER_LDCONF_H
#define GD_LOADER_LDCONF_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

#define LDCONF_MAX_DEPTH 16
#define LDCONF_MAX_FILES 512
#define LDCONF_MAX_SIZE (1u << 20)

enum ldconf_kind { LDCONF_DIR, LDCONF_INCLUDE };

/* One meaningful line item of one file, as parsed. */
struct ldconf_item {
    enum ldconf_kind kind;
    const char *text;    /* the directory, or one include pattern (arena) */
    unsigned line;
};

struct ldconf_dir {
    const char *path;    /* as written, trailing '/' removed (arena) */
    const char *file;    /* the conf file that named it (arena) */
    unsigned line;
};

struct ldconf {
    struct ldconf_dir *dirs;    /* owned array, in ldconfig's order, duplicates kept */
    size_t nr, alloc;
    const char **warnings;      /* owned array of arena strings */
    size_t n_warnings, alloc_warnings;
    size_t n_files;             /* conf files read */
};

void ldconf_init(struct ldconf *c);
void ldconf_release(struct ldconf *c);

/**
 * Parse one ld.so.conf-format buffer into items (appended to *items, an
 * xrealloc'd array the caller frees; strings in arena).  Never fails: a
 * line that means nothing is skipped.  Returns the number of items added.
 */
size_t ldconf_parse(const uint8_t *buf, size_t len, struct arena *arena,
                    struct ldconf_item **items, size_t *n_items, size_t *alloc_items);

/**
 * 1 if name matches the glob pattern (one path component: *, ?, [abc],
 * [a-z], [!x]; a leading '.' in name must be matched by a literal '.').
 */
int ldconf_glob_match(const char *pattern, const char *name);

/**
 * Read vpath (normally "/etc/ld.so.conf") on the examined machine and every
 * file it includes, appending directories to c.  1 read, 0 absent, -1 the
 * top file is unreadable (err).  Problems in included files become warnings.
 */
int ldconf_load(struct fs *fs, const char *vpath, struct arena *arena,
                struct ldconf *c, struct gd_err *err);

/**
 * Split a musl path-file buffer (or any ':'/newline separated list) into
 * directories appended to c (file = from).  Empty elements are skipped, as
 * musl's path_open does.
 */
void ldconf_parse_musl(const uint8_t *buf, size_t len, const char *from,
                       struct arena *arena, struct ldconf *c);

/**
 * musl's system path: /etc/ld-musl-ARCH.path if present, else the built-in
 * "/lib:/usr/local/lib:/usr/lib".  arch is musl's LDSO_ARCH ("x86_64",
 * "aarch64", "i386").  Returns 1 file read, 0 built-in used, -1 the file
 * exists but cannot be read (musl then uses an empty path; c gets nothing).
 */
int ldconf_load_musl(struct fs *fs, const char *arch, struct arena *arena,
                     struct ldconf *c, struct gd_err *err);

#endif
