/*
 * apply.c - layer changesets applied to a tree (apply.h).
 */
#include "image/apply.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "compat/wtree.h"
#include "util/alloc.h"
#include "util/fs.h"
#include "util/banned.h"

#define BUF_SIZE (64u * 1024)
#define WH_PREFIX ".wh."
#define WH_OPAQUE ".wh..wh..opq"
#define WH_META ".wh..wh."

void apply_limits_default(struct apply_limits *l)
{
    l->max_entries = 4u * 1000 * 1000;
    l->max_bytes = (uint64_t)64 << 30;
    l->max_file = (uint64_t)16 << 30;
}

void applier_init(struct applier *ap, int rootfd, const struct apply_limits *lim)
{
    memset(ap, 0, sizeof(*ap));
    ap->rootfd = rootfd;
    ap->lim = *lim;
    pathset_init(&ap->layer);
    strbuf_init(&ap->cached_dir);
    ap->cached_fd = -1;
    ap->buf = xmalloc(BUF_SIZE);
}

static void uncache(struct applier *ap)
{
    if (ap->cached_fd >= 0)
        compat_close(ap->cached_fd);
    ap->cached_fd = -1;
    strbuf_reset(&ap->cached_dir);
}

void applier_release(struct applier *ap)
{
    size_t i;
    uncache(ap);
    strbuf_release(&ap->cached_dir);
    pathset_release(&ap->layer);
    free(ap->buf);
    for (i = 0; i < ap->n_warnings; i++)
        free(ap->warnings[i]);
    memset(ap, 0, sizeof(*ap));
    ap->cached_fd = -1;
}

static void warn(struct applier *ap, const char *fmt, ...) GD_PRINTF(2, 3);
static void warn(struct applier *ap, const char *fmt, ...)
{
    va_list va;
    struct strbuf sb = STRBUF_INIT;
    ap->total_warnings++;
    ap->st.skipped++;
    if (ap->n_warnings >= APPLY_MAX_WARNINGS)
        return;
    strbuf_addf(&sb, "layer %u: ", ap->layer_no);
    va_start(va, fmt);
    strbuf_vaddf(&sb, fmt, va);
    va_end(va);
    ap->warnings[ap->n_warnings++] = strbuf_detach(&sb, NULL);
}

/* Lexical cleaning; a ".." above the root is 0 (escape) or, with clamp,
 * stays at the root as a chroot resolves it. */
static int clean(const char *in, struct strbuf *out, int clamp)
{
    const char *p = in;
    strbuf_reset(out);
    if (strlen(in) > APPLY_PATH_MAX)
        return -1;
    while (*p) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            char *slash;
            if (!out->len && !clamp)
                return 0;   /* above the root */
            slash = strrchr(out->buf, '/');
            strbuf_setlen(out, slash ? (size_t)(slash - out->buf) : 0);
        } else if (n && !(n == 1 && p[0] == '.')) {
            if (n > APPLY_NAME_MAX)
                return -1;
            if (out->len)
                strbuf_addch(out, '/');
            strbuf_add(out, p, n);
        }
        p += n;
        if (*p == '/')
            p++;
    }
    return 1;
}

int layer_path_clean(const char *in, struct strbuf *out)
{
    return clean(in, out, 0);
}

/* dir and base of a cleaned, non-empty path: dir is "" at the top. */
static void split(const char *path, struct strbuf *dir, const char **base)
{
    const char *slash = strrchr(path, '/');
    strbuf_reset(dir);
    if (slash) {
        strbuf_add(dir, path, (size_t)(slash - path));
        *base = slash + 1;
    } else {
        *base = path;
    }
}

/* A new handle on directory dir (cleaned, "" the root), resolved inside the
 * tree; missing components are created when create -- through a symlink
 * that leads nowhere yet too, as moby and containerd create its target
 * (inside the tree: MkdirAll on the scoped path).  -1 with errno. */
static int open_dir_hops(struct applier *ap, const char *dir, int create, unsigned hops)
{
    struct strbuf parent = STRBUF_INIT;
    const char *base;
    int fd, pfd, saved;

    fd = compat_open_in_root(ap->rootfd, *dir ? dir : ".", COMPAT_IR_DIR);
    if (fd >= 0 || errno != ENOENT || !create || !*dir)
        return fd;
    split(dir, &parent, &base);
    pfd = open_dir_hops(ap, parent.buf, 1, hops);
    if (pfd < 0) {
        strbuf_release(&parent);
        return -1;
    }
    if (compat_wt_mkdir(pfd, base, 0755) < 0) {
        struct compat_stat st;
        char target[APPLY_PATH_MAX + 1];
        saved = errno;
        if (saved == EEXIST && hops < FS_MAX_HOPS && compat_wt_lstat(pfd, base, &st) == 0 &&
            st.type == COMPAT_FT_LNK && compat_readlinkat(pfd, base, target, sizeof(target)) == 0) {
            struct strbuf t = STRBUF_INIT, c = STRBUF_INIT;
            int tfd;
            if (target[0] != '/' && parent.len)
                strbuf_addf(&t, "%s/", parent.buf);
            strbuf_addstr(&t, target);
            clean(t.buf, &c, 1);
            compat_close(pfd);
            tfd = open_dir_hops(ap, c.buf, 1, hops + 1);
            strbuf_release(&t);
            strbuf_release(&c);
            strbuf_release(&parent);
            if (tfd < 0)
                return -1;
            compat_close(tfd);
            return compat_open_in_root(ap->rootfd, dir, COMPAT_IR_DIR);
        }
        if (saved != EEXIST) {
            compat_close(pfd);
            strbuf_release(&parent);
            errno = saved;
            return -1;
        }
    }
    compat_close(pfd);
    strbuf_release(&parent);
    return compat_open_in_root(ap->rootfd, dir, COMPAT_IR_DIR);
}

static int open_dir(struct applier *ap, const char *dir, int create)
{
    return open_dir_hops(ap, dir, create, 0);
}

/* The parent handle for entries in dir, cached across consecutive entries
 * of one directory (a layer is written directory by directory).  Borrowed:
 * valid until the next call or uncache(). */
static int parent_of(struct applier *ap, const char *dir, int create)
{
    int fd;
    if (ap->cached_fd >= 0 && !strcmp(ap->cached_dir.buf, dir))
        return ap->cached_fd;
    uncache(ap);
    fd = open_dir(ap, dir, create);
    if (fd < 0)
        return -1;
    ap->cached_fd = fd;
    strbuf_addstr(&ap->cached_dir, dir);
    return fd;
}

/* Remove whatever is at base in pfd (a removal may take a directory the
 * cache holds: forget it, and the caller's pfd is re-opened). */
static int remove_at(struct applier *ap, const char *dir, const char *base, int *pfd)
{
    if (compat_wt_remove_tree(*pfd, base) < 0)
        return -1;
    ap->st.removed++;
    uncache(ap);
    *pfd = parent_of(ap, dir, 0);
    return *pfd < 0 ? -1 : 0;
}

static int sys_fail(struct applier *ap, struct gd_err *err, const char *what, const char *path)
{
    return err_set(err, "layer %u: cannot %s '%s'", ap->layer_no, what, path);
}

/* The path and every ancestor into the layer's set. */
static void remember(struct applier *ap, const char *path)
{
    const char *p = path;
    while ((p = strchr(p, '/')) != NULL) {
        pathset_add(&ap->layer, path, (size_t)(p - path));
        p++;
    }
    pathset_add(&ap->layer, path, strlen(path));
}

/* The names in directory fd (consumed), sorted as listed; *n of them.  Freed by free_names. */
static char **list_names(int fd, size_t *n)
{
    struct compat_dir *d = fd >= 0 ? compat_opendir_fd(fd) : NULL;
    char **names = NULL;
    size_t alloc = 0;
    const char *name;
    enum compat_ftype t;

    *n = 0;
    if (!d)
        return NULL;
    while (compat_readdir(d, &name, &t) == 1) {
        ALLOC_GROW(names, *n + 1, alloc);
        names[(*n)++] = xstrdup(name);
    }
    compat_closedir(d);
    return names;
}

static void free_names(char **names, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

static int purge_lower(struct applier *ap, const char *path, unsigned depth, struct gd_err *err);

/* purge_lower on every child of directory dir ("" the root), listed from fd (consumed). */
static int purge_children(struct applier *ap, int fd, const char *dir, unsigned depth, struct gd_err *err)
{
    struct strbuf child = STRBUF_INIT;
    size_t n, i;
    char **names = list_names(fd, &n);
    int rc = 0;

    for (i = 0; i < n && rc == 0; i++) {
        strbuf_reset(&child);
        if (*dir)
            strbuf_addf(&child, "%s/", dir);
        strbuf_addstr(&child, names[i]);
        rc = purge_lower(ap, child.buf, depth + 1, err);
    }
    free_names(names, n);
    strbuf_release(&child);
    return rc;
}

/* Delete what lower layers left at path (image-spec: a whiteout never hides
 * its own layer's entries): the whole subtree when this layer has nothing
 * at or below path, else the lower children of a directory, one by one. */
static int purge_lower(struct applier *ap, const char *path, unsigned depth, struct gd_err *err)
{
    struct strbuf dir = STRBUF_INIT;
    struct compat_stat st;
    const char *base;
    int pfd, rc = 0;

    if (depth > APPLY_PATH_MAX / 2)
        return err_setx(err, GD_ERR_LIMIT, "layer %u: directories nested too deep", ap->layer_no);
    split(path, &dir, &base);
    pfd = parent_of(ap, dir.buf, 0);
    if (pfd < 0 || compat_wt_lstat(pfd, base, &st) < 0) {
        strbuf_release(&dir);
        return 0;   /* nothing there to hide */
    }
    if (!pathset_has(&ap->layer, path, strlen(path))) {
        if (remove_at(ap, dir.buf, base, &pfd) < 0 && errno != ENOENT)
            rc = sys_fail(ap, err, "remove", path);
    } else if (st.type == COMPAT_FT_DIR) {
        /* this layer has entries below: only the lower children go */
        rc = purge_children(ap, compat_open_in_root(ap->rootfd, path, COMPAT_IR_DIR | COMPAT_IR_NOFOLLOW), path,
                            depth, err);
    }
    strbuf_release(&dir);
    return rc;
}

static int whiteout(struct applier *ap, const char *path, const char *dir, const char *base,
                    struct gd_err *err)
{
    struct strbuf target = STRBUF_INIT;
    int rc = 0;

    (void)path;
    ap->st.whiteouts++;
    if (!strcmp(base, WH_OPAQUE)) {
        /* Every lower-layer child of dir goes; this layer's stay. */
        ap->st.opaques++;
        strbuf_release(&target);
        return purge_children(ap, compat_open_in_root(ap->rootfd, *dir ? dir : ".", COMPAT_IR_DIR), dir, 0, err);
    }
    if (!strncmp(base, WH_META, strlen(WH_META)))
        return 0;   /* reserved for the implementation (aufs' .wh..wh.plnk): ignored */
    base += strlen(WH_PREFIX);
    if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) {
        warn(ap, "malformed whiteout '%s'", path);
        return 0;
    }
    if (*dir)
        strbuf_addf(&target, "%s/", dir);
    strbuf_addstr(&target, base);
    rc = purge_lower(ap, target.buf, 0, err);
    strbuf_release(&target);
    return rc;
}

/* Make room for a new entry at dir/base: an existing directory stays when
 * the entry is one (keep_dir), anything else is removed.  1 kept, 0 free, -1. */
static int make_room(struct applier *ap, const char *path, const char *dir, const char *base, int *pfd,
                     int keep_dir, struct gd_err *err)
{
    struct compat_stat st;
    if (compat_wt_lstat(*pfd, base, &st) < 0)
        return 0;
    if (keep_dir && st.type == COMPAT_FT_DIR)
        return 1;
    if (remove_at(ap, dir, base, pfd) < 0)
        return sys_fail(ap, err, "replace", path);
    return 0;
}

/* Where a regular file's bytes come from: the layer tar, or a file of a
 * layer directory (a containers-storage overlay diff). */
struct apply_data {
    struct tarread *t;
    int fd;
};

static long data_read(struct apply_data *d, void *buf, size_t len, struct gd_err *err)
{
    long n;
    if (d->t)
        return tarread_data(d->t, buf, len, err);
    n = compat_read(d->fd, buf, len);
    if (n < 0)
        err_set(err, "cannot read a layer's file");
    return n;
}

static int write_file(struct applier *ap, struct apply_data *t, const struct tar_entry *e, const char *path,
                      int pfd, const char *base, struct gd_err *err)
{
    int fd;
    long n;

    if (e->size > ap->lim.max_file)
        return err_setx(err, GD_ERR_LIMIT, "layer %u: '%s' is larger than the limit (%llu bytes)",
                        ap->layer_no, path, (unsigned long long)ap->lim.max_file);
    if (e->size > ap->lim.max_bytes - ap->st.bytes)
        return err_setx(err, GD_ERR_LIMIT, "the image holds more than %llu bytes of files",
                        (unsigned long long)ap->lim.max_bytes);
    fd = compat_wt_create(pfd, base, 0600);
    if (fd < 0)
        return sys_fail(ap, err, "create", path);
    while ((n = data_read(t, ap->buf, BUF_SIZE, err)) > 0) {
        if ((uint64_t)n > ap->lim.max_bytes - ap->st.bytes) {
            compat_close(fd);
            return err_setx(err, GD_ERR_LIMIT, "the image holds more than %llu bytes of files",
                            (unsigned long long)ap->lim.max_bytes);
        }
        ap->st.bytes += (uint64_t)n;
        if (compat_write_all(fd, ap->buf, (size_t)n) < 0) {
            compat_close(fd);
            return sys_fail(ap, err, "write", path);
        }
    }
    if (n < 0) {
        compat_close(fd);
        return -1;
    }
    /* The entry's permissions, set-id and sticky bits dropped, the owner
     * always able to read and write. */
    if (compat_wt_fchmod(fd, (e->mode & 0777u) | 0600u) < 0) {
        compat_close(fd);
        return sys_fail(ap, err, "set the mode of", path);
    }
    compat_close(fd);
    ap->st.files++;
    return 0;
}

static int hard_link(struct applier *ap, const struct tar_entry *e, const char *path, const char *dir,
                     const char *base, struct gd_err *err)
{
    struct strbuf target = STRBUF_INIT, tdir = STRBUF_INIT;
    struct compat_stat st;
    const char *tbase;
    int tfd = -1, pfd, r, rc = 0;

    r = e->link ? layer_path_clean(e->link, &target) : 0;
    if (r == 0) {
        rc = err_setx(err, GD_ERR_FORMAT, "layer %u: hard link '%s' points outside the image ('%s')",
                      ap->layer_no, path, e->link ? e->link : "");
        goto out;
    }
    if (r < 0 || !target.len) {
        rc = err_setx(err, GD_ERR_FORMAT, "layer %u: hard link '%s' has an unusable target", ap->layer_no, path);
        goto out;
    }
    if (!strcmp(target.buf, path))
        goto out;   /* a link to itself: nothing to do */
    split(target.buf, &tdir, &tbase);
    tfd = open_dir(ap, tdir.buf, 0);
    if (tfd < 0 || compat_wt_lstat(tfd, tbase, &st) < 0) {
        warn(ap, "hard link '%s' to '%s', which does not exist", path, target.buf);
        goto out;
    }
    if (st.type == COMPAT_FT_DIR) {
        warn(ap, "hard link '%s' to the directory '%s'", path, target.buf);
        goto out;
    }
    pfd = parent_of(ap, dir, 1);
    if (pfd < 0) {
        rc = sys_fail(ap, err, "create the directory of", path);
        goto out;
    }
    if (make_room(ap, path, dir, base, &pfd, 0, err) < 0) {
        rc = -1;
        goto out;
    }
    if (compat_wt_link(tfd, tbase, pfd, base) < 0) {
        warn(ap, "cannot link '%s' to '%s': %s", path, target.buf, strerror(errno));
        goto out;
    }
    ap->st.hardlinks++;
out:
    if (tfd >= 0)
        compat_close(tfd);
    strbuf_release(&target);
    strbuf_release(&tdir);
    return rc;
}

static int apply_entry(struct applier *ap, struct apply_data *t, const struct tar_entry *e,
                       struct strbuf *path, struct strbuf *dir, struct gd_err *err)
{
    const char *base;
    int pfd, r;

    r = layer_path_clean(e->path, path);
    if (r == 0)
        return err_setx(err, GD_ERR_FORMAT, "layer %u: entry '%s' points outside the image", ap->layer_no,
                        e->path);
    if (r < 0)
        return err_setx(err, GD_ERR_FORMAT, "layer %u: an entry's name is too long", ap->layer_no);
    if (!path->len)
        return 0;   /* the root itself: attributes only */
    split(path->buf, dir, &base);
    if (!strncmp(base, WH_PREFIX, strlen(WH_PREFIX)))
        return whiteout(ap, path->buf, dir->buf, base, err);
    remember(ap, path->buf);

    switch (e->type) {
    case TAR_HARDLINK:
        return hard_link(ap, e, path->buf, dir->buf, base, err);
    case TAR_CHR:
    case TAR_BLK:
    case TAR_FIFO:
    case TAR_OTHER:
        ap->st.special++;
        return 0;
    default:
        break;
    }
    pfd = parent_of(ap, dir->buf, 1);
    if (pfd < 0)
        return sys_fail(ap, err, "create the directory of", path->buf);
    r = make_room(ap, path->buf, dir->buf, base, &pfd, e->type == TAR_DIR, err);
    if (r < 0)
        return -1;
    switch (e->type) {
    case TAR_DIR: {
        int fd;
        if (!r && compat_wt_mkdir(pfd, base, 0700) < 0)
            return sys_fail(ap, err, "create the directory", path->buf);
        fd = compat_wt_opendir(pfd, base);
        if (fd < 0)
            return sys_fail(ap, err, "open the directory", path->buf);
        if (compat_wt_fchmod(fd, (e->mode & 0777u) | 0700u) < 0) {
            compat_close(fd);
            return sys_fail(ap, err, "set the mode of", path->buf);
        }
        compat_close(fd);
        ap->st.dirs++;
        return 0;
    }
    case TAR_SYMLINK:
        if (compat_wt_symlink(e->link, pfd, base) < 0)
            return sys_fail(ap, err, "create the symbolic link", path->buf);
        ap->st.symlinks++;
        return 0;
    default:
        return write_file(ap, t, e, path->buf, pfd, base, err);
    }
}

int applier_layer(struct applier *ap, struct tarread *t, struct gd_err *err)
{
    struct strbuf path = STRBUF_INIT, dir = STRBUF_INIT;
    struct tar_entry e;
    struct apply_data data = { t, -1 };
    int r, rc = 0;

    ap->layer_no++;
    pathset_clear(&ap->layer);
    uncache(ap);
    while ((r = tarread_next(t, &e, err)) == 1) {
        if (++ap->st.entries > ap->lim.max_entries) {
            rc = err_setx(err, GD_ERR_LIMIT, "the image has more than %llu entries",
                          (unsigned long long)ap->lim.max_entries);
            break;
        }
        if (apply_entry(ap, &data, &e, &path, &dir, err) < 0) {
            rc = -1;
            break;
        }
    }
    if (r < 0) {
        char m[GD_ERR_MSG_MAX];
        snprintf(m, sizeof(m), "%s", err->msg);
        rc = err_setx(err, err->code ? err->code : GD_ERR_FORMAT, "layer %u: %s", ap->layer_no, m);
    }
    uncache(ap);
    pathset_clear(&ap->layer);
    strbuf_release(&path);
    strbuf_release(&dir);
    return rc;
}

/* ---- a layer as a directory (containers-storage's overlay "diff") ---- */

struct dir_walk {
    struct applier *ap;
    struct strbuf path, dir, rel;
    unsigned depth;
};

static int walk_dir(struct dir_walk *w, int dfd, struct gd_err *err);

/* Overlay marks an opaque directory with an xattr (trusted.overlay.opaque,
 * or user.overlay.opaque when unprivileged): "y". */
static int is_opaque(int fd)
{
    char v[4];
    return (compat_wt_fgetxattr(fd, "trusted.overlay.opaque", v, sizeof(v)) == 1 && v[0] == 'y') ||
           (compat_wt_fgetxattr(fd, "user.overlay.opaque", v, sizeof(v)) == 1 && v[0] == 'y');
}

static int walk_entry(struct dir_walk *w, int dfd, const char *name, struct gd_err *err)
{
    struct applier *ap = w->ap;
    struct compat_stat st;
    struct tar_entry e;
    struct apply_data data = { NULL, -1 };
    size_t keep = w->rel.len;
    int rc = 0;

    if (compat_wt_lstat(dfd, name, &st) < 0)
        return 0;   /* gone meanwhile */
    if (w->rel.len)
        strbuf_addch(&w->rel, '/');
    strbuf_addstr(&w->rel, name);
    if (++ap->st.entries > ap->lim.max_entries) {
        rc = err_setx(err, GD_ERR_LIMIT, "the image has more than %llu entries",
                      (unsigned long long)ap->lim.max_entries);
        goto out;
    }
    memset(&e, 0, sizeof(e));
    e.path = w->rel.buf;
    e.mode = st.mode;
    if (st.type == COMPAT_FT_CHR && st.rdev == 0) {
        /* overlayfs' whiteout: a character device 0:0 named as the file it hides */
        struct strbuf wh = STRBUF_INIT;
        const char *slash = strrchr(w->rel.buf, '/');
        strbuf_add(&wh, w->rel.buf, slash ? (size_t)(slash - w->rel.buf + 1) : 0);
        strbuf_addf(&wh, ".wh.%s", name);
        e.path = wh.buf;
        e.type = TAR_REG;
        rc = apply_entry(ap, &data, &e, &w->path, &w->dir, err);
        strbuf_release(&wh);
        goto out;
    }
    switch (st.type) {
    case COMPAT_FT_DIR: {
        int cfd;
        e.type = TAR_DIR;
        if (apply_entry(ap, &data, &e, &w->path, &w->dir, err) < 0) {
            rc = -1;
            break;
        }
        cfd = compat_wt_opendir(dfd, name);
        if (cfd < 0)
            break;
        if (is_opaque(cfd)) {
            struct strbuf o = STRBUF_INIT;
            struct tar_entry oe;
            memset(&oe, 0, sizeof(oe));
            strbuf_addf(&o, "%s/.wh..wh..opq", w->rel.buf);
            oe.path = o.buf;
            oe.type = TAR_REG;
            rc = apply_entry(ap, &data, &oe, &w->path, &w->dir, err);
            strbuf_release(&o);
        }
        if (rc == 0) {
            if (w->depth >= APPLY_PATH_MAX / 2)
                rc = err_setx(err, GD_ERR_LIMIT, "layer %u: directories nested too deep", ap->layer_no);
            else {
                w->depth++;
                rc = walk_dir(w, cfd, err);
                w->depth--;
            }
        }
        compat_close(cfd);
        break;
    }
    case COMPAT_FT_LNK: {
        char target[APPLY_PATH_MAX + 1];
        if (compat_readlinkat(dfd, name, target, sizeof(target)) < 0)
            break;
        e.type = TAR_SYMLINK;
        e.link = target;
        rc = apply_entry(ap, &data, &e, &w->path, &w->dir, err);
        break;
    }
    case COMPAT_FT_REG:
        data.fd = compat_wt_openread(dfd, name);
        if (data.fd < 0) {
            warn(ap, "cannot read '%s'", w->rel.buf);
            break;
        }
        e.type = TAR_REG;
        e.size = st.size;
        rc = apply_entry(ap, &data, &e, &w->path, &w->dir, err);
        compat_close(data.fd);
        break;
    default:
        ap->st.special++;
        break;
    }
out:
    strbuf_setlen(&w->rel, keep);
    return rc;
}

static int walk_dir(struct dir_walk *w, int dfd, struct gd_err *err)
{
    size_t n, i;
    int fd = compat_wt_opendir(dfd, "."), rc = 0;
    char **names;

    if (fd < 0)
        return err_set(err, "layer %u: cannot list a directory", w->ap->layer_no);
    names = list_names(fd, &n);
    for (i = 0; i < n && rc == 0; i++)
        rc = walk_entry(w, dfd, names[i], err);
    free_names(names, n);
    return rc;
}

int applier_layer_dir(struct applier *ap, int dirfd, struct gd_err *err)
{
    struct dir_walk w;
    int rc;

    memset(&w, 0, sizeof(w));
    w.ap = ap;
    strbuf_init(&w.path);
    strbuf_init(&w.dir);
    strbuf_init(&w.rel);
    ap->layer_no++;
    pathset_clear(&ap->layer);
    uncache(ap);
    rc = walk_dir(&w, dirfd, err);
    uncache(ap);
    pathset_clear(&ap->layer);
    strbuf_release(&w.path);
    strbuf_release(&w.dir);
    strbuf_release(&w.rel);
    return rc;
}
