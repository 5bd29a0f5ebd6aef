/*
 * compat.h - the only place where the operating system shows through.
 *
 * Everything platform-specific that gpudoctor needs (file identity, directory
 * listing, symbolic links, reading files, the process environment, terminals,
 * the host's own uname) is behind these functions, implemented once for POSIX
 * (compat/posix.c) and, later, once for Windows (compat/win32.c).  Callers
 * above util/fs.c must not use them directly for paths on the examined
 * machine: fs.h applies --root.
 *
 * Return conventions: 0 success, -1 failure with errno set (so callers can
 * err_set()).  No function here prints or allocates except where it says so.
 */
#ifndef GD_COMPAT_H
#define GD_COMPAT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum compat_ftype {
    COMPAT_FT_UNKNOWN = 0,
    COMPAT_FT_REG,
    COMPAT_FT_DIR,
    COMPAT_FT_LNK,
    COMPAT_FT_CHR,
    COMPAT_FT_OTHER
};

struct compat_stat {
    uint64_t dev, ino;       /* identity, for de-duplication and loops */
    enum compat_ftype type;
    uint64_t size;
    uint32_t mode;           /* permission bits */
    uint32_t uid, gid;
    uint64_t rdev;
    int64_t mtime;
};

int compat_stat(const char *path, struct compat_stat *st);
int compat_lstat(const char *path, struct compat_stat *st);
/** readlink into buf (NUL-terminated); -1 with ENAMETOOLONG if it does not fit. */
int compat_readlink(const char *path, char *buf, size_t size);
/** Open for reading (no controlling tty, close-on-exec, no atime update if allowed). */
int compat_open_read(const char *path);
/** Bounded read; returns bytes read, 0 at EOF, -1 on error (EINTR retried). */
long compat_read(int fd, void *buf, size_t len);
long compat_pread(int fd, void *buf, size_t len, uint64_t off);
int compat_fstat(int fd, struct compat_stat *st);
void compat_close(int fd);
/** access(2): mode is a mix of COMPAT_R_OK / COMPAT_W_OK / COMPAT_X_OK. */
#define COMPAT_R_OK 4
#define COMPAT_W_OK 2
#define COMPAT_X_OK 1
int compat_access(const char *path, int mode);

/* Directory listing: one entry at a time; name is valid until the next call. */
struct compat_dir;
struct compat_dir *compat_opendir(const char *path);
/** 1 and fills *name and *type, 0 at the end, -1 on error. Skips "." and "..". */
int compat_readdir(struct compat_dir *d, const char **name, enum compat_ftype *type);
void compat_closedir(struct compat_dir *d);

/** The process environment as a NULL-terminated "K=V" array (borrowed). */
char **compat_environ(void);
/** 1 if fd is a terminal. */
int compat_isatty(int fd);
/** The running kernel's machine name (e.g. "x86_64"), into buf. */
int compat_host_machine(char *buf, size_t size);
/** The current working directory, into buf. */
int compat_getcwd(char *buf, size_t size);
/** The effective user and groups (for device node permission checks). */
uint32_t compat_geteuid(void);
/** Monotonic clock in nanoseconds (for benchmarks and probe timing). */
uint64_t compat_now_ns(void);
/** The host's name, into buf. */
int compat_hostname(char *buf, size_t size);

#ifdef _WIN32
/**
 * realpath(3) for MinGW, which has none: the final path of an existing file
 * (links and junctions resolved by Windows, "\\?\" stripped, '/' as the
 * separator, e.g. "C:/Windows").  resolved must hold 4096 bytes.  NULL with
 * errno on failure.  util/fs calls realpath for --root only.
 */
char *compat_win32_realpath(const char *path, char *resolved);
#define realpath(path, resolved) compat_win32_realpath((path), (resolved))
#endif

#endif
