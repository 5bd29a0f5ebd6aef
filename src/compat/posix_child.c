/*
 * posix_child.c - POSIX implementation of compat.h's code loading and child
 * processes (dlopen, fork with a pipe and a deadline).  Used by `probe` only.
 * Kept apart from posix.c because nothing else in gpudoctor may load code or
 * start processes.
 */
#ifndef _WIN32
#define _GNU_SOURCE
#include "compat/compat.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "util/banned.h"

/* After a kill, how long to wait for the kernel to reap the child.  A process
 * stuck in an uninterruptible driver call may never go; we do not wait for it. */
#define REAP_GRACE_MS 1000

void *compat_dl_open(const char *path, char *errbuf, size_t errsize)
{
    void *h;
    dlerror();
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h && errbuf && errsize) {
        const char *e = dlerror();
        size_t n;
        if (!e)
            e = "unknown dlopen error";
        n = strlen(e);
        if (n >= errsize)
            n = errsize - 1;
        memcpy(errbuf, e, n);
        errbuf[n] = '\0';
    }
    return h;
}

void *compat_dl_sym(void *handle, const char *name)
{
    return handle ? dlsym(handle, name) : NULL;
}

void compat_dl_close(void *handle)
{
    if (handle)
        dlclose(handle);
}

int compat_setenv(const char *name, const char *value)
{
    return value ? setenv(name, value, 1) : unsetenv(name);
}

int compat_write_all(int fd, const void *buf, size_t len)
{
    const unsigned char *p = buf;
    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int compat_can_dlopen(void)
{
#ifdef GD_STATIC
    return 0;
#else
    return 1;
#endif
}

#define EXEC_MAX_ARGS 64

int compat_child_exec(int wfd, const char *const *args, size_t nargs)
{
    char *argv[EXEC_MAX_ARGS + 1];
    size_t i;

    if (nargs == 0 || nargs > EXEC_MAX_ARGS)
        return 126;
    for (i = 0; i < nargs; i++)
        argv[i] = (char *)args[i];
    argv[nargs] = NULL;
    if (wfd != COMPAT_EXEC_WIRE_FD) {
        if (dup2(wfd, COMPAT_EXEC_WIRE_FD) < 0)
            return 126;
        close(wfd);
    }
    execv(argv[0], argv);
    return errno == ENOENT ? 127 : 126;
}

const char *compat_signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    case SIGTRAP: return "SIGTRAP";
    case SIGSYS: return "SIGSYS";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGPIPE: return "SIGPIPE";
    default: return NULL;
    }
}

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS };

/* In the child: a clean slate for foreign code. */
static void child_setup(int wfd)
{
    struct sigaction sa;
    size_t i;
    int null_fd;

    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++)
        sigaction(crash_signals[i], &sa, NULL);
    sigaction(SIGPIPE, &sa, NULL);
    null_fd = open("/dev/null", O_RDWR);
    if (null_fd >= 0) {
        int fd;
        for (fd = 0; fd <= 2; fd++)
            if (fd != wfd)
                dup2(null_fd, fd);
        if (null_fd > 2)
            close(null_fd);
    }
}

static int remaining_ms(uint64_t deadline)
{
    uint64_t now = compat_now_ns();
    uint64_t left;
    if (now >= deadline)
        return 0;
    left = (deadline - now + 999999u) / 1000000u;
    return left > 60u * 60u * 1000u ? 60 * 60 * 1000 : (int)left;
}

/* Wait for pid until deadline: 1 reaped (status set), 0 still running. */
static int wait_until(pid_t pid, uint64_t deadline, int *status)
{
    for (;;) {
        pid_t w = waitpid(pid, status, WNOHANG);
        if (w == pid)
            return 1;
        if (w < 0 && errno != EINTR)
            return 1;   /* not our child any more: nothing to wait for */
        if (!remaining_ms(deadline))
            return 0;
        poll(NULL, 0, 1);
    }
}

/* Read what is in the pipe now, without waiting: the child has exited, and
 * a process it left behind may hold the pipe open.  Bytes past cap are
 * dropped (the child, whose output it was, is gone). */
static void drain(int fd, unsigned char *buf, size_t cap, size_t *len)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
        return;
    while (*len < cap) {
        ssize_t r = read(fd, buf + *len, cap - *len);
        if (r > 0)
            *len += (size_t)r;
        else if (r < 0 && errno == EINTR)
            continue;
        else
            break;   /* EOF, EAGAIN (empty) or an error */
    }
}

/* The poll slice: short enough to notice the child's exit while a process it
 * left behind holds the pipe, and to tick about once a second. */
#define SLICE_MS 100
#define TICK_NS 1000000000u

int compat_child_run(int (*fn)(int wfd, const char *const *args, size_t nargs),
                     const char *const *args, size_t nargs, unsigned timeout_ms,
                     unsigned char *buf, size_t cap, struct compat_child_result *res,
                     const struct compat_child_tick *tick)
{
    int fds[2];
    pid_t pid;
    uint64_t start, deadline, next_tick;
    int status = 0, eof = 0, reaped = 0;

    memset(res, 0, sizeof(*res));
    if (pipe(fds) < 0)
        return -1;
    fflush(NULL);   /* nothing buffered may be written twice */
    pid = fork();
    if (pid < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        errno = e;
        return -1;
    }
    if (pid == 0) {
        int rc;
        close(fds[0]);
        child_setup(fds[1]);
        rc = fn(fds[1], args, nargs);
        _exit(rc & 0xff);
    }
    close(fds[1]);
    /* Also from the parent: no race with the child's own setpgid. */
    setpgid(pid, pid);
    start = compat_now_ns();
    deadline = start + (uint64_t)timeout_ms * 1000000u;
    next_tick = start + TICK_NS;
    res->end = COMPAT_CHILD_EXITED;

    /* Until the pipe's end of file or the child's exit, whichever is first. */
    while (!eof && !reaped) {
        struct pollfd p;
        int ms = remaining_ms(deadline), n;
        pid_t w;
        if (!ms) {
            res->end = COMPAT_CHILD_TIMEOUT;
            break;
        }
        p.fd = fds[0];
        p.events = POLLIN;
        p.revents = 0;
        n = poll(&p, 1, ms < SLICE_MS ? ms : SLICE_MS);
        if (n < 0 && errno != EINTR)
            break;
        if (n > 0) {
            if (res->len == cap) {
                unsigned char extra;
                ssize_t r = read(fds[0], &extra, 1);
                if (r > 0) {
                    res->end = COMPAT_CHILD_OVERFLOW;
                    break;
                }
                if (r == 0)
                    eof = 1;
                else if (errno != EINTR)
                    break;
            } else {
                ssize_t r = read(fds[0], buf + res->len, cap - res->len);
                if (r > 0)
                    res->len += (size_t)r;
                else if (r == 0)
                    eof = 1;
                else if (errno != EINTR)
                    break;
            }
        }
        if (!eof) {
            w = waitpid(pid, &status, WNOHANG);
            if (w == pid)
                reaped = 1;
            else if (w < 0 && errno != EINTR && errno != ECHILD)
                break;
        }
        if (tick && tick->fn && !eof && !reaped && compat_now_ns() >= next_tick) {
            tick->fn(tick->arg, buf, res->len, compat_now_ns() - start);
            next_tick += TICK_NS;
        }
    }
    if (reaped && !eof)
        drain(fds[0], buf, cap, &res->len);
    close(fds[0]);

    if (!reaped && res->end == COMPAT_CHILD_EXITED)
        reaped = wait_until(pid, deadline, &status);
    if (!reaped) {
        if (res->end == COMPAT_CHILD_EXITED)
            res->end = COMPAT_CHILD_TIMEOUT;   /* closed the pipe but did not exit */
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        reaped = wait_until(pid, compat_now_ns() + (uint64_t)REAP_GRACE_MS * 1000000u, &status);
        res->unreaped = !reaped;
        res->code = SIGKILL;
    } else if (WIFSIGNALED(status)) {
        res->end = COMPAT_CHILD_SIGNALED;
        res->code = WTERMSIG(status);
    } else if (WIFEXITED(status)) {
        res->code = WEXITSTATUS(status);
    }
    res->elapsed_ns = compat_now_ns() - start;
    return 0;
}
#endif
