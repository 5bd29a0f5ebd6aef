/*
 * winpath.h - Windows paths on an examined Windows tree.
 *
 * `gpudoctor check --os windows --root DIR` examines a Windows C: drive
 * mounted or copied at DIR.  Inside the fs layer every path is a virtual
 * path of that drive: C:\X\Y is /X/Y.  Other drives, UNC paths and
 * relative paths cannot be reached from the tree and do not map.
 *
 * Windows file names are case-insensitive, but a tree on a Linux disk keeps
 * whatever case it was written with ("Program Files", "program files",
 * "System32", "system32").  winpath_resolve_ci() looks a virtual path up
 * one component at a time, matching directory entries case-insensitively
 * (ASCII folding, as NTFS's upcase table does for these names), and returns
 * the path with the case found on disk.  The exact name is tried first, so
 * a tree in the usual case costs one stat.
 *
 * The conversions are pure string functions; only winpath_resolve_ci reads
 * (through util/fs).  Nothing here prints.
 */
#ifndef GD_WINPATH_H
#define GD_WINPATH_H

#include <stddef.h>

#include "util/fs.h"
#include "util/strbuf.h"

/**
 * Map a Windows path to a virtual path of the C: drive, into out (reset
 * first): "C:\X\Y", "c:/X/Y" and drive-relative "\X\Y" give "/X/Y"
 * (separators folded, "." and ".." and repeated separators collapsed, no
 * trailing separator).  A path already in virtual form ("/X/Y") is
 * normalised and kept.  Returns 1 mapped, 0 not on C: (another drive, UNC,
 * relative, empty; out empty).
 */
int winpath_to_virtual(const char *win, struct strbuf *out);

/** The Windows spelling of virtual path vpath, into out: "/X/Y" -> "C:\X\Y". */
void winpath_from_virtual(const char *vpath, struct strbuf *out);

/** 1 if a and b are the same name ignoring ASCII case. */
int winpath_name_eq(const char *a, const char *b);

/**
 * Look virtual path vpath up in fs with case-insensitive component matching;
 * out gets the path in the case found on disk (reset first).  1 found, 0 a
 * component does not exist, -1 a directory could not be listed (err).
 */
int winpath_resolve_ci(struct fs *fs, const char *vpath, struct strbuf *out, struct gd_err *err);

/**
 * The entry of directory dir named name, ignoring case, into out as
 * "dir/Name".  1 / 0 / -1 as above.
 */
int winpath_child_ci(struct fs *fs, const char *dir, const char *name, struct strbuf *out,
                     struct gd_err *err);

#endif
