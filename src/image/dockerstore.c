/*
 * dockerstore.c - images in Docker's graph-driver store (dockerstore.h).
 */
#include "image/dockerstore.h"

#include <errno.h>
#include <stddef.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "compat/wtree.h"
#include "image/store.h"
#include "util/alloc.h"
#include "util/sha256.h"
#include "util/text.h"
#include "util/banned.h"

#define DSTORE_REPOS_MAX (64u << 20)
#define DSTORE_CONFIG_MAX (4u << 20)   /* as the OCI sources' configs */
#define DSTORE_RECORD_MAX 4096u        /* a layerdb record's diff / parent / cache-id */
#define DSTORE_MAX_LAYERS 1000u
#define DSTORE_MAX_IDS 100000u         /* imagedb entries looked at for an ID prefix */
#define DSTORE_MAX_DEPTH 16u

static int is_hex(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return 0;
    return 1;
}

static int is_sha256_digest(const char *s)
{
    return s && strlen(s) == 7 + SHA256_HEX_LEN && str_starts(s, "sha256:") && is_hex(s + 7, SHA256_HEX_LEN);
}

int dstore_parse_digest(const char *buf, size_t len, char out[72])
{
    while (len && (*buf == ' ' || *buf == '\t' || *buf == '\n' || *buf == '\r'))
        buf++, len--;
    while (len && (buf[len - 1] == ' ' || buf[len - 1] == '\t' || buf[len - 1] == '\n' || buf[len - 1] == '\r'))
        len--;
    if (len != 7 + SHA256_HEX_LEN || memcmp(buf, "sha256:", 7) || !is_hex(buf + 7, SHA256_HEX_LEN))
        return 0;
    memcpy(out, buf, len);
    out[len] = '\0';
    return 1;
}

void dstore_chain_id(const char *parent, const char *diff_id, char out[72])
{
    struct sha256 h;
    unsigned char d[SHA256_LEN];
    char hex[SHA256_HEX_LEN + 1];
    sha256_init(&h);
    sha256_update(&h, parent, strlen(parent));
    sha256_update(&h, " ", 1);
    sha256_update(&h, diff_id, strlen(diff_id));
    sha256_final(&h, d);
    sha256_hex(d, hex);
    snprintf(out, 72, "sha256:%s", hex);
}

/* distribution/reference's name grammar, loosely: lower-case components of
 * [a-z0-9._-] separated by "/", a domain with ':' port allowed first. */
static int name_ok(const char *s, size_t n)
{
    size_t i;
    if (!n || n > 255 || s[0] == '/' || s[n - 1] == '/')
        return 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' || c == '/' ||
              c == ':' || (c >= 'A' && c <= 'Z')))
            return 0;
        if (c == '/' && s[i + 1] == '/')
            return 0;
    }
    return 1;
}

int dstore_ref_key(const char *ref, struct strbuf *repo, struct strbuf *key)
{
    const char *at = strchr(ref, '@'), *slash, *colon, *name = ref, *end;
    size_t n;

    strbuf_reset(repo);
    strbuf_reset(key);
    end = at ? at : ref + strlen(ref);
    slash = NULL;
    for (colon = ref; colon < end; colon++)
        if (*colon == '/')
            slash = colon;
    /* The tag: after the last ':' that follows the last '/' (a port is before it). */
    colon = NULL;
    {
        const char *p;
        for (p = slash ? slash : ref; p < end; p++)
            if (*p == ':')
                colon = p;
    }
    n = (size_t)((colon ? colon : end) - ref);
    /* FamiliarName: docker.io (and index.docker.io) and library/ go. */
    {
        static const char *const pre[] = { "docker.io/library/", "index.docker.io/library/", "docker.io/",
                                           "index.docker.io/", NULL };
        size_t i, k;
        for (i = 0; pre[i]; i++) {
            k = strlen(pre[i]);
            if (n > k && !strncmp(name, pre[i], k)) {
                /* "docker.io/x" is "library/x" too: a one-component name after the domain */
                name += k;
                n -= k;
                if (i >= 2 && n > 8 && !strncmp(name, "library/", 8) && !memchr(name + 8, '/', n - 8)) {
                    name += 8;
                    n -= 8;
                }
                break;
            }
        }
    }
    /* a ':' left in the name is a registry's port, which needs a path after it */
    if (!name_ok(name, n) || (memchr(name, ':', n) && !memchr(name, '/', n)))
        return 0;
    strbuf_add(repo, name, n);
    strbuf_add(key, name, n);
    if (at) {
        if (!is_sha256_digest(at + 1))
            return 0;
        strbuf_addstr(key, at);
    } else if (colon) {
        if (!colon[1] || strlen(colon + 1) > 128 || strchr(colon + 1, '/'))
            return 0;
        strbuf_addstr(key, colon);
    } else {
        strbuf_addstr(key, ":latest");
    }
    return 1;
}

static json_t *repos_load(const char *buf, size_t len, struct gd_err *err)
{
    json_error_t je;
    json_t *doc = json_loadb(buf, len, 0, &je), *r;
    if (!doc) {
        err_setx(err, GD_ERR_FORMAT, "repositories.json: %s (line %d)", je.text, je.line);
        return NULL;
    }
    r = json_object_get(doc, "Repositories");
    if (!json_is_object(doc) || (r && !json_is_object(r))) {
        json_decref(doc);
        err_setx(err, GD_ERR_FORMAT, "repositories.json is not a reference store (no \"Repositories\" object)");
        return NULL;
    }
    return doc;
}

int dstore_repos_find(const char *buf, size_t len, const char *repo, const char *key, char id[65],
                      struct gd_err *err)
{
    json_t *doc = repos_load(buf, len, err), *r, *v;
    const char *s;
    int rc = 0;
    if (!doc)
        return -1;
    r = json_object_get(json_object_get(doc, "Repositories"), repo);
    v = json_is_object(r) ? json_object_get(r, key) : NULL;
    if (v) {
        s = json_string_value(v);
        if (!is_sha256_digest(s)) {
            rc = err_setx(err, GD_ERR_FORMAT, "repositories.json: '%s' does not name a sha256 image ID", key);
        } else {
            memcpy(id, s + 7, SHA256_HEX_LEN + 1);
            rc = 1;
        }
    }
    json_decref(doc);
    return rc;
}

int dstore_repos_names(const char *buf, size_t len, const char *id, struct strbuf *name, struct strbuf *digest,
                       struct gd_err *err)
{
    json_t *doc = repos_load(buf, len, err), *repos, *r, *v;
    const char *rk, *k, *s, *at;
    strbuf_reset(name);
    strbuf_reset(digest);
    if (!doc)
        return -1;
    repos = json_object_get(doc, "Repositories");
    json_object_foreach(repos, rk, r) {
        if (!json_is_object(r))
            continue;
        json_object_foreach(r, k, v) {
            s = json_string_value(v);
            if (!s || !str_starts(s, "sha256:") || strcmp(s + 7, id))
                continue;
            at = strchr(k, '@');
            if (at && !digest->len && is_sha256_digest(at + 1))
                strbuf_addstr(digest, at + 1);
            else if (!at && !name->len)
                strbuf_addstr(name, k);
        }
    }
    json_decref(doc);
    return 0;
}

/* ---- the store's files, below the data root, never through a link ---- */

struct dstore {
    int rootfd;
    const char *root;
    const char *driver;
};

/*
 * Open rel below the data root one component at a time, refusing a
 * symbolic link anywhere.  want_dir: a directory handle, else a file
 * opened for reading.  fd, -2 absent, or -1 with err.
 */
static int dopen(const struct dstore *ds, const char *rel, int want_dir, struct gd_err *err)
{
    struct strbuf comp = STRBUF_INIT;
    const char *p = rel;
    int cur = ds->rootfd, next = -1;
    unsigned depth = 0;

    for (;;) {
        size_t n = strcspn(p, "/");
        int last = p[n] == '\0';
        strbuf_reset(&comp);
        strbuf_add(&comp, p, n);
        if (!n || !strcmp(comp.buf, ".") || !strcmp(comp.buf, "..") || ++depth > DSTORE_MAX_DEPTH) {
            next = err_setx(err, GD_ERR_FORMAT, "'%s' is not a path inside the store", rel);
            break;
        }
        next = last && !want_dir ? compat_wt_openread(cur, comp.buf) : compat_wt_opendir(cur, comp.buf);
        if (next < 0) {
            struct compat_stat st;
            int e = errno;
            if (compat_wt_lstat(cur, comp.buf, &st) == 0 && st.type == COMPAT_FT_LNK)
                next = err_setx(err, GD_ERR_FORMAT, "'%s/%.*s' is a symbolic link in the store: refused", ds->root,
                                (int)(p - rel + (ptrdiff_t)n), rel);
            else if (e == ENOENT)
                next = -2;
            else if (e == ENOTDIR)
                next = err_setx(err, GD_ERR_FORMAT, "'%s/%s': a component is not a directory", ds->root, rel);
            else {
                errno = e;
                next = err_set(err, "cannot open '%s/%s'", ds->root, rel);
            }
            break;
        }
        if (cur != ds->rootfd)
            compat_close(cur);
        cur = next;
        if (last)
            break;
        p += n + 1;
    }
    if (next < 0 && cur != ds->rootfd)
        compat_close(cur);
    strbuf_release(&comp);
    if (next >= 0 && !want_dir) {
        struct compat_stat st;
        if (compat_fstat(next, &st) < 0 || st.type != COMPAT_FT_REG) {
            compat_close(next);
            return err_setx(err, GD_ERR_FORMAT, "'%s/%s' is not a regular file", ds->root, rel);
        }
    }
    return next;
}

/* A store file of at most limit bytes.  1, 0 absent, -1 with err. */
static int dread(const struct dstore *ds, const char *rel, size_t limit, struct strbuf *out, struct gd_err *err)
{
    char buf[65536];
    long n;
    int fd = dopen(ds, rel, 0, err);
    strbuf_reset(out);
    if (fd == -2)
        return 0;
    if (fd < 0)
        return -1;
    while ((n = compat_read(fd, buf, sizeof(buf))) > 0) {
        if (out->len + (size_t)n > limit) {
            compat_close(fd);
            return err_setx(err, GD_ERR_LIMIT, "'%s/%s' is larger than %zu bytes", ds->root, rel, limit);
        }
        strbuf_add(out, buf, (size_t)n);
    }
    compat_close(fd);
    return n < 0 ? err_set(err, "cannot read '%s/%s'", ds->root, rel) : 1;
}

static int dexists(const struct dstore *ds, const char *rel, int dir)
{
    struct gd_err e;
    int fd;
    err_init(&e);
    fd = dopen(ds, rel, dir, &e);
    if (fd >= 0)
        compat_close(fd);
    return fd >= 0;
}

/* daemon.json (dockerd --config-file's default): data-root, storage-driver, the containerd store. */
struct dconf {
    char *root, *driver;
    int snapshotter;   /* features.containerd-snapshotter: 1 true, 0 false, -1 unset */
};

static void read_daemon_json(struct dconf *c)
{
    struct strbuf sb = STRBUF_INIT;
    char buf[65536];
    long n = 0;
    int fd = compat_open_read("/etc/docker/daemon.json");
    json_t *doc, *f, *v;
    json_error_t je;

    c->snapshotter = -1;
    if (fd < 0)
        return;
    while (sb.len <= (1u << 20) && (n = compat_read(fd, buf, sizeof(buf))) > 0)
        strbuf_add(&sb, buf, (size_t)n);
    compat_close(fd);
    doc = n < 0 || sb.len > (1u << 20) ? NULL : json_loadb(sb.buf ? sb.buf : "", sb.len, 0, &je);
    strbuf_release(&sb);
    if (!json_is_object(doc)) {
        json_decref(doc);
        return;
    }
    v = json_object_get(doc, "data-root");
    if (!json_is_string(v))
        v = json_object_get(doc, "graph");   /* the name before Docker 17.05 */
    if (json_is_string(v) && *json_string_value(v))
        c->root = xstrdup(json_string_value(v));
    v = json_object_get(doc, "storage-driver");
    if (json_is_string(v) && *json_string_value(v))
        c->driver = xstrdup(json_string_value(v));
    f = json_object_get(doc, "features");
    v = json_is_object(f) ? json_object_get(f, "containerd-snapshotter") : NULL;
    if (json_is_boolean(v))
        c->snapshotter = json_is_true(v);
    json_decref(doc);
}

#define SAVE_HINT "export the image with `docker save -o img.tar NAME` and give that file"

static int is_graphdriver(const char *d)
{
    static const char *const names[] = { "overlay2", "vfs", "fuse-overlayfs", "btrfs", "zfs", "devicemapper",
                                         "aufs", "overlay", "windowsfilter", NULL };
    size_t i;
    for (i = 0; names[i]; i++)
        if (!strcmp(d, names[i]))
            return 1;
    return 0;
}

/* The image ID for an ID or a unique prefix of one (12 or more hex digits), listing imagedb. */
static int find_id_prefix(const struct dstore *ds, const char *prefix, char id[65], struct gd_err *err)
{
    struct strbuf rel = STRBUF_INIT;
    struct compat_dir *d;
    const char *name;
    enum compat_ftype type;
    unsigned seen = 0;
    int fd, found = 0;

    strbuf_addf(&rel, "image/%s/imagedb/content/sha256", ds->driver);
    fd = dopen(ds, rel.buf, 1, err);
    strbuf_release(&rel);
    if (fd < 0)
        return fd == -2 ? 0 : -1;
    d = compat_opendir_fd(fd);
    if (!d)
        return err_set(err, "cannot list the image database of '%s'", ds->root);
    while (compat_readdir(d, &name, &type) == 1) {
        if (++seen > DSTORE_MAX_IDS) {
            compat_closedir(d);
            return err_setx(err, GD_ERR_LIMIT, "the image database of '%s' has more than %u entries: name the "
                            "image by its whole ID", ds->root, DSTORE_MAX_IDS);
        }
        if (strlen(name) != SHA256_HEX_LEN || !is_hex(name, SHA256_HEX_LEN) || !str_starts(name, prefix))
            continue;
        if (found) {
            compat_closedir(d);
            return err_setx(err, GD_ERR_USAGE, "'%s' is the start of several image IDs in '%s'", prefix, ds->root);
        }
        memcpy(id, name, SHA256_HEX_LEN + 1);
        found = 1;
    }
    compat_closedir(d);
    return found;
}

static int cache_id_ok(const char *s)
{
    size_t n = strlen(s), i;
    if (!n || n > 128)
        return 0;
    for (i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              s[i] == '-' || s[i] == '_'))
            return 0;
    return 1;
}

static int open_diff(void *arg, size_t i, struct gd_err *err)
{
    const struct dstore *ds = ((const struct dstore **)arg)[0];
    const struct image *im = ((const struct image **)arg)[1];
    int fd = dopen(ds, im->layers[i].member, 1, err);
    if (fd == -2)
        err_setx(err, GD_ERR_FORMAT, "the store has no layer directory '%s/%s'", ds->root, im->layers[i].member);
    return fd < 0 ? -1 : fd;
}

int dstore_open(struct image *im, const char *ref, const struct image_options *o, struct gd_err *err)
{
    struct dconf cf = { NULL, NULL, -1 };
    struct dstore ds = { -1, NULL, NULL };
    struct strbuf repo = STRBUF_INIT, key = STRBUF_INIT, rel = STRBUF_INIT, sb = STRBUF_INIT, repos = STRBUF_INIT;
    struct strbuf nm = STRBUF_INIT, dg = STRBUF_INIT;
    const char *name = ref, *top = NULL;
    char id[SHA256_HEX_LEN + 1], chain[72], got[72];
    size_t i;
    int rc = -1, r, explicit_root = 0;

    if (*ref == '[') {
        const char *close = strchr(ref, ']'), *at;
        if (!close)
            return err_setx(err, GD_ERR_USAGE, "'%s': the store specifier has no ']'", ref);
        at = memchr(ref, '@', (size_t)(close - ref));
        if (at) {
            cf.driver = xstrndup(ref + 1, (size_t)(at - ref - 1));
            cf.root = xstrndup(at + 1, (size_t)(close - at - 1));
        } else {
            cf.root = xstrndup(ref + 1, (size_t)(close - ref - 1));
        }
        explicit_root = 1;
        name = close + 1;
    } else {
        read_daemon_json(&cf);
    }
    if (!cf.root || !*cf.root) {
        free(cf.root);
        cf.root = xstrdup("/var/lib/docker");
    }
    if (cf.driver && !*cf.driver) {
        free(cf.driver);
        cf.driver = NULL;
    }
    ds.root = cf.root;
    if (!*name) {
        err_setx(err, GD_ERR_USAGE, "docker-daemon: names no image");
        goto out;
    }
    if (!explicit_root && cf.snapshotter == 1) {
        err_setx(err, GD_ERR_UNSUPPORTED, "Docker keeps its images in the containerd image store here "
                 "(/etc/docker/daemon.json features.containerd-snapshotter), whose names are in containerd's "
                 "bbolt database, which gpudoctor does not read: %s", SAVE_HINT);
        goto out;
    }
    ds.rootfd = compat_open_root(cf.root);
    if (ds.rootfd < 0) {
        err_set(err, "cannot open Docker's data root '%s'", cf.root);
        if (errno == ENOENT)
            err->code = GD_ERR_NOTFOUND;
        goto out;
    }
    if (cf.driver && !is_graphdriver(cf.driver)) {
        err_setx(err, GD_ERR_UNSUPPORTED, "storage driver '%s' is a containerd snapshotter: Docker's containerd "
                 "image store keeps its names in containerd's bbolt database, which gpudoctor does not read: %s",
                 cf.driver, SAVE_HINT);
        goto out;
    }
    if (!cf.driver) {
        /* The one driver with an image directory (moby's prior driver, in
         * its priority order: graphdriver/driver_linux.go). */
        static const char *const prio[] = { "overlay2", "fuse-overlayfs", "btrfs", "zfs", "vfs", "devicemapper",
                                            "aufs", "overlay", NULL };
        size_t found = 0;
        for (i = 0; prio[i]; i++) {
            strbuf_reset(&rel);
            strbuf_addf(&rel, "image/%s", prio[i]);
            if (dexists(&ds, rel.buf, 1)) {
                if (!found)
                    cf.driver = xstrdup(prio[i]);
                found++;
            }
        }
        if (!found) {
            err_setx(err, GD_ERR_NOTFOUND, "'%s' holds no graph-driver image store (no image/<driver>): when "
                     "Docker uses the containerd image store (the default of fresh Docker 29 installs), its "
                     "names are in containerd's bbolt database, which gpudoctor does not read: %s",
                     cf.root, SAVE_HINT);
            goto out;
        }
        if (found > 1) {
            err_setx(err, GD_ERR_USAGE, "'%s' holds the images of several storage drivers: name one, "
                     "docker-daemon:[DRIVER@%s]NAME", cf.root, cf.root);
            goto out;
        }
    }
    ds.driver = cf.driver;
    if (strcmp(cf.driver, "overlay2") && strcmp(cf.driver, "vfs")) {
        err_setx(err, GD_ERR_UNSUPPORTED, "Docker storage driver '%s' is not read (overlay2 and vfs are): %s",
                 cf.driver, SAVE_HINT);
        goto out;
    }

    /* The image ID: by reference, else by ID (or its start). */
    strbuf_reset(&rel);
    strbuf_addf(&rel, "image/%s/repositories.json", cf.driver);
    r = dread(&ds, rel.buf, DSTORE_REPOS_MAX, &repos, err);
    strbuf_reset(&rel);
    if (r < 0)
        goto out;
    r = 0;
    if (repos.len && dstore_ref_key(name, &repo, &key)) {
        r = dstore_repos_find(repos.buf, repos.len, repo.buf, key.buf, id, err);
        if (r < 0)
            goto out;
    }
    if (r == 0) {
        const char *h = str_starts(name, "sha256:") ? name + 7 : name;
        if (strlen(h) == SHA256_HEX_LEN && is_hex(h, SHA256_HEX_LEN)) {
            /* a whole ID: its config file, not a listing */
            strbuf_reset(&rel);
            strbuf_addf(&rel, "image/%s/imagedb/content/sha256/%s", cf.driver, h);
            if ((r = dexists(&ds, rel.buf, 0)) == 1)
                memcpy(id, h, SHA256_HEX_LEN + 1);
            strbuf_reset(&rel);
        } else if (strlen(h) >= 12 && strlen(h) < SHA256_HEX_LEN && is_hex(h, strlen(h))) {
            r = find_id_prefix(&ds, h, id, err);
        }
        if (r < 0)
            goto out;
        if (r == 0) {
            err_setx(err, GD_ERR_NOTFOUND, "no image '%s' in Docker's store at '%s' (%s)", name, cf.root,
                     cf.driver);
            goto out;
        }
    }
    if (repos.len && dstore_repos_names(repos.buf, repos.len, id, &nm, &dg, err) < 0)
        goto out;
    if (nm.len)
        im->name = arena_strdup(&im->arena, nm.buf);
    if (dg.len)
        im->manifest_digest = arena_strdup(&im->arena, dg.buf);
    im->format = arena_printf(&im->arena, "docker-daemon (%s)", cf.driver);
    im->path = arena_strdup(&im->arena, cf.root);

    /* The config: its digest is the ID (image/fs.go Get checks the same). */
    strbuf_addf(&rel, "image/%s/imagedb/content/sha256/%s", cf.driver, id);
    r = dread(&ds, rel.buf, DSTORE_CONFIG_MAX, &sb, err);
    if (r <= 0) {
        if (r == 0)
            err_setx(err, GD_ERR_FORMAT, "image %s has no config in Docker's store at '%s'", id, cf.root);
        goto out;
    }
    if (store_take_config(im, id, sb.buf, sb.len, err) < 0)
        goto out;

    /* The layers: chain IDs from the diff_ids, each layerdb record checked. */
    if (im->config.n_diff_ids > DSTORE_MAX_LAYERS) {
        err_setx(err, GD_ERR_LIMIT, "image %s has more than %u layers", id, DSTORE_MAX_LAYERS);
        goto out;
    }
    im->n_layers = im->config.n_diff_ids;
    im->layers = arena_alloc(&im->arena, (im->n_layers + 1) * sizeof(*im->layers));
    memset(im->layers, 0, (im->n_layers + 1) * sizeof(*im->layers));
    for (i = 0; i < im->n_layers; i++) {
        const char *diff = im->config.diff_ids[i];
        if (!is_sha256_digest(diff)) {
            err_setx(err, GD_ERR_FORMAT, "diff_id %zu of image %s is not a sha256 digest", i + 1, id);
            goto out;
        }
        if (i == 0)
            snprintf(chain, sizeof(chain), "%s", diff);
        else
            dstore_chain_id(im->layers[i - 1].digest, diff, chain);
        strbuf_reset(&rel);
        strbuf_addf(&rel, "image/%s/layerdb/sha256/%s/diff", cf.driver, chain + 7);
        r = dread(&ds, rel.buf, DSTORE_RECORD_MAX, &sb, err);
        if (r <= 0) {
            if (r == 0)
                err_setx(err, GD_ERR_FORMAT, "layer %zu of image %s (chain %s) is not in Docker's layer store", i + 1,
                         id, chain);
            goto out;
        }
        if (!dstore_parse_digest(sb.buf, sb.len, got) || strcmp(got, diff)) {
            err_setx(err, GD_ERR_FORMAT, "the layer store's record %s does not hold diff_id %s", chain, diff);
            goto out;
        }
        strbuf_reset(&rel);
        strbuf_addf(&rel, "image/%s/layerdb/sha256/%s/parent", cf.driver, chain + 7);
        r = dread(&ds, rel.buf, DSTORE_RECORD_MAX, &sb, err);
        if (r < 0)
            goto out;
        if (i == 0 ? r == 1 && sb.len : r == 0 || !dstore_parse_digest(sb.buf, sb.len, got) ||
                                            strcmp(got, im->layers[i - 1].digest)) {
            err_setx(err, GD_ERR_FORMAT, "the layer store's record %s names another parent than the image's "
                     "layer %zu", chain, i);
            goto out;
        }
        strbuf_reset(&rel);
        strbuf_addf(&rel, "image/%s/layerdb/sha256/%s/cache-id", cf.driver, chain + 7);
        r = dread(&ds, rel.buf, DSTORE_RECORD_MAX, &sb, err);
        if (r <= 0) {
            if (r == 0)
                err_setx(err, GD_ERR_FORMAT, "the layer store's record %s has no cache-id", chain);
            goto out;
        }
        /* GetCacheID: strings.TrimSpace of the file */
        {
            size_t b = 0, e = sb.len;
            while (b < e && strchr(" \t\r\n", sb.buf[b]))
                b++;
            while (e > b && strchr(" \t\r\n", sb.buf[e - 1]))
                e--;
            memmove(sb.buf, sb.buf + b, e - b);
            strbuf_setlen(&sb, e - b);
        }
        if (!cache_id_ok(sb.buf)) {
            err_setx(err, GD_ERR_FORMAT, "the layer store's record %s has a malformed cache-id", chain);
            goto out;
        }
        /* digest: the chain ID (the layer's name in the store); the
         * contents are the driver's directory, not hashed again. */
        im->layers[i].digest = arena_strdup(&im->arena, chain);
        im->layers[i].diff_id = diff;
        im->layers[i].compression = "none";
        im->layers[i].member = !strcmp(cf.driver, "vfs") ? arena_printf(&im->arena, "vfs/dir/%s", sb.buf)
                                                         : arena_printf(&im->arena, "overlay2/%s/diff", sb.buf);
        top = im->layers[i].member;
    }

    if (!strcmp(cf.driver, "vfs")) {
        /* Each vfs layer is the whole tree up to it: the top one is the image. */
        if (!top) {
            err_setx(err, GD_ERR_UNSUPPORTED, "image %s has no layers", id);
            goto out;
        }
        if (!dexists(&ds, top, 1)) {
            err_setx(err, GD_ERR_FORMAT, "the store has no directory '%s/%s' (or it is a link)", cf.root, top);
            goto out;
        }
        im->rootfs = arena_printf(&im->arena, "%s/%s", cf.root, top);
        rc = 0;
    } else {
        const void *arg[2];
        arg[0] = &ds;
        arg[1] = im;
        rc = store_unpack_dirs(im, o, im->n_layers, open_diff, (void *)arg, err);
    }
    /* The chain IDs were the layers' names only for this walk: as declared
     * digests they would read as checked blobs. */
    for (i = 0; i < im->n_layers; i++)
        im->layers[i].digest = NULL;
out:
    if (ds.rootfd >= 0)
        compat_close(ds.rootfd);
    free(cf.root);
    free(cf.driver);
    strbuf_release(&repo);
    strbuf_release(&key);
    strbuf_release(&rel);
    strbuf_release(&sb);
    strbuf_release(&repos);
    strbuf_release(&nm);
    strbuf_release(&dg);
    return rc;
}
