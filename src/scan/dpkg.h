/*
 * dpkg.h - dpkg's package database: which packages are installed, at which
 * version, and in which state.
 *
 * /var/lib/dpkg/status is a sequence of stanzas separated by blank lines,
 * each a set of "Field: value" lines (continuation lines start with a space
 * or a tab), as deb-control(5) and dpkg(1) describe.  The Status field is
 * three words, "want flag state" (e.g. "install ok installed", "install ok
 * half-configured", "install reinstreq half-installed").  A package whose
 * maintainer script failed (nvidia-cudnn when its download of cuDNN failed)
 * is left "half-configured" or "unpacked": its files are there, the work its
 * postinst does is not.
 *
 * dpkg_status_parse() is pure: bytes in, records out (strings in the
 * caller's arena).  It keeps only the packages a caller's filter accepts,
 * so a machine's 3,000 packages cost no memory.  dpkg_list_has() answers
 * "does this package's file list (/var/lib/dpkg/info/PKG.list) name this
 * path".  scan_dpkg() (scan.h) reads the files through util/fs and fills
 * facts->dpkg.  Nothing here judges a state: that is diagnose/'s.
 */
#ifndef GD_SCAN_DPKG_H
#define GD_SCAN_DPKG_H

#include <stddef.h>
#include <stdint.h>

#include "facts/facts.h"
#include "util/arena.h"
#include "util/err.h"

/** Return 1 to keep the package named name[0..n). */
typedef int (*dpkg_keep_fn)(const char *name, size_t n, void *arg);

/**
 * Parse a dpkg status file.  Stanzas without a Package field are skipped;
 * a field line without a colon is skipped (one bad line never costs the
 * rest).  Kept packages are appended to *pkgs (grown with ALLOC_GROW,
 * strings in arena).  keep may be NULL (keep all).  Returns the number of
 * stanzas read, or -1 when the input holds a NUL byte (not a text file;
 * err filled).
 */
long dpkg_status_parse(const uint8_t *buf, size_t len, dpkg_keep_fn keep, void *arg,
                       struct arena *arena, struct dpkg_pkg **pkgs, size_t *n, size_t *alloc,
                       struct gd_err *err);

/**
 * Does a dpkg file list (one absolute path a line) hold path exactly?
 * 1 yes, 0 no.  Pure.
 */
int dpkg_list_has(const uint8_t *buf, size_t len, const char *path);

/**
 * Is a package of interest to gpudoctor (the NVIDIA driver and CUDA
 * packages, cuDNN, NCCL, and the frameworks' distribution packages)?
 * A dpkg_keep_fn; arg unused.
 */
int dpkg_relevant(const char *name, size_t n, void *arg);

/** The package named name in facts, or NULL. */
const struct dpkg_pkg *dpkg_find(const struct facts *f, const char *name);

#endif
