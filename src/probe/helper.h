/*
 * helper.h - run the probe's children, in this process's fork or, in the
 * static build, through the probe helper program.
 *
 * `probe` and `--verify-libs` load code in a child process
 * (compat_child_run).  The ordinary build forks and calls the child's
 * function (probe_child_main, probe_verify_child_main) directly.  The static
 * build (`make static`, docs/packaging.md) cannot: it has no dynamic loader
 * (compat_can_dlopen() is 0), and the driver's libcuda.so.1 is a glibc
 * library.  There the fork runs gpudoctor-probe-helper instead, a small
 * glibc program built from the same child code (src/helper/probe_helper.c)
 * that writes the same records (probewire.h) to descriptor
 * COMPAT_EXEC_WIRE_FD:
 *
 *     gpudoctor-probe-helper probe|verify ARGS...   (the child's args)
 *
 * The helper is looked for, in order: beside the running binary (its
 * directory from /proc/self/exe), in ../libexec/gpudoctor/ from there (an
 * install under a PREFIX), and in GD_LIBEXECDIR (fixed at build time,
 * default /usr/local/libexec/gpudoctor).  Nothing here prints.
 */
#ifndef GD_PROBE_HELPER_H
#define GD_PROBE_HELPER_H

#include <stddef.h>

#include "compat/compat.h"
#include "util/err.h"
#include "util/strbuf.h"

#define PROBE_HELPER_NAME "gpudoctor-probe-helper"

/**
 * Find the helper: 1 with its path in out, 0 when it is in none of the
 * places above (then tried lists them, "; "-separated, for the message).
 * A place counts when it holds an executable regular file.
 */
int probe_helper_find(struct strbuf *out, struct strbuf *tried);

/**
 * Run one probe child: fn(wfd, args, nargs) in a fork when this build can
 * load libraries, else the helper with mode ("probe" or "verify") and the
 * same args.  Arguments (flags: COMPAT_CHILD_*) and result as
 * compat_child_run, which it calls.
 * 0 with res filled; -1 with err when no child could be started: fork or
 * pipe failed, the helper is not found (err says where it was looked for),
 * or it could not be executed (no output and exit 126 or 127: e.g. a
 * system without glibc's loader; err says so).
 */
int probe_child_spawn(const char *mode, int (*fn)(int wfd, const char *const *args, size_t nargs),
                      const char *const *args, size_t nargs, unsigned timeout_ms, unsigned flags,
                      unsigned char *buf, size_t cap, struct compat_child_result *res,
                      const struct compat_child_tick *tick, struct gd_err *err);

#endif
