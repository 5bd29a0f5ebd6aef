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
 * 'D' a directory listing (every entry, in readdir order; or, for a
 * directory over the limit it was read with, the entries up to that limit
 * and the fact that there are more, so a directory too big for its caller
 * is not read again), 'R' the content of a file read to its end
 * (ld.so.conf and ld.so.cache are read by the observers and again by the
 * loader model), 'K' a symlink's target as the walk read it.  Errors
 * and fault injection are not memoised.
 *
 * Listings also answer existence questions (where names are exact,
 * compat_names_exact): a path whose ancestor is known absent or not a
 * directory, or whose ancestor's complete listing lacks the next
 * component, is absent without a system call (known_absent).  Directories
 * are listed for that (at most FS_AUTO_LIST_MAX entries) when a miss below
 * one says it will pay (note_miss): a caller said many names will be
 * looked up below it (fs_expect_lookups: the loader model tries each name
 * in the glibc-hwcaps and legacy hwcap subdirectories of every RPATH and
 * default directory, most of which do not exist), or FS_MISSES_TO_LIST
 * names were already missed in it one by one.
 */
struct fs_memo_ent {
    char *key;
    int r;                    /* 1 yes (a complete listing), 0 absent, -1 unknown */
    struct compat_stat st;
    struct fs_dirent *ents;   /* 'D': names in the arena; array owned */
    size_t n;
    size_t over;              /* 'D' with r -1: more than this many entries (ents holds them) */
    const struct fs_dirent **sorted; /* 'D' complete: ents in name order (arena), built on demand */
    size_t *hidx, hcap;       /* 'D' complete: a hash of ents' names (index + 1), for lookups (arena) */
    unsigned misses;          /* 'D': names found absent in it by a system call */
    int alias;                /* 'D': ents, hidx belong to the listing of its real path */
    int expect;               /* 'D': fs_expect_lookups: list it at the first miss below it */
    char *data;               /* 'R': the whole content of a file read to its end (arena) */
    size_t len;
};
#define FS_MISSES_TO_LIST 8
#define FS_AUTO_LIST_MAX 8192
#define FS_MEMO_DATA_MAX (16u << 20)   /* bytes of file content remembered, in all */

static struct fs_memo_ent *memo_find(struct fs *fs, char kind, const char *vpath, int create);
static void memo_put_stat(struct fs *fs, char kind, const char *vpath, int r,
                          const struct compat_stat *st);
static int known_absent(struct fs *fs, const char *vpath);
static void note_miss(struct fs *fs, const char *vpath);
static void dir_absent(struct fs *fs, const char *vpath, int follow, int r, const struct compat_stat *st);
static int plain_path(const char *p);
static char *memo_strdup(struct fs *fs, const char *str);
static const struct fs_dirent *listing_find(struct fs *fs, struct fs_memo_ent *e, const char *name, size_t n);

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
    /* A root that cannot be listed would be a scan of nothing that looks
     * like a machine without a GPU (O_PATH opens it regardless). */
    if (compat_access(buf, COMPAT_R_OK | COMPAT_X_OK) < 0)
        return err_set(err, "cannot use root '%s': it cannot be read", root);
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
/*
 * walk_from's guess for a name at the end of a link's target: readlink
 * first.  1 with st->type LNK (the target memoised as 'K', read below from
 * there), UNKNOWN (it exists and is no link: EINVAL), or *gone (absent,
 * memoised); 0 when readlink said something else (lstat then, as before).
 */
static int rl_first(struct fs *fs, const char *host, const char *vpath, struct compat_stat *st, int *gone)
{
    char link[FS_PATH_MAX];
    struct fs_memo_ent *k;
    int n;

    *gone = 0;
    memset(st, 0, sizeof(*st));
    fs->nstat++;
    n = compat_readlink(host, link, sizeof(link));
    if (n >= 0) {
        if ((k = memo_find(fs, 'K', vpath, 1)) == NULL)
            return 0;   /* nowhere to keep it: walk_from reads it again */
        k->r = 1;
        k->len = strlen(link);
        k->data = memo_strdup(fs, link);
        st->type = COMPAT_FT_LNK;
        return 1;
    }
    if (errno == EINVAL) {
        st->type = COMPAT_FT_UNKNOWN;
        return 1;
    }
    if (errno == ENOENT || errno == ENOTDIR) {
        memo_put_stat(fs, 'L', vpath, 0, NULL);
        dir_absent(fs, vpath, 0, 0, NULL);
        *gone = 1;
        return 1;
    }
    return 0;
}

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
            const struct fs_dirent *de = NULL;
            if (e && e->r == 0) {
                ret = 0;
                goto out;
            }
            if (!e && compat_names_exact() && plain_path(virt->buf)) {
                /* The parent's listing names the entry's own type: no lstat. */
                struct fs_memo_ent *d;
                virt->buf[saved] = '\0';
                d = memo_find(fs, 'D', saved ? virt->buf : "/", 0);
                virt->buf[saved] = '/';
                if (d && d->r == 1 && (de = listing_find(fs, d, s, n)) != NULL &&
                    de->type != COMPAT_FT_DIR && de->type != COMPAT_FT_REG && de->type != COMPAT_FT_LNK)
                    de = NULL;
            }
            struct fs_memo_ent *k0 = e || de ? NULL : memo_find(fs, 'K', virt->buf, 0);
            int gone = 0;
            if (e && e->r == 1) {
                st = e->st;
            } else if (known_absent(fs, virt->buf)) {
                ret = 0;
                goto out;
            } else if (de) {
                memset(&st, 0, sizeof(st));
                st.type = de->type;
            } else if (k0 && k0->r == 1) {
                /* Read as a link before: a link. */
                memset(&st, 0, sizeof(st));
                st.type = COMPAT_FT_LNK;
            } else if (last && hops > 0 && compat_names_exact() && rl_first(fs, host.buf, virt->buf, &st, &gone)) {
                /* The end of a link's target (an alternatives chain's next
                 * link, most often): read as a link at once, one system
                 * call where lstat and readlink were two. */
                if (gone) {
                    ret = 0;
                    goto out;
                }
            } else {
                fs->nstat++;
                if (compat_lstat(host.buf, &st) < 0) {
                    if (errno == ENOENT || errno == ENOTDIR) {
                        memo_put_stat(fs, 'L', virt->buf, 0, NULL);
                        dir_absent(fs, virt->buf, 0, 0, NULL);
                        ret = 0;
                        goto out;
                    }
                    err_set(err, "cannot access '%s'", virt->buf);
                    goto out;
                }
                memo_put_stat(fs, 'L', virt->buf, 1, &st);
                dir_absent(fs, virt->buf, 0, 1, &st);
            }
        }
        if (st.type == COMPAT_FT_LNK) {
            struct strbuf rest = STRBUF_INIT;
            if (++hops > FS_MAX_HOPS) {
                errno = ELOOP;
                err_set(err, "cannot resolve '%s'", vpath);
                goto out;
            }
            {
                /* Links are read once ('K'): alternatives chains are walked
                 * by several observers. */
                struct fs_memo_ent *k = memo_find(fs, 'K', virt->buf, 0);
                if (k && k->r == 1) {
                    memcpy(link, k->data, k->len + 1);
                } else {
                    if (compat_readlink(host.buf, link, sizeof(link)) < 0) {
                        err_set(err, "cannot read link '%s'", virt->buf);
                        goto out;
                    }
                    if ((k = memo_find(fs, 'K', virt->buf, 1)) != NULL) {
                        k->r = 1;
                        k->len = strlen(link);
                        k->data = memo_strdup(fs, link);
                    }
                }
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
    struct fs_memo_ent **memo;     /* entries in the arena */
    size_t memo_cap, memo_n;
    /* A bit per hash of the 'D' entries known (listed, absent or not a
     * directory): known_absent asks the table only where one is set. */
    uint64_t dir_known[64];
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

/* str copied into the memo's arena (freed with the fs). */
static char *memo_strdup(struct fs *fs, const char *str)
{
    return arena_strdup(&cache_get(fs)->arena, str);
}

static struct fs_memo_ent **memo_slot(struct fs_memo_ent **tab, size_t cap, const char *key)
{
    size_t i = hash_str(key) & (cap - 1);
    while (tab[i] && strcmp(tab[i]->key, key))
        i = (i + 1) & (cap - 1);
    return &tab[i];
}

/* The memo entry for (kind, vpath): NULL when absent (and !create), or
 * when the memo is full, or vpath is under the fault-injection path.
 * Entries live in the arena: the pointer stays valid until fs_release. */
static struct fs_memo_ent *memo_find(struct fs *fs, char kind, const char *vpath, int create)
{
    struct fs_cache *c;
    struct fs_memo_ent **slot, *e;
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
    slot = memo_slot(c->memo, c->memo_cap, key);
    if (*slot || !create)
        return *slot;
    if (c->memo_n >= FS_CACHE_MAX)
        return NULL;
    if ((c->memo_n + 1) * 10 > c->memo_cap * 7) {
        struct fs_memo_ent **old = c->memo;
        size_t oldcap = c->memo_cap, i;
        c->memo_cap *= 2;
        c->memo = xcalloc(c->memo_cap, sizeof(*c->memo));
        for (i = 0; i < oldcap; i++)
            if (old[i])
                *memo_slot(c->memo, c->memo_cap, old[i]->key) = old[i];
        free(old);
        slot = memo_slot(c->memo, c->memo_cap, key);
    }
    e = *slot = arena_alloc(&c->arena, sizeof(*e));
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

#define FNV_BASIS 1469598103934665603u
#define FNV_STEP(h, c) (((h) ^ (unsigned char)(c)) * 1099511628211u)

/* The memo entry of kind for path[0, len), whose key hashes to h, or NULL. */
static struct fs_memo_ent *memo_probe(const struct fs_cache *c, size_t h, char kind, const char *path,
                                      size_t len)
{
    size_t i;
    for (i = h & (c->memo_cap - 1); c->memo[i]; i = (i + 1) & (c->memo_cap - 1)) {
        const char *k = c->memo[i]->key;
        if (k[0] == kind && !strncmp(k + 1, path, len) && !k[len + 1])
            return c->memo[i];
    }
    return NULL;
}

/* An absolute path of plain names: no empty, "." or ".." component and no
 * trailing '/', so that its prefixes are its ancestors. */
static int plain_path(const char *p)
{
    if (p[0] != '/')
        return 0;
    if (!p[1])
        return 1;
    while (*p == '/') {
        const char *c = ++p;
        while (*p && *p != '/')
            p++;
        if (p == c || (p - c == 1 && c[0] == '.') || (p - c == 2 && c[0] == '.' && c[1] == '.'))
            return 0;
    }
    return 1;
}

/* e (the 'D' entry of vpath) is known now: listed, absent or not a directory. */
static void dir_known(struct fs *fs, const char *vpath, struct fs_memo_ent *e, int r)
{
    size_t h = FNV_STEP(FNV_BASIS, 'D');
    const char *p;
    e->r = r;
    if (r < 0 || !fs->cache)
        return;
    for (p = vpath; *p; p++)
        h = FNV_STEP(h, *p);
    fs->cache->dir_known[(h >> 6) & 63] |= (uint64_t)1 << (h & 63);
}

static int is_dir_known(const struct fs_cache *c, size_t h)
{
    return (c->dir_known[(h >> 6) & 63] >> (h & 63)) & 1;
}

static int cmp_ent_ptr(const void *a, const void *b)
{
    return strcmp((*(const struct fs_dirent *const *)a)->name, (*(const struct fs_dirent *const *)b)->name);
}

/* e->ents in name order (e complete: its entries no longer move). */
static void listing_sort(struct fs *fs, struct fs_memo_ent *e)
{
    size_t i;
    if (e->sorted || !e->n)
        return;
    e->sorted = arena_alloc(&fs->cache->arena, st_mult(e->n, sizeof(*e->sorted)));
    for (i = 0; i < e->n; i++)
        e->sorted[i] = &e->ents[i];
    qsort(e->sorted, e->n, sizeof(*e->sorted), cmp_ent_ptr);
}

/* A listing's name hash: the length and three 8-byte words (first, middle,
 * last), mixed; a few instructions whatever the name's length.  Names that
 * share all of them only lengthen a probe chain (a lookup compares names). */
static size_t name_hash(const char *s, size_t n)
{
    uint64_t a = 0, b = 0, c = 0, h;
    memcpy(&a, s, n < 8 ? n : 8);
    if (n > 8)
        memcpy(&b, s + n - 8, 8);
    if (n > 16)
        memcpy(&c, s + n / 2 - 4, 8);
    h = (uint64_t)n * 0x9e3779b97f4a7c15u;
    h = (h ^ a) * 0xff51afd7ed558ccdu;
    h = (h ^ (h >> 29) ^ b) * 0xc4ceb9fe1a85ec53u;
    h = (h ^ (h >> 32) ^ c) * 0xff51afd7ed558ccdu;
    return (size_t)(h ^ (h >> 33));
}

/* The entry of the complete listing e named name[0, n), or NULL: through a
 * hash of its names (entry index + 1; 0 free), built on the first lookup. */
static const struct fs_dirent *listing_find(struct fs *fs, struct fs_memo_ent *e, const char *name, size_t n)
{
    size_t i, mask;
    if (!e->n)
        return NULL;
    if (!e->hidx) {
        size_t cap = 16;
        while (cap < 2 * e->n)
            cap *= 2;
        e->hidx = arena_alloc(&fs->cache->arena, st_mult(cap, sizeof(*e->hidx)));
        e->hcap = cap;
        for (i = 0; i < e->n; i++) {
            size_t k = name_hash(e->ents[i].name, strlen(e->ents[i].name)) & (cap - 1);
            while (e->hidx[k])
                k = (k + 1) & (cap - 1);
            e->hidx[k] = i + 1;
        }
    }
    mask = e->hcap - 1;
    for (i = name_hash(name, n) & mask; e->hidx[i]; i = (i + 1) & mask) {
        const struct fs_dirent *d = &e->ents[e->hidx[i] - 1];
        if (!strncmp(d->name, name, n) && !d->name[n])
            return d;
    }
    return NULL;
}

/* 1 when plain path p is known to be a directory itself, not a link to
 * one: its lstat, or its parent's complete listing, said so. */
static int known_real_dir(struct fs *fs, const char *p)
{
    struct fs_memo_ent *e = memo_find(fs, 'L', p, 0);
    const char *slash = strrchr(p, '/');
    char dir[FS_PATH_MAX];
    size_t n;

    if (e && e->r == 1)
        return e->st.type == COMPAT_FT_DIR;
    if (!slash || !slash[1] || (n = (size_t)(slash - p)) >= sizeof(dir))
        return 0;
    memcpy(dir, p, n);
    dir[n] = '\0';
    e = memo_find(fs, 'D', n ? dir : "/", 0);
    if (e && e->r == 1) {
        const struct fs_dirent *d = listing_find(fs, e, slash + 1, strlen(slash + 1));
        return d && d->type == COMPAT_FT_DIR;
    }
    return 0;
}

/*
 * vpath without its empty and "." components and with each ".." taken
 * lexically, into out (a plain path), where that names what the kernel
 * (or RESOLVE_IN_ROOT) would reach: every component a ".." climbs out of
 * is known to be a directory and not a link (the loader's
 * $ORIGIN/../../nvidia/cublas/lib, from torch/lib).  A "." or empty
 * component below something that is no directory only turns an ENOTDIR
 * into an absence, which is all known_absent asks.  0: not known.
 */
static int plain_equivalent(struct fs *fs, const char *vpath, char *out, size_t cap)
{
    size_t len = 0;
    const char *p = vpath;

    if (vpath[0] != '/')
        return 0;
    while (*p) {
        const char *c;
        size_t n;
        while (*p == '/')
            p++;
        c = p;
        while (*p && *p != '/')
            p++;
        n = (size_t)(p - c);
        if (!n || (n == 1 && c[0] == '.'))
            continue;
        if (n == 2 && c[0] == '.' && c[1] == '.') {
            if (!len)
                continue;   /* "/.." is "/" */
            out[len] = '\0';
            if (!known_real_dir(fs, out))
                return 0;
            while (len && out[len - 1] != '/')
                len--;
            len--;          /* the '/' before the component */
            continue;
        }
        if (len + 1 + n + 1 > cap)
            return 0;
        out[len++] = '/';
        memcpy(out + len, c, n);
        len += n;
    }
    if (!len)
        out[len++] = '/';
    out[len] = '\0';
    return 1;
}

/*
 * 1 when what is memoised already says vpath does not exist: an ancestor
 * is absent or not a directory, or the complete listing of an ancestor
 * has no entry for the next component (or one that is not a directory,
 * link or unknown, with more components to come).  0: not known.
 */
static int absent_below(struct fs *fs, const char *vpath, int canonical)
{
    struct fs_cache *c = fs->cache;
    const char *slash;
    size_t h, i = 0;

    if (!c || !c->memo || vpath[0] != '/' || !vpath[1] || !compat_names_exact() ||
        (fs->fault_eacces && str_prefix_path(vpath, fs->fault_eacces)))
        return 0;
    if (!plain_path(vpath)) {
        char norm[FS_PATH_MAX];
        return plain_equivalent(fs, vpath, norm, sizeof(norm)) && plain_path(norm) && strcmp(norm, "/") &&
               !(fs->fault_eacces && str_prefix_path(norm, fs->fault_eacces)) && known_absent(fs, norm);
    }
    /* Each ancestor A = vpath[0, i) ("/" for i == 0), then its child's
     * name; the key's hash grows with the path ('D' entries hash as
     * memo_find's keys do).  A stat that found a path absent or not a
     * directory left an absent 'D' entry for it (dir_absent).  A path that
     * is not plain (an empty, "." or ".." component) is not judged. */
    h = FNV_STEP(FNV_STEP(FNV_BASIS, 'D'), '/');
    while (vpath[i] == '/') {
        const char *name = vpath + i + 1;
        size_t nlen = 0, k;
        struct fs_memo_ent *e;
        while (name[nlen] && name[nlen] != '/')
            nlen++;
        if (!nlen || (name[0] == '.' && (nlen == 1 || (nlen == 2 && name[1] == '.'))))
            return 0;
        e = is_dir_known(c, h) ? memo_probe(c, h, 'D', i ? vpath : "/", i ? i : 1) : NULL;
        if (e && e->r == 0 && i)
            return 1;
        if (e && e->r == 1) {
            const struct fs_dirent *d = listing_find(fs, e, name, nlen);
            if (!d)
                return 1;
            if (name[nlen] && d->type != COMPAT_FT_DIR && d->type != COMPAT_FT_LNK && d->type != COMPAT_FT_UNKNOWN)
                return 1;
        }
        /* The hash of vpath[0, i + 1 + nlen): the root's "/" is counted. */
        if (i)
            h = FNV_STEP(h, '/');
        for (k = 0; k < nlen; k++)
            h = FNV_STEP(h, name[k]);
        i += 1 + nlen;
    }
    /* A directory reached by another name (merged /usr: /lib/x86_64-linux-gnu
     * is /usr/lib/x86_64-linux-gnu): once the walk resolved it, what is
     * known below its resolved path answers (that path is canonical: its
     * own directory resolves to itself). */
    if (!canonical && c->n && (slash = strrchr(vpath, '/')) != vpath && (size_t)(slash - vpath) < FS_PATH_MAX) {
        char dir[FS_PATH_MAX], alt[FS_PATH_MAX];
        const struct fs_cache_ent *ce;
        memcpy(dir, vpath, (size_t)(slash - vpath));
        dir[slash - vpath] = '\0';
        ce = cache_slot(c, dir);
        if (ce->key && !ce->val)
            return 1;   /* the walk found the directory absent */
        if (ce->key && ce->val[0] && strcmp(ce->val, dir) &&
            (size_t)snprintf(alt, sizeof(alt), "%s%s", ce->val, slash) < sizeof(alt) && plain_path(alt) &&
            !(fs->fault_eacces && str_prefix_path(alt, fs->fault_eacces)))
            return absent_below(fs, alt, 1);
    }
    return 0;
}

static int known_absent(struct fs *fs, const char *vpath)
{
    return absent_below(fs, vpath, 0);
}

/* What a stat of vpath found (r, st), for known_absent: absent, or not a
 * directory (a link, unless followed, may be one), means nothing below it
 * exists. */
static void dir_absent(struct fs *fs, const char *vpath, int follow, int r, const struct compat_stat *st)
{
    struct fs_memo_ent *e;
    if (r < 0 || (r == 1 && (st->type == COMPAT_FT_DIR || (!follow && st->type == COMPAT_FT_LNK) ||
                             st->type == COMPAT_FT_UNKNOWN)))
        return;
    if (compat_names_exact() && plain_path(vpath) && (e = memo_find(fs, 'D', vpath, 1)) != NULL && e->r < 0 &&
        !e->over)
        dir_known(fs, vpath, e, 0);
}

static int dir_read(struct fs *fs, const char *vpath, size_t max, struct fs_memo_ent *e, struct gd_err *err);

/* dir (an absolute plain path) becomes its parent. */
static void up(struct strbuf *dir)
{
    const char *slash = strrchr(dir->buf, '/');
    strbuf_setlen(dir, slash && slash > dir->buf ? (size_t)(slash - dir->buf) : 1);
}

/*
 * List dir (its memo entry e) to answer lookups below it.  A directory
 * reached by another name (merged /usr: /lib/x86_64-linux-gnu is
 * /usr/lib/x86_64-linux-gnu) shares the listing of its real path, read
 * once for both.
 */
static void list_for_lookups(struct fs *fs, const char *dir, struct fs_memo_ent *e)
{
    struct strbuf real = STRBUF_INIT;
    struct fs_memo_ent *c;
    int r = fs_realpath(fs, dir, &real, NULL);

    if (r == 0) {
        /* Absent (or not reachable as a directory): nothing to list. */
        dir_known(fs, dir, e, 0);
        strbuf_release(&real);
        return;
    }
    if (r == 1 && strcmp(real.buf, dir) && plain_path(real.buf) &&
        (c = memo_find(fs, 'D', real.buf, 1)) != NULL) {
        if (c->r < 0 && !c->over)
            (void)dir_read(fs, real.buf, FS_AUTO_LIST_MAX, c, NULL);
        if (c->r >= 0) {
            if (c->r == 1 && c->n)
                (void)listing_find(fs, c, "", 0);   /* its hash, to share */
            free(e->ents);
            e->ents = c->ents;
            e->n = c->n;
            e->hidx = c->hidx;
            e->hcap = c->hcap;
            e->sorted = NULL;
            e->alias = 1;
            dir_known(fs, dir, e, c->r);
            strbuf_release(&real);
            return;
        }
    }
    strbuf_release(&real);
    (void)dir_read(fs, dir, FS_AUTO_LIST_MAX, e, NULL);
}

/*
 * A system call said vpath does not exist.  An ancestor marked by
 * fs_expect_lookups is listed now (the deepest), so that the next
 * questions below it are answered by known_absent; so is vpath's own
 * directory once FS_MISSES_TO_LIST names were missed in it one by one
 * (several callers probe a few names in each of many directories, where a
 * listing would not pay: only a run of misses in one directory lists it).
 */
static void note_miss(struct fs *fs, const char *vpath)
{
    struct strbuf dir = STRBUF_INIT;
    struct fs_memo_ent *e;
    int parent = 1;

    if (!compat_names_exact() || !plain_path(vpath) || !strcmp(vpath, "/"))
        return;
    path_dirname(&dir, vpath);
    for (;;) {
        e = memo_find(fs, 'D', dir.buf, parent);
        if (e && (e->r >= 0 || e->over))
            break;   /* listed already, absent, or too big to list: nothing to learn */
        if (e && (e->expect || (parent && ++e->misses >= FS_MISSES_TO_LIST))) {
            list_for_lookups(fs, dir.buf, e);
            break;
        }
        if (!strcmp(dir.buf, "/"))
            break;
        up(&dir);
        parent = 0;
    }
    strbuf_release(&dir);
}

void fs_expect_lookups(struct fs *fs, const char *dir)
{
    struct fs_memo_ent *e;
    if (compat_names_exact() && plain_path(dir) && (e = memo_find(fs, 'D', dir, 1)) != NULL)
        e->expect = 1;
}

static void cache_free(struct fs_cache *c)
{
    size_t i;
    if (!c)
        return;
    for (i = 0; c->memo && i < c->memo_cap; i++)
        if (c->memo[i] && !c->memo[i]->alias)
            free(c->memo[i]->ents);
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

/* The type the listing of vpath's parent read before gives vpath's entry
 * (COMPAT_FT_UNKNOWN: no such listing, no such entry, or d_type unknown). */
static enum compat_ftype listed_type(struct fs *fs, const char *vpath)
{
    struct strbuf dir = STRBUF_INIT;
    const struct fs_dirent *de = NULL;
    struct fs_memo_ent *d;
    const char *name = strrchr(vpath, '/');

    if (!name || !name[1] || !compat_names_exact() || !plain_path(vpath))
        return COMPAT_FT_UNKNOWN;
    strbuf_add(&dir, vpath, name > vpath ? (size_t)(name - vpath) : 1);
    d = memo_find(fs, 'D', dir.buf, 0);
    if (d && d->r == 1)
        de = listing_find(fs, d, name + 1, strlen(name + 1));
    strbuf_release(&dir);
    return de ? de->type : COMPAT_FT_UNKNOWN;
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
        struct fs_memo_ent *l = memo_find(fs, 'L', out->buf, 0);
        if (e && e->r >= 0) {
            if (e->r == 0 || e->st.type != COMPAT_FT_DIR)
                r = 0;
        } else if (l && l->r == 1 && l->st.type == COMPAT_FT_DIR) {
            /* The walk's own lstat of the resolved name (no link there):
             * what a stat would say. */
            memo_put_stat(fs, 'S', out->buf, 1, &l->st);
        } else if (!l && listed_type(fs, out->buf) == COMPAT_FT_DIR) {
            /* Its parent's listing says directory (d_type, its own type). */
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
    if (known_absent(fs, vpath))
        return 0;
    r = do_stat_uncached(fs, vpath, follow, st, err);
    memo_put_stat(fs, kind, vpath, r, st);
    dir_absent(fs, vpath, follow, r, st);
    if (r == 0)
        note_miss(fs, vpath);
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

int fs_stat_type(struct fs *fs, const char *vpath, enum compat_ftype *type, struct gd_err *err)
{
    struct fs_memo_ent *e = memo_find(fs, 'S', vpath, 0);
    struct compat_stat st;
    const char *slash = strrchr(vpath, '/');
    int r;

    if (e && e->r >= 0) {
        if (e->r == 1)
            *type = e->st.type;
        return e->r;
    }
    /* The parent's listing names the entry's own type; a link (or an
     * unknown type) is asked.  Not for the fault-injection path. */
    if (slash && slash[1] && compat_names_exact() && plain_path(vpath) &&
        !(fs->fault_eacces && str_prefix_path(vpath, fs->fault_eacces))) {
        struct fs_memo_ent *d = memo_find(fs, 'D', slash == vpath ? "/" : "", 0);
        char dir[FS_PATH_MAX];
        size_t n = (size_t)(slash - vpath);
        if (slash != vpath && n < sizeof(dir)) {
            memcpy(dir, vpath, n);
            dir[n] = '\0';
            d = memo_find(fs, 'D', dir, 0);
        }
        if (d && d->r == 1) {
            const struct fs_dirent *de = listing_find(fs, d, slash + 1, strlen(slash + 1));
            if (!de)
                return 0;
            if (de->type != COMPAT_FT_LNK && de->type != COMPAT_FT_UNKNOWN) {
                *type = de->type;
                return 1;
            }
        }
    }
    r = fs_stat(fs, vpath, &st, err);
    if (r == 1)
        *type = st.type;
    return r;
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
 * Under --root the stat and the access questions share one handle (an
 * O_PATH open, its fstat, access(2) through it, close: four system calls
 * where fs_stat then fs_access took six); as the machine itself, the
 * stat (remembered) and access(2) of the path, as fs_stat and fs_access.
 */
int fs_stat_rw(struct fs *fs, const char *vpath, struct compat_stat *st, int *readable, int *writable,
               struct gd_err *err)
{
    struct fs_memo_ent *e = memo_find(fs, 'S', vpath, 0);
    int r, fd;

    *readable = *writable = 0;
    if (fs->root_fd < 0 || (e && e->r >= 0) || known_absent(fs, vpath)) {
        r = fs_stat(fs, vpath, st, err);
        if (r == 1 && fs_access(fs, vpath, COMPAT_R_OK | COMPAT_W_OK)) {
            *readable = *writable = 1;
        } else if (r == 1) {
            *readable = fs_access(fs, vpath, COMPAT_R_OK);
            *writable = fs_access(fs, vpath, COMPAT_W_OK);
        }
        return r;
    }
    r = open_in_root(fs, vpath, 0u, &fd, "cannot access", err);
    if (r == 1) {
        if (compat_fstat(fd, st) < 0) {
            r = err_set(err, "cannot access '%s'", vpath);
        } else if (compat_access_fd(fd, COMPAT_R_OK | COMPAT_W_OK) == 0) {
            *readable = *writable = 1;
        } else {
            *readable = compat_access_fd(fd, COMPAT_R_OK) == 0;
            *writable = compat_access_fd(fd, COMPAT_W_OK) == 0;
        }
        compat_close(fd);
    }
    memo_put_stat(fs, 'S', vpath, r, st);
    dir_absent(fs, vpath, 1, r, st);
    if (r == 0)
        note_miss(fs, vpath);
    return r;
}

/*
 * fs_open under --root: a handle first (it opens nothing), its type from
 * fstat, and only a regular file is opened for reading, as the same inode
 * (compat_reopen_read, through /proc/self/fd).  Without /proc the file
 * must be opened by its path again: a second handle (O_PATH) is taken and
 * its identity (st_dev, st_ino) compared with the first before anything is
 * opened for reading, then the opened file is compared once more.  A swap
 * before the second handle is refused unopened; one in the few
 * microseconds between the second handle and the read-open can still get
 * a device or FIFO opened (read-only, non-blocking, no controlling tty)
 * and at once closed, unread: nothing on Linux turns a handle into a
 * readable descriptor without /proc (docs/reliability.md).
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
        int h2;
        r = open_in_root(fs, vpath, 0u, &h2, "cannot open", err);
        if (r != 1)
            return r;
        if (compat_fstat(h2, &st2) < 0 || st2.type != COMPAT_FT_REG || st2.dev != f->st.dev ||
            st2.ino != f->st.ino) {
            compat_close(h2);
            return err_setx(err, GD_ERR_FORMAT, "cannot read '%s': it changed while being opened", vpath);
        }
        compat_close(h2);
        /* Stat and open the last component from its parent's handle, back
         * to back: only the same regular file is opened. */
        f->fd = compat_open_in_root_as(fs->root_fd, vpath + 1, &f->st);
        if (f->fd == -2) {
            f->fd = -1;
            return err_setx(err, GD_ERR_FORMAT, "cannot read '%s': it changed while being opened", vpath);
        }
        if (f->fd < 0)
            return errno == ENOENT || errno == ENOTDIR ? 0 : err_set(err, "cannot open '%s'", vpath);
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
    if ((e && e->r == 0) || known_absent(fs, vpath))
        return 0;      /* known absent: a stat, an open or a listing said so */
    r = open_uncached(fs, vpath, f, err);
    if (r == 0) {
        memo_put_stat(fs, 'S', vpath, 0, NULL);
        dir_absent(fs, vpath, 1, 0, NULL);
        note_miss(fs, vpath);
    } else if (r == 1) {
        /* What the open's fstat said is what a stat would say next. */
        memo_put_stat(fs, 'S', vpath, 1, &f->st);
        dir_absent(fs, vpath, 1, 1, &f->st);
    }
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
    strbuf_grow(out, want < 65536 || f.size > 0 ? want : 65536);
    while (want > 0) {
        long n;
        /* A known size is read in one call (modules.dep: 300 KB to 1 MB,
         * a dozen 64 KiB reads before); /proc's 0 in 64 KiB steps. */
        size_t chunk = want < 65536 || f.size > 0 ? want : 65536;
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

/*
 * Read directory vpath into e, at most max entries: e->ents in readdir
 * order (names in the arena), and e->r 1 (complete), or -1 with e->over =
 * max when it has more.  1, 0 (absent or not a directory), or -1 (err:
 * GD_ERR_LIMIT for more than max entries, e as said; another error
 * leaves e->ents holding what was read and e->r -1, e->over 0).
 */
static int dir_read(struct fs *fs, const char *vpath, size_t max, struct fs_memo_ent *e, struct gd_err *err)
{
    struct strbuf host = STRBUF_INIT;
    struct compat_dir *d;
    const char *name;
    enum compat_ftype type;
    size_t alloc = 0;
    int r, rr;

    if (!e->alias)
        free(e->ents);
    e->alias = 0;
    e->ents = NULL;
    e->n = 0;
    e->over = 0;
    e->sorted = NULL;
    e->hidx = NULL;
    e->hcap = 0;
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
        if (e->n >= max) {
            e->over = max;
            r = err_setx(err, GD_ERR_LIMIT, "cannot list '%s': more than %zu entries", vpath, max);
            break;
        }
        ALLOC_GROW(e->ents, e->n + 1, alloc);
        e->ents[e->n].name = arena_strdup(&cache_get(fs)->arena, name);
        e->ents[e->n].type = type;
        e->n++;
        fs->ndirent++;
    }
    if (rr < 0 && r == 1)
        r = err_set(err, "cannot list '%s'", vpath);
    compat_closedir(d);
out:
    dir_known(fs, vpath, e, r == 1 ? 1 : r == 0 ? 0 : -1);
    strbuf_release(&host);
    return r;
}

int fs_list_dir_filtered(struct fs *fs, const char *vpath, size_t max_entries,
                         int (*keep)(const char *name, void *arg), void *arg,
                         struct fs_dirlist *list, struct gd_err *err)
{
    struct fs_memo_ent *e = memo_find(fs, 'D', vpath, 0), tmp;
    size_t i;
    int r = 1;

    memset(list, 0, sizeof(*list));
    memset(&tmp, 0, sizeof(tmp));
    if ((e && e->r == 0) || known_absent(fs, vpath))
        return 0;
    if (!e || !(e->r == 1 || (e->over && max_entries <= e->over))) {
        /* Not read yet, or read with a smaller limit than this one. */
        if (!e)
            e = memo_find(fs, 'D', vpath, 1);
        if (!e)
            e = &tmp;   /* no memo (full, or the fault-injection path) */
        r = dir_read(fs, vpath, max_entries, e, err);
        if (r == 0) {
            note_miss(fs, vpath);
            goto out;
        }
        if (r < 0 && !e->over) {
            /* Another error: what was read, filtered, as before; not memoised. */
            e->r = -1;
            max_entries = e->n;
        }
    }
    /* The same answer as reading it: entries in readdir order, the same
     * limit (reached or passed), the same filter. */
    for (i = 0; i < e->n; i++) {
        if (i >= max_entries) {
            r = err_setx(err, GD_ERR_LIMIT, "cannot list '%s': more than %zu entries", vpath, max_entries);
            break;
        }
        if (keep && !keep(e->ents[i].name, arg))
            continue;
        ALLOC_GROW(list->ents, list->nr + 1, list->alloc);
        list->ents[list->nr].name = xstrdup(e->ents[i].name);
        list->ents[list->nr].type = e->ents[i].type;
        list->nr++;
    }
    if (i == e->n && e->over)
        r = err_setx(err, GD_ERR_LIMIT, "cannot list '%s': more than %zu entries", vpath, max_entries);
    if (list->nr)
        qsort(list->ents, list->nr, sizeof(*list->ents), cmp_dirent);
out:
    if (e == &tmp || (e->r < 0 && !e->over)) {
        free(e->ents);
        e->ents = NULL;
        e->n = 0;
    }
    return r;
}

int fs_list_dir_sorted(struct fs *fs, const char *vpath, size_t max_entries,
                       const struct fs_dirent *const **ents, size_t *n, struct gd_err *err)
{
    struct fs_memo_ent *e = memo_find(fs, 'D', vpath, 0);
    int r;

    *ents = NULL;
    *n = 0;
    if ((e && e->r == 0) || known_absent(fs, vpath))
        return 0;
    if (!e || !(e->r == 1 || (e->over && max_entries <= e->over))) {
        if (!e)
            e = memo_find(fs, 'D', vpath, 1);
        if (!e) {
            /* No memo (full, or the fault-injection path): an entry of
             * its own in the arena, for the caller to borrow. */
            e = arena_alloc(&cache_get(fs)->arena, sizeof(*e));
            e->r = -1;
        }
        r = dir_read(fs, vpath, max_entries, e, err);
        if (r == 0)
            note_miss(fs, vpath);
        if (r != 1)
            return r;
    }
    if (e->over || e->n > max_entries)
        return err_setx(err, GD_ERR_LIMIT, "cannot list '%s': more than %zu entries", vpath, max_entries);
    listing_sort(fs, e);
    *ents = e->sorted;
    *n = e->n;
    return 1;
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
