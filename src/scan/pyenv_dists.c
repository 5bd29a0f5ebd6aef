/*
 * pyenv_dists.c - what is installed in one environment.
 *
 * Python distributions come from each site dir's *.dist-info and *.egg-info
 * entries (the "Recording installed projects" spec; egg-info may be a file,
 * the PKG-INFO itself, from old distutils installs).  The directory name
 * gives the normalised name and the version; METADATA is read, headers
 * only and at most PYENV_METADATA_LIMIT bytes, for the distributions that
 * matter to GPUs and for names that carry no version.  conda packages come
 * from conda-meta/{name}-{version}-{build}.json: the file name says it all,
 * and the JSON (which lists every file and can be megabytes) is read only
 * when the name does not split, or for framework packages whose "depends"
 * names the CUDA they need.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "kb/ver_pep440.h"
#include "scan/distname.h"
#include "scan/pyenv.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char *const interesting_prefixes[] = {
    "torch", "tensorflow", "tf-nightly", "tf-keras", "intel-tensorflow", "jax", "keras",
    "cupy", "onnxruntime", "paddlepaddle", "tensorrt", "nvidia-", "cuda-", "triton",
    "pytorch", "cudatoolkit", "cudnn", "nccl", "libcublas", "libcudnn", "libcusparse", "mxnet",
    "xgboost", "py-xgboost",
};

int pyenv_interesting(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof(interesting_prefixes) / sizeof(interesting_prefixes[0]); i++)
        if (!strncmp(name, interesting_prefixes[i], strlen(interesting_prefixes[i])))
            return 1;
    return 0;
}

/* NVIDIA CUDA components: pip's nvidia-* wheels and conda's CUDA packages. */
static int is_cuda_pkg(const char *name, int conda)
{
    static const char *const conda_names[] = { "cudatoolkit", "cudnn", "nccl", "cuda-", "libcu",
                                               "libnv", "libnccl", "libcudnn", "pytorch-cuda",
                                               "cuda-version", "tensorrt" };
    size_t i;
    if (!strncmp(name, "nvidia-", 7))
        return 1;
    if (!conda)
        return !strcmp(name, "cuda-python") || !strcmp(name, "cuda-bindings") ||
               !strcmp(name, "cuda-toolkit");
    for (i = 0; i < sizeof(conda_names) / sizeof(conda_names[0]); i++)
        if (!strncmp(name, conda_names[i], strlen(conda_names[i])))
            return 1;
    return 0;
}

static struct py_dist *add_dist(struct scan_ctx *ctx, struct python_env *e)
{
    struct py_dist *d;
    (void)ctx;
    ALLOC_GROW(e->dists, e->n_dists + 1, e->alloc_dists);
    d = &e->dists[e->n_dists++];
    memset(d, 0, sizeof(*d));
    return d;
}

/* Read the header part of a metadata file; 1 read, 0 absent, -1 warned. */
static int read_metadata(struct scan_ctx *ctx, const char *path, struct strbuf *out)
{
    struct fs_file f;
    struct gd_err err;
    size_t want;
    int r = fs_open(ctx->fs, path, &f, &err);

    if (r <= 0) {
        if (r < 0)
            pyenv_warn(ctx, path, "%s", err.msg);
        return r;
    }
    if (f.st.type != COMPAT_FT_REG) {
        fs_close(&f);
        pyenv_warn(ctx, path, "cannot read '%s': not a regular file", path);
        return -1;
    }
    want = f.size > PYENV_METADATA_LIMIT ? PYENV_METADATA_LIMIT : (size_t)f.size;
    if (f.size > PYENV_METADATA_LIMIT)
        pyenv_warn(ctx, path, "'%s' is %llu bytes, more than %u: only its first %u bytes were read",
                   path, (unsigned long long)f.size, PYENV_METADATA_LIMIT, PYENV_METADATA_LIMIT);
    strbuf_grow(out, want);
    if (want && fs_pread(&f, 0, out->buf, want, &err) < 0) {
        fs_close(&f);
        pyenv_warn(ctx, path, "%s", err.msg);
        return -1;
    }
    out->len = want;            /* the bytes pread put there (as fs.c's reader does) */
    out->buf[want] = '\0';
    fs_close(&f);
    return 1;
}

static void read_installer(struct scan_ctx *ctx, struct py_dist *d)
{
    struct strbuf p = STRBUF_INIT, t = STRBUF_INIT;
    struct gd_err err;
    path_join(&p, d->path, "INSTALLER");
    if (fs_read_head(ctx->fs, p.buf, 64, &t, &err) == 1) {
        size_t n = 0;
        while (n < t.len && t.buf[n] > ' ' && t.buf[n] < 127)
            n++;
        if (n)
            d->installer = arena_strndup(&ctx->facts->arena, t.buf, n);
    }
    strbuf_release(&p);
    strbuf_release(&t);
}

static void read_site_dir(struct scan_ctx *ctx, struct python_env *e, const char *site,
                          struct pyenv_work *w)
{
    struct fs_dirlist dl;
    struct gd_err err;
    struct strbuf name = STRBUF_INIT, ver = STRBUF_INIT, path = STRBUF_INIT,
                  mdpath = STRBUF_INIT, text = STRBUF_INIT, nn = STRBUF_INIT;
    size_t i;
    int r = fs_list_dir(ctx->fs, site, PYENV_DIR_MAX, &dl, &err);

    if (r < 0)
        pyenv_warn(ctx, site, "%s", err.msg);
    for (i = 0; i < dl.nr; i++) {
        const char *ent = dl.ents[i].name;
        enum distname_kind kind = distname_split_dir(ent, &name, &ver);
        enum compat_ftype type = dl.ents[i].type;
        struct metadata md;
        struct py_dist *d;
        int want_md;

        if (kind == DISTNAME_NONE)
            continue;
        path_join(&path, site, ent);
        if (type == COMPAT_FT_LNK || type == COMPAT_FT_UNKNOWN) {
            struct compat_stat st;
            if (fs_stat(ctx->fs, path.buf, &st, &err) != 1) {
                pyenv_warn(ctx, path.buf, "%s", err.msg);
                continue;
            }
            type = st.type;
        }
        if (kind == DISTNAME_DIST_INFO && type != COMPAT_FT_DIR) {
            pyenv_warn(ctx, path.buf, "'%s' is not a directory: distribution ignored", path.buf);
            continue;
        }
        want_md = pyenv_interesting(name.buf) || ver.len == 0;
        metadata_init(&md);
        if (want_md) {
            if (type == COMPAT_FT_DIR)
                path_join(&mdpath, path.buf, kind == DISTNAME_DIST_INFO ? "METADATA" : "PKG-INFO");
            else
                path_join(&mdpath, site, ent);   /* an egg-info file is the PKG-INFO */
            strbuf_reset(&text);
            r = read_metadata(ctx, mdpath.buf, &text);
            if (r == 0) {
                pyenv_warn(ctx, mdpath.buf, "'%s' is missing", mdpath.buf);
            } else if (r == 1) {
                if (metadata_parse(&md, &ctx->facts->arena, text.buf, text.len, &err) < 0)
                    pyenv_warn(ctx, mdpath.buf, "bad metadata in '%s': %s", mdpath.buf, err.msg);
                if (md.bad_utf8)
                    pyenv_warn(ctx, mdpath.buf, "'%s' is not valid UTF-8", mdpath.buf);
                if (md.name && *md.name && md.version && *md.version && !md.bad_utf8) {
                    distname_normalize(&nn, md.name, strlen(md.name));
                    strbuf_reset(&name);
                    strbuf_addstr(&name, nn.buf);
                    strbuf_reset(&ver);
                    strbuf_addstr(&ver, md.version);
                }
            }
        }
        if (ver.len == 0 || name.len == 0) {
            metadata_release(&md);
            continue;   /* nothing to record (already warned) */
        }
        d = add_dist(ctx, e);
        d->name = facts_str(ctx->facts, name.buf);
        d->version = facts_str(ctx->facts, ver.buf);
        d->path = facts_str(ctx->facts, path.buf);
        d->site_dir = site;
        d->cuda_pkg = is_cuda_pkg(d->name, 0);
        if (want_md && type == COMPAT_FT_DIR)
            read_installer(ctx, d);
        if (md.n_reqs || md.name) {
            ALLOC_GROW(w->mds, w->n_mds + 1, w->alloc_mds);
            w->mds[w->n_mds].dist = e->n_dists - 1;
            w->mds[w->n_mds].md = md;
            w->n_mds++;
        } else {
            metadata_release(&md);
        }
    }
    fs_dirlist_release(&dl);
    strbuf_release(&name);
    strbuf_release(&ver);
    strbuf_release(&path);
    strbuf_release(&mdpath);
    strbuf_release(&text);
    strbuf_release(&nn);
}

/* conda packages whose JSON "depends" is worth reading. */
static int conda_wants_json(const char *name)
{
    return !strcmp(name, "pytorch") || !strcmp(name, "tensorflow") ||
           !strcmp(name, "tensorflow-base") || !strcmp(name, "jaxlib") || !strcmp(name, "cupy");
}

static void read_conda_json(struct scan_ctx *ctx, const char *path, struct py_dist *d)
{
    struct strbuf text = STRBUF_INIT;
    struct gd_err err;
    json_error_t jerr;
    json_t *root, *v;
    int r = fs_read_file(ctx->fs, path, PYENV_CONDA_JSON_LIMIT, &text, &err);

    if (r <= 0) {
        if (r < 0)
            pyenv_warn(ctx, path, "%s", err.msg);
        strbuf_release(&text);
        return;
    }
    root = json_loadb(text.buf, text.len, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &jerr);
    if (!root || !json_is_object(root)) {
        pyenv_warn(ctx, path, "cannot parse '%s': %s (line %d)", path,
                   root ? "not a JSON object" : jerr.text, root ? 0 : jerr.line);
        json_decref(root);
        strbuf_release(&text);
        return;
    }
    if (!d->name && (v = json_object_get(root, "name")) && json_is_string(v))
        d->name = facts_str(ctx->facts, json_string_value(v));
    if (!d->version && (v = json_object_get(root, "version")) && json_is_string(v))
        d->version = facts_str(ctx->facts, json_string_value(v));
    if (!d->build && (v = json_object_get(root, "build")) && json_is_string(v))
        d->build = facts_str(ctx->facts, json_string_value(v));
    if ((v = json_object_get(root, "depends")) && json_is_array(v)) {
        /* Keep only what says which CUDA: "pytorch-cuda 12.1.*", "cuda-version >=12.0". */
        size_t i;
        struct strbuf deps = STRBUF_INIT;
        for (i = 0; i < json_array_size(v); i++) {
            const char *s = json_string_value(json_array_get(v, i));
            if (s && (!strncmp(s, "cuda", 4) || !strncmp(s, "pytorch-cuda", 12) ||
                      !strncmp(s, "cudnn", 5))) {
                if (deps.len)
                    strbuf_addstr(&deps, "; ");
                strbuf_addstr(&deps, s);
            }
        }
        if (deps.len)
            d->installer = facts_printf(ctx->facts, "conda (depends: %s)", deps.buf);
        strbuf_release(&deps);
    }
    json_decref(root);
    strbuf_release(&text);
}

static void read_conda_meta(struct scan_ctx *ctx, struct python_env *e)
{
    struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT, n = STRBUF_INIT, v = STRBUF_INIT,
                  b = STRBUF_INIT;
    struct fs_dirlist dl;
    struct gd_err err;
    size_t i, len;
    int r;

    path_join(&dir, e->prefix, "conda-meta");
    r = fs_list_dir(ctx->fs, dir.buf, PYENV_DIR_MAX, &dl, &err);
    if (r < 0)
        pyenv_warn(ctx, dir.buf, "%s", err.msg);
    for (i = 0; i < dl.nr; i++) {
        const char *ent = dl.ents[i].name;
        struct py_dist *d;
        int split;

        len = strlen(ent);
        if (len < 6 || strcmp(ent + len - 5, ".json"))
            continue;
        path_join(&path, dir.buf, ent);
        split = distname_split_conda(ent, &n, &v, &b);
        d = add_dist(ctx, e);
        d->conda = 1;
        d->installer = "conda";
        d->path = facts_str(ctx->facts, path.buf);
        if (split) {
            d->name = facts_str(ctx->facts, n.buf);
            d->version = facts_str(ctx->facts, v.buf);
            d->build = facts_str(ctx->facts, b.buf);
        }
        if (!split || conda_wants_json(n.buf))
            read_conda_json(ctx, path.buf, d);
        if (!d->name || !d->version) {
            e->n_dists--;   /* could not tell what it is (already warned) */
            if (!split)
                pyenv_warn(ctx, path.buf, "cannot tell the package of '%s'", path.buf);
            continue;
        }
        d->cuda_pkg = is_cuda_pkg(d->name, 1);
        if (!strcmp(d->name, "python") && d->version[0]) {
            e->python_version = d->version;
            e->python_version_source = d->path;
        }
    }
    fs_dirlist_release(&dl);
    strbuf_release(&dir);
    strbuf_release(&path);
    strbuf_release(&n);
    strbuf_release(&v);
    strbuf_release(&b);
}

static const struct py_dist *sort_base;

static int cmp_idx(const void *a, const void *b)
{
    const struct py_dist *x = &sort_base[*(const size_t *)a], *y = &sort_base[*(const size_t *)b];
    int c = (x->site_dir == NULL) - (y->site_dir == NULL);
    if (c)
        return c;
    if (x->site_dir && y->site_dir && (c = strcmp(x->site_dir, y->site_dir)) != 0)
        return c;
    if ((c = x->conda - y->conda) != 0)
        return c;
    return strcmp(x->name, y->name);
}

/* Mark every name recorded twice in one site dir (a broken pip state). */
static void mark_duplicates(struct python_env *e)
{
    size_t *idx, i, j;
    if (e->n_dists < 2)
        return;
    idx = xmalloc(st_mult(e->n_dists, sizeof(*idx)));
    for (i = 0; i < e->n_dists; i++)
        idx[i] = i;
    sort_base = e->dists;
    qsort(idx, e->n_dists, sizeof(*idx), cmp_idx);
    for (i = 0; i < e->n_dists; i = j) {
        for (j = i + 1; j < e->n_dists && cmp_idx(&idx[i], &idx[j]) == 0; j++)
            ;
        if (j - i > 1) {
            /* Only differing versions are a broken state: Debian ships some
             * packages with both an .egg-info and a .dist-info of one version. */
            size_t k;
            int differ = 0;
            for (k = i + 1; k < j; k++)
                differ |= ver_cmp_pep440(e->dists[idx[k]].version, e->dists[idx[i]].version) != 0;
            if (!differ)
                continue;
            for (k = i; k < j; k++)
                e->dists[idx[k]].duplicate = 1;
            e->n_duplicates++;
        }
    }
    free(idx);
}

void pyenv_read_dists(struct scan_ctx *ctx, struct python_env *e, struct pyenv_work *w)
{
    size_t i;
    for (i = 0; i < e->n_site_dirs; i++)
        read_site_dir(ctx, e, e->site_dirs[i], w);
    if (!strcmp(e->kind, "conda"))
        read_conda_meta(ctx, e);
    mark_duplicates(e);
}
