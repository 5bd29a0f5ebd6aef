/*
 * source.c - an image's files, from a directory or a tar (source.h).
 */
#include "image/source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "image/apply.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define MAX_LINKS 8

static int keep_worthy(const char *name, uint64_t size)
{
    if (size > SOURCE_META_MAX)
        return 0;
    return str_ends(name, ".json") || !strcmp(name, "oci-layout") || !strcmp(name, "repositories") ||
           str_starts(name, "blobs/");
}

static struct source_entry *find(struct source *s, const char *name)
{
    size_t i;
    for (i = s->n_ents; i-- > 0;)
        if (!strcmp(s->ents[i].name, name))
            return &s->ents[i];
    return NULL;
}

static void entry_free(struct source_entry *e)
{
    free(e->name);
    free(e->link);
    free(e->data);
}

static int index_tar(struct source *s, struct gd_err *err)
{
    struct strbuf clean = STRBUF_INIT;
    struct tarread *t;
    struct tar_entry e;
    unsigned nth;
    int fd, r, rc = 0;

    fd = compat_open_read(s->path);
    if (fd < 0)
        return err_set(err, "cannot open '%s'", s->path);
    t = tarread_open_fd(fd, NULL, err);
    if (!t) {
        compat_close(fd);
        return -1;
    }
    while ((r = tarread_next(t, &e, err)) == 1) {
        struct source_entry *se;
        if (layer_path_clean(e.path, &clean) != 1 || !clean.len)
            continue;   /* never looked up: a name outside the archive cannot be a blob */
        if (s->n_ents >= SOURCE_MAX_ENTRIES) {
            rc = err_setx(err, GD_ERR_LIMIT, "'%s' has more than %u entries", s->path, SOURCE_MAX_ENTRIES);
            break;
        }
        se = find(s, clean.buf);
        if (se) {
            /* A later member of the same name replaces the earlier one. */
            nth = se->nth + 1;
            entry_free(se);
        } else {
            ALLOC_GROW(s->ents, s->n_ents + 1, s->alloc_ents);
            se = &s->ents[s->n_ents++];
            nth = 1;
        }
        memset(se, 0, sizeof(*se));
        se->nth = nth;
        se->name = xstrdup(clean.buf);
        se->type = e.type;
        se->size = e.size;
        if (e.link && (e.type == TAR_SYMLINK || e.type == TAR_HARDLINK))
            se->link = xstrdup(e.link);
        if (e.type == TAR_REG && keep_worthy(se->name, e.size) && s->kept + e.size <= SOURCE_KEEP_MAX) {
            struct strbuf data = STRBUF_INIT;
            char buf[65536];
            long n;
            while ((n = tarread_data(t, buf, sizeof(buf), err)) > 0) {
                if (data.len + (size_t)n > SOURCE_META_MAX)
                    break;
                strbuf_add(&data, buf, (size_t)n);
            }
            if (n < 0) {
                strbuf_release(&data);
                rc = -1;
                break;
            }
            s->kept += data.len;
            se->size = data.len;
            se->data = strbuf_detach(&data, NULL);
        }
    }
    if (r < 0)
        rc = -1;
    if (rc == 0)
        s->compression = tarread_compression(t);
    tarread_close(t);
    compat_close(fd);
    strbuf_release(&clean);
    return rc;
}

int source_open(struct source *s, const char *path, struct gd_err *err)
{
    struct compat_stat st;

    memset(s, 0, sizeof(*s));
    s->dirfd = -1;
    s->path = xstrdup(path);
    if (compat_stat(path, &st) < 0) {
        err_set(err, "cannot open '%s'", path);
        err->code = errno == ENOENT ? GD_ERR_NOTFOUND : GD_ERR_SYS;
        return -1;
    }
    if (st.type == COMPAT_FT_DIR) {
        s->dirfd = compat_open_root(path);
        if (s->dirfd < 0)
            return err_set(err, "cannot open '%s'", path);
        return 0;
    }
    if (st.type != COMPAT_FT_REG)
        return err_setx(err, GD_ERR_USAGE, "'%s' is neither a directory nor a file", path);
    s->is_tar = 1;
    return index_tar(s, err);
}

void source_release(struct source *s)
{
    size_t i;
    for (i = 0; i < s->n_ents; i++)
        entry_free(&s->ents[i]);
    free(s->ents);
    if (s->dirfd >= 0)
        compat_close(s->dirfd);
    free(s->path);
    memset(s, 0, sizeof(*s));
    s->dirfd = -1;
}

/* The regular-file member that name leads to in a tar source, or NULL. */
static struct source_entry *resolve(struct source *s, const char *name)
{
    struct strbuf cur = STRBUF_INIT, next = STRBUF_INIT;
    struct source_entry *e = NULL;
    int hops;

    strbuf_addstr(&cur, name);
    for (hops = 0; hops <= MAX_LINKS; hops++) {
        e = find(s, cur.buf);
        if (!e || e->type == TAR_REG)
            break;
        if ((e->type != TAR_SYMLINK && e->type != TAR_HARDLINK) || !e->link) {
            e = NULL;
            break;
        }
        /* A symlink is relative to its directory; a hard link names a member. */
        strbuf_reset(&next);
        if (e->type == TAR_SYMLINK && e->link[0] != '/') {
            const char *slash = strrchr(cur.buf, '/');
            if (slash)
                strbuf_add(&next, cur.buf, (size_t)(slash - cur.buf + 1));
        }
        strbuf_addstr(&next, e->link);
        if (layer_path_clean(next.buf, &cur) != 1 || !cur.len) {
            e = NULL;
            break;
        }
        e = NULL;
    }
    strbuf_release(&cur);
    strbuf_release(&next);
    return e && e->type == TAR_REG ? e : NULL;
}

static int clean_name(const char *name, struct strbuf *out, struct gd_err *err)
{
    if (layer_path_clean(name, out) != 1 || !out->len)
        return err_setx(err, GD_ERR_FORMAT, "'%s' is not a name inside the image", name);
    return 0;
}

int source_has(struct source *s, const char *name)
{
    struct strbuf c = STRBUF_INIT;
    int r = 0;
    if (layer_path_clean(name, &c) == 1 && c.len) {
        if (s->is_tar) {
            r = resolve(s, c.buf) != NULL;
        } else {
            int fd = compat_open_in_root(s->dirfd, c.buf, 0);
            struct compat_stat st;
            if (fd >= 0) {
                r = compat_fstat(fd, &st) == 0 && st.type == COMPAT_FT_REG;
                compat_close(fd);
            }
        }
    }
    strbuf_release(&c);
    return r;
}

/* A regular file of a directory source, opened for reading.  fd, -2 absent, -1 error. */
static int open_in_dir(struct source *s, const char *name, struct compat_stat *st, struct gd_err *err)
{
    int fd = compat_open_in_root(s->dirfd, name, 0), rfd;
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return -2;
        return err_set(err, "cannot open '%s/%s'", s->path, name);
    }
    if (compat_fstat(fd, st) < 0 || st->type != COMPAT_FT_REG) {
        compat_close(fd);
        return err_setx(err, GD_ERR_FORMAT, "'%s/%s' is not a regular file", s->path, name);
    }
    rfd = compat_reopen_read(fd);
    compat_close(fd);
    if (rfd < 0)
        return err_set(err, "cannot open '%s/%s'", s->path, name);
    return rfd;
}

int source_read(struct source *s, const char *name, size_t limit, struct strbuf *out, struct gd_err *err)
{
    struct strbuf c = STRBUF_INIT;
    int rc = 1;

    strbuf_reset(out);
    if (clean_name(name, &c, err) < 0)
        return -1;
    if (s->is_tar) {
        struct source_entry *e = resolve(s, c.buf);
        if (!e)
            rc = 0;
        else if (e->size > limit)
            rc = err_setx(err, GD_ERR_LIMIT, "'%s' in '%s' is larger than %zu bytes", c.buf, s->path, limit);
        else if (!e->data)
            rc = err_setx(err, GD_ERR_LIMIT, "'%s' in '%s' was not kept (the archive's metadata is too large)",
                          c.buf, s->path);
        else
            strbuf_add(out, e->data, (size_t)e->size);
    } else {
        struct compat_stat st;
        int fd = open_in_dir(s, c.buf, &st, err);
        if (fd == -2) {
            rc = 0;
        } else if (fd < 0) {
            rc = -1;
        } else {
            char buf[65536];
            long n;
            if (st.size > limit) {
                rc = err_setx(err, GD_ERR_LIMIT, "'%s/%s' is larger than %zu bytes", s->path, c.buf, limit);
            } else {
                while ((n = compat_read(fd, buf, sizeof(buf))) > 0) {
                    if (out->len + (size_t)n > limit) {
                        rc = err_setx(err, GD_ERR_LIMIT, "'%s/%s' is larger than %zu bytes", s->path, c.buf,
                                      limit);
                        break;
                    }
                    strbuf_add(out, buf, (size_t)n);
                }
                if (n < 0)
                    rc = err_set(err, "cannot read '%s/%s'", s->path, c.buf);
            }
            compat_close(fd);
        }
    }
    strbuf_release(&c);
    return rc;
}

int source_open_layer(struct source *s, const char *name, struct source_stream *st, struct gd_err *err)
{
    struct strbuf c = STRBUF_INIT;
    int rc = -1;

    memset(st, 0, sizeof(*st));
    st->fd = -1;
    sha256_init(&st->hash);
    if (clean_name(name, &c, err) < 0)
        return -1;
    if (!s->is_tar) {
        struct compat_stat fst;
        int fd = open_in_dir(s, c.buf, &fst, err);
        if (fd == -2) {
            err_setx(err, GD_ERR_NOTFOUND, "'%s' has no blob '%s'", s->path, c.buf);
            goto out;
        }
        if (fd < 0)
            goto out;
        st->fd = fd;
        st->size = fst.size;
        st->tar = tarread_open_fd(fd, &st->hash, err);
        rc = st->tar ? 0 : -1;
        goto out;
    } else {
        struct source_entry *e = resolve(s, c.buf);
        struct strbuf en = STRBUF_INIT;
        struct tar_entry te;
        int r;
        if (!e) {
            err_setx(err, GD_ERR_NOTFOUND, "'%s' has no member '%s'", s->path, c.buf);
            goto out;
        }
        st->size = e->size;
        st->fd = compat_open_read(s->path);
        if (st->fd < 0) {
            err_set(err, "cannot open '%s'", s->path);
            goto out;
        }
        st->outer = tarread_open_fd(st->fd, NULL, err);
        if (!st->outer)
            goto out;
        /* The last member of that name is the one that counts (tar order). */
        {
            unsigned seen = 0;
            while ((r = tarread_next(st->outer, &te, err)) == 1)
                if (layer_path_clean(te.path, &en) == 1 && !strcmp(en.buf, e->name) && ++seen == e->nth)
                    break;
        }
        strbuf_release(&en);
        if (r != 1) {
            if (r == 0)
                err_setx(err, GD_ERR_FORMAT, "'%s': member '%s' vanished", s->path, e->name);
            goto out;
        }
        if (te.type != TAR_REG) {
            err_setx(err, GD_ERR_FORMAT, "'%s': member '%s' changed", s->path, e->name);
            goto out;
        }
        st->tar = tarread_open_entry(st->outer, &st->hash, err);
        rc = st->tar ? 0 : -1;
    }
out:
    strbuf_release(&c);
    return rc;
}

int source_stream_finish(struct source_stream *st, char hex[SHA256_HEX_LEN + 1], struct gd_err *err)
{
    unsigned char d[SHA256_LEN];
    if (tarread_drain(st->tar, err) < 0)
        return -1;
    sha256_final(&st->hash, d);
    sha256_hex(d, hex);
    return 0;
}

void source_stream_close(struct source_stream *st)
{
    tarread_close(st->tar);
    tarread_close(st->outer);
    if (st->fd >= 0)
        compat_close(st->fd);
    memset(st, 0, sizeof(*st));
    st->fd = -1;
}

int source_blob_digest(struct source *s, const char *name, char hex[SHA256_HEX_LEN + 1], uint64_t *size,
                       struct gd_err *err)
{
    struct strbuf c = STRBUF_INIT;
    struct sha256 h;
    unsigned char d[SHA256_LEN];
    char buf[65536];
    long n = 0;
    int rc = -1;

    sha256_init(&h);
    *size = 0;
    if (clean_name(name, &c, err) < 0)
        return -1;
    if (!s->is_tar) {
        struct compat_stat st;
        int fd = open_in_dir(s, c.buf, &st, err);
        if (fd >= 0) {
            while ((n = compat_read(fd, buf, sizeof(buf))) > 0) {
                sha256_update(&h, buf, (size_t)n);
                *size += (uint64_t)n;
            }
            compat_close(fd);
            rc = n < 0 ? err_set(err, "cannot read '%s/%s'", s->path, c.buf) : 0;
        } else if (fd == -2) {
            err_setx(err, GD_ERR_NOTFOUND, "'%s' has no blob '%s'", s->path, c.buf);
        }
    } else {
        struct source_entry *e = resolve(s, c.buf);
        struct strbuf en = STRBUF_INIT;
        struct tar_entry te;
        struct tarread *outer = NULL;
        int fd = e ? compat_open_read(s->path) : -1, r = 0;
        unsigned seen = 0;
        if (fd >= 0 && (outer = tarread_open_fd(fd, NULL, err)) != NULL) {
            while ((r = tarread_next(outer, &te, err)) == 1)
                if (layer_path_clean(te.path, &en) == 1 && !strcmp(en.buf, e->name) && ++seen == e->nth)
                    break;
            if (r == 1) {
                while ((n = tarread_data(outer, buf, sizeof(buf), err)) > 0) {
                    sha256_update(&h, buf, (size_t)n);
                    *size += (uint64_t)n;
                }
                rc = n < 0 ? -1 : 0;
            }
        }
        tarread_close(outer);
        if (fd >= 0)
            compat_close(fd);
        strbuf_release(&en);
    }
    strbuf_release(&c);
    if (rc == 0) {
        sha256_final(&h, d);
        sha256_hex(d, hex);
    }
    return rc;
}
