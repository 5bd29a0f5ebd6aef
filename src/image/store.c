/*
 * store.c - images in containers-storage (store.h).
 */
#include "image/store.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "compat/wtree.h"
#include "scan/toml.h"
#include "util/alloc.h"
#include "util/sha256.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

#define STORE_JSON_MAX (64u << 20)

/* Read a whole host file (the store is the host's) of at most limit bytes. */
static int read_file(const char *path, size_t limit, struct strbuf *out, struct gd_err *err)
{
    char buf[65536];
    long n;
    int fd = compat_open_read(path);
    strbuf_reset(out);
    if (fd < 0)
        return errno == ENOENT ? 0 : err_set(err, "cannot open '%s'", path);
    while ((n = compat_read(fd, buf, sizeof(buf))) > 0) {
        if (out->len + (size_t)n > limit) {
            compat_close(fd);
            return err_setx(err, GD_ERR_LIMIT, "'%s' is larger than %zu bytes", path, limit);
        }
        strbuf_add(out, buf, (size_t)n);
    }
    compat_close(fd);
    return n < 0 ? err_set(err, "cannot read '%s'", path) : 1;
}

static void b64(struct strbuf *out, const char *s)
{
    static const char t[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s), i;
    for (i = 0; i + 2 < n; i += 3) {
        strbuf_addch(out, t[p[i] >> 2]);
        strbuf_addch(out, t[((p[i] & 3) << 4) | (p[i + 1] >> 4)]);
        strbuf_addch(out, t[((p[i + 1] & 15) << 2) | (p[i + 2] >> 6)]);
        strbuf_addch(out, t[p[i + 2] & 63]);
    }
    if (n - i == 1) {
        strbuf_addch(out, t[p[i] >> 2]);
        strbuf_addch(out, t[(p[i] & 3) << 4]);
        strbuf_addstr(out, "==");
    } else if (n - i == 2) {
        strbuf_addch(out, t[p[i] >> 2]);
        strbuf_addch(out, t[((p[i] & 3) << 4) | (p[i + 1] >> 4)]);
        strbuf_addch(out, t[(p[i + 1] & 15) << 2]);
        strbuf_addch(out, '=');
    }
}

/* store.go makeBigDataBaseName: keys outside [.0-9a-z] are "=" + base64. */
static void big_data_name(struct strbuf *out, const char *key)
{
    if (strspn(key, ".0123456789abcdefghijklmnopqrstuvwxyz") == strlen(key)) {
        strbuf_addstr(out, key);
        return;
    }
    strbuf_addch(out, '=');
    b64(out, key);
}

struct conf {
    char *graphroot, *driver;
};

static void conf_kv(const struct toml_kv *kv, void *arg)
{
    struct conf *c = arg;
    if (kv->kind != TOML_STRING || kv->n_parts != 2 || strcmp(kv->parts[0], "storage"))
        return;
    if (!strcmp(kv->parts[1], "graphroot") && !c->graphroot)
        c->graphroot = xstrdup(kv->value);
    else if (!strcmp(kv->parts[1], "driver") && !c->driver)
        c->driver = xstrdup(kv->value);
}

static int exists(const char *path)
{
    struct compat_stat st;
    return compat_stat(path, &st) == 0;
}

static int names_match(const char *want, const char *have)
{
    static const char *const prefixes[] = { "", "localhost/", "docker.io/library/", "docker.io/", NULL };
    size_t i, n;
    for (i = 0; prefixes[i]; i++) {
        n = strlen(prefixes[i]);
        if (!strncmp(have, prefixes[i], n) && !strcmp(have + n, want))
            return 1;
        /* a name without a tag means :latest */
        if (!strchr(want, ':') && !strncmp(have, prefixes[i], n) && !strncmp(have + n, want, strlen(want)) &&
            !strcmp(have + n + strlen(want), ":latest"))
            return 1;
    }
    return 0;
}

struct overlay_dirs {
    const char *graphroot;
    struct image *im;
};

static int open_overlay_diff(void *arg, size_t i, struct gd_err *err)
{
    struct overlay_dirs *od = arg;
    struct strbuf p = STRBUF_INIT;
    int dfd;
    strbuf_addf(&p, "%s/overlay/%s/diff", od->graphroot, od->im->layers[i].member);
    dfd = compat_wt_opendir(-1, p.buf);
    if (dfd < 0)
        err_set(err, "cannot open layer '%s'", p.buf);
    strbuf_release(&p);
    return dfd;
}

int store_take_config(struct image *im, const char *id, const char *buf, size_t len, struct gd_err *err)
{
    char hex[SHA256_HEX_LEN + 1];
    sha256_hex_of(buf, len, hex);
    if (strcmp(hex, id))
        return err_setx(err, GD_ERR_FORMAT, "the store's config of image %s has digest sha256:%s", id, hex);
    im->config_digest = arena_printf(&im->arena, "sha256:%s", id);
    if (image_config_parse(buf, len, &im->arena, &im->config, err) < 0)
        return -1;
    im->platform = arena_printf(&im->arena, "%s/%s%s%s", im->config.os ? im->config.os : "linux",
                                im->config.architecture ? im->config.architecture : "?",
                                im->config.variant ? "/" : "", im->config.variant ? im->config.variant : "");
    return 0;
}

int store_unpack_dirs(struct image *im, const struct image_options *o, size_t n,
                      int (*open_layer)(void *arg, size_t i, struct gd_err *err), void *arg, struct gd_err *err)
{
    const char *tmp = o->tmpdir && *o->tmpdir ? o->tmpdir : getenv("TMPDIR");
    struct strbuf p = STRBUF_INIT;
    struct applier ap;
    size_t i;
    int rootfd, rc = 0;

    if (!tmp || !*tmp)
        tmp = "/var/tmp";
    strbuf_addf(&p, "%s/gpudoctor-image.XXXXXX", tmp);
    if (compat_mkdtemp(p.buf) < 0) {
        strbuf_release(&p);
        return err_set(err, "cannot create a scratch directory in '%s'", tmp);
    }
    im->scratch = strbuf_detach(&p, NULL);
    im->rootfs = arena_printf(&im->arena, "%s/rootfs", im->scratch);
    if (compat_wt_mkdir(-1, im->rootfs, 0755) < 0 || (rootfd = compat_open_root(im->rootfs)) < 0)
        return err_set(err, "cannot create '%s'", im->rootfs);
    applier_init(&ap, rootfd, &o->limits);
    for (i = 0; i < n && rc == 0; i++) {
        int dfd = open_layer(arg, i, err);
        if (dfd < 0) {
            rc = -1;
            break;
        }
        rc = applier_layer_dir(&ap, dfd, err);
        compat_close(dfd);
    }
    for (i = 0; i < ap.n_warnings; i++) {
        ALLOC_GROW(im->warnings, im->n_warnings + 1, im->alloc_warnings);
        im->warnings[im->n_warnings++] = arena_strdup(&im->arena, ap.warnings[i]);
    }
    im->stats = ap.st;
    applier_release(&ap);
    compat_close(rootfd);
    return rc;
}

int store_open(struct image *im, const char *ref, const struct image_options *o, struct gd_err *err)
{
    struct conf cf = { NULL, NULL };
    struct strbuf sb = STRBUF_INIT, p = STRBUF_INIT;
    json_error_t je;
    json_t *imgs = NULL, *layers = NULL, *pick = NULL, *e;
    const char *name = ref, *id, *top;
    const char **chain = NULL;
    size_t n_chain = 0, alloc_chain = 0, i;
    char hex[SHA256_HEX_LEN + 1];
    int rc = -1;

    /* [driver@graphroot+runroot:options]name */
    if (*ref == '[') {
        const char *close = strchr(ref, ']'), *at, *plus;
        if (!close)
            return err_setx(err, GD_ERR_USAGE, "'%s': the store specifier has no ']'", ref);
        at = memchr(ref, '@', (size_t)(close - ref));
        plus = memchr(ref, '+', (size_t)(close - ref));
        if (at) {
            cf.driver = xstrndup(ref + 1, (size_t)(at - ref - 1));
            cf.graphroot = xstrndup(at + 1, (size_t)((plus ? plus : close) - at - 1));
        } else {
            cf.graphroot = xstrndup(ref + 1, (size_t)((plus ? plus : close) - ref - 1));
        }
        name = close + 1;
    } else if (read_file("/etc/containers/storage.conf", 1u << 20, &sb, err) == 1 ||
               read_file("/usr/share/containers/storage.conf", 1u << 20, &sb, err) == 1) {
        toml_scan(sb.buf, sb.len, conf_kv, &cf);
    }
    err_init(err);
    if (!cf.graphroot)
        cf.graphroot = xstrdup("/var/lib/containers/storage");
    if (!cf.driver || !*cf.driver) {
        static const char *const drivers[] = { "overlay", "vfs", NULL };
        free(cf.driver);
        cf.driver = NULL;
        for (i = 0; drivers[i] && !cf.driver; i++) {
            strbuf_reset(&p);
            strbuf_addf(&p, "%s/%s-images/images.json", cf.graphroot, drivers[i]);
            if (exists(p.buf))
                cf.driver = xstrdup(drivers[i]);
        }
        if (!cf.driver) {
            err_setx(err, GD_ERR_NOTFOUND, "no containers-storage image list under '%s'", cf.graphroot);
            goto out;
        }
    }
    if (strcmp(cf.driver, "overlay") && strcmp(cf.driver, "vfs")) {
        err_setx(err, GD_ERR_UNSUPPORTED, "containers-storage driver '%s' is not read (overlay and vfs are)",
                 cf.driver);
        goto out;
    }
    if (!*name) {
        err_setx(err, GD_ERR_USAGE, "containers-storage: names no image");
        goto out;
    }
    strbuf_reset(&p);
    strbuf_addf(&p, "%s/%s-images/images.json", cf.graphroot, cf.driver);
    if (read_file(p.buf, STORE_JSON_MAX, &sb, err) != 1) {
        if (!err->msg[0])
            err_setx(err, GD_ERR_NOTFOUND, "no image list '%s'", p.buf);
        goto out;
    }
    imgs = json_loadb(sb.buf, sb.len, 0, &je);
    if (!json_is_array(imgs)) {
        err_setx(err, GD_ERR_FORMAT, "'%s' is not an image list", p.buf);
        goto out;
    }
    json_array_foreach(imgs, i, e) {
        json_t *names = json_object_get(e, "names"), *nm;
        const char *eid = json_string_value(json_object_get(e, "id"));
        size_t k;
        if (!eid)
            continue;
        if (strlen(name) >= 12 && strspn(name, "0123456789abcdef") == strlen(name) && str_starts(eid, name)) {
            pick = e;
            break;
        }
        json_array_foreach(names, k, nm)
            if (json_is_string(nm) && names_match(name, json_string_value(nm))) {
                pick = e;
                im->name = arena_strdup(&im->arena, json_string_value(nm));
            }
        if (pick)
            break;
    }
    if (!pick) {
        err_setx(err, GD_ERR_NOTFOUND, "no image '%s' in the containers-storage at '%s'", name, cf.graphroot);
        goto out;
    }
    id = json_string_value(json_object_get(pick, "id"));
    top = json_string_value(json_object_get(pick, "layer"));
    if (strlen(id) != SHA256_HEX_LEN || strspn(id, "0123456789abcdef") != SHA256_HEX_LEN) {
        err_setx(err, GD_ERR_FORMAT, "image ID '%s' is not a sha256", id);
        goto out;
    }
    im->format = arena_printf(&im->arena, "containers-storage (%s)", cf.driver);
    im->path = arena_strdup(&im->arena, cf.graphroot);

    /* The config: big data "sha256:<id>", whose digest is the ID. */
    strbuf_reset(&p);
    strbuf_addf(&p, "%s/%s-images/%s/", cf.graphroot, cf.driver, id);
    {
        struct strbuf key = STRBUF_INIT;
        strbuf_addf(&key, "sha256:%s", id);
        big_data_name(&p, key.buf);
        strbuf_release(&key);
    }
    if (read_file(p.buf, 4u << 20, &sb, err) != 1) {
        if (!err->msg[0])
            err_setx(err, GD_ERR_FORMAT, "image %s has no config in the store", id);
        goto out;
    }
    if (store_take_config(im, id, sb.buf, sb.len, err) < 0)
        goto out;
    strbuf_reset(&p);
    strbuf_addf(&p, "%s/%s-images/%s/manifest", cf.graphroot, cf.driver, id);
    if (read_file(p.buf, 4u << 20, &sb, err) == 1) {
        sha256_hex_of(sb.buf, sb.len, hex);
        im->manifest_digest = arena_printf(&im->arena, "sha256:%s", hex);
    }
    err_init(err);

    /* The layers: the parent chain from the top, base first. */
    strbuf_reset(&p);
    strbuf_addf(&p, "%s/%s-layers/layers.json", cf.graphroot, cf.driver);
    if (read_file(p.buf, STORE_JSON_MAX, &sb, err) != 1 || !(layers = json_loadb(sb.buf, sb.len, 0, &je)) ||
        !json_is_array(layers)) {
        if (!err->msg[0])
            err_setx(err, GD_ERR_FORMAT, "'%s' is not a layer list", p.buf);
        goto out;
    }
    for (id = top; id && n_chain <= 1000;) {
        const char *parent = NULL;
        int found = 0;
        json_array_foreach(layers, i, e) {
            const char *lid = json_string_value(json_object_get(e, "id"));
            if (lid && !strcmp(lid, id)) {
                found = 1;
                parent = json_string_value(json_object_get(e, "parent"));
                break;
            }
        }
        if (!found) {
            err_setx(err, GD_ERR_FORMAT, "layer %s of the image is not in the store", id);
            goto out;
        }
        ALLOC_GROW(chain, n_chain + 1, alloc_chain);
        chain[n_chain++] = arena_strdup(&im->arena, id);
        id = parent && *parent ? parent : NULL;
    }
    im->n_layers = n_chain;
    im->layers = arena_alloc(&im->arena, (n_chain + 1) * sizeof(*im->layers));
    for (i = 0; i < n_chain; i++) {
        im->layers[i].member = chain[n_chain - 1 - i];
        im->layers[i].compression = "none";
        if (i < im->config.n_diff_ids)
            im->layers[i].diff_id = im->config.diff_ids[i];
    }

    if (!strcmp(cf.driver, "vfs")) {
        /* Each vfs layer is the whole tree up to it: the top one is the image. */
        im->rootfs = arena_printf(&im->arena, "%s/vfs/dir/%s", cf.graphroot, top);
        if (!exists(im->rootfs)) {
            err_setx(err, GD_ERR_FORMAT, "the store has no directory for layer %s", top);
            goto out;
        }
        rc = 0;
        goto out;
    }
    {
        struct overlay_dirs od = { cf.graphroot, im };
        rc = store_unpack_dirs(im, o, n_chain, open_overlay_diff, &od, err);
    }
out:
    json_decref(imgs);
    json_decref(layers);
    free(chain);
    free(cf.graphroot);
    free(cf.driver);
    strbuf_release(&sb);
    strbuf_release(&p);
    return rc;
}
