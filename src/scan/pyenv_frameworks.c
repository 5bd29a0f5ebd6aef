/*
 * pyenv_frameworks.c - how each installed framework was built, from its
 * own files (docs/python.md lists the sources):
 *  - torch: torch/version.py (cuda, hip, git_version, debug), the local
 *    label of its version (+cu121, +cpu, +rocm6.0), the CUDA/ROCm libraries
 *    in torch/lib, and its nvidia-* Requires-Dist pins;
 *  - TensorFlow and variants: tensorflow/python/platform/build_info.py and
 *    the pins of its "and-cuda" extra;
 *  - JAX: jax, jaxlib (old local labels +cuda12.cudnn89) and the
 *    jax-cudaNN-plugin / -pjrt dists, whose versions must equal jaxlib's;
 *  - Keras: the backend (KERAS_BACKEND, else "backend" in
 *    $KERAS_HOME/keras.json or ~/.keras/keras.json, else tensorflow:
 *    keras/src/backend/config.py);
 *  - CuPy, ONNX Runtime, PaddlePaddle, TensorRT, XGBoost: the distribution
 *    name (cupy-cuda12x, onnxruntime-gpu, paddlepaddle-gpu, tensorrt-cu12,
 *    xgboost-cpu).
 * Every fact carries the file it came from as evidence.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "kb/ver_pep440.h"
#include "scan/buildinfo.h"
#include "scan/distname.h"
#include "scan/pyenv.h"
#include "scan/pyspec.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

struct fwctx {
    struct scan_ctx *ctx;
    struct python_env *env;
    const struct pyenv_work *w;
};

static struct framework_build *new_fw(struct fwctx *c, const char *name, const struct py_dist *d)
{
    struct python_env *e = c->env;
    struct framework_build *fw;
    ALLOC_GROW(e->frameworks, e->n_frameworks + 1, e->alloc_frameworks);
    fw = &e->frameworks[e->n_frameworks++];
    memset(fw, 0, sizeof(*fw));
    fw->name = name;
    fw->debug = -1;
    fw->device_code = -1;
    if (d) {
        fw->dist = d->name;
        fw->version = d->version;
        if (d->conda) {
            fw->installer = "conda";
            fw->installer_source = d->path;
        } else if (d->installer) {
            fw->installer = d->installer;
            fw->installer_source = d->path;
        }
        facts_evidence(c->ctx->facts, &fw->evidence, &fw->n_evidence, &fw->alloc_evidence,
                       d->path, facts_printf(c->ctx->facts, "%s %s installed", d->name, d->version));
        if (!d->conda && d->path && str_ends(d->path, ".dist-info")) {
            /* The platform the wheel was built for (PEP 427 WHEEL "Tag"). */
            struct strbuf sb = STRBUF_INIT;
            const char *p = facts_printf(c->ctx->facts, "%s/WHEEL", d->path), *tag;
            struct gd_err err;
            err_init(&err);
            if (fs_read_file(c->ctx->fs, p, PYENV_SMALL_LIMIT, &sb, &err) == 1 &&
                metadata_wheel_tag(&c->ctx->facts->arena, sb.buf, sb.len, &tag) == 1) {
                fw->wheel_tag = tag;
                fw->wheel_tag_source = p;
            }
            strbuf_release(&sb);
        }
    }
    return fw;
}

static void evidence(struct fwctx *c, struct framework_build *fw, const char *path,
                     const char *what)
{
    facts_evidence(c->ctx->facts, &fw->evidence, &fw->n_evidence, &fw->alloc_evidence, path, what);
}

static const struct metadata *md_of(struct fwctx *c, const struct py_dist *d)
{
    if (!d || d < c->env->dists || d >= c->env->dists + c->env->n_dists)
        return NULL;
    return pyenv_work_md(c->w, (size_t)(d - c->env->dists));
}

/* The site dir holding pkg/file (first in sys.path order), or NULL. */
static const char *find_pkg_file(struct fwctx *c, const char *rel, struct strbuf *path)
{
    struct compat_stat st;
    struct gd_err err;
    size_t i;
    for (i = 0; i < c->env->n_site_dirs; i++) {
        path_join(path, c->env->site_dirs[i], rel);
        if (fs_stat(c->ctx->fs, path->buf, &st, &err) == 1)
            return c->env->site_dirs[i];
    }
    return NULL;
}

static int read_small(struct fwctx *c, const char *path, struct strbuf *out)
{
    struct gd_err err;
    int r;
    strbuf_reset(out);
    r = fs_read_file(c->ctx->fs, path, PYENV_SMALL_LIMIT, out, &err);
    if (r < 0)
        pyenv_warn(c->ctx, path, "%s", err.msg);
    return r;
}

/* Record the CUDA-component requirements of d (nvidia-*, cuda-*, tensorrt*),
 * those of extra (when not NULL) or with no extra at all. */
static void add_deps(struct fwctx *c, struct framework_build *fw, const struct py_dist *d,
                     const char *extra)
{
    const struct metadata *md = md_of(c, d);
    size_t i;
    if (!md)
        return;
    for (i = 0; i < md->n_reqs; i++) {
        const struct md_requirement *r = &md->reqs[i];
        struct py_requirement *q;
        const struct py_dist *inst;
        if (strncmp(r->name, "nvidia-", 7) && strncmp(r->name, "cuda-", 5) &&
            strncmp(r->name, "tensorrt", 8) && strncmp(r->name, "jax-cuda", 8) &&
            strcmp(r->name, "jaxlib"))
            continue;
        if (r->extra && (!extra || strcmp(r->extra, extra)))
            continue;
        ALLOC_GROW(fw->deps, fw->n_deps + 1, fw->alloc_deps);
        q = &fw->deps[fw->n_deps++];
        memset(q, 0, sizeof(*q));
        q->name = r->name;
        q->specifier = r->specifier;
        q->extra = r->extra;
        q->marker = r->marker;
        inst = pyenv_find_dist(c->env, r->name);
        q->installed = inst ? inst->version : NULL;
        q->satisfied = inst ? pyspec_match(inst->version, r->specifier) : -1;
        if (inst && !r->specifier)
            q->satisfied = 1;
    }
}

static const char *spec_version(const char *spec)
{
    /* "==9.1.0.70" -> "9.1.0.70" when the pin is exact. */
    if (spec && spec[0] == '=' && spec[1] == '=' && spec[2] != '=' && !strchr(spec, ','))
        return spec + 2;
    return NULL;
}

static void torch_libs(struct fwctx *c, struct framework_build *fw, const char *site)
{
    static const char *const pats[] = { "libcudart", "libcudnn", "libcublas", "libnccl",
                                         "libnvrtc", "libcufft", "libcurand", "libcusparse",
                                         "libcusolver", "libnvToolsExt", "libtorch_cuda",
                                         "libc10_cuda", "libtorch_hip", "libc10_hip",
                                         "libamdhip64", "libMIOpen", "librccl", "libtorch_xpu" };
    struct strbuf p = STRBUF_INIT;
    struct fs_dirlist dl;
    struct gd_err err;
    size_t i, k;
    path_join(&p, site, "torch/lib");
    if (fs_list_dir(c->ctx->fs, p.buf, 4096, &dl, &err) < 0)
        pyenv_warn(c->ctx, p.buf, "%s", err.msg);
    for (i = 0; i < dl.nr; i++)
        for (k = 0; k < sizeof(pats) / sizeof(pats[0]); k++)
            if (!strncmp(dl.ents[i].name, pats[k], strlen(pats[k]))) {
                ALLOC_GROW(fw->bundled_libs, fw->n_bundled_libs + 1, fw->alloc_bundled_libs);
                fw->bundled_libs[fw->n_bundled_libs++] = facts_str(c->ctx->facts, dl.ents[i].name);
                break;
            }
    fs_dirlist_release(&dl);
    strbuf_release(&p);
}

static int has_lib(const struct framework_build *fw, const char *prefix)
{
    size_t i;
    for (i = 0; i < fw->n_bundled_libs; i++)
        if (!strncmp(fw->bundled_libs[i], prefix, strlen(prefix)))
            return 1;
    return 0;
}

static void do_torch(struct fwctx *c)
{
    const struct py_dist *d = pyenv_find_dist(c->env, "torch");
    const struct py_dist *cd = pyenv_find_dist(c->env, "pytorch");
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    const char *site;
    struct framework_build *fw;
    struct torch_version_info tv;
    struct gd_err err;
    size_t i;

    /* Package files are looked for only when metadata says torch is there:
     * a stat per site dir per framework adds up over 50 environments. */
    if (!d && !(cd && cd->conda))
        goto out;
    site = find_pkg_file(c, "torch/version.py", &p);
    fw = new_fw(c, "torch", d ? d : cd);
    if (site) {
        fw->location = facts_printf(c->ctx->facts, "%s/torch", site);
        if (read_small(c, p.buf, &text) == 1) {
            if (torch_version_parse(&tv, &c->ctx->facts->arena, text.buf, text.len, &err) < 0) {
                pyenv_warn(c->ctx, p.buf, "bad '%s': %s", p.buf, err.msg);
            } else {
                const char *vp = facts_str(c->ctx->facts, p.buf);
                fw->build_source = vp;
                if (!fw->version || (d && strcmp(d->version, tv.version)))
                    fw->version = tv.version;
                fw->cuda = tv.cuda;
                fw->hip = tv.hip;
                fw->git_version = tv.git_version;
                fw->debug = tv.debug;
                evidence(c, fw, vp, facts_printf(c->ctx->facts, "__version__ = '%s', cuda = %s%s%s, hip = %s%s%s",
                                                 tv.version, tv.cuda ? "'" : "", tv.cuda ? tv.cuda : "None",
                                                 tv.cuda ? "'" : "", tv.hip ? "'" : "", tv.hip ? tv.hip : "None",
                                                 tv.hip ? "'" : ""));
                if (tv.cuda)
                    fw->variant = "cuda";
                else if (tv.hip)
                    fw->variant = "rocm";
                else if (tv.xpu)
                    fw->variant = "xpu";
                else if (tv.has_cuda_field)
                    fw->variant = "cpu";
            }
        }
        torch_libs(c, fw, site);
    }
    fw->local = ver_pep440_local(fw->version);
    if (!fw->variant && fw->local) {
        if (!strncmp(fw->local, "cu", 2))
            fw->variant = "cuda";
        else if (!strncmp(fw->local, "rocm", 4))
            fw->variant = "rocm";
        else if (!strcmp(fw->local, "cpu"))
            fw->variant = "cpu";
    }
    if (!fw->variant && has_lib(fw, "libtorch_cuda"))
        fw->variant = "cuda";
    if (cd && cd->conda && cd->build) {
        /* conda's pytorch build string: "py3.11_cuda12.1_cudnn8.9.2_0" or "py3.11_cpu_0". */
        const char *cu = strstr(cd->build, "cuda"), *dn = strstr(cd->build, "cudnn");
        evidence(c, fw, cd->path, facts_printf(c->ctx->facts, "conda build %s", cd->build));
        if (cu && !fw->cuda && cu[4] >= '0' && cu[4] <= '9')
            fw->cuda = facts_printf(c->ctx->facts, "%.*s", (int)strcspn(cu + 4, "_"), cu + 4);
        if (dn && !fw->cudnn && dn[5] >= '0' && dn[5] <= '9')
            fw->cudnn = facts_printf(c->ctx->facts, "%.*s", (int)strcspn(dn + 5, "_"), dn + 5);
        if (!fw->variant)
            fw->variant = cu ? "cuda" : strstr(cd->build, "cpu") ? "cpu" : NULL;
    }
    add_deps(c, fw, d, NULL);
    for (i = 0; i < fw->n_deps; i++)
        if (!strncmp(fw->deps[i].name, "nvidia-cudnn-", 13) && spec_version(fw->deps[i].specifier))
            fw->cudnn = spec_version(fw->deps[i].specifier);
    if (!fw->cudnn)
        for (i = 0; i < fw->n_bundled_libs; i++)
            if (!strncmp(fw->bundled_libs[i], "libcudnn.so.", 12))
                fw->cudnn = facts_str(c->ctx->facts, fw->bundled_libs[i] + 12);
out:
    strbuf_release(&p);
    strbuf_release(&text);
}

/* "64_112" (Windows build_info) -> "11.2"; "64_8" -> "8"; others unchanged. */
static const char *win_version(struct fwctx *c, const char *v)
{
    size_t n;
    if (!v || strncmp(v, "64_", 3))
        return v;
    v += 3;
    n = strlen(v);
    if (n == 3)
        return facts_printf(c->ctx->facts, "%.2s.%c", v, v[2]);
    if (n == 4)
        return facts_printf(c->ctx->facts, "%.2s.%.2s", v, v + 2);
    return facts_str(c->ctx->facts, v);
}

static void do_tensorflow(struct fwctx *c)
{
    static const char *const dists[] = { "tensorflow", "tensorflow-gpu", "tensorflow-cpu",
                                         "tensorflow-intel", "tf-nightly", "tf-nightly-gpu",
                                         "tf-nightly-cpu", "tensorflow-macos", "tensorflow-rocm",
                                         "tensorflow-aarch64", "intel-tensorflow" };
    const struct py_dist *d = NULL, *metal;
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    const char *site;
    struct framework_build *fw;
    struct tf_build_info bi;
    struct gd_err err;
    size_t i;

    for (i = 0; i < sizeof(dists) / sizeof(dists[0]) && !d; i++)
        d = pyenv_find_dist(c->env, dists[i]);
    if (!d)
        d = pyenv_find_dist(c->env, "tensorflow-base");   /* conda */
    if (!d)
        goto out;
    site = find_pkg_file(c, "tensorflow/python/platform/build_info.py", &p);
    fw = new_fw(c, "tensorflow", d);
    if (site) {
        fw->location = facts_printf(c->ctx->facts, "%s/tensorflow", site);
        if (read_small(c, p.buf, &text) == 1) {
            const char *bp = facts_str(c->ctx->facts, p.buf);
            if (tf_build_info_parse(&bi, &c->ctx->facts->arena, text.buf, text.len, &err) < 0) {
                pyenv_warn(c->ctx, p.buf, "bad '%s': %s", p.buf, err.msg);
            } else {
                fw->build_source = bp;
                fw->cuda = win_version(c, bi.cuda_version);
                fw->cudnn = win_version(c, bi.cudnn_version);
                fw->compute_capabilities = bi.compute_caps;
                if (bi.is_cuda_build == 1)
                    fw->variant = "cuda";
                else if (bi.is_rocm_build == 1)
                    fw->variant = "rocm";
                else if (bi.is_cuda_build == 0)
                    fw->variant = "cpu";
                evidence(c, fw, bp, facts_printf(c->ctx->facts,
                         "is_cuda_build = %s, cuda_version = %s, cudnn_version = %s%s%s",
                         bi.is_cuda_build == 1 ? "True" : bi.is_cuda_build == 0 ? "False" : "absent",
                         bi.cuda_version ? bi.cuda_version : "absent",
                         bi.cudnn_version ? bi.cudnn_version : "absent",
                         bi.cudart_dll_name ? ", cudart_dll_name = " : "",
                         bi.cudart_dll_name ? bi.cudart_dll_name : ""));
            }
        }
    }
    if (!fw->variant && d && (!strcmp(d->name, "tensorflow-cpu") || !strcmp(d->name, "tf-nightly-cpu")))
        fw->variant = "cpu";
    metal = pyenv_find_dist(c->env, "tensorflow-metal");
    if (metal) {
        ALLOC_GROW(fw->components, fw->n_components + 1, fw->alloc_components);
        fw->components[fw->n_components++] = *metal;
        fw->variant = "metal";
    }
    fw->local = ver_pep440_local(fw->version);
    add_deps(c, fw, d, "and-cuda");
out:
    strbuf_release(&p);
    strbuf_release(&text);
}

static int same_release(const char *a, const char *b)
{
    struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
    int r;
    strbuf_add(&x, a, ver_pep440_public_len(a));
    strbuf_add(&y, b, ver_pep440_public_len(b));
    r = ver_cmp_pep440(x.buf, y.buf) == 0;
    strbuf_release(&x);
    strbuf_release(&y);
    return r;
}

static void do_jax(struct fwctx *c)
{
    const struct py_dist *jax = pyenv_find_dist(c->env, "jax");
    const struct py_dist *jaxlib = pyenv_find_dist(c->env, "jaxlib");
    struct framework_build *fw;
    size_t i;

    if (!jax && !jaxlib)
        return;
    fw = new_fw(c, "jax", jax ? jax : jaxlib);
    if (jaxlib) {
        const char *loc = ver_pep440_local(jaxlib->version);
        ALLOC_GROW(fw->components, fw->n_components + 1, fw->alloc_components);
        fw->components[fw->n_components++] = *jaxlib;
        if (jax)
            evidence(c, fw, jaxlib->path, facts_printf(c->ctx->facts, "jaxlib %s installed", jaxlib->version));
        fw->variant = "cpu";
        if (loc && !strncmp(loc, "cuda", 4)) {
            /* Monolithic CUDA jaxlib (<= 0.4.29): "+cuda12.cudnn89", "+cuda11.cudnn86". */
            const char *dn = strstr(loc, "cudnn");
            fw->local = loc;
            fw->variant = "cuda";
            fw->cuda = facts_printf(c->ctx->facts, "%.*s", (int)strcspn(loc + 4, "._"), loc + 4);
            if (dn && strlen(dn + 5) >= 2)
                fw->cudnn = facts_printf(c->ctx->facts, "%c.%s", dn[5], dn + 6);
        }
    }
    for (i = 0; i < c->env->n_dists; i++) {
        const struct py_dist *p = &c->env->dists[i];
        if (p->conda || (strncmp(p->name, "jax-cuda", 8) && strncmp(p->name, "jax-rocm", 8)))
            continue;
        ALLOC_GROW(fw->components, fw->n_components + 1, fw->alloc_components);
        fw->components[fw->n_components++] = *p;
        evidence(c, fw, p->path, facts_printf(c->ctx->facts, "%s %s installed", p->name, p->version));
        if (!strncmp(p->name, "jax-cuda", 8)) {
            fw->variant = "cuda";
            fw->cuda = facts_printf(c->ctx->facts, "%.*s", (int)strcspn(p->name + 8, "-"), p->name + 8);
        } else if (!fw->variant || !strcmp(fw->variant, "cpu")) {
            fw->variant = "rocm";
        }
        /* The plugin and PJRT wheels are released with jaxlib, same version. */
        if (jaxlib && !same_release(p->version, jaxlib->version))
            fw->version_skew = 1;
    }
    add_deps(c, fw, jax, NULL);
    for (i = 0; i < fw->n_deps; i++)
        if (fw->deps[i].satisfied == 0 && !strcmp(fw->deps[i].name, "jaxlib"))
            fw->version_skew = 1;
}

static void keras_backend(struct fwctx *c, struct framework_build *fw)
{
    const char *v = env_get(c->ctx->env, "KERAS_BACKEND");
    const char *kh = env_get(c->ctx->env, "KERAS_HOME");
    struct strlist homes = { NULL, 0, 0 };
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    int r = 0;

    if (fw->version && !strncmp(fw->version, "2.", 2) && strtoul(fw->version + 2, NULL, 10) >= 4) {
        /* Keras 2.4-2.15 is TensorFlow's own front end: no other backend. */
        fw->backend = "tensorflow";
        fw->backend_source = "keras 2.4+ uses tensorflow only";
        return;
    }
    if (kh && *kh == '/') {
        path_join(&p, kh, "keras.json");
        r = read_small(c, p.buf, &text);
    } else {
        pyenv_homes(c->ctx, &homes);
        if (homes.nr) {
            path_join(&p, homes.v[0], ".keras/keras.json");
            r = read_small(c, p.buf, &text);
        }
    }
    if (v && *v) {
        fw->backend = facts_str(c->ctx->facts, v);
        fw->backend_source = "KERAS_BACKEND";
        evidence(c, fw, NULL, facts_printf(c->ctx->facts, "KERAS_BACKEND=%s", v));
    }
    if (r == 1) {
        json_error_t jerr;
        json_t *root = json_loadb(text.buf, text.len, 0, &jerr);
        json_t *b = root && json_is_object(root) ? json_object_get(root, "backend") : NULL;
        if (!root)
            pyenv_warn(c->ctx, p.buf, "cannot parse '%s': %s (line %d)", p.buf, jerr.text, jerr.line);
        else if (b && json_is_string(b)) {
            const char *kp = facts_str(c->ctx->facts, p.buf);
            evidence(c, fw, kp, facts_printf(c->ctx->facts, "\"backend\": \"%s\"", json_string_value(b)));
            if (!fw->backend) {
                fw->backend = facts_str(c->ctx->facts, json_string_value(b));
                fw->backend_source = kp;
            }
        }
        json_decref(root);
    }
    if (!fw->backend) {
        fw->backend = "tensorflow";
        fw->backend_source = "default";
    }
    free(homes.v);
    strbuf_release(&p);
    strbuf_release(&text);
}

static void do_keras(struct fwctx *c)
{
    const struct py_dist *d = pyenv_find_dist(c->env, "keras");
    struct framework_build *fw;
    if (!d)
        return;
    fw = new_fw(c, "keras", d);
    keras_backend(c, fw);
}

static void do_cupy(struct fwctx *c)
{
    struct framework_build *fw = NULL;
    size_t i;
    for (i = 0; i < c->env->n_dists; i++) {
        const struct py_dist *d = &c->env->dists[i];
        const char *s;
        if (d->conda ? strcmp(d->name, "cupy") : strncmp(d->name, "cupy", 4) ||
                                                     (d->name[4] && d->name[4] != '-'))
            continue;
        if (!fw) {
            fw = new_fw(c, "cupy", d);
        } else {
            evidence(c, fw, d->path, facts_printf(c->ctx->facts, "%s %s installed", d->name, d->version));
        }
        ALLOC_GROW(fw->components, fw->n_components + 1, fw->alloc_components);
        fw->components[fw->n_components++] = *d;
        s = d->name + 4;
        if (!strncmp(s, "-cuda", 5)) {
            /* cupy-cuda12x (any 12.x), cupy-cuda117 (exactly 11.7), cupy-cuda102. */
            const char *n = s + 5;
            size_t len = strlen(n);
            fw->variant = "cuda";
            if (len == 3 && n[2] == 'x')
                fw->cuda = facts_printf(c->ctx->facts, "%.2s.x", n);
            else if (len == 3)
                fw->cuda = facts_printf(c->ctx->facts, "%.2s.%c", n, n[2]);
            else if (len == 4)
                fw->cuda = facts_printf(c->ctx->facts, "%.2s.%.2s", n, n + 2);
        } else if (!strncmp(s, "-rocm", 5)) {
            fw->variant = "rocm";
        }
    }
}

static void simple(struct fwctx *c, const char *fwname, const char *gpu, const char *cpu,
                   const char *variant_gpu)
{
    const struct py_dist *g = pyenv_find_dist(c->env, gpu);
    const struct py_dist *p = cpu ? pyenv_find_dist(c->env, cpu) : NULL;
    struct framework_build *fw;
    if (!g && !p)
        return;
    fw = new_fw(c, fwname, g ? g : p);
    fw->variant = g ? variant_gpu : "cpu";
    if (g && p) {
        /* Both install the same module; whichever was installed last won. */
        ALLOC_GROW(fw->components, fw->n_components + 2, fw->alloc_components);
        fw->components[fw->n_components++] = *g;
        fw->components[fw->n_components++] = *p;
        evidence(c, fw, p->path, facts_printf(c->ctx->facts, "%s %s is installed too", p->name, p->version));
    }
    fw->local = ver_pep440_local(fw->version);
}

static void do_onnxruntime(struct fwctx *c)
{
    struct strbuf p = STRBUF_INIT;
    size_t before = c->env->n_frameworks;
    simple(c, "onnxruntime", "onnxruntime-gpu", "onnxruntime", "cuda");
    if (c->env->n_frameworks > before) {
        struct framework_build *fw = &c->env->frameworks[before];
        const char *site = find_pkg_file(c, "onnxruntime/capi/libonnxruntime_providers_cuda.so", &p);
        if (site) {
            evidence(c, fw, facts_str(c->ctx->facts, p.buf), "CUDA execution provider present");
            /* Where scan/fwfiles.c reads the provider's DT_NEEDED. */
            fw->location = facts_printf(c->ctx->facts, "%s/onnxruntime", site);
        }
        add_deps(c, fw, pyenv_find_dist(c->env, "onnxruntime-gpu"), NULL);
    } else {
        simple(c, "onnxruntime", "onnxruntime-rocm", NULL, "rocm");
    }
    strbuf_release(&p);
}

static void do_paddle(struct fwctx *c)
{
    size_t before = c->env->n_frameworks;
    simple(c, "paddle", "paddlepaddle-gpu", "paddlepaddle", "cuda");
    if (c->env->n_frameworks > before) {
        struct framework_build *fw = &c->env->frameworks[before];
        const char *post = fw->version ? strstr(fw->version, ".post") : NULL;
        /* 2.x CUDA builds are versioned X.Y.Z.postNNN: post117 is CUDA 11.7. */
        if (post && !strcmp(fw->variant, "cuda") && strlen(post + 5) == 3)
            fw->cuda = facts_printf(c->ctx->facts, "%.2s.%c", post + 5, post[7]);
        add_deps(c, fw, pyenv_find_dist(c->env, "paddlepaddle-gpu"), NULL);
    }
}

/*
 * XGBoost: the xgboost wheel (CUDA or not: its libxgboost.so decides,
 * scan/fwlibs.c), xgboost-cpu (CPU only, from 2.1), xgboost-cu12 /
 * xgboost-cu13 (CUDA wheels of one major), conda-forge's py-xgboost.
 */
static void do_xgboost(struct fwctx *c)
{
    static const char *const names[] = { "xgboost", "xgboost-cu13", "xgboost-cu12", "xgboost-cpu", "py-xgboost" };
    struct strbuf p = STRBUF_INIT;
    const struct py_dist *d = NULL;
    struct framework_build *fw;
    const char *site;
    size_t i;
    for (i = 0; i < sizeof(names) / sizeof(names[0]) && !d; i++)
        d = pyenv_find_dist(c->env, names[i]);
    if (!d)
        return;
    fw = new_fw(c, "xgboost", d);
    if (!strcmp(d->name, "xgboost-cpu"))
        fw->variant = "cpu";
    else if (!strncmp(d->name, "xgboost-cu", 10))
        fw->cuda = facts_printf(c->ctx->facts, "%s", d->name + 10);
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        const struct py_dist *o = pyenv_find_dist(c->env, names[i]);
        if (o && o != d)   /* one xgboost module: whichever was installed last won */
            evidence(c, fw, o->path, facts_printf(c->ctx->facts, "%s %s is installed too", o->name, o->version));
    }
    if ((site = find_pkg_file(c, "xgboost/lib/libxgboost.so", &p)) != NULL) {
        evidence(c, fw, facts_str(c->ctx->facts, p.buf), "native library present");
        fw->location = facts_printf(c->ctx->facts, "%s/xgboost", site);   /* scan/fwlibs.c reads it */
    }
    add_deps(c, fw, d, NULL);
    strbuf_release(&p);
}

static void do_tensorrt(struct fwctx *c)
{
    static const char *const names[] = { "tensorrt", "tensorrt-cu13", "tensorrt-cu12",
                                         "tensorrt-cu11", "tensorrt-libs", "tensorrt-cu12-libs" };
    const struct py_dist *d = NULL;
    struct framework_build *fw;
    size_t i;
    for (i = 0; i < sizeof(names) / sizeof(names[0]) && !d; i++) {
        d = pyenv_find_dist(c->env, names[i]);
        if (d && d->conda)
            d = NULL;
    }
    if (!d)
        return;
    fw = new_fw(c, "tensorrt", d);
    fw->variant = "cuda";
    for (i = 0; i < c->env->n_dists; i++) {
        const struct py_dist *p = &c->env->dists[i];
        const char *cu;
        if (p->conda || strncmp(p->name, "tensorrt", 8))
            continue;
        cu = strstr(p->name, "-cu");
        if (cu && cu[3] >= '0' && cu[3] <= '9')
            fw->cuda = facts_printf(c->ctx->facts, "%.*s", (int)strcspn(cu + 3, "-"), cu + 3);
    }
    add_deps(c, fw, d, NULL);
}

void pyenv_frameworks(struct scan_ctx *ctx, struct python_env *env, const struct pyenv_work *w)
{
    struct fwctx c;
    c.ctx = ctx;
    c.env = env;
    c.w = w;
    do_torch(&c);
    do_tensorflow(&c);
    do_jax(&c);
    do_keras(&c);
    do_cupy(&c);
    do_onnxruntime(&c);
    do_paddle(&c);
    do_xgboost(&c);
    do_tensorrt(&c);
}
