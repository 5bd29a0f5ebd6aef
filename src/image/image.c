/*
 * image.c - reading an image's index, manifest and config, and unpacking
 * its layers (image.h).  Media types and layout rules: image-spec v1.1
 * (image-layout.md, image-index.md, manifest.md, media-types.md,
 * descriptor.md); docker save: moby image/tarexport/save.go (manifest.json
 * with Config, RepoTags and Layers).
 */
#include "image/image.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "compat/wtree.h"
#include "image/dockerstore.h"
#include "image/source.h"
#include "image/store.h"
#include "util/alloc.h"
#include "util/sha256.h"
#include "util/text.h"
#include "util/banned.h"

#define MT_OCI_INDEX "application/vnd.oci.image.index.v1+json"
#define MT_OCI_MANIFEST "application/vnd.oci.image.manifest.v1+json"
#define MT_OCI_CONFIG "application/vnd.oci.image.config.v1+json"
#define MT_DOCKER_LIST "application/vnd.docker.distribution.manifest.list.v2+json"
#define MT_DOCKER_MANIFEST "application/vnd.docker.distribution.manifest.v2+json"
#define MT_DOCKER_CONFIG "application/vnd.docker.container.image.v1+json"
#define MAX_INDEX_DEPTH 4

/* Layer media types (media-types.md; the non-distributable ones are
 * deprecated but still read; Docker's rootfs.diff types). */
static const char *const layer_types[] = {
    "application/vnd.oci.image.layer.v1.tar",
    "application/vnd.oci.image.layer.v1.tar+gzip",
    "application/vnd.oci.image.layer.v1.tar+zstd",
    "application/vnd.oci.image.layer.nondistributable.v1.tar",
    "application/vnd.oci.image.layer.nondistributable.v1.tar+gzip",
    "application/vnd.oci.image.layer.nondistributable.v1.tar+zstd",
    "application/vnd.docker.image.rootfs.diff.tar",
    "application/vnd.docker.image.rootfs.diff.tar.gzip",
    "application/vnd.docker.image.rootfs.foreign.diff.tar.gzip",
    NULL
};

void image_options_default(struct image_options *o)
{
    memset(o, 0, sizeof(*o));
    apply_limits_default(&o->limits);
}

const char *image_goarch(const char *m)
{
    /* uname -m -> GOARCH, the names image-index.md's platform uses. */
    static const char *const map[][2] = {
        { "x86_64", "amd64" }, { "aarch64", "arm64" }, { "i686", "386" }, { "i386", "386" },
        { "ppc64le", "ppc64le" }, { "s390x", "s390x" }, { "riscv64", "riscv64" }, { "armv7l", "arm" },
    };
    size_t i;
    for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (!strcmp(m, map[i][0]))
            return map[i][1];
    return m;
}

static void iwarn(struct image *im, const char *fmt, ...) GD_PRINTF(2, 3);
static void iwarn(struct image *im, const char *fmt, ...)
{
    va_list va;
    va_start(va, fmt);
    ALLOC_GROW(im->warnings, im->n_warnings + 1, im->alloc_warnings);
    im->warnings[im->n_warnings++] = arena_vprintf(&im->arena, fmt, va);
    va_end(va);
}

/* "sha256:<64 hex>" -> the blob's member name.  0, or -1 (err). */
static int blob_member(struct image *im, const char *digest, const char **member, struct gd_err *err)
{
    const char *colon = digest ? strchr(digest, ':') : NULL;
    size_t i;
    if (!colon)
        return err_setx(err, GD_ERR_FORMAT, "malformed digest '%s'", digest ? digest : "");
    if ((size_t)(colon - digest) != 6 || strncmp(digest, "sha256", 6)) {
        /* descriptor.md registers sha256 and sha512; only sha256 is checked here. */
        if (!strncmp(digest, "sha512:", 7))
            return err_setx(err, GD_ERR_UNSUPPORTED, "digest algorithm sha512 is not supported ('%s')", digest);
        return err_setx(err, GD_ERR_FORMAT, "unknown digest algorithm in '%s'", digest);
    }
    if (strlen(colon + 1) != SHA256_HEX_LEN)
        return err_setx(err, GD_ERR_FORMAT, "malformed digest '%s'", digest);
    for (i = 0; i < SHA256_HEX_LEN; i++) {
        char c = colon[1 + i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return err_setx(err, GD_ERR_FORMAT, "malformed digest '%s'", digest);
    }
    *member = arena_printf(&im->arena, "blobs/sha256/%s", colon + 1);
    return 0;
}

/* A small blob by digest, checked against it and its size (size < 0: not declared). */
static int read_blob(struct image *im, struct source *src, const char *digest, long long size,
                     struct strbuf *out, struct gd_err *err)
{
    const char *member;
    char hex[SHA256_HEX_LEN + 1];
    int r;

    if (blob_member(im, digest, &member, err) < 0)
        return -1;
    r = source_read(src, member, SOURCE_META_MAX, out, err);
    if (r == 0)
        return err_setx(err, GD_ERR_FORMAT, "the image has no blob %s", digest);
    if (r < 0)
        return -1;
    if (size >= 0 && (unsigned long long)size != out->len)
        return err_setx(err, GD_ERR_FORMAT, "blob %s is %zu bytes, its descriptor says %lld", digest, out->len,
                        size);
    sha256_hex_of(out->buf, out->len, hex);
    if (strcmp(hex, digest + 7))
        return err_setx(err, GD_ERR_FORMAT, "blob %s does not match its digest (sha256:%s)", digest, hex);
    return 0;
}

static json_t *parse_json(const struct strbuf *sb, const char *what, struct gd_err *err)
{
    json_error_t je;
    /* Go's encoding/json (moby, containerd, skopeo) keeps the last of
     * duplicate keys, and so does jansson without REJECT_DUPLICATES. */
    json_t *j = json_loadb(sb->buf, sb->len, 0, &je);
    if (!j)
        err_setx(err, GD_ERR_FORMAT, "%s: %s (line %d)", what, je.text, je.line);
    return j;
}

static const char *jstr(json_t *obj, const char *key)
{
    json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    return json_is_string(v) ? json_string_value(v) : NULL;
}

struct candidate {
    const char *digest;
    long long size;
    const char *os, *arch, *variant;
    const char *ref_name;        /* org.opencontainers.image.ref.name */
    const char *full_name;       /* io.containerd.image.name */
};

struct cands {
    struct candidate *v;
    size_t nr, alloc;
    size_t skipped;              /* descriptors of other types */
};

static long long jsize(json_t *d)
{
    json_t *s = json_object_get(d, "size");
    return json_is_integer(s) && json_integer_value(s) >= 0 ? (long long)json_integer_value(s) : -1;
}

static int collect(struct image *im, struct source *src, json_t *index, const char *ref_name,
                   const char *full_name, unsigned depth, struct cands *c, struct gd_err *err)
{
    json_t *ms = json_object_get(index, "manifests"), *d;
    size_t i;

    if (!json_is_array(ms))
        return err_setx(err, GD_ERR_FORMAT, "the image index has no 'manifests' array");
    json_array_foreach(ms, i, d) {
        const char *mt = jstr(d, "mediaType"), *dg = jstr(d, "digest");
        json_t *ann = json_object_get(d, "annotations"), *pf = json_object_get(d, "platform");
        const char *rn = jstr(ann, "org.opencontainers.image.ref.name");
        const char *fn = jstr(ann, "io.containerd.image.name");
        if (!rn)
            rn = ref_name;
        if (!fn)
            fn = full_name;
        if (!dg || !json_is_object(d))
            return err_setx(err, GD_ERR_FORMAT, "an index entry has no digest");
        if (mt && (!strcmp(mt, MT_OCI_INDEX) || !strcmp(mt, MT_DOCKER_LIST))) {
            struct strbuf sb = STRBUF_INIT;
            json_t *sub;
            int rc;
            if (depth >= MAX_INDEX_DEPTH) {
                strbuf_release(&sb);
                return err_setx(err, GD_ERR_LIMIT, "image indexes nested more than %d deep", MAX_INDEX_DEPTH);
            }
            if (read_blob(im, src, dg, jsize(d), &sb, err) < 0) {
                strbuf_release(&sb);
                return -1;
            }
            sub = parse_json(&sb, dg, err);
            strbuf_release(&sb);
            if (!sub)
                return -1;
            rc = collect(im, src, sub, rn, fn, depth + 1, c, err);
            json_decref(sub);
            if (rc < 0)
                return -1;
            continue;
        }
        if (mt && strcmp(mt, MT_OCI_MANIFEST) && strcmp(mt, MT_DOCKER_MANIFEST)) {
            c->skipped++;   /* image-index.md: an unknown media type is not an error */
            continue;
        }
        ALLOC_GROW(c->v, c->nr + 1, c->alloc);
        memset(&c->v[c->nr], 0, sizeof(c->v[c->nr]));
        c->v[c->nr].digest = arena_strdup(&im->arena, dg);
        c->v[c->nr].size = jsize(d);
        c->v[c->nr].os = arena_strdup(&im->arena, jstr(pf, "os"));
        c->v[c->nr].arch = arena_strdup(&im->arena, jstr(pf, "architecture"));
        c->v[c->nr].variant = arena_strdup(&im->arena, jstr(pf, "variant"));
        c->v[c->nr].ref_name = arena_strdup(&im->arena, rn);
        c->v[c->nr].full_name = arena_strdup(&im->arena, fn);
        c->nr++;
    }
    return 0;
}

/* Does a name the image carries match the one asked for?  The tools write
 * names in full ("docker.io/library/ubuntu:22.04", "localhost/t:1") or as
 * the tag alone (org.opencontainers.image.ref.name). */
static int name_matches(const char *want, const char *have)
{
    static const char *const prefixes[] = { "", "docker.io/library/", "docker.io/", "localhost/", NULL };
    size_t i, n;
    if (!have)
        return 0;
    for (i = 0; prefixes[i]; i++) {
        n = strlen(prefixes[i]);
        if (!strncmp(have, prefixes[i], n) && !strcmp(have + n, want))
            return 1;
    }
    return 0;
}

static const char *cand_name(const struct candidate *c)
{
    return c->full_name ? c->full_name : c->ref_name;
}

static int choose(struct image *im, struct cands *c, const char *want, const char *goarch,
                  const struct candidate **out, struct gd_err *err)
{
    struct strbuf names = STRBUF_INIT;
    size_t i, n = 0;
    const struct candidate *pick = NULL;

    for (i = 0; i < c->nr; i++) {
        struct candidate *x = &c->v[i];
        if (want && !name_matches(want, x->full_name) && !name_matches(want, x->ref_name))
            continue;
        if (x->os && strcmp(x->os, "linux"))
            continue;   /* windows images; attestations say unknown/unknown */
        if (goarch && x->arch && strcmp(x->arch, goarch))
            continue;
        n++;
        if (!pick)
            pick = x;
        else if (cand_name(pick) && cand_name(x) && strcmp(cand_name(pick), cand_name(x)))
            pick = NULL, n = (size_t)-1;
        if (n == (size_t)-1)
            break;
    }
    if (n == 1 || (pick && n > 1 && want)) {
        *out = pick;
        return 0;
    }
    for (i = 0; i < c->nr; i++) {
        const struct candidate *x = &c->v[i];
        strbuf_addf(&names, "%s%s (%s/%s%s%s)", i ? ", " : "", cand_name(x) ? cand_name(x) : x->digest,
                    x->os ? x->os : "?", x->arch ? x->arch : "?", x->variant ? "/" : "",
                    x->variant ? x->variant : "");
    }
    if (!c->nr)
        err_setx(err, GD_ERR_FORMAT, "the image index lists no image manifest");
    else if (n == 0 && want)
        err_setx(err, GD_ERR_NOTFOUND, "no image named '%s' for linux/%s here: %s", want, goarch ? goarch : "any",
                 names.buf);
    else if (n == 0)
        err_setx(err, GD_ERR_NOTFOUND, "no image for linux/%s here: %s", goarch ? goarch : "any", names.buf);
    else
        err_setx(err, GD_ERR_USAGE, "several images here, name one (oci:PATH:NAME): %s", names.buf);
    strbuf_release(&names);
    (void)im;
    return -1;
}

/* image-spec config.md: rootfs.diff_ids has one entry per layer. */
static void count_check(struct image *im, const char *what)
{
    if (im->config.n_diff_ids != im->n_layers)
        iwarn(im, "%s lists %zu layers, the config %zu diff_ids", what, im->n_layers, im->config.n_diff_ids);
}

static int is_layer_type(const char *mt)
{
    size_t i;
    for (i = 0; layer_types[i]; i++)
        if (!strcmp(mt, layer_types[i]))
            return 1;
    return 0;
}

static int read_config(struct image *im, const struct strbuf *sb, struct gd_err *err)
{
    return image_config_parse(sb->buf, sb->len, &im->arena, &im->config, err);
}

static int read_oci(struct image *im, struct source *src, const char *want, const char *goarch,
                    struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT;
    struct cands c = { NULL, 0, 0, 0 };
    const struct candidate *pick = NULL;
    json_t *j = NULL, *cfg, *layers, *d;
    const char *ver, *mt;
    size_t i;
    int rc = -1, r;

    /* image-layout.md: oci-layout is REQUIRED and names the layout version. */
    r = source_read(src, "oci-layout", SOURCE_META_MAX, &sb, err);
    if (r <= 0) {
        if (r == 0)
            err_setx(err, GD_ERR_FORMAT, "'%s' has an index.json but no oci-layout file", im->path);
        goto out;
    }
    if (!(j = parse_json(&sb, "oci-layout", err)))
        goto out;
    ver = jstr(j, "imageLayoutVersion");
    if (!ver) {
        err_setx(err, GD_ERR_FORMAT, "oci-layout has no imageLayoutVersion");
        goto out;
    }
    if (strcmp(ver, "1.0.0"))
        iwarn(im, "oci-layout says imageLayoutVersion %s (read as 1.0.0)", ver);
    json_decref(j);
    j = NULL;

    if (source_read(src, "index.json", SOURCE_META_MAX, &sb, err) <= 0 || !(j = parse_json(&sb, "index.json", err)))
        goto out;
    if (collect(im, src, j, NULL, NULL, 0, &c, err) < 0 || choose(im, &c, want, goarch, &pick, err) < 0)
        goto out;
    json_decref(j);
    j = NULL;
    im->name = cand_name(pick);
    im->manifest_digest = pick->digest;

    if (read_blob(im, src, pick->digest, pick->size, &sb, err) < 0 || !(j = parse_json(&sb, "the manifest", err)))
        goto out;
    mt = jstr(j, "mediaType");
    if (mt && strcmp(mt, MT_OCI_MANIFEST) && strcmp(mt, MT_DOCKER_MANIFEST)) {
        err_setx(err, GD_ERR_FORMAT, "manifest %s has media type %s", pick->digest, mt);
        goto out;
    }
    cfg = json_object_get(j, "config");
    mt = jstr(cfg, "mediaType");
    if (!jstr(cfg, "digest")) {
        err_setx(err, GD_ERR_FORMAT, "manifest %s has no config", pick->digest);
        goto out;
    }
    if (mt && strcmp(mt, MT_OCI_CONFIG) && strcmp(mt, MT_DOCKER_CONFIG)) {
        err_setx(err, GD_ERR_UNSUPPORTED, "manifest %s is not a container image (its config is %s)", pick->digest,
                 mt);
        goto out;
    }
    im->config_digest = arena_strdup(&im->arena, jstr(cfg, "digest"));
    if (read_blob(im, src, im->config_digest, jsize(cfg), &sb, err) < 0 || read_config(im, &sb, err) < 0)
        goto out;

    layers = json_object_get(j, "layers");
    if (!json_is_array(layers)) {
        err_setx(err, GD_ERR_FORMAT, "manifest %s has no layers array", pick->digest);
        goto out;
    }
    im->layers = arena_alloc(&im->arena, (json_array_size(layers) + 1) * sizeof(*im->layers));
    json_array_foreach(layers, i, d) {
        struct image_layer *l = &im->layers[i];
        const char *dg = jstr(d, "digest");
        mt = jstr(d, "mediaType");
        if (!dg || !mt) {
            err_setx(err, GD_ERR_FORMAT, "layer %zu of manifest %s has no digest or media type", i + 1,
                     pick->digest);
            goto out;
        }
        if (!is_layer_type(mt)) {
            err_setx(err, GD_ERR_UNSUPPORTED, "layer %zu has media type %s, which is not read", i + 1, mt);
            goto out;
        }
        if (blob_member(im, dg, &l->member, err) < 0)
            goto out;
        l->digest = arena_strdup(&im->arena, dg);
        l->media_type = arena_strdup(&im->arena, mt);
        l->size = jsize(d) >= 0 ? (uint64_t)jsize(d) : 0;
        if (i < im->config.n_diff_ids)
            l->diff_id = im->config.diff_ids[i];
    }
    im->n_layers = json_array_size(layers);
    count_check(im, "the manifest");
    rc = 0;
out:
    if (j)
        json_decref(j);
    free(c.v);
    strbuf_release(&sb);
    return rc;
}

/* "blobs/sha256/<hex>" or "<hex>.json" / "<hex>/..." names carry a digest. */
static const char *hex_in_name(struct image *im, const char *member, const char *suffix)
{
    const char *p = member, *e;
    size_t i;
    if (str_starts(p, "blobs/sha256/"))
        p += strlen("blobs/sha256/");
    e = p + strlen(p);
    if (suffix && str_ends(p, suffix))
        e -= strlen(suffix);
    if (e - p != SHA256_HEX_LEN)
        return NULL;
    for (i = 0; i < SHA256_HEX_LEN; i++)
        if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')))
            return NULL;
    return arena_strndup(&im->arena, p, SHA256_HEX_LEN);
}

static int read_docker(struct image *im, struct source *src, const char *want, struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT, names = STRBUF_INIT;
    json_t *j = NULL, *e, *pick = NULL, *layers, *l;
    const char *cfgname, *hex, *name = NULL;
    char got[SHA256_HEX_LEN + 1];
    size_t i, k, n = 0;
    int rc = -1;

    if (source_read(src, "manifest.json", SOURCE_META_MAX, &sb, err) <= 0 ||
        !(j = parse_json(&sb, "manifest.json", err)))
        goto out;
    if (!json_is_array(j)) {
        err_setx(err, GD_ERR_FORMAT, "manifest.json is not an array");
        goto out;
    }
    json_array_foreach(j, i, e) {
        json_t *tags = json_object_get(e, "RepoTags"), *t;
        const char *first = NULL;
        int match = !want;
        json_array_foreach(tags, k, t) {
            if (!json_is_string(t))
                continue;
            if (!first)
                first = json_string_value(t);
            if (want && name_matches(want, json_string_value(t))) {
                match = 1;
                first = json_string_value(t);
            }
        }
        strbuf_addf(&names, "%s%s", i ? ", " : "", first ? first : "(untagged)");
        if (match) {
            n++;
            pick = e;
            name = first;
        }
    }
    if (n != 1) {
        if (!n)
            err_setx(err, GD_ERR_NOTFOUND, "no image %s%s%s in '%s' (it has: %s)", want ? "named '" : "",
                     want ? want : "", want ? "'" : "", im->path, names.buf);
        else
            err_setx(err, GD_ERR_USAGE, "several images in '%s', name one (docker-archive:PATH:NAME): %s", im->path,
                     names.buf);
        goto out;
    }
    im->name = arena_strdup(&im->arena, name);
    cfgname = jstr(pick, "Config");
    if (!cfgname) {
        err_setx(err, GD_ERR_FORMAT, "manifest.json names no Config");
        goto out;
    }
    if (source_read(src, cfgname, SOURCE_META_MAX, &sb, err) <= 0) {
        if (!err->msg[0])
            err_setx(err, GD_ERR_FORMAT, "'%s' has no %s", im->path, cfgname);
        goto out;
    }
    /* The config's digest is docker's image ID, and the file is named by it. */
    sha256_hex_of(sb.buf, sb.len, got);
    hex = hex_in_name(im, cfgname, ".json");
    if (hex && strcmp(hex, got)) {
        err_setx(err, GD_ERR_FORMAT, "config %s does not match its digest (sha256:%s)", cfgname, got);
        goto out;
    }
    im->config_digest = arena_printf(&im->arena, "sha256:%s", got);
    if (read_config(im, &sb, err) < 0)
        goto out;
    layers = json_object_get(pick, "Layers");
    if (!json_is_array(layers)) {
        err_setx(err, GD_ERR_FORMAT, "manifest.json lists no Layers");
        goto out;
    }
    im->layers = arena_alloc(&im->arena, (json_array_size(layers) + 1) * sizeof(*im->layers));
    json_array_foreach(layers, i, l) {
        if (!json_is_string(l)) {
            err_setx(err, GD_ERR_FORMAT, "manifest.json: a layer is not a name");
            goto out;
        }
        im->layers[i].member = arena_strdup(&im->arena, json_string_value(l));
        hex = hex_in_name(im, im->layers[i].member, ".tar");
        if (hex && str_starts(im->layers[i].member, "blobs/"))
            im->layers[i].digest = arena_printf(&im->arena, "sha256:%s", hex);
        if (i < im->config.n_diff_ids)
            im->layers[i].diff_id = im->config.diff_ids[i];
    }
    im->n_layers = json_array_size(layers);
    count_check(im, "manifest.json");
    rc = 0;
out:
    if (j)
        json_decref(j);
    strbuf_release(&sb);
    strbuf_release(&names);
    return rc;
}

/* transport:path[:name] (containers-transports(5)), or a bare path. */
static int parse_ref(struct image *im, const char *ref, const char **transport, const char **path,
                     const char **name, struct gd_err *err)
{
    static const char *const transports[] = { "oci", "oci-archive", "docker-archive", NULL };
    size_t i;
    *transport = NULL;
    *name = NULL;
    *path = ref;
    for (i = 0; transports[i]; i++) {
        size_t n = strlen(transports[i]);
        if (!strncmp(ref, transports[i], n) && ref[n] == ':') {
            const char *rest = ref + n + 1, *colon = strchr(rest, ':');
            *transport = transports[i];
            *path = colon ? arena_strndup(&im->arena, rest, (size_t)(colon - rest)) : rest;
            if (colon && colon[1])
                *name = colon + 1;
            break;
        }
    }
    if (!**path)
        return err_setx(err, GD_ERR_USAGE, "'%s' names no file or directory", ref);
    return 0;
}

static int unpack(struct image *im, struct source *src, const struct image_options *o, struct gd_err *err)
{
    struct applier ap;
    const char *tmp = o->tmpdir;
    struct strbuf sb = STRBUF_INIT;
    int rootfd, rc = 0;
    size_t i;

    if (!tmp || !*tmp) {
        tmp = getenv("TMPDIR");
        if (!tmp || !*tmp)
            tmp = "/var/tmp";
    }
    strbuf_addf(&sb, "%s/gpudoctor-image.XXXXXX", tmp);
    if (compat_mkdtemp(sb.buf) < 0) {
        rc = err_set(err, "cannot create a scratch directory in '%s'", tmp);
        strbuf_release(&sb);
        return rc;
    }
    im->scratch = strbuf_detach(&sb, NULL);
    im->rootfs = arena_printf(&im->arena, "%s/rootfs", im->scratch);
    if (compat_wt_mkdir(-1, im->rootfs, 0755) < 0)
        return err_set(err, "cannot create '%s'", im->rootfs);
    rootfd = compat_open_root(im->rootfs);
    if (rootfd < 0)
        return err_set(err, "cannot open '%s'", im->rootfs);
    applier_init(&ap, rootfd, &o->limits);
    for (i = 0; i < im->n_layers && rc == 0; i++) {
        struct image_layer *l = &im->layers[i];
        struct source_stream st;
        char hex[SHA256_HEX_LEN + 1];

        if (source_open_layer(src, l->member, &st, err) == 0) {
            rc = applier_layer(&ap, st.tar, err);
            if (rc == 0)
                rc = source_stream_finish(&st, hex, err);
        } else {
            rc = -1;
        }
        if (rc < 0 && err->code != GD_ERR_LIMIT && err->code != GD_ERR_NOTFOUND && l->digest) {
            /* Unreadable as a tar: a damaged or truncated blob says so by
             * its digest, which is then the one error to report. */
            struct gd_err e2;
            uint64_t size;
            err_init(&e2);
            if (source_blob_digest(src, l->member, hex, &size, &e2) == 0 && strcmp(l->digest + 7, hex))
                err_setx(err, GD_ERR_FORMAT, "layer %zu does not match its digest %s (sha256:%s, %llu bytes): "
                         "the blob is damaged or incomplete", i + 1, l->digest, hex, (unsigned long long)size);
            else if (!strstr(err->msg, "layer ")) {
                char m[GD_ERR_MSG_MAX];
                snprintf(m, sizeof(m), "%s", err->msg);
                err_setx(err, err->code, "layer %zu (%s): %.400s", i + 1, l->member, m);
            }
        }
        if (rc == 0) {
            uint64_t raw = tarread_raw_bytes(st.tar);
            l->compression = tarread_compression(st.tar);
            if (l->size && raw != l->size) {
                rc = err_setx(err, GD_ERR_FORMAT, "layer %zu (%s) is %llu bytes, its descriptor says %llu", i + 1,
                              l->member, (unsigned long long)raw, (unsigned long long)l->size);
            } else if (l->digest) {
                if (strcmp(l->digest + 7, hex))
                    rc = err_setx(err, GD_ERR_FORMAT, "layer %zu does not match its digest %s (sha256:%s)", i + 1,
                                  l->digest, hex);
                l->verified = "digest";
            } else if (l->diff_id && !strcmp(l->compression, "none")) {
                /* An uncompressed layer is its own diff: the config's diff_id names it. */
                if (str_starts(l->diff_id, "sha256:") && strcmp(l->diff_id + 7, hex))
                    rc = err_setx(err, GD_ERR_FORMAT, "layer %zu (%s) does not match its diff_id %s (sha256:%s)",
                                  i + 1, l->member, l->diff_id, hex);
                l->verified = "diff_id";
            }
            if (rc == 0 && l->media_type) {
                int says_gz = str_ends(l->media_type, "gzip"), says_zst = str_ends(l->media_type, "zstd");
                if ((says_gz && strcmp(l->compression, "gzip")) || (says_zst && strcmp(l->compression, "zstd")) ||
                    (!says_gz && !says_zst && strcmp(l->compression, "none")))
                    iwarn(im, "layer %zu is %s-compressed although its media type is %s", i + 1, l->compression,
                          l->media_type);
            }
        }
        source_stream_close(&st);
    }
    for (i = 0; i < ap.n_warnings; i++)
        iwarn(im, "%s", ap.warnings[i]);
    if (ap.total_warnings > ap.n_warnings)
        iwarn(im, "%llu more entries could not be applied",
              (unsigned long long)(ap.total_warnings - ap.n_warnings));
    im->stats = ap.st;
    applier_release(&ap);
    compat_close(rootfd);
    return rc;
}

int image_open(struct image *im, const char *ref, const struct image_options *o, struct gd_err *err)
{
    struct source src;
    const char *transport, *path, *name;
    const char *goarch = o->arch ? image_goarch(o->arch) : NULL;
    int rc = -1, oci;

    memset(im, 0, sizeof(*im));
    arena_init(&im->arena);
    im->ref = arena_strdup(&im->arena, ref);
    im->keep = o->keep ? arena_strdup(&im->arena, o->keep) : NULL;
    if (!tarread_supported())
        return err_setx(err, GD_ERR_UNSUPPORTED, "this build of gpudoctor cannot read images (built without libarchive)");
    if (str_starts(ref, "containers-storage:") || str_starts(ref, "docker-daemon:")) {
        rc = str_starts(ref, "docker-daemon:") ? dstore_open(im, ref + strlen("docker-daemon:"), o, err)
                                               : store_open(im, ref + strlen("containers-storage:"), o, err);
        if (rc == 0 && im->config.os && strcmp(im->config.os, "linux"))
            rc = err_setx(err, GD_ERR_UNSUPPORTED, "the image is for %s, not linux", im->config.os);
        return rc;
    }
    if (parse_ref(im, ref, &transport, &path, &name, err) < 0)
        return -1;
    im->path = arena_strdup(&im->arena, path);
    if (source_open(&src, path, err) < 0) {
        source_release(&src);
        return -1;
    }
    oci = source_has(&src, "index.json");
    if (transport && !strcmp(transport, "docker-archive") && source_has(&src, "manifest.json"))
        oci = 0;
    if (transport && !strcmp(transport, "oci") && src.is_tar) {
        err_setx(err, GD_ERR_USAGE, "'%s' is a file: oci: names a directory (oci-archive: a tar)", path);
        goto out;
    }
    if (oci) {
        im->format = src.is_tar ? (source_has(&src, "manifest.json") ? "docker-archive" : "oci-archive")
                                : "oci-layout";
        rc = read_oci(im, &src, name, goarch, err);
    } else if (source_has(&src, "manifest.json")) {
        im->format = "docker-archive";
        rc = read_docker(im, &src, name, err);
    } else {
        err_setx(err, GD_ERR_FORMAT, "'%s' is not an OCI image layout, OCI archive or docker save archive "
                 "(no index.json, no manifest.json)", path);
    }
    if (rc == 0) {
        const struct image_config *c = &im->config;
        if (c->os && strcmp(c->os, "linux")) {
            rc = err_setx(err, GD_ERR_UNSUPPORTED, "the image is for %s, not linux", c->os);
        } else {
            im->platform = arena_printf(&im->arena, "%s/%s%s%s", c->os ? c->os : "linux",
                                        c->architecture ? c->architecture : "?", c->variant ? "/" : "",
                                        c->variant ? c->variant : "");
            if (goarch && c->architecture && strcmp(c->architecture, goarch))
                iwarn(im, "the image is for %s, the node is %s", im->platform, goarch);
            rc = unpack(im, &src, o, err);
        }
    }
out:
    source_release(&src);
    return rc;
}

void image_release(struct image *im)
{
    if (im->scratch) {
        if (im->keep && im->rootfs)
            compat_wt_rename(im->rootfs, im->keep);
        /* Everything under the private directory, then the directory. */
        compat_wt_remove_tree(-1, im->scratch);
        free(im->scratch);
    }
    free(im->warnings);
    arena_release(&im->arena);
    memset(im, 0, sizeof(*im));
}
