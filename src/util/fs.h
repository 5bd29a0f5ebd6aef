/*
 * fs.h - all file access to the examined machine, re-rooted.
 *
 * A struct fs names the root of the examined machine ("/" for this one, or
 * the --root directory).  Every path given to these functions is a path *on
 * that machine* (a "virtual" path, absolute); fs resolves it the way a
 * chroot would: absolute symlinks restart at the root, ".." never climbs
 * above it, and at most FS_MAX_HOPS links are followed (then ELOOP).  With
 * root "/" the kernel resolves paths itself, which is the same thing.
 *
 * Under --root every open, stat, readlink and listing starts from a handle
 * on the root directory and resolves the path inside it (compat_open_in_root:
 * openat2 RESOLVE_IN_ROOT, or a component walk with O_NOFOLLOW), then works
 * on the descriptor it got: a tree that changes during the scan (a symlink
 * swapped to point outside) can change which file inside the tree is read,
 * never make gpudoctor read outside it.  A file is opened for reading only
 * after its handle's fstat says it is a regular file: a device node, FIFO or
 * socket where a file is expected is refused unopened (GD_ERR_FORMAT, "not a
 * regular file"), and regular files are opened O_NONBLOCK | O_NOCTTY as
 * well.  fs_host_path and fs_realpath compute names only (the lstat walk and
 * its directory cache); nothing reads through their answer except `probe`.
 * On Windows (no openat) paths are opened by name.
 *
 * One struct fs answers for the tree as it first saw it: stats, directory
 * listings (also a refusal for more entries than the caller's limit),
 * "absent" answers and files read to their end are remembered (a scan asks
 * the same questions many times), so a file created later is seen by a new
 * struct fs, not by this one.  Where names are exact (compat_names_exact:
 * Linux), what is remembered also answers existence questions without a
 * system call: a path below one known absent or not a directory is absent,
 * and so is a name a complete listing of its directory lacks.  Directories
 * are listed for that when a caller says many names will be looked up
 * below one (fs_expect_lookups) or after a run of misses in one.  The
 * counters nstat, nread and ndirent count the work done (tests assert on
 * them, never on time).
 *
 * Reads are bounded: fs_read_file refuses files bigger than the caller's
 * limit (GD_ERR_LIMIT) without reading them, and fs_read_head reads only a
 * prefix.  Identity (st_dev, st_ino) comes back with every stat so callers can
 * de-duplicate directories reached twice and detect loops.
 *
 * Searches and reads are tri-state: 1 done, 0 the path does not exist (or a
 * component is not a directory), -1 another error (err filled: EACCES,
 * ELOOP, EIO, a limit...).  This module never prints.
 */
#ifndef GD_FS_H
#define GD_FS_H

#include <stddef.h>
#include <stdint.h>

#include "compat/compat.h"
#include "util/err.h"
#include "util/strbuf.h"

#define FS_MAX_HOPS 40
#define FS_PATH_MAX 4096

struct fs_cache;

struct fs {
    char *root;       /* owned; "/" or a canonical host directory, no trailing '/' except "/" */
    int host_root;    /* root is "/": let the kernel resolve */
    uint64_t nstat;   /* counters of the work done, for tests and the benchmark: */
    uint64_t nread;   /* stats and opens asked of the system; files and directories opened */
    uint64_t ndirent; /* directory entries read */
    /*
     * I/O fault injection for tests (tests run as root, where permissions
     * cannot make a file unreadable): every path at or below this virtual
     * path fails with EACCES.  Set from GPUDOCTOR_TEST_EACCES by the cli;
     * NULL in normal use.
     */
    const char *fault_eacces;
    struct fs_cache *cache;   /* resolved directories under a --root (fs.c); owned */
    int root_fd;              /* a handle on root under --root (-1: none, or "/"); owned */
};

/**
 * Use host directory root (NULL or "/" for this machine).  -1 with err if
 * it is unusable: missing, not a directory, or not readable and searchable
 * by this user (a scan of a root it cannot list would find nothing and
 * look like a machine without a GPU).
 */
int fs_init(struct fs *fs, const char *root, struct gd_err *err);
/**
 * Use root as written, not canonicalised: for /proc/PID/root, the root of
 * a process in another mount namespace.  Its target names no path here
 * (realpath(3) gives "/", this machine's root), but opening it reaches
 * that namespace's root, and so does every path below it.  -1 if unusable.
 */
int fs_init_pinned(struct fs *fs, const char *root, struct gd_err *err);
void fs_release(struct fs *fs);

/**
 * Translate virtual path vpath to the host path to open, following symlinks
 * inside the root (the last component only when follow_last).  1 and out set,
 * 0 when some component does not exist, -1 on error.
 */
int fs_host_path(struct fs *fs, const char *vpath, int follow_last,
                 struct strbuf *out, struct gd_err *err);

/** The canonical virtual path (all links resolved), like realpath(3). */
int fs_realpath(struct fs *fs, const char *vpath, struct strbuf *out,
                struct gd_err *err);

int fs_stat(struct fs *fs, const char *vpath, struct compat_stat *st,
            struct gd_err *err);
int fs_lstat(struct fs *fs, const char *vpath, struct compat_stat *st,
             struct gd_err *err);
/**
 * What fs_stat would say of vpath's type, only: 1 and *type, 0 absent, -1
 * error.  A listing of its directory read before answers without a system
 * call when it names the entry's own type (not a link, not unknown).
 */
int fs_stat_type(struct fs *fs, const char *vpath, enum compat_ftype *type,
                 struct gd_err *err);
/** The target of symlink vpath, as stored (not resolved). */
int fs_readlink(struct fs *fs, const char *vpath, struct strbuf *out,
                struct gd_err *err);
/** 1 if the current user may access vpath with mode (COMPAT_R_OK...), 0 if not or absent. */
int fs_access(struct fs *fs, const char *vpath, int mode);
/**
 * fs_stat and, where it exists, whether this process may read and write
 * it (fs_access's COMPAT_R_OK and COMPAT_W_OK) in one question: under
 * --root both are answered from one handle.  1 (st, *readable, *writable
 * filled) / 0 absent / -1 (err); *readable and *writable are 0 unless 1.
 */
int fs_stat_rw(struct fs *fs, const char *vpath, struct compat_stat *st, int *readable, int *writable,
               struct gd_err *err);

/**
 * Read the whole regular file vpath into out (appended), if it is at most
 * limit bytes; a bigger file is an error (GD_ERR_LIMIT) and nothing is read.
 * Not a regular file: error.  1 / 0 (absent) / -1.
 */
int fs_read_file(struct fs *fs, const char *vpath, size_t limit,
                 struct strbuf *out, struct gd_err *err);
/** Read at most max bytes from the start of vpath. 1 / 0 / -1. */
int fs_read_head(struct fs *fs, const char *vpath, size_t max,
                 struct strbuf *out, struct gd_err *err);

/* An open file for positioned reads (ELF and PE readers read only headers). */
struct fs_file {
    int fd;
    uint64_t size;
    struct compat_stat st;
};
int fs_open(struct fs *fs, const char *vpath, struct fs_file *f,
            struct gd_err *err);
/**
 * Read exactly len bytes at off into buf.  Returns 0, or -1 (err filled,
 * GD_ERR_FORMAT when the file is shorter than off + len).
 */
int fs_pread(struct fs_file *f, uint64_t off, void *buf, size_t len,
             struct gd_err *err);
void fs_close(struct fs_file *f);

struct fs_dirent {
    char *name;               /* owned by the list */
    enum compat_ftype type;   /* from readdir; COMPAT_FT_UNKNOWN possible; LNK not followed */
};
struct fs_dirlist {
    struct fs_dirent *ents;
    size_t nr, alloc;
};
/**
 * List directory vpath into list, sorted by name (byte order) so output is
 * stable.  At most max_entries are kept (GD_ERR_LIMIT beyond, with the list
 * filled so far).  1 / 0 (absent or not a directory) / -1.  The directory
 * is read once per struct fs: later calls (with a limit no larger than one
 * it was read with, if it had more entries) answer from what was read.
 */
int fs_list_dir(struct fs *fs, const char *vpath, size_t max_entries,
                struct fs_dirlist *list, struct gd_err *err);
/**
 * fs_list_dir keeping only the names keep(name, arg) accepts (keep NULL:
 * all).  For large directories where a caller wants a few names (the driver
 * libraries among the thousands of /usr/lib/<triplet>), this avoids copying
 * and sorting the rest.  max_entries counts every entry read.
 */
int fs_list_dir_filtered(struct fs *fs, const char *vpath, size_t max_entries,
                         int (*keep)(const char *name, void *arg), void *arg,
                         struct fs_dirlist *list, struct gd_err *err);
/**
 * fs_list_dir's answer without a copy: *ents, *n entries sorted by name
 * (byte order), borrowed from fs's memory of the run and valid until
 * fs_release.  A directory of more than max_entries: -1 (GD_ERR_LIMIT)
 * with nothing listed, and that is remembered too, so asking again reads
 * nothing.  1 / 0 (absent or not a directory) / -1.
 */
int fs_list_dir_sorted(struct fs *fs, const char *vpath, size_t max_entries,
                       const struct fs_dirent *const **ents, size_t *n, struct gd_err *err);
/**
 * Say that many names will be looked up below directory dir (the loader
 * model's search directories): at the first one found absent, dir is
 * listed once (at most a few thousand entries), and every later existence
 * question below it (stat, lstat, open, list) whose answer the listing
 * holds (a name it lacks) costs no system call.  A hint only: nothing is
 * read when nothing below dir is missed, and where file systems may fold
 * case (compat_names_exact) it does nothing.
 */
void fs_expect_lookups(struct fs *fs, const char *dir);
/** A keep function for fs_list_dir_filtered: names starting with the string arg. */
int fs_keep_prefix(const char *name, void *prefix);
void fs_dirlist_release(struct fs_dirlist *list);

/* Path helpers (pure string functions, virtual paths). */
/** Join dir and name with exactly one '/', into out (reset first). */
void path_join(struct strbuf *out, const char *dir, const char *name);
/** Lexically normalise: collapse "//", ".", and ".." (never above "/"). */
void path_normalize(struct strbuf *out, const char *path);
/** The directory part of path (as dirname(3), without modifying path). */
void path_dirname(struct strbuf *out, const char *path);
/** Pointer to the last component of path. */
const char *path_basename(const char *path);

#endif
