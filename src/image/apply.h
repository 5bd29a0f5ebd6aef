/*
 * apply.h - applying image layers, in order, to a directory tree.
 *
 * A layer is a tar changeset (image-spec v1.1 layer.md): its entries are
 * created over what the lower layers left; an entry meeting a path of
 * another type replaces it (two directories merge); `DIR/.wh.NAME` deletes
 * NAME (and everything under it) as the lower layers left it, never an
 * entry of the same layer; `DIR/.wh..wh..opq` hides every lower-layer
 * descendant of DIR, wherever it appears in the layer; other `.wh..wh.`
 * names are reserved and ignored; whiteouts are never created themselves.
 * Hard links name an earlier path of the tree (any layer).
 *
 * Safety, whatever the archive says: entry names are cleaned lexically as
 * Go's filepath.Clean does for moby and containerd, and a name or link
 * target that leaves the root ("../x", "a/../../x") refuses the image;
 * parent directories are resolved inside the tree (compat_open_in_root:
 * a layer's symlink "lib -> /etc" leads to ROOT/etc, never /etc) and the
 * last component is created without following anything (compat/wtree.h),
 * so nothing is ever written outside the tree.  Device nodes and FIFOs are
 * not created (counted); set-id bits are dropped and the owner always gets
 * read and write (directories: rwx) so that the tree can be read and
 * removed by the user who made it.  Limits on the number of entries, the
 * bytes written and one file's size stop archive bombs before the disk
 * fills.  Memory: the current layer's set of paths (image/pathset.h) and
 * one 64 KiB buffer, whatever the size of the image.
 */
#ifndef GD_IMAGE_APPLY_H
#define GD_IMAGE_APPLY_H

#include <stddef.h>
#include <stdint.h>

#include "compat/tarread.h"
#include "image/pathset.h"
#include "util/err.h"
#include "util/strbuf.h"

#define APPLY_PATH_MAX 4096
#define APPLY_NAME_MAX 255
#define APPLY_MAX_WARNINGS 16

struct apply_limits {
    uint64_t max_entries;      /* over all layers, whiteouts included */
    uint64_t max_bytes;        /* file data written, over all layers */
    uint64_t max_file;         /* one regular file's size */
};

struct apply_stats {
    uint64_t entries, files, dirs, symlinks, hardlinks;
    uint64_t whiteouts, opaques, removed;   /* removed: paths deleted by whiteouts or replaced */
    uint64_t bytes;
    uint64_t special;          /* devices and FIFOs, not created */
    uint64_t skipped;          /* entries that could not be applied (warnings) */
};

struct applier {
    int rootfd;                /* borrowed: the tree's root directory */
    struct apply_limits lim;
    struct apply_stats st;
    unsigned layer_no;         /* 1-based, for messages */
    struct pathset layer;      /* this layer's paths and their ancestors */
    struct strbuf cached_dir;  /* the last parent directory opened ... */
    int cached_fd;             /* ... and its handle, or -1 */
    unsigned char *buf;
    char *warnings[APPLY_MAX_WARNINGS];   /* the first ones, owned */
    size_t n_warnings;
    uint64_t total_warnings;
};

/** Defaults: 4 million entries, 64 GiB of data, 16 GiB for one file. */
void apply_limits_default(struct apply_limits *l);

/** Ready to apply layers into the tree rootfd (borrowed).  Never fails. */
void applier_init(struct applier *ap, int rootfd, const struct apply_limits *lim);
void applier_release(struct applier *ap);

/**
 * Apply the next layer, read from t, over the tree.  0, or -1 with err: a
 * hostile or malformed archive (GD_ERR_FORMAT: a name leaving the root, a
 * name too long), a limit (GD_ERR_LIMIT), an I/O error (GD_ERR_SYS, e.g.
 * ENOSPC).  After -1 the tree is incomplete and must not be judged.
 * Entries that cannot be applied but leave the tree sound (a hard link to
 * a missing file) are skipped with a warning (ap->warnings).
 */
int applier_layer(struct applier *ap, struct tarread *t, struct gd_err *err);

/**
 * Apply the next layer, given as a directory (containers-storage's overlay
 * "diff": whiteouts are character devices 0:0, opaque directories carry the
 * xattr trusted.overlay.opaque or user.overlay.opaque "y"), by the same
 * rules, limits and safety as applier_layer.  Entries are read without
 * following links; hard links inside the directory are copied (the copies
 * are separate files).  0, or -1 with err.
 */
int applier_layer_dir(struct applier *ap, int dirfd, struct gd_err *err);

/**
 * Clean a layer entry's name: strip leading "/" and "./", drop empty and
 * "." components, resolve ".." lexically.  1 with out set ("" is the root
 * itself), 0 when the name leaves the root, -1 when it is longer than
 * APPLY_PATH_MAX or a component longer than APPLY_NAME_MAX.
 */
int layer_path_clean(const char *in, struct strbuf *out);

#endif
