/*
 * fw_cupy.c - CuPy: the CUDA libraries its extension modules link (DT_NEEDED
 * of cupy_backends/cuda/api|libs and cupy/cuda *.so), each resolved from the
 * module that needs it; the driver against the wheel's CUDA range
 * (cupy.kb).  A cupy-rocm wheel is not a CUDA build.
 */

#include <stdlib.h>
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

/*
 * CuPy: the CUDA libraries its extension modules link (DT_NEEDED of
 * cupy_backends/cuda/api|libs and cupy/cuda *.so), each resolved from the
 * module that needs it; the driver against the wheel's CUDA range.  A
 * cupy-rocm wheel is not a CUDA build.
 */
static void check_cupy(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    const struct py_dist *d = fw->n_components ? &fw->components[0] : NULL;
    const char *site = d && d->site_dir ? d->site_dir : c->env->site_packages;
    struct kb_cupy k;
    size_t i;

    if (fw->variant && !strcmp(fw->variant, "rocm")) {
        struct finding *fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s is built for ROCm (AMD GPUs), not for CUDA",
                                        fw->dist ? fw->dist : "cupy", fw->version);
        finding_evidence(c->out, fd, d ? d->path : NULL, "the wheel is %s", fw->dist ? fw->dist : "cupy-rocm");
        fixes_pip_uninstall(&c->fx, c->out, fd, c->env, "Remove the ROCm wheel", fw->dist ? fw->dist : "cupy");
        /* The wheel for the CUDA this driver runs, at a release the kb has (fixes_cupy_install). */
        fixes_cupy_install(&c->fx, c->out, fd, c->env, NULL);
        return;
    }
    if (!fw->version && c->f->partial) {
        fw_judge_unversioned(c);   /* a log that does not show it */
        return;
    }
    if (!site && !c->f->partial) {
        fw_unknown(c, "CuPy's site-packages folder was not found");
        return;
    }
    if (c->f->partial)
        fw_log_needs(c);   /* a log: what it shows missing */
    /* Its extension modules, as the scan read them (scan/fwfiles.c). */
    for (i = 0; i < fw->n_modules; i++)
        if (fw->modules[i].readable)
            fw_module_needs(c, &fw->modules[i], 1);
    if (!c->v->n_needs)
        fw_unknown(c, "CuPy's modules link no CUDA library by name (it loads them at run time)");
    fw_judge_missing(c, fw->cuda, NULL, NULL);
    if (fw->dist && kb_cupy(c->kb, fw->dist, fw->version, &k) == 1 && k.cuda_min && c->f->driver.cuda_max &&
        ver_cmp_dotted(c->f->driver.cuda_max, k.cuda_min) < 0) {
        struct finding *fd = fw_finding(c, "GD208", SEV_ERROR,
                                        "the driver %s supports CUDA up to %s; %s needs CUDA %s or newer",
                                        c->driver ? c->driver : "?", c->f->driver.cuda_max, fw->dist, k.cuda_min);
        finding_evidence(c->out, fd, k.source, "%s %s: CUDA %s to %s", fw->dist, fw->version, k.cuda_min,
                         k.cuda_max ? k.cuda_max : "newest");
        {
            struct choice in;
            fixes_driver_upgrade(&c->fx, c->out, fd, NULL,
                                 arena_printf(c->a, "%s needs CUDA %s or newer", fw->dist, k.cuda_min));
            /* Or the CuPy wheel for the CUDA this driver runs, when the kb has one. */
            if (fix_choose(&c->fx, "cupy", NULL, c->env->python_version, &in) && in.driver_ok == 1) {
                /* Two CuPy wheels share the cupy module: the installed one goes first. */
                if (fw->dist && strncmp(in.package, fw->dist, strlen(fw->dist)))
                fixes_pip_uninstall(&c->fx, c->out, fd, c->env,
                                    arena_printf(c->a, "Or replace %s with the wheel for the CUDA the driver runs: "
                                                 "remove it", fw->dist), fw->dist);
                fixes_cupy_install(&c->fx, c->out, fd, c->env, NULL);
            }
        }
    }
}

/* One CuPy release of a cupy.kb wheel: "[ctk]" where pkg_fact extra_ctk says it has
 * the extra, which brings the CUDA components from PyPI (route pip). */
static void cupy_point(struct choose_ctx *cx, const char *release, void *arg)
{
    const struct kb_row_cupy *row = arg;
    const char *pkg = row->package, *ctk = NULL;
    struct choice *c = choose_add(cx);

    /* CuPy releases are known by MAJOR.MINOR: a patch asked for pins its line */
    c->release = ver_dotted_prefix(cx->a, release, 2);
    c->pin = choose_pin(cx->a, c->release);
    c->variant = pkg;
    c->label = arena_printf(cx->a, "%s %s", pkg, c->release);
    c->cuda = row->cuda_min;
    c->cuda_max = row->cuda_max;
    c->kernel_cuda = c->cuda_max;   /* its kernels are compiled at run time by the CUDA it finds */
    c->source = row->source;
    c->unverified = kbdata_source_unverified(c->source);
    c->package = pkg;
    c->route = "system";
    if (kb_pkg_fact(cx->kb, "cupy", "extra_ctk", c->release, &ctk, NULL) == 1 && !strcmp(ctk, "yes")) {
        c->package = arena_printf(cx->a, "%s[ctk]", pkg);
        c->route = "pip";
    }
    choose_cuda_floor(cx, c);
    choose_python_support(cx, c, "cupy");
}

/*
 * The chooser's column map: every cupy.kb wheel (one per CUDA generation),
 * at each CuPy release line py_support.kb names inside its range (or the
 * one asked for); the driver floor of its lowest CUDA.
 */
static void cupy_candidates(struct choose_ctx *cx)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_cupy);
    size_t r;
    for (r = 0; t && r < t->nrows; r++) {
        struct kb_row_cupy row;
        kb_row(t, r, cupy, &row);
        if (row.package && row.first && row.cuda_min)
            choose_points(cx, "cupy", "cupy", row.first, row.last, cupy_point, &row);
    }
}

/* The build to reproduce: its version, in the same wheel (cupy-cuda12x). */
static void cupy_requirement(const struct framework_build *b, struct choose_in *in, struct arena *a)
{
    (void)a;
    in->want = b->version;
    in->variant = b->dist;
}

const struct fw_def fw_cupy = {
    .name = "cupy",
    .table = "cupy",
    .title = "CuPy",
    .dists = (const char *const[]){ "cupy-cuda*", NULL },
    .candidates = cupy_candidates,
    .requirement = cupy_requirement,
    .install = fixes_cupy_install,
    .judge = check_cupy,
};
