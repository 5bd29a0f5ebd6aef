/*
 * spawn_posix.c - compat/spawn.h for POSIX systems.  On Windows it compiles
 * to nothing and compat/win32.c provides compat/spawn.h.
 */
#ifndef _WIN32
#include "compat/spawn.h"
#include "compat/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#ifdef __linux__
#include <sys/auxv.h>
#endif
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/banned.h"

extern char **environ;

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

int compat_spawn(struct compat_child *c, char *const argv[])
{
    int out[2] = { -1, -1 }, errp[2] = { -1, -1 }, e;
    posix_spawn_file_actions_t fa;
    pid_t pid;

    c->pid = 0;
    c->out_fd = c->err_fd = -1;
    if (pipe(out) < 0)
        return -1;
    if (pipe(errp) < 0) {
        e = errno;
        close(out[0]);
        close(out[1]);
        errno = e;
        return -1;
    }
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    fcntl(errp[0], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, errp[1], 2);
    posix_spawn_file_actions_addclose(&fa, out[1]);
    posix_spawn_file_actions_addclose(&fa, errp[1]);
    e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(out[1]);
    close(errp[1]);
    if (e) {
        close(out[0]);
        close(errp[0]);
        errno = e;
        return -1;
    }
    c->pid = pid;
    c->out_fd = out[0];
    c->err_fd = errp[0];
    return 0;
}

int compat_child_pump(struct compat_child *c, int timeout_ms,
                      void (*on_data)(int stream, const char *buf, size_t len, void *arg),
                      void *arg)
{
    char buf[65536];
    struct pollfd p[2];
    int n = 0, r, i;

    if (c->out_fd < 0 && c->err_fd < 0)
        return 1;
    if (c->out_fd >= 0) {
        p[n].fd = c->out_fd;
        p[n++].events = POLLIN;
    }
    if (c->err_fd >= 0) {
        p[n].fd = c->err_fd;
        p[n++].events = POLLIN;
    }
    do
        r = poll(p, (nfds_t)n, timeout_ms);
    while (r < 0 && errno == EINTR);
    if (r < 0)
        return -1;
    if (r == 0)
        return 0;
    for (i = 0; i < n; i++) {
        ssize_t got;
        int stream = p[i].fd == c->out_fd ? 1 : 2;
        if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        do
            got = read(p[i].fd, buf, sizeof(buf));
        while (got < 0 && errno == EINTR);
        if (got > 0)
            on_data(stream, buf, (size_t)got, arg);
        else
            close_fd(stream == 1 ? &c->out_fd : &c->err_fd);
    }
    return c->out_fd < 0 && c->err_fd < 0;
}

int compat_child_kill(struct compat_child *c, int hard)
{
    if (c->pid <= 0)
        return 0;
    return kill((pid_t)c->pid, hard ? SIGKILL : SIGTERM);
}

static int decode(int st)
{
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st);
    return 255;
}

int compat_child_done(struct compat_child *c, int *status)
{
    int st;
    pid_t r;
    if (c->pid <= 0)
        return 1;
    r = waitpid((pid_t)c->pid, &st, WNOHANG);
    if (r == 0)
        return 0;
    if (r > 0)
        *status = decode(st);
    c->pid = 0;
    return 1;
}

int compat_child_wait(struct compat_child *c, int *status, int timeout_ms)
{
    int st, ret = 0;
    pid_t r = 0;
    if (c->pid > 0) {
        uint64_t deadline = compat_now_ns() + (uint64_t)(timeout_ms > 0 ? (unsigned)timeout_ms : 0u) * 1000000u;
        for (;;) {
            r = waitpid((pid_t)c->pid, &st, WNOHANG);
            if (r > 0) {
                *status = decode(st);
                break;
            }
            if (r < 0 && errno != EINTR) {
                ret = -1;
                break;
            }
            if (compat_now_ns() >= deadline) {
                ret = 1;
                break;
            }
            poll(NULL, 0, 10);
        }
        if (ret != 1)
            c->pid = 0;
    }
    close_fd(&c->out_fd);
    close_fd(&c->err_fd);
    return ret;
}

int compat_self_exe(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size);   /* Linux; other systems: TODO */
#if defined(__linux__) && defined(AT_EXECFN)
    /* No /proc (a chroot, a bare container): the path execve was given,
     * from the auxiliary vector; absolute, or relative to the directory
     * the program started in, which gpudoctor never leaves. */
    if (n < 0) {
        const char *fn = (const char *)getauxval(AT_EXECFN);
        size_t len = fn ? strlen(fn) : 0;
        if (!fn || !strchr(fn, '/'))
            return -1;
        if (len >= size) {
            errno = ENAMETOOLONG;
            return -1;
        }
        memcpy(buf, fn, len + 1);
        return 0;
    }
#endif
    if (n < 0)
        return -1;
    if ((size_t)n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    buf[n] = '\0';
    return 0;
}
#endif
