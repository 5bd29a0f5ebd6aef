/*
 * err.h - the error record every fallible function fills.
 *
 * A struct gd_err holds a code, the errno saved at the failure and a
 * fixed-size message, so building an error never allocates (it works after an
 * out-of-memory failure, and on a hostile input that produced a huge path the
 * message is simply truncated).  Functions that can fail take a
 * `struct gd_err *err` as their last argument, return 0 / -1 (or a pointer /
 * NULL), and fill err only on failure.  The caller decides whether the error
 * is fatal or becomes a warning in the facts; nothing below main and report/
 * prints it.
 *
 * Messages follow the project style: lower case, no full stop, the failing
 * action first, the subject quoted: "cannot read '/etc/ld.so.cache': ...".
 */
#ifndef GD_ERR_H
#define GD_ERR_H

#include <stddef.h>

#define GD_ERR_MSG_MAX 512

enum gd_err_code {
    GD_ERR_NONE = 0,
    GD_ERR_SYS,      /* a system call failed; errnum holds errno */
    GD_ERR_FORMAT,   /* malformed input file or data */
    GD_ERR_LIMIT,    /* a size, depth or count limit was hit */
    GD_ERR_USAGE,    /* bad command-line or API usage */
    GD_ERR_NOTFOUND, /* a named thing does not exist */
    GD_ERR_UNSUPPORTED
};

struct gd_err {
    enum gd_err_code code;
    int errnum;                 /* saved errno for GD_ERR_SYS, else 0 */
    char msg[GD_ERR_MSG_MAX];   /* always NUL-terminated */
};

#if defined(__GNUC__)
#define GD_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#define GD_NORETURN __attribute__((noreturn))
#else
#define GD_PRINTF(fmt, args)
#define GD_NORETURN
#endif

/** Reset err to "no error". Never fails. */
void err_init(struct gd_err *err);

/**
 * Record a failed system call: the formatted message, then ": " and
 * strerror(errno).  errno is read on entry and saved in err->errnum.
 * err may be NULL (the error is then dropped).  Always returns -1, so callers
 * can write `return err_set(err, ...)`.
 */
int err_set(struct gd_err *err, const char *fmt, ...) GD_PRINTF(2, 3);

/**
 * Record an error with the given code and message, without errno.
 * err may be NULL.  Always returns -1.
 */
int err_setx(struct gd_err *err, enum gd_err_code code, const char *fmt, ...)
    GD_PRINTF(3, 4);

/**
 * Abort with a message: for broken invariants only ("this cannot happen"),
 * never for bad input.
 */
GD_NORETURN void gd_bug(const char *file, int line, const char *fmt, ...)
    GD_PRINTF(3, 4);
#define BUG(...) gd_bug(__FILE__, __LINE__, __VA_ARGS__)

#endif
