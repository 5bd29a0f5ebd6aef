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
#include <sys/syscall.h>
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

/* ---- the guard: a seccomp filter against the parent ---- */

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
/* <linux/filter.h>, <linux/seccomp.h>, <linux/audit.h> and
 * <linux/capability.h>, spelled out (stable kernel ABI) so that a libc
 * without kernel headers (musl in `make static`) builds too. */
struct gd_sock_filter {
    uint16_t code;
    uint8_t jt, jf;
    uint32_t k;
};
struct gd_sock_fprog {
    unsigned short len;
    struct gd_sock_filter *filter;
};
#define GD_BPF_LD_W_ABS 0x20      /* BPF_LD | BPF_W | BPF_ABS */
#define GD_BPF_JEQ_K 0x15         /* BPF_JMP | BPF_JEQ | BPF_K */
#define GD_BPF_JGE_K 0x35         /* BPF_JMP | BPF_JGE | BPF_K */
#define GD_BPF_RET_K 0x06         /* BPF_RET | BPF_K */
#define GD_SECCOMP_MODE_FILTER 2
#define GD_SECCOMP_RET_ALLOW 0x7fff0000u
#define GD_SECCOMP_RET_ERRNO 0x00050000u
#define GD_OFF_NR 0               /* struct seccomp_data */
#define GD_OFF_ARCH 4
#define GD_OFF_ARG0_LO 16         /* little-endian: the low word of args[0] */
#if defined(__x86_64__)
#define GD_AUDIT_ARCH 0xc000003eu /* AUDIT_ARCH_X86_64 */
#define GD_X32_SKIP 19            /* from 4 to the final deny, 24 */
#else
#define GD_AUDIT_ARCH 0xc00000b7u /* AUDIT_ARCH_AARCH64 */
#define GD_X32_SKIP 0             /* no x32 here: numbers that high do not exist; the test falls through */
#endif
#define GD_PR_SET_NO_NEW_PRIVS 38
#define GD_PR_CAPBSET_DROP 24
#define GD_CAP_SYS_PTRACE 19
#define GD_CAP_V3 0x20080522
#ifndef __NR_pidfd_open
#define __NR_pidfd_open 434       /* the same number on every architecture */
#endif
#ifndef __NR_pidfd_send_signal
#define __NR_pidfd_send_signal 424
#endif

#define STMT(c, k) { (uint16_t)(c), 0, 0, (uint32_t)(k) }
#define JEQ(k, t, f) { GD_BPF_JEQ_K, (uint8_t)(t), (uint8_t)(f), (uint32_t)(k) }
#define DENY STMT(GD_BPF_RET_K, GD_SECCOMP_RET_ERRNO | (uint32_t)EPERM)
#define ALLOW STMT(GD_BPF_RET_K, GD_SECCOMP_RET_ALLOW)

/*
 * Refuse (EPERM) what lets code in the child stop, kill or take over the
 * parent: kill(2) of the parent, of its process group and of everyone (-1);
 * tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo, pidfd_open and
 * prlimit64 aimed at the parent (single-threaded while it waits: its pid is
 * its only thread); ptrace, process_vm_readv, process_vm_writev and
 * pidfd_send_signal (whose pidfd can be an open /proc/PID) altogether.  Signals the
 * child sends to itself and its own processes go through.  A system call of
 * another architecture (the i386 entry on x86-64) or of the x32 ABI is
 * refused whole.
 */
static int install_guard(pid_t parent, pid_t parent_group, int allow_nnp)
{
    uint32_t pp = (uint32_t)parent, pg = (uint32_t)-parent_group, all = (uint32_t)-1;
    struct gd_sock_filter f[] = {
        /* 0 */ STMT(GD_BPF_LD_W_ABS, GD_OFF_ARCH),
        /* 1 */ JEQ(GD_AUDIT_ARCH, 1, 0),
        /* 2 */ DENY,
        /* 3 */ STMT(GD_BPF_LD_W_ABS, GD_OFF_NR),
        /* 4: x86-64's x32 calls (nr | 0x40000000) would name kill differently: refused whole */
        { GD_BPF_JGE_K, GD_X32_SKIP, 0, 0x40000000u },
        /* 5 */ JEQ(__NR_ptrace, 18, 0),              /* -> 24 deny */
        /* 6 */ JEQ(__NR_process_vm_readv, 17, 0),
        /* 7 */ JEQ(__NR_process_vm_writev, 16, 0),
        /* 8 */ JEQ(__NR_pidfd_send_signal, 15, 0),   /* its pidfd may be a /proc/PID fd */
        /* 9 */ JEQ(__NR_kill, 7, 0),                 /* -> 17 */
        /* 10 */ JEQ(__NR_tkill, 10, 0),               /* -> 21 */
        /* 11 */ JEQ(__NR_tgkill, 9, 0),
        /* 12 */ JEQ(__NR_rt_sigqueueinfo, 8, 0),
        /* 13 */ JEQ(__NR_rt_tgsigqueueinfo, 7, 0),
        /* 14 */ JEQ(__NR_pidfd_open, 6, 0),
        /* 15 */ JEQ(__NR_prlimit64, 5, 0),
        /* 16 */ ALLOW,
        /* 17: kill */ STMT(GD_BPF_LD_W_ABS, GD_OFF_ARG0_LO),
        /* 18 */ JEQ(pp, 5, 0),                       /* -> 24 */
        /* 19 */ JEQ(pg, 4, 0),
        /* 20 */ JEQ(all, 3, 2),                      /* -> 24, else 23 */
        /* 21: the target pid or tgid first */ STMT(GD_BPF_LD_W_ABS, GD_OFF_ARG0_LO),
        /* 22 */ JEQ(pp, 1, 0),
        /* 23 */ ALLOW,
        /* 24 */ DENY,
    };
    struct gd_sock_fprog prog;
    prog.len = (unsigned short)(sizeof(f) / sizeof(f[0]));
    prog.filter = f;
    if (prctl(PR_SET_SECCOMP, GD_SECCOMP_MODE_FILTER, &prog, 0, 0) == 0)
        return COMPAT_GUARD_ON;
    if (errno != EACCES)
        return COMPAT_GUARD_REFUSED;
    /* Without CAP_SYS_ADMIN the kernel wants no_new_privs first. */
    if (!allow_nnp)
        return COMPAT_GUARD_NOT_WANTED;
    if (prctl(GD_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
        return COMPAT_GUARD_REFUSED;
    return prctl(PR_SET_SECCOMP, GD_SECCOMP_MODE_FILTER, &prog, 0, 0) == 0 ? COMPAT_GUARD_ON
                                                                          : COMPAT_GUARD_REFUSED;
}

/* Root's CAP_SYS_PTRACE would open /proc/<parent>/mem whatever dumpable says. */
static void drop_ptrace_cap(void)
{
    struct {
        uint32_t version;
        int pid;
    } hdr = { GD_CAP_V3, 0 };
    struct {
        uint32_t effective, permitted, inheritable;
    } data[2];
    prctl(GD_PR_CAPBSET_DROP, GD_CAP_SYS_PTRACE, 0, 0, 0);
    if (syscall(SYS_capget, &hdr, data) != 0)
        return;
    if (!(data[0].permitted & (1u << GD_CAP_SYS_PTRACE)))
        return;
    data[0].effective &= ~(1u << GD_CAP_SYS_PTRACE);
    data[0].permitted &= ~(1u << GD_CAP_SYS_PTRACE);
    data[0].inheritable &= ~(1u << GD_CAP_SYS_PTRACE);
    hdr.version = GD_CAP_V3;
    hdr.pid = 0;
    syscall(SYS_capset, &hdr, data);
}
#else
static int install_guard(pid_t parent, pid_t parent_group, int allow_nnp)
{
    (void)parent, (void)parent_group, (void)allow_nnp;
    return COMPAT_GUARD_UNSUPPORTED;
}

static void drop_ptrace_cap(void)
{
}
#endif

/* In the child: a clean slate for foreign code, and the guard; its result
 * (one byte, then errno) goes to gfd, which is then closed. */
static void child_setup(int wfd, int gfd, pid_t parent, pid_t parent_group, unsigned flags)
{
    struct sigaction sa;
    size_t i;
    int null_fd, g;
    unsigned char rep[2];

    if (setsid() < 0)
        setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    drop_ptrace_cap();
    errno = 0;
    g = install_guard(parent, parent_group, (flags & COMPAT_CHILD_NNP) != 0);
    rep[0] = (unsigned char)g;
    rep[1] = (unsigned char)(errno & 0xff);
    if (write(gfd, rep, 2) < 0) {
        /* the parent learns nothing: COMPAT_GUARD_UNKNOWN */
    }
    close(gfd);
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

/* The child's guard report: two bytes on gfd, read until the deadline. */
static void read_guard(int gfd, uint64_t deadline, struct compat_child_result *res)
{
    unsigned char rep[2];
    size_t got = 0;
    while (got < 2) {
        struct pollfd p;
        int ms = remaining_ms(deadline);
        ssize_t r;
        if (!ms)
            break;
        p.fd = gfd;
        p.events = POLLIN;
        p.revents = 0;
        if (poll(&p, 1, ms) <= 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        r = read(gfd, rep + got, 2 - got);
        if (r > 0)
            got += (size_t)r;
        else if (r == 0 || errno != EINTR)
            break;
    }
    if (got == 2 && rep[0] <= COMPAT_GUARD_NOT_WANTED) {
        res->guard = (enum compat_guard)rep[0];
        res->guard_errno = rep[1];
    }
}

int compat_child_run(int (*fn)(int wfd, const char *const *args, size_t nargs),
                     const char *const *args, size_t nargs, unsigned timeout_ms, unsigned flags,
                     unsigned char *buf, size_t cap, struct compat_child_result *res,
                     const struct compat_child_tick *tick)
{
    int fds[2], gfds[2];
    pid_t pid, self = getpid(), group = getpgrp();
    uint64_t start, deadline, next_tick;
    int status = 0, eof = 0, reaped = 0;
#ifdef __linux__
    int dumpable = prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
#endif

    memset(res, 0, sizeof(*res));
    if (pipe(fds) < 0)
        return -1;
    if (pipe(gfds) < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        errno = e;
        return -1;
    }
    fflush(NULL);   /* nothing buffered may be written twice */
#ifdef __linux__
    /* Not dumpable while foreign code runs beside it: no ptrace of this
     * process, no /proc/PID/mem, for a process of the same user without
     * CAP_SYS_PTRACE.  The child inherits it until it execs. */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
    pid = fork();
    if (pid < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        close(gfds[0]);
        close(gfds[1]);
#ifdef __linux__
        if (dumpable > 0)
            prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0);
#endif
        errno = e;
        return -1;
    }
    if (pid == 0) {
        int rc;
        close(fds[0]);
        close(gfds[0]);
        child_setup(fds[1], gfds[1], self, group, flags);
        rc = fn(fds[1], args, nargs);
        _exit(rc & 0xff);
    }
    close(fds[1]);
    close(gfds[1]);
    start = compat_now_ns();
    deadline = start + (uint64_t)timeout_ms * 1000000u;
    next_tick = start + TICK_NS;
    res->end = COMPAT_CHILD_EXITED;
    read_guard(gfds[0], deadline, res);
    close(gfds[0]);

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
#ifdef __linux__
    if (dumpable > 0)
        prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0);
#endif
    return 0;
}
#endif
