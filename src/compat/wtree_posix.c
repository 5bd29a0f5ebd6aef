/* POSIX implementation of compat/wtree.h (the scratch tree of check --image). */
#ifndef _WIN32
#define _GNU_SOURCE
#include "compat/wtree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/xattr.h>
#endif
#include <stdio.h>
#include <unistd.h>

#include "util/alloc.h"
#include "util/banned.h"

/* dfd -1: names are paths (relative to the current directory). */
static int at(int dfd)
{
    return dfd < 0 ? AT_FDCWD : dfd;
}

int compat_mkdtemp(char *tmpl)
{
    return mkdtemp(tmpl) ? 0 : -1;
}

int compat_wt_opendir(int dfd, const char *name)
{
    return openat(at(dfd), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

int compat_wt_lstat(int dfd, const char *name, struct compat_stat *st)
{
    struct stat s;
    if (fstatat(at(dfd), name, &s, AT_SYMLINK_NOFOLLOW) < 0)
        return -1;
    memset(st, 0, sizeof(*st));
    st->dev = (uint64_t)s.st_dev;
    st->ino = (uint64_t)s.st_ino;
    st->type = S_ISREG(s.st_mode)   ? COMPAT_FT_REG
               : S_ISDIR(s.st_mode) ? COMPAT_FT_DIR
               : S_ISLNK(s.st_mode) ? COMPAT_FT_LNK
               : S_ISCHR(s.st_mode) ? COMPAT_FT_CHR
                                    : COMPAT_FT_OTHER;
    st->size = (uint64_t)s.st_size;
    st->mode = (uint32_t)(s.st_mode & 07777);
    st->rdev = (uint64_t)s.st_rdev;
    return 0;
}

int compat_wt_mkdir(int dfd, const char *name, unsigned mode)
{
    return mkdirat(at(dfd), name, (mode_t)mode);
}

int compat_wt_create(int dfd, const char *name, unsigned mode)
{
    return openat(at(dfd), name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, (mode_t)mode);
}

int compat_wt_fchmod(int fd, unsigned mode)
{
    return fchmod(fd, (mode_t)mode);
}

int compat_wt_openread(int dfd, const char *name)
{
    return openat(at(dfd), name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

int compat_wt_fgetxattr(int fd, const char *name, char *buf, size_t size)
{
#ifdef __linux__
    ssize_t n = fgetxattr(fd, name, buf, size);
    if (n >= 0)
        return 1;
    return errno == ENODATA || errno == ENOTSUP || errno == EPERM ? 0 : -1;
#else
    (void)fd, (void)name, (void)buf, (void)size;
    return 0;
#endif
}

int compat_wt_symlink(const char *target, int dfd, const char *name)
{
    return symlinkat(target, at(dfd), name);
}

int compat_wt_link(int odfd, const char *oname, int ndfd, const char *nname)
{
    return linkat(at(odfd), oname, at(ndfd), nname, 0);
}

int compat_wt_rename(const char *from, const char *to)
{
    return rename(from, to);
}

int compat_wt_unlink(int dfd, const char *name)
{
    struct stat s;
    if (fstatat(at(dfd), name, &s, AT_SYMLINK_NOFOLLOW) < 0)
        return -1;
    return unlinkat(at(dfd), name, S_ISDIR(s.st_mode) ? AT_REMOVEDIR : 0);
}

/* Up to max names of directory fd (not "." or ".."), the first one that is
 * a directory (when any) in *sub; the others are removed.  The count of
 * entries seen, or -1. */
static long sweep(int fd, char **sub)
{
    DIR *d;
    struct dirent *de;
    long seen = 0;
    int dup_fd = dup(fd);

    *sub = NULL;
    if (dup_fd < 0)
        return -1;
    d = fdopendir(dup_fd);
    if (!d) {
        close(dup_fd);
        return -1;
    }
    rewinddir(d);
    while ((de = readdir(d)) != NULL) {
        struct stat s;
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        seen++;
        if (fstatat(fd, de->d_name, &s, AT_SYMLINK_NOFOLLOW) < 0)
            continue;
        if (S_ISDIR(s.st_mode)) {
            if (!*sub)
                *sub = xstrdup(de->d_name);
            continue;
        }
        unlinkat(fd, de->d_name, 0);
    }
    closedir(d);
    return seen;
}

int compat_wt_remove_tree(int dfd, const char *name)
{
    struct stat s;
    char **stack = NULL;     /* names from name down to the directory being emptied */
    size_t depth = 0, alloc = 0;
    int cur, rc = 0;

    dfd = at(dfd);
    if (fstatat(dfd, name, &s, AT_SYMLINK_NOFOLLOW) < 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(s.st_mode))
        return unlinkat(dfd, name, 0);
    /* Children first: one directory open at a time (its parent reached
     * again through ".." of this private tree, which nobody else writes). */
    cur = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (cur < 0)
        return -1;
    for (;;) {
        char *sub;
        long seen = sweep(cur, &sub);
        if (seen < 0) {
            rc = -1;
            break;
        }
        if (sub) {
            int next = openat(cur, sub, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (next < 0) {
                /* Cannot enter it: try to remove it as it is and go on. */
                if (unlinkat(cur, sub, AT_REMOVEDIR) < 0) {
                    free(sub);
                    rc = -1;
                    break;
                }
                free(sub);
                continue;
            }
            ALLOC_GROW(stack, depth + 1, alloc);
            stack[depth++] = sub;
            close(cur);
            cur = next;
            continue;
        }
        /* cur is empty: remove it from its parent. */
        if (!depth)
            break;
        {
            int parent = openat(cur, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            char *me = stack[--depth];
            close(cur);
            if (parent < 0) {
                free(me);
                rc = -1;
                cur = -1;
                break;
            }
            if (unlinkat(parent, me, AT_REMOVEDIR) < 0) {
                free(me);
                close(parent);
                rc = -1;
                cur = -1;
                break;
            }
            free(me);
            cur = parent;
        }
    }
    if (cur >= 0)
        close(cur);
    while (depth)
        free(stack[--depth]);
    free(stack);
    if (rc == 0 && unlinkat(dfd, name, AT_REMOVEDIR) < 0)
        rc = -1;
    return rc;
}

#else /* _WIN32 */

#include "compat/wtree.h"

#include <errno.h>

#include "util/banned.h"

static int nosys(void)
{
    errno = ENOSYS;
    return -1;
}

int compat_mkdtemp(char *tmpl)
{
    (void)tmpl;
    return nosys();
}

int compat_wt_opendir(int dfd, const char *name)
{
    (void)dfd, (void)name;
    return nosys();
}

int compat_wt_lstat(int dfd, const char *name, struct compat_stat *st)
{
    (void)dfd, (void)name, (void)st;
    return nosys();
}

int compat_wt_mkdir(int dfd, const char *name, unsigned mode)
{
    (void)dfd, (void)name, (void)mode;
    return nosys();
}

int compat_wt_create(int dfd, const char *name, unsigned mode)
{
    (void)dfd, (void)name, (void)mode;
    return nosys();
}

int compat_wt_fchmod(int fd, unsigned mode)
{
    (void)fd, (void)mode;
    return nosys();
}

int compat_wt_openread(int dfd, const char *name)
{
    (void)dfd, (void)name;
    return nosys();
}

int compat_wt_fgetxattr(int fd, const char *name, char *buf, size_t size)
{
    (void)fd, (void)name, (void)buf, (void)size;
    return 0;
}

int compat_wt_symlink(const char *target, int dfd, const char *name)
{
    (void)target, (void)dfd, (void)name;
    return nosys();
}

int compat_wt_link(int odfd, const char *oname, int ndfd, const char *nname)
{
    (void)odfd, (void)oname, (void)ndfd, (void)nname;
    return nosys();
}

int compat_wt_unlink(int dfd, const char *name)
{
    (void)dfd, (void)name;
    return nosys();
}

int compat_wt_rename(const char *from, const char *to)
{
    (void)from, (void)to;
    return nosys();
}

int compat_wt_remove_tree(int dfd, const char *name)
{
    (void)dfd, (void)name;
    return nosys();
}

#endif
