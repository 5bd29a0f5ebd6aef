/*
 * wtree.h - creating and removing files inside a private directory tree.
 *
 * `check --image` unpacks an image's layers into a scratch directory of its
 * own (src/image/apply.c).  Everything here works relative to a directory
 * handle and never follows a symbolic link in the name it is given: the
 * caller resolves parent directories inside the tree (compat_open_in_root)
 * and these calls act on the last component only.  That is what keeps a
 * layer's own symlinks ("lib -> /etc") from redirecting a write outside
 * the tree.  They are the only code in gpudoctor that writes files other
 * than its --output.
 *
 * A dfd of -1 means that names are paths (the current directory's).
 * Return conventions as in compat.h: 0 (or an fd) on success, -1 with
 * errno.  POSIX only; on Windows every function fails with ENOSYS.
 */
#ifndef GD_COMPAT_WTREE_H
#define GD_COMPAT_WTREE_H

#include "compat/compat.h"

/** mkdtemp(3): tmpl ends in "XXXXXX", replaced; the directory is mode 0700. */
int compat_mkdtemp(char *tmpl);
/** Open directory name below dfd without following a link. */
int compat_wt_opendir(int dfd, const char *name);
/** lstat of name below dfd (the link itself). */
int compat_wt_lstat(int dfd, const char *name, struct compat_stat *st);
/** mkdirat(2). */
int compat_wt_mkdir(int dfd, const char *name, unsigned mode);
/** Create the regular file name (it must not exist) for writing; an fd. */
int compat_wt_create(int dfd, const char *name, unsigned mode);
/** Open the regular file name below dfd for reading, without following a link. */
int compat_wt_openread(int dfd, const char *name);
/** fgetxattr(2): 1 and the value (not NUL-terminated) in buf, 0 no such attribute, -1. */
int compat_wt_fgetxattr(int fd, const char *name, char *buf, size_t size);
/** fchmod(2) on an fd from compat_wt_create or compat_wt_opendir. */
int compat_wt_fchmod(int fd, unsigned mode);
/** symlinkat(2): the link name holds target, as given. */
int compat_wt_symlink(const char *target, int dfd, const char *name);
/** linkat(2) without following a link: a hard link nname to oname. */
int compat_wt_link(int odfd, const char *oname, int ndfd, const char *nname);
/** Remove name below dfd: a file, a link or an empty directory. */
int compat_wt_unlink(int dfd, const char *name);
/** rename(2) of a path to another on the same file system. */
int compat_wt_rename(const char *from, const char *to);
/**
 * Remove name below dfd and, when it is a directory, everything under it,
 * never following a link and holding a bounded number of descriptors
 * whatever the depth.  0 also when name does not exist.
 */
int compat_wt_remove_tree(int dfd, const char *name);

#endif
