/* POSIX implementation of compat.h (Linux, macOS). */
#ifndef _WIN32
#define _GNU_SOURCE
#include "compat/compat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "util/alloc.h"
#include "util/banned.h"

extern char **environ;

static int mode_to_access(int mode);

static enum compat_ftype ftype_of(mode_t m)
{
    if (S_ISREG(m))
        return COMPAT_FT_REG;
    if (S_ISDIR(m))
        return COMPAT_FT_DIR;
    if (S_ISLNK(m))
        return COMPAT_FT_LNK;
    if (S_ISCHR(m))
        return COMPAT_FT_CHR;
    return COMPAT_FT_OTHER;
}

static void fill(struct compat_stat *st, const struct stat *s)
{
    st->dev = (uint64_t)s->st_dev;
    st->ino = (uint64_t)s->st_ino;
    st->type = ftype_of(s->st_mode);
    st->size = s->st_size > 0 ? (uint64_t)s->st_size : 0;
    st->mode = (uint32_t)(s->st_mode & 07777);
    st->uid = (uint32_t)s->st_uid;
    st->gid = (uint32_t)s->st_gid;
    st->rdev = (uint64_t)s->st_rdev;
    st->mtime = (int64_t)s->st_mtime;
}

int compat_stat(const char *path, struct compat_stat *st)
{
    struct stat s;
    if (stat(path, &s) < 0)
        return -1;
    fill(st, &s);
    return 0;
}

int compat_lstat(const char *path, struct compat_stat *st)
{
    struct stat s;
    if (lstat(path, &s) < 0)
        return -1;
    fill(st, &s);
    return 0;
}

int compat_fstat(int fd, struct compat_stat *st)
{
    struct stat s;
    if (fstat(fd, &s) < 0)
        return -1;
    fill(st, &s);
    return 0;
}

int compat_readlink(const char *path, char *buf, size_t size)
{
    ssize_t n = readlink(path, buf, size);
    if (n < 0)
        return -1;
    if ((size_t)n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    buf[n] = '\0';
    return 0;
}

int compat_open_read(const char *path)
{
    int flags = O_RDONLY | O_CLOEXEC | O_NOCTTY;
#ifdef O_NONBLOCK
    /* A FIFO planted in a scanned tree must not block the scan. */
    flags |= O_NONBLOCK;
#endif
    return open(path, flags);
}

int compat_fd_blocking(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0)
        return -1;
    return (fl & O_NONBLOCK) ? fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) : 0;
}

FILE *compat_open_output(const char *path, int *created)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    FILE *fp;
    *created = fd >= 0;
    if (fd < 0 && errno == EEXIST)
        fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    if (!(fp = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return fp;
}

int compat_close_output(FILE *fp, const char *path, int created)
{
    struct stat st;
    long pos;
    int bad = 0;
    if (fflush(fp) != 0 || ferror(fp)) {
        fclose(fp);
        return -1;
    }
    /* A pipe, a terminal, /dev/stdout: nothing to cut or remove. */
    if (fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode))
        return fclose(fp) != 0 ? -1 : 0;
    pos = ftell(fp);
    if (pos < 0)
        bad = 1;
    else if (pos == 0 && created) {
        /* Made for a report that never came: gone again. */
        if (fclose(fp) != 0)
            bad = 1;
        if (unlink(path) != 0)
            bad = 1;
        return bad ? -1 : 0;
    } else if (pos > 0 && ftruncate(fileno(fp), (off_t)pos) != 0) {
        bad = 1;        /* the rest of an older, longer file would stay */
    }
    /* pos 0 and the file was there: nothing was written, it is as it was. */
    if (fclose(fp) != 0)
        bad = 1;
    return bad ? -1 : 0;
}

long compat_read(int fd, void *buf, size_t len)
{
    for (;;) {
        ssize_t n = read(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        return (long)n;
    }
}

long compat_pread(int fd, void *buf, size_t len, uint64_t off)
{
    for (;;) {
        ssize_t n = pread(fd, buf, len, (off_t)off);
        if (n < 0 && errno == EINTR)
            continue;
        return (long)n;
    }
}

void compat_close(int fd)
{
    if (fd >= 0)
        close(fd);
}

int compat_access(const char *path, int mode)
{
    return access(path, mode_to_access(mode));
}

/* ---- opening inside a tree (compat_open_in_root) ---- */

#ifdef O_PATH
#define HANDLE_FLAGS O_PATH
#else
/* No handles that read nothing (macOS): directories are opened for
 * reading; a last component that is neither a directory nor a regular file
 * is refused without being opened (ENXIO), see walk_last. */
#define HANDLE_FLAGS O_RDONLY
#endif

static int mode_to_access(int mode)
{
    int m = 0;
    if (mode & COMPAT_R_OK)
        m |= R_OK;
    if (mode & COMPAT_W_OK)
        m |= W_OK;
    if (mode & COMPAT_X_OK)
        m |= X_OK;
    return m ? m : F_OK;
}

int compat_open_root(const char *path)
{
    return open(path, HANDLE_FLAGS | O_DIRECTORY | O_CLOEXEC);
}

int compat_readlinkat(int fd, const char *name, char *buf, size_t size)
{
    ssize_t n = readlinkat(fd, name, buf, size);
    if (n < 0)
        return -1;
    if ((size_t)n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    buf[n] = '\0';
    return 0;
}

static int use_openat2 = 1;
/* How the rooted opens of this process were resolved (compat_rooted_opens). */
static unsigned long n_openat2, n_walk;

void compat_set_no_openat2(int on)
{
    use_openat2 = !on;
}

void compat_rooted_opens(unsigned long *by_openat2, unsigned long *by_walk)
{
    *by_openat2 = n_openat2;
    *by_walk = n_walk;
}

/* What the last component is opened as. */
static int final_flags(unsigned flags)
{
    if (flags & COMPAT_IR_DIR)
        return O_RDONLY | O_DIRECTORY | O_CLOEXEC;
    if (flags & COMPAT_IR_READ)
        return O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    return HANDLE_FLAGS | O_CLOEXEC;
}

#if defined(__linux__) && defined(O_PATH)
#ifndef SYS_openat2
#define SYS_openat2 437      /* the same number on every architecture */
#endif
/* <linux/openat2.h>, spelled out so that old headers build too. */
struct gd_open_how {
    uint64_t flags, mode, resolve;
};
#define GD_RESOLVE_NO_MAGICLINKS 0x02u
#define GD_RESOLVE_IN_ROOT 0x10u

/* 1 opened (*fd), 0 openat2 is not there (use the walk), -1 failed (errno). */
static int try_openat2(int rootfd, const char *rel, unsigned flags, int *fd)
{
    struct gd_open_how how;
    int tries;
    if (!use_openat2)
        return 0;
    memset(&how, 0, sizeof(how));
    how.flags = (uint64_t)final_flags(flags) | ((flags & COMPAT_IR_NOFOLLOW) ? O_NOFOLLOW : 0);
    how.resolve = GD_RESOLVE_IN_ROOT | GD_RESOLVE_NO_MAGICLINKS;
    /* EAGAIN: a rename raced with ".." resolution; the kernel asks to retry. */
    for (tries = 0; tries < 8; tries++) {
        long r = syscall(SYS_openat2, rootfd, *rel ? rel : ".", &how, sizeof(how));
        if (r >= 0) {
            *fd = (int)r;
            return 1;
        }
        if (errno == EINTR || errno == EAGAIN)
            continue;
        if (errno == ENOSYS || errno == EPERM || errno == E2BIG) {
            use_openat2 = 0;   /* not this kernel (or a seccomp filter): walk from now on */
            return 0;
        }
        return -1;
    }
    return -1;
}
#else
static int try_openat2(int rootfd, const char *rel, unsigned flags, int *fd)
{
    (void)rootfd, (void)rel, (void)flags, (void)fd;
    return 0;
}
#endif

#define WALK_DEPTH 256
#define WALK_HOPS 40

/*
 * The component walk: what RESOLVE_IN_ROOT does, in user space.  stack[0]
 * is rootfd (borrowed), stack[1..depth] are handles on the directories
 * walked into (owned), so ".." is a pop and never goes above rootfd.  Each
 * directory is opened with O_NOFOLLOW | O_DIRECTORY from its parent's
 * handle: a symlink there fails the open, and is then read with
 * readlinkat and spliced into the rest of the path, restarting at rootfd
 * when it is absolute.
 */
static int walk_in_root(int rootfd, const char *rel, unsigned flags, const struct compat_stat *expect)
{
    int stack[WALK_DEPTH + 1];
    size_t depth = 0, pos = 0, todo_len;
    char todo[2 * 4096 + 2], link[4096];
    int hops = 0, ret = -1, saved;

    stack[0] = rootfd;
    todo_len = strlen(rel);
    if (todo_len >= sizeof(todo)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(todo, rel, todo_len + 1);
    for (;;) {
        size_t s, n, q;
        int last, fd;
        char name[256];

        while (pos < todo_len && todo[pos] == '/')
            pos++;
        s = pos;
        while (pos < todo_len && todo[pos] != '/')
            pos++;
        n = pos - s;
        q = pos;
        while (q < todo_len && todo[q] == '/')
            q++;
        last = q >= todo_len;
        if (n == 0) {
            /* The end of the path: the directory reached is the answer. */
            ret = openat(stack[depth], ".", final_flags(flags & COMPAT_IR_DIR ? flags : 0u));
            if (ret >= 0 && (flags & COMPAT_IR_READ)) {
                close(ret);
                errno = EISDIR;
                ret = -1;
            }
            goto out;
        }
        if (n >= sizeof(name)) {
            errno = ENAMETOOLONG;
            goto out;
        }
        memcpy(name, todo + s, n);
        name[n] = '\0';
        if (!strcmp(name, ".")) {
            if (last)
                pos = todo_len;
            continue;
        }
        if (!strcmp(name, "..")) {
            if (depth > 0)
                close(stack[depth--]);
            if (last)
                pos = todo_len;
            continue;
        }
        if (!last || (flags & COMPAT_IR_DIR)) {
            /* A directory to walk into: never through a link. */
            fd = openat(stack[depth], name, HANDLE_FLAGS | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (fd >= 0) {
                if (depth == WALK_DEPTH) {
                    close(fd);
                    errno = ENAMETOOLONG;
                    goto out;
                }
                stack[++depth] = fd;
                if (last)
                    pos = todo_len;
                continue;
            }
            if (errno != ENOTDIR && errno != ELOOP)
                goto out;
        } else {
            struct stat st;
            if (fstatat(stack[depth], name, &st, AT_SYMLINK_NOFOLLOW) < 0)
                goto out;
            if (!S_ISLNK(st.st_mode) || (flags & COMPAT_IR_NOFOLLOW)) {
                if ((flags & COMPAT_IR_READ) && !S_ISREG(st.st_mode)) {
                    errno = ENXIO;   /* a special file is never opened to be read */
                    goto out;
                }
                if (expect && ((uint64_t)st.st_dev != expect->dev || (uint64_t)st.st_ino != expect->ino)) {
                    errno = ESTALE;  /* not the file that was checked: left unopened */
                    goto out;
                }
#ifndef O_PATH
                if (!(flags & COMPAT_IR_READ) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
                    errno = ENXIO;
                    goto out;
                }
#endif
                ret = openat(stack[depth], name, final_flags(flags) | O_NOFOLLOW);
                goto out;
            }
        }
        /* A symlink (or a non-directory where a directory is needed). */
        if (compat_readlinkat(stack[depth], name, link, sizeof(link)) < 0) {
            if (errno == EINVAL)
                errno = ENOTDIR;     /* not a link: a file where a directory is needed */
            goto out;
        }
        if (++hops > WALK_HOPS) {
            errno = ELOOP;
            goto out;
        }
        {
            size_t ll = strlen(link), rest = todo_len - pos;
            char tmp[sizeof(todo)];
            if (ll + 1 + rest >= sizeof(todo)) {
                errno = ENAMETOOLONG;
                goto out;
            }
            memcpy(tmp, link, ll);
            tmp[ll] = '/';
            memcpy(tmp + ll + 1, todo + pos, rest);
            tmp[ll + 1 + rest] = '\0';
            memcpy(todo, tmp, ll + 2 + rest);
            todo_len = ll + 1 + rest;
            pos = 0;
        }
        if (link[0] == '/')
            while (depth > 0)
                close(stack[depth--]);
    }
out:
    saved = errno;
    while (depth > 0)
        close(stack[depth--]);
    errno = saved;
    return ret;
}

int compat_open_in_root(int rootfd, const char *rel, unsigned flags)
{
    int fd, r;
    while (*rel == '/')
        rel++;
    r = try_openat2(rootfd, rel, flags, &fd);
    if (r == 1) {
        n_openat2++;
        return fd;
    }
    if (r < 0) {
        n_openat2++;
        return -1;
    }
    n_walk++;
    return walk_in_root(rootfd, rel, flags, NULL);
}

int compat_open_in_root_as(int rootfd, const char *rel, const struct compat_stat *expect)
{
    int fd;
    while (*rel == '/')
        rel++;
    n_walk++;
    fd = walk_in_root(rootfd, rel, COMPAT_IR_READ, expect);
    return fd < 0 && (errno == ESTALE || errno == ENXIO) ? -2 : fd;
}

static int no_proc_fd;

void compat_set_no_proc_fd(int on)
{
    no_proc_fd = on;
}

int compat_reopen_read(int fd)
{
#if defined(__linux__) && defined(O_PATH)
    char p[64];
    if (no_proc_fd) {
        errno = ENOENT;      /* as open("/proc/self/fd/N") says without /proc */
        return -1;
    }
    snprintf(p, sizeof(p), "/proc/self/fd/%d", fd);
    return open(p, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

int compat_access_fd(int fd, int mode)
{
#if defined(__linux__) && defined(O_PATH)
    char p[64];
    snprintf(p, sizeof(p), "/proc/self/fd/%d", fd);
    return access(p, mode_to_access(mode));
#else
    return faccessat(fd, "", mode_to_access(mode), 0);
#endif
}

static enum compat_ftype dtype_of(unsigned char t)
{
    switch (t) {
    case DT_REG: return COMPAT_FT_REG;
    case DT_DIR: return COMPAT_FT_DIR;
    case DT_LNK: return COMPAT_FT_LNK;
    case DT_CHR: return COMPAT_FT_CHR;
    case DT_UNKNOWN: return COMPAT_FT_UNKNOWN;
    default: return COMPAT_FT_OTHER;
    }
}

#if defined(__linux__) && defined(SYS_getdents64)
/*
 * Linux: getdents64 on the descriptor itself.  opendir/fdopendir would add
 * an fstat and two fcntl calls per directory (it is opened O_DIRECTORY
 * and O_CLOEXEC already), which is most of what listing a small directory
 * costs.  The records are the kernel's struct linux_dirent64
 * (include/linux/dirent.h): d_ino, d_off, d_reclen, d_type, d_name.
 */
#define DIRBUF 32768

struct compat_dir {
    int fd;
    size_t len, pos;
    char buf[DIRBUF];
};

struct compat_dir *compat_opendir_fd(int fd)
{
    struct compat_dir *cd = xmalloc(sizeof(*cd));
    cd->fd = fd;
    cd->len = cd->pos = 0;
    return cd;
}

struct compat_dir *compat_opendir(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    return compat_opendir_fd(fd);
}

int compat_readdir(struct compat_dir *cd, const char **name, enum compat_ftype *type)
{
    for (;;) {
        const char *rec;
        unsigned short reclen;
        if (cd->pos >= cd->len) {
            long n = syscall(SYS_getdents64, cd->fd, cd->buf, sizeof(cd->buf));
            if (n < 0)
                return -1;
            if (n == 0)
                return 0;
            cd->len = (size_t)n;
            cd->pos = 0;
        }
        rec = cd->buf + cd->pos;
        /* d_ino (8), d_off (8), d_reclen (2), d_type (1), d_name */
        memcpy(&reclen, rec + 16, sizeof(reclen));
        if (reclen < 20 || reclen > cd->len - cd->pos) {
            errno = EIO;
            return -1;
        }
        cd->pos += reclen;
        if (!memchr(rec + 19, '\0', (size_t)reclen - 19)) {
            errno = EIO;
            return -1;
        }
        if (!strcmp(rec + 19, ".") || !strcmp(rec + 19, ".."))
            continue;
        *name = rec + 19;
        *type = dtype_of((unsigned char)rec[18]);
        return 1;
    }
}

void compat_closedir(struct compat_dir *cd)
{
    if (!cd)
        return;
    close(cd->fd);
    free(cd);
}
#else
struct compat_dir {
    DIR *d;
};

struct compat_dir *compat_opendir_fd(int fd)
{
    struct compat_dir *cd;
    DIR *d = fdopendir(fd);
    if (!d) {
        int saved = errno;
        close(fd);
        errno = saved;
        return NULL;
    }
    cd = xmalloc(sizeof(*cd));
    cd->d = d;
    return cd;
}

struct compat_dir *compat_opendir(const char *path)
{
    struct compat_dir *cd;
    DIR *d = opendir(path);
    if (!d)
        return NULL;
    cd = xmalloc(sizeof(*cd));
    cd->d = d;
    return cd;
}

int compat_readdir(struct compat_dir *cd, const char **name, enum compat_ftype *type)
{
    for (;;) {
        struct dirent *e;
        errno = 0;
        e = readdir(cd->d);
        if (!e)
            return errno ? -1 : 0;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        *name = e->d_name;
        *type = dtype_of(e->d_type);
        return 1;
    }
}

void compat_closedir(struct compat_dir *cd)
{
    if (!cd)
        return;
    closedir(cd->d);
    free(cd);
}
#endif

char **compat_environ(void)
{
    return environ;
}

int compat_isatty(int fd)
{
    return isatty(fd);
}

int compat_term_columns(int fd)
{
    struct winsize ws;
    if (!isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) < 0)
        return 0;
    return ws.ws_col;
}

int compat_native_windows(void)
{
    return 0;
}

int compat_host_machine(char *buf, size_t size)
{
    struct utsname u;
    size_t n;
    if (uname(&u) < 0)
        return -1;
    n = strlen(u.machine);
    if (n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, u.machine, n + 1);
    return 0;
}

int compat_getcwd(char *buf, size_t size)
{
    return getcwd(buf, size) ? 0 : -1;
}

uint32_t compat_geteuid(void)
{
    return (uint32_t)geteuid();
}

int compat_linux(void)
{
#ifdef __linux__
    return 1;
#else
    return 0;
#endif
}

long compat_clock_ticks(void)
{
    long t = sysconf(_SC_CLK_TCK);
    return t > 0 ? t : 100;
}

uint64_t compat_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int compat_hostname(char *buf, size_t size)
{
    if (gethostname(buf, size) < 0)
        return -1;
    buf[size - 1] = '\0';
    return 0;
}

int compat_today_utc(char *buf, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(buf, size, "%Y-%m-%d", &tm))
        return -1;
    return 0;
}

const char *compat_native_os(void)
{
    return NULL;
}

int compat_system_root(char *buf, size_t size)
{
    if (size < 2) {
        errno = ENAMETOOLONG;
        return -1;
    }
    buf[0] = '/';
    buf[1] = '\0';
    return 0;
}

int compat_fs_folds_case(void)
{
    return 0;
}

int compat_names_exact(void)
{
#ifdef __linux__
    return 1;
#else
    return 0;   /* macOS: APFS and HFS+ fold case by default; other systems unknown */
#endif
}

void compat_tune_malloc(void)
{
#ifdef __GLIBC__
    /* Measured (docs/performance.md): a whole check made 10 to 13 brk
     * calls with glibc's default pad, 3 with this one, at the same peak
     * RSS.  Setting it also fixes the mmap threshold at its 128 KiB default
     * (it otherwise rises to the largest mapped block freed), so the few
     * larger buffers are mapped each time; the checks measured made as
     * many mmap calls or fewer. */
    (void)mallopt(M_TOP_PAD, 2 << 20);
#endif
}

int compat_disk_name(const char *path, char *buf, size_t size)
{
    const char *base = strrchr(path, '/');
    size_t n;
    base = base ? base + 1 : path;
    n = strlen(base);
    if (n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, base, n + 1);
    return 0;
}
#endif
