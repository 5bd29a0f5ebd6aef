/*
 * spawn.h - run a child program and read its output, with a deadline.
 *
 * The one place gpudoctor starts other programs for `fleet slurm` (srun).
 * Kept apart from compat.h, which holds the file and environment
 * primitives, and from the child-process helpers `probe` uses, so that each
 * can change without the other.  Implemented for POSIX in spawn_posix.c
 * (posix_spawnp, pipes, poll); a Windows version would live in
 * spawn_win32.c.
 *
 * Nothing here prints.  Return conventions as in compat.h: 0 / -1 with
 * errno set.
 */
#ifndef GD_COMPAT_SPAWN_H
#define GD_COMPAT_SPAWN_H

#include <stddef.h>

struct compat_child {
    long pid;          /* 0 when not running */
    int out_fd;        /* the child's stdout, -1 once at EOF */
    int err_fd;        /* the child's stderr, -1 once at EOF */
};

/**
 * Start argv[0] (looked up on PATH when it has no '/') with argv, the
 * current environment, stdin from /dev/null, stdout and stderr on pipes.
 * -1 with errno when it cannot be started (ENOENT: no such program).
 */
int compat_spawn(struct compat_child *c, char *const argv[]);

/**
 * Wait at most timeout_ms for output and hand every chunk to
 * on_data(stream, buf, len, arg), stream 1 for stdout and 2 for stderr.
 * Returns 1 when both pipes are at EOF, 0 when the time ran out, -1 on
 * a poll error.
 */
int compat_child_pump(struct compat_child *c, int timeout_ms,
                      void (*on_data)(int stream, const char *buf, size_t len, void *arg),
                      void *arg);

/** Send SIGTERM (hard = 0) or SIGKILL (hard = 1) to the child. */
int compat_child_kill(struct compat_child *c, int hard);

/**
 * Reap the child, waiting at most timeout_ms; close the pipes either way.
 * *status is the exit code, or 128 + the signal that ended it.  0 reaped,
 * 1 still running after timeout_ms (c still names it, for compat_child_kill
 * and another wait; a process stuck in the kernel cannot be waited for, so
 * the caller then leaves it), -1 with errno on error.
 */
int compat_child_wait(struct compat_child *c, int *status, int timeout_ms);

/** 1 if the child has exited (it is then reaped; see *status), 0 if not. */
int compat_child_done(struct compat_child *c, int *status);

/**
 * The absolute path of the running program, into buf (for handing this very
 * binary to srun; where the static build's probe helper is).  Linux:
 * /proc/self/exe; without /proc, the path execve was given (AT_EXECFN),
 * which may then be relative to the starting directory.  -1 with errno
 * when it cannot be found or does not fit.
 */
int compat_self_exe(char *buf, size_t size);

#endif
