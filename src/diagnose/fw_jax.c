/*
 * fw_jax.c - JAX: the CUDA plugin (jax-cuda12-plugin, or a +cuda jaxlib)
 * and its version skew against jaxlib; the minimum driver, cuDNN and
 * compute capability of the plugin's release (jax.kb).
 */

#include <stdlib.h>
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

static const struct py_dist *component(const struct framework_build *fw, const char *prefix)
{
    size_t i;
    for (i = 0; i < fw->n_components; i++)
        if (str_starts(fw->components[i].name, prefix))
            return &fw->components[i];
    return NULL;
}

static const struct py_dist *env_dist(const struct python_env *e, const char *name)
{
    size_t i;
    for (i = 0; i < e->n_dists; i++)
        if (!strcmp(e->dists[i].name, name))
            return &e->dists[i];
    return NULL;
}

/*
 * "cudaNN" from a name at the point where the CUDA major follows "cuda"
 * ("jax-cuda12-plugin" from 8, a jaxlib label "cuda11.cudnn86" from 0), or
 * NULL.  The flavors themselves are jax.kb's; nothing here lists them.
 */
static const char *flavor_at(struct arena *a, const char *s)
{
    size_t n = strspn(s + 4, "0123456789");
    return str_starts(s, "cuda") && n ? arena_strndup(a, s, 4 + n) : NULL;
}

static void check_jax(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    const struct py_dist *jaxlib = component(fw, "jaxlib"), *plugin = component(fw, "jax-cuda");
    const char *flavor = NULL, *ver;
    struct kb_jax j;
    struct finding *fd;

    if (plugin)
        flavor = flavor_at(c->a, plugin->name + strlen("jax-"));
    else if (jaxlib && ver_pep440_local(jaxlib->version))
        flavor = flavor_at(c->a, ver_pep440_local(jaxlib->version));
    if (fw->version_skew) {
        fd = fw_finding(c, "GD213", SEV_ERROR, "jax's CUDA plugin does not match jaxlib");
        if (jaxlib)
            finding_evidence(c->out, fd, jaxlib->path, "jaxlib %s", jaxlib->version);
        if (plugin)
            finding_evidence(c->out, fd, plugin->path, "%s %s", plugin->name, plugin->version);
        /* jax[cudaNN]==V pins jaxlib and the plugin to jax's V (the fix engine validates it). */
        fixes_jax_install(&c->fx, c->out, fd, c->env, fw->version);
        return;
    }
    if (!flavor && c->f->partial && !(fw->variant && !strcmp(fw->variant, "cpu"))) {
        fw_judge_unversioned(c);   /* a log that does not show its packages */
        return;
    }
    if (!flavor) {
        fd = fw_finding(c, "GD211", SEV_ERROR, "jax %s has no CUDA plugin: it runs on the CPU", fw_version_label(c));
        if (jaxlib)
            finding_evidence(c->out, fd, jaxlib->path, "jaxlib %s without a +cuda build and no jax-cuda*-plugin", jaxlib->version);
        fixes_jax_install(&c->fx, c->out, fd, c->env, fw->version);
        return;
    }
    ver = plugin ? plugin->version : jaxlib ? jaxlib->version : fw->version;
    if (!ver) {
        fw_judge_unversioned(c);
        return;
    }
    if (kb_jax(c->kb, ver, flavor, &j) != 1) {
        fw_unknown(c, arena_printf(c->a, "jax %s (%s) is not in the knowledge base", ver, flavor));
        return;
    }
    if (j.driver_min && fw_driver_below(c, j.driver_min, flavor + strlen("cuda")) == 1) {
        fd = fw_finding(c, "GD208", SEV_ERROR, "the driver %s is too old for jax %s (%s needs %s or newer)", fw_driver_label(c),
                        ver, flavor, j.driver_min);
        finding_evidence(c->out, fd, j.source, "jax %s %s: driver >= %s", ver, flavor, j.driver_min);
        fixes_driver_upgrade(&c->fx, c->out, fd, j.driver_min, arena_printf(c->a, "jax %s's %s plugin needs it", ver, flavor));
    }
    if (j.cudnn_min) {
        /* NVIDIA's cuDNN wheel for the flavor's CUDA major: nvidia-cudnn-cuNN. */
        const char *cudnn_dist = arena_printf(c->a, "nvidia-cudnn-cu%s", flavor + strlen("cuda"));
        const struct py_dist *d = env_dist(c->env, cudnn_dist);
        if (d && d->version && ver_cmp_dotted(d->version, j.cudnn_min) < 0) {
            fd = fw_finding(c, "GD207", SEV_ERROR, "jax %s needs cuDNN %s or newer; %s %s is installed", ver, j.cudnn_min,
                            cudnn_dist, d->version);
            finding_evidence(c->out, fd, d->path, "%s %s", cudnn_dist, d->version);
            fixes_jax_install(&c->fx, c->out, fd, c->env, ver);
        } else if (!d) {
            fw_unknown(c, arena_printf(c->a, "%s is not installed in this environment; jax then looks for a system "
                                        "cuDNN %s", cudnn_dist, j.cudnn_min));
        }
    }
    if (j.cc_min) {
        size_t i;
        for (i = 0; i < c->f->n_gpus; i++) {
            const struct gpu *g = &c->f->gpus[i];
            if (g->compute_capability && ver_cmp_dotted(g->compute_capability, j.cc_min) < 0) {
                fd = fw_finding(c, "GD209", SEV_ERROR, "jax %s supports compute capability %s and newer; %s is %s", ver,
                                j.cc_min, g->name ? g->name : "this GPU", g->compute_capability);
                finding_evidence(c->out, fd, j.source, "minimum compute capability %s", j.cc_min);
            }
        }
    }
}

#define JAX_RELEASES "https://storage.googleapis.com/jax-releases/jax_cuda_releases.html"

/* One release of a jax.kb row: jax[cudaNN] (the CUDA plugin from PyPI), or
 * jax[cudaNN_pip] with Google's -f page before the row's extras had it. */
static void jax_point(struct choose_ctx *cx, const char *release, void *arg)
{
    const struct kb_row_jax *row = arg;
    const char *flavor = row->flavor, *extras = row->extras;
    struct choice *c;

    if (!choose_list_has(extras, flavor) && !choose_list_has(extras, arena_printf(cx->a, "%s_pip", flavor)))
        return;
    c = choose_add(cx);
    c->release = release;
    c->pin = choose_pin(cx->a, release);
    c->range = arena_printf(cx->a, "%s-%s", row->first, row->last);
    c->variant = flavor;
    c->label = arena_printf(cx->a, "jax %s (%s)", c->pin, flavor);
    c->route = "pip";
    if (choose_list_has(extras, flavor)) {
        c->package = arena_printf(cx->a, "jax[%s]", flavor);
    } else {
        c->package = arena_printf(cx->a, "jax[%s_pip]", flavor);
        c->index = JAX_RELEASES;
    }
    c->cuda = row->cuda_min;
    c->cudnn = row->cudnn_min;
    c->cc_min = row->cc_min;
    c->source = row->source;
    c->unverified = kbdata_source_unverified(c->source);
    if ((c->driver_need = row->driver_min) != NULL) {
        c->driver_rule = "minor-version compatibility";
        c->driver_source = c->source;
    }
    choose_python_support(cx, c, "jax");
}

/*
 * The chooser's column map: every CUDA row of jax.kb, at its newest release
 * (kb_meta's newest when older), the last release of each Python range
 * inside it, or the release asked for.  The wheels bring CUDA at least the
 * row's cuda_min (data/cuda_compat.kb); driver_min and cc_min are the
 * row's.  No CUDA build on native Windows.
 */
static void jax_candidates(struct choose_ctx *cx)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_jax);
    size_t r;

    if (cx->in->os && !strcmp(cx->in->os, "windows") && !cx->in->wsl) {
        cx->why_none = "JAX has no CUDA build for native Windows: use WSL2 (--os wsl)";
        choose_reject(cx, "os", cx->why_none, "https://docs.jax.dev/en/latest/installation.html");
        return;
    }
    for (r = 0; t && r < t->nrows; r++) {
        struct kb_row_jax row;
        kb_row(t, r, jax, &row);
        if (!row.flavor || strncmp(row.flavor, "cuda", 4) || !row.first)
            continue;
        choose_points(cx, "jax", "jax", row.first, row.last, jax_point, &row);
    }
}

/* The build to reproduce: jax's version, in the CUDA flavour of its plugin or jaxlib. */
static void jax_requirement(const struct framework_build *b, struct choose_in *in, struct arena *a)
{
    const struct py_dist *jaxlib = component(b, "jaxlib"), *plugin = component(b, "jax-cuda");
    in->want = b->version;
    if (plugin)
        in->variant = flavor_at(a, plugin->name + strlen("jax-"));
    else if (jaxlib && ver_pep440_local(jaxlib->version))
        in->variant = flavor_at(a, ver_pep440_local(jaxlib->version));
}

const struct fw_def fw_jax = {
    .name = "jax",
    .table = "jax",
    .title = "jax",
    .dists = (const char *const[]){ "jax", "jaxlib", "jax-cuda*", NULL },
    .candidates = jax_candidates,
    .requirement = jax_requirement,
    .install = fixes_jax_install,
    .judge = check_jax,
};
