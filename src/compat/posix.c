/* POSIX implementation of compat.h (Linux, macOS). */
#ifndef _WIN32
#define _GNU_SOURCE
#include "compat/compat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "util/alloc.h"
#include "util/banned.h"

extern char **environ;

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
    int m = 0;
    if (mode & COMPAT_R_OK)
        m |= R_OK;
    if (mode & COMPAT_W_OK)
        m |= W_OK;
    if (mode & COMPAT_X_OK)
        m |= X_OK;
    return access(path, m ? m : F_OK);
}

struct compat_dir {
    DIR *d;
};

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
        switch (e->d_type) {
        case DT_REG: *type = COMPAT_FT_REG; break;
        case DT_DIR: *type = COMPAT_FT_DIR; break;
        case DT_LNK: *type = COMPAT_FT_LNK; break;
        case DT_CHR: *type = COMPAT_FT_CHR; break;
        case DT_UNKNOWN: *type = COMPAT_FT_UNKNOWN; break;
        default: *type = COMPAT_FT_OTHER; break;
        }
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
