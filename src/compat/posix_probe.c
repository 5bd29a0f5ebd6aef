/*
 * posix_probe.c - POSIX (and Linux) implementation of the calls `probe
 * --compute` and `--import` need (compat.h, last section): a per-step
 * timer, the kernel log, a network namespace, execve into a fixed
 * environment.  Kept apart from posix_child.c, which runs the children.
 */
#ifndef _WIN32
#define _GNU_SOURCE
#include "compat/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#endif

#include "util/banned.h"

int compat_step_timer(unsigned ms)
{
    struct itimerval it;
    memset(&it, 0, sizeof(it));
    it.it_value.tv_sec = (time_t)(ms / 1000u);
    it.it_value.tv_usec = (suseconds_t)((ms % 1000u) * 1000u);
    return setitimer(ITIMER_REAL, &it, NULL);
}

int compat_step_timer_signal(void)
{
    return SIGALRM;
}

int compat_kmsg_open(void)
{
#ifdef __linux__
    int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return -1;
    /* SEEK_END on /dev/kmsg: the next read returns the next new record. */
    if (lseek(fd, 0, SEEK_END) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
#else
    errno = ENOSYS;
    return -1;
#endif
}

size_t compat_kmsg_read(int fd, unsigned char *buf, size_t cap)
{
    size_t len = 0;
    /* One record per read(2); a record is at most about 8 KiB (the kernel's
     * CONSOLE_EXT_LOG_MAX): stop when the next might not fit. */
    while (cap - len > 8192) {
        ssize_t r = read(fd, buf + len, cap - len);
        if (r > 0) {
            len += (size_t)r;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 && errno == EPIPE)
            continue;   /* records overwritten before we read them: go on */
        break;          /* EAGAIN: nothing more now */
    }
    return len;
}

#ifdef __linux__
static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    int rc;
    if (fd < 0)
        return -1;
    rc = compat_write_all(fd, text, strlen(text));
    close(fd);
    return rc;
}
#endif

int compat_isolate_network(void)
{
#ifdef __linux__
    char map[64];
    uid_t uid = getuid();
    gid_t gid = getgid();
    int e;
    if (unshare(CLONE_NEWNET) == 0)
        return 1;
    e = errno;
    if (e != EPERM)
        return 0;
    /* Without CAP_SYS_ADMIN: a user namespace of our own first, in which
     * we are ourselves (uid and gid mapped one to one). */
    if (unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0)
        return 0;
    snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    if (write_file("/proc/self/uid_map", map) < 0)
        return 0;
    if (write_file("/proc/self/setgroups", "deny\n") < 0 && errno != ENOENT)
        return 0;
    snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    if (write_file("/proc/self/gid_map", map) < 0)
        return 0;
    return 1;
#else
    errno = ENOSYS;
    return 0;
#endif
}

int compat_child_execve(int wfd, const char *path, char *const argv[], char *const envp[])
{
    if (wfd != COMPAT_EXEC_WIRE_FD) {
        if (dup2(wfd, COMPAT_EXEC_WIRE_FD) < 0)
            return 126;
        close(wfd);
    }
    execve(path, argv, envp);
    return errno == ENOENT ? 127 : 126;
}
#endif
