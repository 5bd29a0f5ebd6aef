#include "util/fs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/arena.h"
#include "util/banned.h"

/* memrchr is a GNU extension; this is the portable twin for path work. */
static char *last_slash(char *buf, size_t len)
{
    while (len > 0) {
        if (buf[--len] == '/')
            return buf + len;
    }
    return NULL;
}

static const char *last_slash_c(const char *buf, size_t len)
{
    return last_slash((char *)(uintptr_t)buf, len);
}

struct fs_cache;
static void cache_free(struct fs_cache *c);
static struct fs_cache *cache_get(struct fs *fs);
/*
 * The answers of one run, memoised (by the hash tables of the directory cache below): a scan asks the same
 * questions many times (each Python install checks its parents for
 * pyvenv.cfg and conda-meta; the driver, CUDA and loader observers each
 * list /usr/lib/<triplet>).  Keyed by kind and path as asked: 'S' stat,
 * 'L' lstat (r 1 with st, or 0 absent; fs_open also answers 'S' absent),
 * 'D' a complete directory listing (every entry, in readdir order), 'R'
 * the content of a file read to its end (ld.so.conf and ld.so.cache are
 * read by the observers and again by the loader model).
 * Errors, fault injection and listings over their limit are not memoised.
 */
struct fs_memo_ent {
    char *key;
    int r;
    struct compat_stat st;
    struct fs_dirent *ents;   /* 'D': names in the arena; array owned */
    size_t n;
    char *data;               /* 'R': the whole content of a file read to its end (arena) */
    size_t len;
};
#define FS_MEMO_DATA_MAX (16u << 20)   /* bytes of file content remembered, in all */

static struct fs_memo_ent *memo_find(struct fs *fs, char kind, const char *vpath, int create);
static void memo_put_stat(struct fs *fs, char kind, const char *vpath, int r,
                          const struct compat_stat *st);

int fs_init(struct fs *fs, const char *root, struct gd_err *err)
{
    char buf[FS_PATH_MAX];
    struct compat_stat st;

    memset(fs, 0, sizeof(*fs));
    fs->root_fd = -1;
    if (!root || !strcmp(root, "/")) {
        fs->root = xstrdup("/");
        fs->host_root = 1;
        return 0;
    }
    if (!realpath(root, buf))
        return err_set(err, "cannot use root '%s'", root);
    if (compat_stat(buf, &st) < 0)
        return err_set(err, "cannot use root '%s'", root);
    if (st.type != COMPAT_FT_DIR)
        return err_setx(err, GD_ERR_USAGE, "cannot use root '%s': not a directory", root);
    fs->host_root = !strcmp(buf, "/");
    fs->root_fd = -1;
    /* Windows gives a drive root as "C:/": keep "C:", so that the host path
     * of "/X" is "C:/X" (fs_host_path gives "/" itself as "C:/"). */
    if (!fs->host_root && buf[0] && buf[strlen(buf) - 1] == '/')
        buf[strlen(buf) - 1] = '\0';
    fs->root = xstrdup(buf);
    if (!fs->host_root) {
        fs->root_fd = compat_open_root(fs->root);
        if (fs->root_fd < 0 && errno != ENOSYS)
            return err_set(err, "cannot use root '%s'", root);
    }
    return 0;
}

int fs_init_pinned(struct fs *fs, const char *root, struct gd_err *err)
{
    struct compat_stat st;
    size_t n;

    memset(fs, 0, sizeof(*fs));
    fs->root_fd = -1;
    if (!root || root[0] != '/' || !strcmp(root, "/"))
        return fs_init(fs, root, err);
    if (compat_stat(root, &st) < 0)
        return err_set(err, "cannot use root '%s'", root);
    if (st.type != COMPAT_FT_DIR)
        return err_setx(err, GD_ERR_USAGE, "cannot use root '%s': not a directory", root);
    fs->root = xstrdup(root);
    n = strlen(fs->root);
    while (n > 1 && fs->root[n - 1] == '/')
        fs->root[--n] = '\0';
    fs->root_fd = compat_open_root(fs->root);
    if (fs->root_fd < 0 && errno != ENOSYS) {
        int e = errno;
        free(fs->root);
        fs->root = NULL;
        errno = e;
        return err_set(err, "cannot use root '%s'", root);
    }
    return 0;
}

void fs_release(struct fs *fs)
{
    free(fs->root);
    fs->root = NULL;
    cache_free(fs->cache);
    fs->cache = NULL;
    if (fs->root_fd >= 0)
        compat_close(fs->root_fd);
    fs->root_fd = -1;
}

/* ---- pure path helpers ---- */

void path_join(struct strbuf *out, const char *dir, const char *name)
{
    size_t n;
    strbuf_reset(out);
    strbuf_addstr(out, dir);
    n = out->len;
    while (n > 0 && out->buf[n - 1] == '/')
        n--;
    strbuf_setlen(out, n);
    while (*name == '/')
        name++;
    strbuf_addch(out, '/');
    strbuf_addstr(out, name);
}

void path_normalize(struct strbuf *out, const char *path)
{
    const char *p = path;
    strbuf_reset(out);
    while (*p) {
        const char *s;
        size_t n;
        while (*p == '/')
            p++;
        s = p;
        while (*p && *p != '/')
            p++;
        n = (size_t)(p - s);
        if (n == 0 || (n == 1 && s[0] == '.'))
            continue;
        if (n == 2 && s[0] == '.' && s[1] == '.') {
            char *slash = last_slash(out->buf, out->len);
            strbuf_setlen(out, slash ? (size_t)(slash - out->buf) : 0);
            continue;
        }
        strbuf_addch(out, '/');
        strbuf_add(out, s, n);
    }
    if (!out->len)
        strbuf_addch(out, '/');
}

void path_dirname(struct strbuf *out, const char *path)
{
    const char *slash;
    size_t n = strlen(path);
    strbuf_reset(out);
    while (n > 1 && path[n - 1] == '/')
        n--;
    slash = last_slash_c(path, n);
    if (!slash) {
        strbuf_addch(out, '.');
        return;
    }
    while (slash > path && slash[-1] == '/')
        slash--;
    if (slash == path)
        strbuf_addch(out, '/');
    else
        strbuf_add(out, path, (size_t)(slash - path));
}

const char *path_basename(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* ---- re-rooted resolution ---- */

/* 1 if path is prefix or lies below it. */
static int str_prefix_path(const char *path, const char *prefix)
{
    size_t n = strlen(prefix);
    while (n > 1 && prefix[n - 1] == '/')
        n--;
    return !strncmp(path, prefix, n) && (path[n] == '\0' || path[n] == '/' || n == 1);
}

/*
 * Walk vpath one component at a time below fs->root, as the kernel would
 * inside a chroot.  `virt` receives the resolved virtual path.  Returns 1, 0
 * (a component is missing or not a directory) or -1 (err).
 */
static int walk_from(struct fs *fs, const char *base, const char *vpath, int follow_last,
                     struct strbuf *virt, struct gd_err *err)
{
    struct strbuf todo = STRBUF_INIT, host = STRBUF_INIT;
    char link[FS_PATH_MAX];
    size_t pos = 0;
    int hops = 0, ret = -1;

    strbuf_reset(virt);
    strbuf_addstr(virt, base);
    strbuf_addstr(&todo, vpath);
    while (pos < todo.len) {
        const char *s;
        size_t n;
        int last;
        struct compat_stat st;
        size_t saved;

        while (pos < todo.len && todo.buf[pos] == '/')
            pos++;
        s = todo.buf + pos;
        while (pos < todo.len && todo.buf[pos] != '/')
            pos++;
        n = (size_t)(todo.buf + pos - s);
        if (n == 0 || (n == 1 && s[0] == '.'))
            continue;
        if (n == 2 && s[0] == '.' && s[1] == '.') {
            char *slash = last_slash(virt->buf, virt->len);
            strbuf_setlen(virt, slash ? (size_t)(slash - virt->buf) : 0);
            continue;
        }
        {
            size_t q = pos;
            while (q < todo.len && todo.buf[q] == '/')
                q++;
            last = (q >= todo.len);
        }
        saved = virt->len;
        strbuf_addch(virt, '/');
        strbuf_add(virt, s, n);
        if (virt->len >= FS_PATH_MAX) {
            err_setx(err, GD_ERR_LIMIT, "path too long below '%s'", vpath);
            goto out;
        }
        if (last && !follow_last)
            break;
        strbuf_reset(&host);
        if (!fs->host_root)
            strbuf_addstr(&host, fs->root);
        strbuf_addstr(&host, virt->buf);
        {
            /* lstat, memoised: many paths share their last directories. */
            struct fs_memo_ent *e = memo_find(fs, 'L', virt->buf, 0);
            if (e && e->r == 0) {
                ret = 0;
                goto out;
            }
            if (e && e->r == 1) {
                st = e->st;
            } else {
                fs->nstat++;
                if (compat_lstat(host.buf, &st) < 0) {
                    if (errno == ENOENT || errno == ENOTDIR) {
                        memo_put_stat(fs, 'L', virt->buf, 0, NULL);
                        ret = 0;
                        goto out;
                    }
                    err_set(err, "cannot access '%s'", virt->buf);
                    goto out;
                }
                memo_put_stat(fs, 'L', virt->buf, 1, &st);
            }
        }
        if (st.type == COMPAT_FT_LNK) {
            struct strbuf rest = STRBUF_INIT;
            if (++hops > FS_MAX_HOPS) {
                errno = ELOOP;
                err_set(err, "cannot resolve '%s'", vpath);
                goto out;
            }
            if (compat_readlink(host.buf, link, sizeof(link)) < 0) {
                err_set(err, "cannot read link '%s'", virt->buf);
                goto out;
            }
            strbuf_addstr(&rest, link);
            strbuf_addch(&rest, '/');
            strbuf_add(&rest, todo.buf + pos, todo.len - pos);
            strbuf_reset(&todo);
            strbuf_add(&todo, rest.buf, rest.len);
            strbuf_release(&rest);
            pos = 0;
            if (link[0] == '/')
                strbuf_setlen(virt, 0);
            else
                strbuf_setlen(virt, saved);
            continue;
        }
        if (!last && st.type != COMPAT_FT_DIR) {
            ret = 0;
            goto out;
        }
    }
    if (!virt->len)
        strbuf_addch(virt, '/');
    ret = 1;
out:
    strbuf_release(&todo);
    strbuf_release(&host);
    return ret;
}

/*
 * Resolved directories, memoised.  Under --root every component of every
 * path is lstat()ed to follow symlinks inside the root, and a scan asks for
 * thousands of paths below the same few directories (site-packages...).
 * Each directory is resolved once and remembered, with its resolved virtual
 * path (or "does not exist").  The examined tree is assumed not to change
 * during one run: gpudoctor never writes to it.  That assumption only
 * affects names (fs_realpath, fs_host_path): under --root, reads, stats and
 * listings resolve again from the root handle (open_in_root), so a tree
 * changed meanwhile cannot make them leave the root.  Errors are not
 * cached, so each one is reported where it is met.
 */
#define FS_CACHE_MAX 65536u

struct fs_cache_ent {
    char *key;        /* the directory as asked for */
    char *val;        /* its resolved virtual path, or NULL: not a directory */
};

struct fs_cache {
    struct fs_cache_ent *ents;
    size_t cap, n;    /* cap is a power of two */
    struct arena arena;
    struct fs_memo_ent *memo;
    size_t memo_cap, memo_n;
    size_t memo_data;         /* bytes of 'R' content held */
};

static size_t hash_str(const char *s)
{
    size_t h = 1469598103934665603u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211u;
    return h;
}

static struct fs_cache_ent *cache_slot(struct fs_cache *c, const char *key)
{
    size_t i = hash_str(key) & (c->cap - 1);
    while (c->ents[i].key && strcmp(c->ents[i].key, key))
        i = (i + 1) & (c->cap - 1);
    return &c->ents[i];
}

static void cache_put(struct fs *fs, const char *key, const char *val)
{
    struct fs_cache *c = fs->cache;
    struct fs_cache_ent *e;
    if (!c)
        c = cache_get(fs);
    if (c->n >= FS_CACHE_MAX)
        return;
    if ((c->n + 1) * 10 > c->cap * 7) {
        struct fs_cache_ent *old = c->ents;
        size_t oldcap = c->cap, i;
        c->cap *= 2;
        c->ents = xcalloc(c->cap, sizeof(*c->ents));
        for (i = 0; i < oldcap; i++)
            if (old[i].key)
                *cache_slot(c, old[i].key) = old[i];
        free(old);
    }
    e = cache_slot(c, key);
    if (!e->key) {
        e->key = arena_strdup(&c->arena, key);
        c->n++;
    }
    e->val = val ? arena_strdup(&c->arena, val) : NULL;
}

static struct fs_cache *cache_get(struct fs *fs)
{
    struct fs_cache *c = fs->cache;
    if (!c) {
        c = fs->cache = xcalloc(1, sizeof(*c));
        arena_init(&c->arena);
        c->cap = 1024;
        c->ents = xcalloc(c->cap, sizeof(*c->ents));
    }
    return c;
}

static struct fs_memo_ent *memo_slot(struct fs_memo_ent *tab, size_t cap, const char *key)
{
    size_t i = hash_str(key) & (cap - 1);
    while (tab[i].key && strcmp(tab[i].key, key))
        i = (i + 1) & (cap - 1);
    return &tab[i];
}

/* The memo entry for (kind, vpath): NULL when absent (and !create), or
 * when the memo is full, or vpath is under the fault-injection path.  The
 * pointer is valid until the next memo_find. */
static struct fs_memo_ent *memo_find(struct fs *fs, char kind, const char *vpath, int create)
{
    struct fs_cache *c;
    struct fs_memo_ent *e;
    char key[FS_PATH_MAX + 2];
    size_t n = strlen(vpath);

    if (n + 2 > sizeof(key) || (fs->fault_eacces && str_prefix_path(vpath, fs->fault_eacces)))
        return NULL;
    key[0] = kind;
    memcpy(key + 1, vpath, n + 1);
    c = fs->cache;
    if (!c || !c->memo) {
        if (!create)
            return NULL;
        c = cache_get(fs);
        c->memo_cap = 1024;
        c->memo = xcalloc(c->memo_cap, sizeof(*c->memo));
    }
    e = memo_slot(c->memo, c->memo_cap, key);
    if (e->key || !create)
        return e->key ? e : NULL;
    if (c->memo_n >= FS_CACHE_MAX)
        return NULL;
    if ((c->memo_n + 1) * 10 > c->memo_cap * 7) {
        struct fs_memo_ent *old = c->memo;
        size_t oldcap = c->memo_cap, i;
        c->memo_cap *= 2;
        c->memo = xcalloc(c->memo_cap, sizeof(*c->memo));
        for (i = 0; i < oldcap; i++)
            if (old[i].key)
                *memo_slot(c->memo, c->memo_cap, old[i].key) = old[i];
        free(old);
        e = memo_slot(c->memo, c->memo_cap, key);
    }
    e->key = arena_strdup(&c->arena, key);
    e->r = -1;
    c->memo_n++;
    return e;
}

static void memo_put_stat(struct fs *fs, char kind, const char *vpath, int r,
                          const struct compat_stat *st)
{
    struct fs_memo_ent *e;
    if (r < 0 || !(e = memo_find(fs, kind, vpath, 1)))
        return;
    e->r = r;
    if (r == 1)
        e->st = *st;
}

static void cache_free(struct fs_cache *c)
{
    size_t i;
    if (!c)
        return;
    for (i = 0; c->memo && i < c->memo_cap; i++)
        free(c->memo[i].ents);
    free(c->memo);
    free(c->ents);
    arena_release(&c->arena);
    free(c);
}

/* Split "/a/b/c" into "/a/b" and "c"; 0 when the last component is not a
 * plain name (".", "..", a trailing '/', or "/" itself): walk those whole. */
static int split_last(const char *vpath, struct strbuf *dir, const char **name)
{
    const char *slash = strrchr(vpath, '/');
    if (!slash || !slash[1] || !strcmp(slash + 1, ".") || !strcmp(slash + 1, ".."))
        return 0;
    strbuf_reset(dir);
    strbuf_add(dir, vpath, (size_t)(slash - vpath));
    *name = slash + 1;
    return 1;
}

/* Resolve the directory dpath (a virtual path) to its resolved virtual path
 * in out ("" for the root), through the cache.  1 / 0 / -1 as walk. */
static int resolve_dir(struct fs *fs, const char *dpath, struct strbuf *out, struct gd_err *err)
{
    struct strbuf parent = STRBUF_INIT, base = STRBUF_INIT, host = STRBUF_INIT;
    struct compat_stat st;
    const char *name;
    int r;

    if (!dpath[0] || !strcmp(dpath, "/")) {
        strbuf_reset(out);
        return 1;
    }
    if (fs->cache) {
        struct fs_cache_ent *e = cache_slot(fs->cache, dpath);
        if (e->key) {
            strbuf_reset(out);
            if (!e->val)
                return 0;
            strbuf_addstr(out, e->val);
            return 1;
        }
    }
    if (split_last(dpath, &parent, &name)) {
        r = resolve_dir(fs, parent.buf, &base, err);
        if (r == 1)
            r = walk_from(fs, base.buf, name, 1, out, err);
    } else {
        r = walk_from(fs, "", dpath, 1, out, err);
    }
    if (r == 1 && strcmp(out->buf, "/")) {
        /* A directory only: "a/file/x" fails with ENOTDIR. */
        if (!fs->host_root)
            strbuf_addstr(&host, fs->root);
        strbuf_addstr(&host, out->buf);
        struct fs_memo_ent *e = memo_find(fs, 'S', out->buf, 0);
        if (e && e->r >= 0) {
            if (e->r == 0 || e->st.type != COMPAT_FT_DIR)
                r = 0;
        } else {
            fs->nstat++;
            if (compat_stat(host.buf, &st) < 0) {
                if (errno == ENOENT || errno == ENOTDIR)
                    memo_put_stat(fs, 'S', out->buf, 0, NULL);
                r = 0;
            } else {
                memo_put_stat(fs, 'S', out->buf, 1, &st);
                if (st.type != COMPAT_FT_DIR)
                    r = 0;
            }
        }
    }
    if (r == 1 && !strcmp(out->buf, "/"))
        strbuf_reset(out);
    if (r >= 0)
        cache_put(fs, dpath, r == 1 ? out->buf : NULL);
    strbuf_release(&parent);
    strbuf_release(&base);
    strbuf_release(&host);
    return r;
}

/* Resolve vpath inside the root: its directory through the cache, then the
 * last component. */
static int walk(struct fs *fs, const char *vpath, int follow_last,
                struct strbuf *virt, struct gd_err *err)
{
    struct strbuf dir = STRBUF_INIT, base = STRBUF_INIT;
    const char *name;
    int r;

    if (!split_last(vpath, &dir, &name)) {
        r = walk_from(fs, "", vpath, follow_last, virt, err);
    } else {
        r = resolve_dir(fs, dir.buf, &base, err);
        if (r == 1)
            r = walk_from(fs, base.buf, name, follow_last, virt, err);
    }
    strbuf_release(&dir);
    strbuf_release(&base);
    return r;
}

int fs_host_path(struct fs *fs, const char *vpath, int follow_last,
                 struct strbuf *out, struct gd_err *err)
{
    struct strbuf virt = STRBUF_INIT;
    int r;

    if (vpath[0] != '/')
        return err_setx(err, GD_ERR_USAGE, "path '%s' is not absolute", vpath);
    if (fs->fault_eacces && str_prefix_path(vpath, fs->fault_eacces)) {
        errno = EACCES;
        return err_set(err, "cannot access '%s'", vpath);
    }
    if (fs->host_root) {
        strbuf_reset(out);
        strbuf_addstr(out, vpath);
        return 1;
    }
    r = walk(fs, vpath, follow_last, &virt, err);
    if (r == 1) {
        strbuf_reset(out);
        strbuf_addstr(out, fs->root);
        if (strcmp(virt.buf, "/"))
            strbuf_addstr(out, virt.buf);
        else if (out->len && out->buf[out->len - 1] == ':')
            strbuf_addch(out, '/');   /* "C:" alone is C:'s current folder */
    }
    strbuf_release(&virt);
    return r;
}

int fs_realpath(struct fs *fs, const char *vpath, struct strbuf *out,
                struct gd_err *err)
{
    if (vpath[0] != '/')
        return err_setx(err, GD_ERR_USAGE, "path '%s' is not absolute", vpath);
    if (fs->fault_eacces && str_prefix_path(vpath, fs->fault_eacces)) {
        errno = EACCES;
        return err_set(err, "cannot access '%s'", vpath);
    }
    /* The same walk for this machine as under --root (with "/" as the root
     * it is exactly realpath(3)), so resolved directories are remembered:
     * realpath() would readlink() every component of every path again. */
    return walk(fs, vpath, 1, out, err);
}

/*
 * Under --root: open vpath inside the root with compat_open_in_root (flags
 * COMPAT_IR_*).  1 and *fd, 0 absent (ENOENT, ENOTDIR), -1 (err, with what
 * as the verb: "cannot access '%s'").
 */
static int open_in_root(struct fs *fs, const char *vpath, unsigned flags, int *fd,
                        const char *what, struct gd_err *err)
{
    if (vpath[0] != '/')
        return err_setx(err, GD_ERR_USAGE, "path '%s' is not absolute", vpath);
    if (fs->fault_eacces && str_prefix_path(vpath, fs->fault_eacces)) {
        errno = EACCES;
        return err_set(err, "%s '%s'", what, vpath);
    }
    fs->nstat++;
    *fd = compat_open_in_root(fs->root_fd, vpath + 1, flags);
    if (*fd >= 0)
        return 1;
    if (errno == ENOENT || errno == ENOTDIR)
        return 0;
    return err_set(err, "%s '%s'", what, vpath);
}

static int do_stat_uncached(struct fs *fs, const char *vpath, int follow,
                            struct compat_stat *st, struct gd_err *err);

static int do_stat(struct fs *fs, const char *vpath, int follow,
                   struct compat_stat *st, struct gd_err *err)
{
    char kind = follow ? 'S' : 'L';
    struct fs_memo_ent *e = memo_find(fs, kind, vpath, 0);
    int r;
    if (e && e->r >= 0) {
        if (e->r == 1)
            *st = e->st;
        return e->r;
    }
    r = do_stat_uncached(fs, vpath, follow, st, err);
    memo_put_stat(fs, kind, vpath, r, st);
    return r;
}

static int do_stat_uncached(struct fs *fs, const char *vpath, int follow,
                            struct compat_stat *st, struct gd_err *err)
{
    struct strbuf host = STRBUF_INIT;
    int r;
    if (fs->root_fd >= 0) {
        int fd;
        r = open_in_root(fs, vpath, follow ? 0u : COMPAT_IR_NOFOLLOW, &fd, "cannot access", err);
        if (r == 1) {
            if (compat_fstat(fd, st) < 0)
                r = err_set(err, "cannot access '%s'", vpath);
            compat_close(fd);
        }
        return r;
    }
    r = fs_host_path(fs, vpath, follow, &host, err);
    if (r == 1) {
        fs->nstat++;
        if ((follow ? compat_stat(host.buf, st) : compat_lstat(host.buf, st)) < 0) {
            if (errno == ENOENT || errno == ENOTDIR)
                r = 0;
            else
                r = err_set(err, "cannot access '%s'", vpath);
        } else if (follow && !fs->host_root && st->type == COMPAT_FT_LNK) {
            BUG("resolved path '%s' is a link", host.buf);
        }
    }
    strbuf_release(&host);
    return r;
}

int fs_stat(struct fs *fs, const char *vpath, struct compat_stat *st,
            struct gd_err *err)
{
    return do_stat(fs, vpath, 1, st, err);
}

int fs_lstat(struct fs *fs, const char *vpath, struct compat_stat *st,
             struct gd_err *err)
{
    return do_stat(fs, vpath, 0, st, err);
}

int fs_readlink(struct fs *fs, const char *vpath, struct strbuf *out,
                struct gd_err *err)
{
    struct strbuf host = STRBUF_INIT;
    char buf[FS_PATH_MAX];
    int r;
    if (fs->root_fd >= 0) {
        int fd;
        r = open_in_root(fs, vpath, COMPAT_IR_NOFOLLOW, &fd, "cannot read link", err);
        if (r == 1) {
            if (compat_readlinkat(fd, "", buf, sizeof(buf)) < 0) {
                r = (errno == ENOENT || errno == EINVAL) ? 0 : err_set(err, "cannot read link '%s'", vpath);
            } else {
                strbuf_reset(out);
                strbuf_addstr(out, buf);
            }
            compat_close(fd);
        }
        return r;
    }
    r = fs_host_path(fs, vpath, 0, &host, err);
    if (r == 1) {
        if (compat_readlink(host.buf, buf, sizeof(buf)) < 0) {
            if (errno == ENOENT || errno == ENOTDIR || errno == EINVAL)
                r = 0;
            else
                r = err_set(err, "cannot read link '%s'", vpath);
        } else {
            strbuf_reset(out);
            strbuf_addstr(out, buf);
        }
    }
    strbuf_release(&host);
    return r;
}

int fs_access(struct fs *fs, const char *vpath, int mode)
{
    struct strbuf host = STRBUF_INIT;
    int r;
    if (fs->root_fd >= 0) {
        int fd;
        if (open_in_root(fs, vpath, 0u, &fd, "cannot access", NULL) != 1)
            return 0;
        r = compat_access_fd(fd, mode) == 0;
        compat_close(fd);
        return r;
    }
    r = fs_host_path(fs, vpath, 1, &host, NULL);
    if (r == 1)
        r = compat_access(host.buf, mode) == 0;
    else
        r = 0;
    strbuf_release(&host);
    return r;
}

/*
 * fs_open under --root: a handle first (it opens nothing), its type from
 * fstat, and only a regular file is opened for reading, as the same inode
 * (compat_reopen_read), or, without /proc, by its path again with the
 * identity compared: a file swapped in between is refused.
 */
static int open_rooted(struct fs *fs, const char *vpath, struct fs_file *f, struct gd_err *err)
{
    int h, r = open_in_root(fs, vpath, 0u, &h, "cannot open", err);
    if (r != 1)
        return r;
    if (compat_fstat(h, &f->st) < 0) {
        r = err_set(err, "cannot stat '%s'", vpath);
        compat_close(h);
        return r;
    }
    if (f->st.type != COMPAT_FT_REG) {
        compat_close(h);
        return err_setx(err, GD_ERR_FORMAT, "cannot read '%s': not a regular file", vpath);
    }
    fs->nread++;
    f->fd = compat_reopen_read(h);
    compat_close(h);
    if (f->fd < 0) {
        struct compat_stat st2;
        r = open_in_root(fs, vpath, COMPAT_IR_READ, &f->fd, "cannot open", err);
        if (r != 1)
            return r;
        if (compat_fstat(f->fd, &st2) < 0 || st2.dev != f->st.dev || st2.ino != f->st.ino) {
            fs_close(f);
            return err_setx(err, GD_ERR_FORMAT, "cannot read '%s': it changed while being opened", vpath);
        }
    }
    f->size = f->st.size;
    return 1;
}

static int open_uncached(struct fs *fs, const char *vpath, struct fs_file *f,
                         struct gd_err *err);

int fs_open(struct fs *fs, const char *vpath, struct fs_file *f,
            struct gd_err *err)
{
    struct fs_memo_ent *e = memo_find(fs, 'S', vpath, 0);
    int r;

    f->fd = -1;
    f->size = 0;
    if (e && e->r == 0)
        return 0;      /* known absent: a stat or an open said so */
    r = open_uncached(fs, vpath, f, err);
    if (r == 0)
        memo_put_stat(fs, 'S', vpath, 0, NULL);
    return r;
}

static int open_uncached(struct fs *fs, const char *vpath, struct fs_file *f,
                         struct gd_err *err)
{
    struct strbuf host = STRBUF_INIT;
    int r;

    if (fs->root_fd >= 0)
        return open_rooted(fs, vpath, f, err);
    r = fs_host_path(fs, vpath, 1, &host, err);
    if (r != 1)
        goto out;
    fs->nread++;
    f->fd = compat_open_read(host.buf);
    if (f->fd < 0) {
        r = (errno == ENOENT || errno == ENOTDIR) ? 0 : err_set(err, "cannot open '%s'", vpath);
        goto out;
    }
    if (compat_fstat(f->fd, &f->st) < 0) {
        r = err_set(err, "cannot stat '%s'", vpath);
        fs_close(f);
        goto out;
    }
    if (f->st.type != COMPAT_FT_REG) {
        r = err_setx(err, GD_ERR_FORMAT, "cannot read '%s': not a regular file", vpath);
        fs_close(f);
        goto out;
    }
    f->size = f->st.size;
    r = 1;
out:
    strbuf_release(&host);
    return r;
}

int fs_pread(struct fs_file *f, uint64_t off, void *buf, size_t len,
             struct gd_err *err)
{
    size_t got = 0;
    if (off > f->size || len > f->size - off)
        return err_setx(err, GD_ERR_FORMAT, "read of %zu bytes at offset %llu past the end of the file",
                        len, (unsigned long long)off);
    while (got < len) {
        long n = compat_pread(f->fd, (char *)buf + got, len - got, off + got);
        if (n < 0)
            return err_set(err, "cannot read");
        if (n == 0)
            return err_setx(err, GD_ERR_FORMAT, "file shrank while reading");
        got += (size_t)n;
    }
    return 0;
}

void fs_close(struct fs_file *f)
{
    compat_close(f->fd);
    f->fd = -1;
}

static int read_common(struct fs *fs, const char *vpath, size_t limit,
                       int whole, struct strbuf *out, struct gd_err *err)
{
    struct fs_file f;
    struct fs_memo_ent *e = memo_find(fs, 'R', vpath, 0);
    size_t want, start = out->len;
    int r, eof = 0;

    if (e && e->r == 1) {
        /* Read before, to its end: the same answer without the system calls. */
        if (whole && e->st.size > limit)
            return err_setx(err, GD_ERR_LIMIT, "cannot read '%s': %llu bytes is more than the %zu expected",
                            vpath, (unsigned long long)e->st.size, limit);
        strbuf_add(out, e->data, e->len < limit ? e->len : limit);
        return 1;
    }
    r = fs_open(fs, vpath, &f, err);
    if (r != 1)
        return r;
    if (whole && f.size > limit) {
        fs_close(&f);
        return err_setx(err, GD_ERR_LIMIT, "cannot read '%s': %llu bytes is more than the %zu expected",
                        vpath, (unsigned long long)f.size, limit);
    }
    want = f.size < limit ? (size_t)f.size : limit;
    /* st_size can be 0 for /proc and /sys files: read until EOF up to limit. */
    if (f.size == 0)
        want = limit;
    strbuf_grow(out, want < 65536 ? want : 65536);
    while (want > 0) {
        long n;
        size_t chunk = want < 65536 ? want : 65536;
        strbuf_grow(out, chunk);
        n = compat_read(f.fd, out->buf + out->len, chunk);
        if (n < 0) {
            r = err_set(err, "cannot read '%s'", vpath);
            break;
        }
        if (n == 0) {
            eof = 1;
            break;
        }
        out->len += (size_t)n;
        out->buf[out->len] = '\0';
        want -= (size_t)n;
    }
    /* All of it (EOF seen, or the known size read): remember it. */
    if (r == 1 && (eof || (f.size > 0 && out->len - start == f.size))) {
        size_t len = out->len - start;
        struct fs_cache *c = cache_get(fs);
        if (c->memo_data + len <= FS_MEMO_DATA_MAX && (e = memo_find(fs, 'R', vpath, 1)) != NULL) {
            e->r = 1;
            e->st = f.st;
            e->data = arena_alloc(&c->arena, len + 1);
            memcpy(e->data, out->buf + start, len);
            e->data[len] = '\0';
            e->len = len;
            c->memo_data += len;
        }
    }
    fs_close(&f);
    return r;
}

int fs_read_file(struct fs *fs, const char *vpath, size_t limit,
                 struct strbuf *out, struct gd_err *err)
{
    return read_common(fs, vpath, limit, 1, out, err);
}

int fs_read_head(struct fs *fs, const char *vpath, size_t max,
                 struct strbuf *out, struct gd_err *err)
{
    return read_common(fs, vpath, max, 0, out, err);
}

static int cmp_dirent(const void *a, const void *b)
{
    return strcmp(((const struct fs_dirent *)a)->name, ((const struct fs_dirent *)b)->name);
}

int fs_list_dir(struct fs *fs, const char *vpath, size_t max_entries,
                struct fs_dirlist *list, struct gd_err *err)
{
    return fs_list_dir_filtered(fs, vpath, max_entries, NULL, NULL, list, err);
}

int fs_list_dir_filtered(struct fs *fs, const char *vpath, size_t max_entries,
                         int (*keep)(const char *name, void *arg), void *arg,
                         struct fs_dirlist *list, struct gd_err *err)
{
    size_t seen = 0, i;
    struct strbuf host = STRBUF_INIT;
    struct compat_dir *d;
    const char *name;
    enum compat_ftype type;
    struct fs_memo_ent *e = memo_find(fs, 'D', vpath, 0);
    struct fs_dirent *all = NULL;
    size_t nall = 0, aall = 0;
    int r, rr;

    memset(list, 0, sizeof(*list));
    if (e && e->r == 0)
        return 0;
    if (e && e->r == 1) {
        /* The same answer as reading it again: entries in readdir order,
         * the same limit, the same filter. */
        for (i = 0; i < e->n; i++) {
            if (seen++ >= max_entries) {
                r = err_setx(err, GD_ERR_LIMIT, "cannot list '%s': more than %zu entries", vpath, max_entries);
                goto sort;
            }
            if (keep && !keep(e->ents[i].name, arg))
                continue;
            ALLOC_GROW(list->ents, list->nr + 1, list->alloc);
            list->ents[list->nr].name = xstrdup(e->ents[i].name);
            list->ents[list->nr].type = e->ents[i].type;
            list->nr++;
        }
        r = 1;
        goto sort;
    }
    if (fs->root_fd >= 0) {
        int fd;
        r = open_in_root(fs, vpath, COMPAT_IR_DIR, &fd, "cannot list", err);
        if (r != 1)
            goto out;
        fs->nread++;
        d = compat_opendir_fd(fd);
    } else {
        r = fs_host_path(fs, vpath, 1, &host, err);
        if (r != 1)
            goto out;
        fs->nread++;
        d = compat_opendir(host.buf);
    }
    if (!d) {
        r = (errno == ENOENT || errno == ENOTDIR) ? 0 : err_set(err, "cannot list '%s'", vpath);
        goto out;
    }
    while ((rr = compat_readdir(d, &name, &type)) == 1) {
        if (seen++ >= max_entries) {
            r = err_setx(err, GD_ERR_LIMIT, "cannot list '%s': more than %zu entries", vpath, max_entries);
            break;
        }
        /* Every entry, for the memo (names in its arena). */
        ALLOC_GROW(all, nall + 1, aall);
        all[nall].name = arena_strdup(&cache_get(fs)->arena, name);
        all[nall].type = type;
        nall++;
        if (keep && !keep(name, arg))
            continue;
        ALLOC_GROW(list->ents, list->nr + 1, list->alloc);
        list->ents[list->nr].name = xstrdup(name);
        list->ents[list->nr].type = type;
        list->nr++;
    }
    if (rr < 0)
        r = err_set(err, "cannot list '%s'", vpath);
    compat_closedir(d);
    if (r == 1 && (e = memo_find(fs, 'D', vpath, 1)) != NULL) {
        e->r = 1;
        e->ents = all;
        e->n = nall;
        all = NULL;
    }
    free(all);
sort:
    if (list->nr)
        qsort(list->ents, list->nr, sizeof(*list->ents), cmp_dirent);
out:
    if (r == 0 && (e = memo_find(fs, 'D', vpath, 1)) != NULL)
        e->r = 0;
    strbuf_release(&host);
    return r;
}

int fs_keep_prefix(const char *name, void *prefix)
{
    const char *p = prefix;
    return !strncmp(name, p, strlen(p));
}

void fs_dirlist_release(struct fs_dirlist *list)
{
    size_t i;
    for (i = 0; i < list->nr; i++)
        free(list->ents[i].name);
    free(list->ents);
    memset(list, 0, sizeof(*list));
}
