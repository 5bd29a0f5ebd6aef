/*
 * lockcheck.c - the builds a dependency file installs, judged by the
 * release chooser against a machine (diagnose/lockcheck.h).
 */
#include "diagnose/lockcheck.h"

#include <stdlib.h>
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fw.h"
#include "facts/facts.h"
#include "kb/kbdata.h"
#include "kb/ver_pep440.h"
#include "scan/lockfile.h"
#include "util/alloc.h"
#include "util/banned.h"

/* An index URL's last path component when it names a build variant
 * ("https://download.pytorch.org/whl/cu124" -> "cu124"), else NULL. */
static const char *index_variant(struct arena *a, const char *url)
{
    const char *e, *s;
    size_t n;
    if (!url)
        return NULL;
    e = url + strlen(url);
    while (e > url && e[-1] == '/')
        e--;
    s = e;
    while (s > url && s[-1] != '/')
        s--;
    n = (size_t)(e - s);
    if (n >= 3 && s[0] == 'c' && s[1] == 'u' && s[2] >= '0' && s[2] <= '9' && strspn(s + 2, "0123456789") == n - 2)
        return arena_strndup(a, s, n);
    if ((n == 3 && !memcmp(s, "cpu", 3)) || (n > 4 && !memcmp(s, "rocm", 4)))
        return arena_strndup(a, s, n);
    return NULL;
}

static int list_has(const char *list, const char *item)
{
    size_t n = strlen(item);
    const char *p = list;
    while (p && *p) {
        size_t k = strcspn(p, ",");
        if (k == n && !memcmp(p, item, n))
            return 1;
        p += k;
        if (*p)
            p++;
    }
    return 0;
}

/* The extras of a requirement name "jax[cuda12_pip]" -> "cuda12-pip" (normalised), or NULL. */
static const char *package_extras(struct arena *a, const char *package)
{
    const char *b = package ? strchr(package, '[') : NULL, *e;
    if (!b || !(e = strchr(b, ']')))
        return NULL;
    return lock_normalize(a, b + 1, (size_t)(e - b - 1));
}

static size_t base_len(const char *package)
{
    return strcspn(package, "[");
}

/* The first component of the framework's other distributions in lf ("jaxlib", "jax-cuda12-plugin"). */
static void add_components(struct framework_build *b, const struct lock_file *lf, const struct fw_def *fw,
                           const struct lock_req *self)
{
    size_t i;
    for (i = 0; i < lf->n_reqs; i++) {
        const struct lock_req *r = &lf->reqs[i];
        struct py_dist *d;
        if (r == self || r->conda || fw_of_dist(r->name) != fw || !strcmp(r->name, self->name))
            continue;
        ALLOC_GROW(b->components, b->n_components + 1, b->alloc_components);
        d = &b->components[b->n_components++];
        memset(d, 0, sizeof(*d));
        d->name = r->name;
        d->version = r->version;
    }
}

/* The release chooser's row for pin p on no machine in particular: does the build exist? */
static int kb_build(const struct kb *kb, struct lock_pin *p, struct arena *a, struct choice *ch)
{
    struct choose_in in;
    memset(&in, 0, sizeof(in));
    in.fw = p->fw;
    in.want = p->want;
    in.variant = p->variant;
    in.strict = 1;
    in.os = "linux";
    return choose(kb, &in, a, ch);
}

/* conda's pytorch=V with the CUDA its file pins (pytorch-cuda=X.Y on the
 * pytorch channel, cudatoolkit=X.Y before it, cuda-version=X.Y on
 * conda-forge): judged as PyTorch's own cuXY build of V, which is built
 * with the same CUDA and has the same driver floor.  1 set, 0 the file does
 * not say (p->cpu set for cpuonly). */
static int conda_torch(struct arena *a, const struct lock_file *lf, struct lock_pin *p)
{
    static const char *const cuda_pkgs[] = { "pytorch-cuda", "cudatoolkit", "cuda-version", "cuda-toolkit" };
    size_t i, k;
    for (i = 0; i < lf->n_reqs; i++) {
        const struct lock_req *r = &lf->reqs[i];
        if (!r->conda)
            continue;
        if (!strcmp(r->name, "cpuonly")) {
            p->cpu = arena_printf(a, "conda's pytorch %s with cpuonly is the CPU build", p->version);
            return 0;
        }
        for (k = 0; k < sizeof(cuda_pkgs) / sizeof(cuda_pkgs[0]); k++)
            if (!strcmp(r->name, cuda_pkgs[k]) && r->version) {
                const char *dot = strchr(r->version, '.');
                size_t minor = dot ? strspn(dot + 1, "0123456789") : 0;
                if (!dot || !minor)
                    continue;
                p->want = p->version;
                p->variant = arena_printf(a, "cu%.*s%.*s", (int)(dot - r->version), r->version, (int)minor, dot + 1);
                p->variant_why = arena_printf(a, "conda's %s=%s (judged as PyTorch's own %s build: the same CUDA)",
                                              r->name, r->version, p->variant);
                return 1;
            }
    }
    return 0;
}

/* Is main (a framework's own distribution) the file's entry for the framework? */
static int is_main_dist(const struct fw_def *fw, const char *name)
{
    /* jaxlib and the plugins go with jax; the framework's own name first */
    if (!strcmp(fw->name, "jax"))
        return !strcmp(name, "jax");
    return 1;
}

size_t lockcheck_pins(const struct kb *kb, const struct lock_file *lf, struct arena *a, struct lock_pin **out)
{
    struct lock_pin *v = NULL;
    size_t n = 0, alloc = 0, i, k;

    for (i = 0; i < lf->n_reqs; i++) {
        const struct lock_req *r = &lf->reqs[i];
        const struct fw_def *fw = r->conda ? NULL : fw_of_dist(r->name);
        struct lock_pin *p;
        struct framework_build b;
        struct choose_in in;
        struct choice ch;
        const char *iv;
        int dup = 0;

        if (r->marker && lock_marker_linux(r->marker) == 0)
            continue;   /* not installed on Linux x86_64 */
        if (r->conda && (!strcmp(r->name, "pytorch") || !strcmp(r->name, "tensorflow") || !strcmp(r->name, "jax") ||
                         !strcmp(r->name, "cupy") || !strcmp(r->name, "onnxruntime")))
            fw = fw_find(r->name);
        if (!fw || !is_main_dist(fw, r->name))
            continue;
        for (k = 0; k < n; k++)
            if (v[k].fw == fw && !strcmp(v[k].dist, r->name) && v[k].version && r->version &&
                !strcmp(v[k].version, r->version))
                dup = 1;   /* the same pin again (a group and the main list) */
        if (dup)
            continue;
        ALLOC_GROW(v, n + 1, alloc);
        p = &v[n++];
        memset(p, 0, sizeof(*p));
        p->fw = fw;
        p->dist = r->name;
        p->version = r->version;
        p->spec = r->spec;
        p->index = r->index;
        p->line = r->line;
        p->dev = r->dev;
        if (r->conda && !(fw == &fw_torch && r->version && conda_torch(a, lf, p))) {
            if (!p->cpu)
                p->unknown = arena_printf(a, "conda's %s%s%s: the knowledge base has no rows for conda's builds of "
                                          "it (plan --framework %s shows the conda route)", r->name,
                                          r->version ? " " : "", r->version ? r->version : "", fw->name);
            continue;
        }
        if (!r->version) {
            p->unknown = arena_printf(a, "the file does not pin %s to one version (%s): lock it (uv lock, "
                                      "poetry lock, pip-compile) to judge the build it installs", r->name,
                                      r->spec ? r->spec : "any version");
            continue;
        }
        if (r->conda)
            goto judged_conda;
        /* The variant: the module's own mapping of an install, then the index. */
        memset(&b, 0, sizeof(b));
        b.name = fw->name;
        b.dist = r->name;
        b.version = r->version;
        b.local = ver_pep440_local(r->version);
        add_components(&b, lf, fw, r);
        memset(&in, 0, sizeof(in));
        if (fw->requirement)
            fw->requirement(&b, &in, a);
        else
            in.want = b.version;
        free(b.components);
        p->want = in.want;
        p->variant = in.variant;
        if (p->variant)
            p->variant_why = "its distribution or companion packages";
        else if (b.local)
            p->variant_why = "its local version label";
        else if (r->extras) {
            /* an extra naming a CUDA flavour: jax[cuda12], jax[cuda12_pip] */
            const char *x = r->extras;
            while (*x && !p->variant) {
                size_t kx = strcspn(x, ","), d = kx > 4 && !memcmp(x, "cuda", 4) ? strspn(x + 4, "0123456789") : 0;
                if (d) {
                    p->variant = arena_strndup(a, x, 4 + d);
                    p->variant_why = arena_printf(a, "its [%.*s] extra", (int)kx, x);
                }
                x += kx;
                if (*x)
                    x++;
            }
        }
        /* The index it comes from: its own, else the file's main index, else
         * an extra index or find-links page that has this framework's variant. */
        iv = NULL;
        if (!p->variant && !b.local) {
            const char *from = r->index ? r->index : lf->index_url;
            iv = index_variant(a, from);
            for (k = 0; !iv && !r->index && k < lf->n_indexes; k++)
                if ((iv = index_variant(a, lf->indexes[k])) != NULL)
                    from = lf->indexes[k];
            if (iv) {
                p->variant = iv;
                if (strcmp(iv, "cpu") && strncmp(iv, "rocm", 4) && !(r->index || (from == lf->index_url && lf->index_url)) &&
                    (kb_build(kb, p, a, &ch) != 1 || !ch.variant || strcmp(ch.variant, iv)))
                    p->variant = NULL;   /* an extra index of another framework's builds */
                else
                    p->variant_why = arena_printf(a, "the index %s", from);
            }
        }
        if ((b.local && !strcmp(b.local, "cpu")) || (p->variant && !strcmp(p->variant, "cpu"))) {
            p->cpu = arena_printf(a, "%s %s is the CPU build (%s)", r->name, r->version,
                                  p->variant_why ? p->variant_why : "its label");
            continue;
        }
        if ((b.local && !strncmp(b.local, "rocm", 4)) || (p->variant && !strncmp(p->variant, "rocm", 4))) {
            p->cpu = arena_printf(a, "%s %s is a ROCm build (AMD GPUs): no NVIDIA GPU", r->name, r->version);
            continue;
        }
    judged_conda:
        if (kb_build(kb, p, a, &ch) != 1) {
            p->unknown = ch.why_not ? ch.why_not
                                    : arena_printf(a, "the knowledge base has no CUDA build of %s %s%s%s on Linux",
                                                   fw->name, p->want ? p->want : r->version, p->variant ? " " : "",
                                                   p->variant ? p->variant : "");
            continue;
        }
        /* The file installs one build: where it names no variant, the one
         * its index serves by default (PyPI's torch==2.13.0 is cu130). */
        if (!p->variant && !b.local && ch.variant && !r->conda) {
            p->variant = ch.variant;
            p->variant_why = arena_printf(a, "the default build %s serves", r->index ? r->index : "PyPI");
        }
        p->label = ch.label;
        p->cuda = ch.cuda;
        p->unverified = ch.unverified;
        /* The distribution the file installs must be that build's package. */
        if (ch.package && !r->conda) {
            size_t bl = base_len(ch.package);
            const char *want_ex = package_extras(a, ch.package);
            if (strlen(r->name) != bl || memcmp(r->name, ch.package, bl) ||
                (!strcmp(fw->name, "tensorflow") && !strncmp(r->name, "tensorflow-cpu", 14))) {
                int other = 0;
                for (k = 0; k < lf->n_reqs; k++)
                    if (strlen(lf->reqs[k].name) == bl && !memcmp(lf->reqs[k].name, ch.package, bl))
                        other = 1;
                if (!other) {
                    p->cpu = arena_printf(a, "%s is not %s's CUDA build (that is %.*s)", r->name, fw->name, (int)bl,
                                          ch.package);
                    continue;
                }
            }
            if (want_ex && !strcmp(fw->name, "jax") && !p->variant_why) {
                int ok = 0;
                const char *x = r->extras;
                while (x && *x && !ok) {
                    size_t kx = strcspn(x, ",");
                    ok = kx >= 4 && !memcmp(x, "cuda", 4);
                    x += kx;
                    if (*x)
                        x++;
                }
                if (!ok) {
                    p->cpu = arena_printf(a, "jax %s without a CUDA extra or plugin is the CPU build (the CUDA "
                                          "build is %s)", r->version, ch.package);
                    continue;
                }
            } else if (want_ex && !strcmp(fw->name, "tensorflow") && !(r->extras && list_has(r->extras, want_ex))) {
                p->cpu = arena_printf(a, "tensorflow %s without [%s] brings no CUDA libraries: it uses the GPU only "
                                      "where the system provides CUDA %s and cuDNN", r->version, want_ex,
                                      ch.cuda ? ch.cuda : "");
                continue;
            }
        }
    }
    *out = v;
    return n;
}

void lockcheck_judge(const struct kb *kb, const struct lock_pin *p, const struct lock_target *t, struct arena *a,
                     struct lock_verdict *out)
{
    struct choose_in in;
    struct choice ch;

    memset(out, 0, sizeof(*out));
    out->gpu = LOCK_GPU_UNKNOWN;
    if (t->unusable) {
        out->why = t->unusable;
        return;
    }
    if (p->unknown) {
        out->why = p->unknown;
        return;
    }
    if (p->cpu) {
        out->gpu = LOCK_GPU_NO;
        out->why = p->cpu;
        return;
    }
    if (!t->driver) {
        out->gpu = LOCK_GPU_NO;
        out->why = "no NVIDIA driver";
        return;
    }
    memset(&in, 0, sizeof(in));
    in.fw = p->fw;
    in.want = p->want;
    in.variant = p->variant;
    in.strict = 1;
    in.driver = t->driver;
    in.gpu_cc = t->gpu_cc;
    in.python = t->python;
    in.os = t->os;
    in.wsl = t->wsl;
    in.arch = t->arch;
    in.jetson = t->jetson;
    if (choose(kb, &in, a, &ch) == 1) {
        out->gpu = ch.driver_ok == 0 ? LOCK_GPU_NO : LOCK_GPU_YES;
        out->min_driver = ch.driver_need;
        out->why = arena_printf(a, "%s: driver %s%s%s%s%s%s", ch.label, t->driver,
                                ch.driver_need ? " >= " : "", ch.driver_need ? ch.driver_need : "",
                                t->gpu_cc ? ", compute capability " : "", t->gpu_cc ? t->gpu_cc : "",
                                ch.python_ok == -1 && t->python ? " (Python range unknown)" : "");
        return;
    }
    out->gpu = LOCK_GPU_NO;
    out->why = ch.why_not ? ch.why_not : "no build of it runs here";
}

void lockcheck_target_from_facts(struct lock_target *t, const struct facts *f, const char *name, struct arena *a)
{
    const char *drv = facts_driver_version(f);
    size_t i;
    memset(t, 0, sizeof(*t));
    t->name = name;
    t->driver = drv ? arena_strdup(a, drv) : NULL;
    if (!t->driver && f->driver.wsl_driver_version)
        t->driver = arena_strdup(a, f->driver.wsl_driver_version);
    for (i = 0; i < f->n_gpus; i++)
        if (f->gpus[i].compute_capability) {
            t->gpu_cc = arena_strdup(a, f->gpus[i].compute_capability);
            t->gpu_name = f->gpus[i].name ? arena_strdup(a, f->gpus[i].name) : NULL;
            break;
        }
    t->os = f->system.os ? f->system.os : "linux";
    t->arch = f->system.arch;
    t->wsl = f->system.wsl == 2;
    t->jetson = f->tegra.present;
    for (i = 0; i < f->n_pyenvs; i++)
        if (f->pyenvs[i].active && f->pyenvs[i].python_version) {
            t->python = arena_strdup(a, f->pyenvs[i].python_version);
            break;
        }
}
