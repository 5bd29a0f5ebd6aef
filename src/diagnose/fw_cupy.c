/*
 * fw_cupy.c - CuPy: the CUDA libraries its extension modules link (DT_NEEDED
 * of cupy_backends/cuda/api|libs and cupy/cuda *.so), each resolved from the
 * module that needs it; the driver against the wheel's CUDA range
 * (cupy.kb).  A cupy-rocm wheel is not a CUDA build.
 */

#include <stdlib.h>
#include <string.h>

#include "diagnose/fw.h"
#include "kb/kb.h"
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
/*
 * The wheel for cuda (cupy.kb), pinned to a CuPy major that builds it:
 * "cupy-cuda11x==13.*" (its last), else the installed CuPy's major.
 */
static const char *wheel_for(struct fwctx *c, const char *cuda, struct kb_cupy *w)
{
    long major;
    if (kb_cupy_for_cuda(c->kb, cuda, w) != 1)
        return NULL;
    major = w->last ? ver_major(w->last) : ver_major(c->fw->version);
    if (major < ver_major(w->first))
        major = ver_major(w->first);
    return arena_printf(c->a, "\"%s==%ld.*\"", w->package, major);
}

static void check_cupy(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    const struct py_dist *d = fw->n_components ? &fw->components[0] : NULL;
    const char *site = d && d->site_dir ? d->site_dir : c->env->site_packages;
    struct kb_cupy k, w;
    const char *wheel;
    size_t i;

    if (fw->variant && !strcmp(fw->variant, "rocm")) {
        struct finding *fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s is built for ROCm (AMD GPUs), not for CUDA",
                                        fw->dist ? fw->dist : "cupy", fw->version);
        finding_evidence(c->out, fd, d ? d->path : NULL, "the wheel is %s", fw->dist ? fw->dist : "cupy-rocm");
        if ((wheel = wheel_for(c, c->f->driver.cuda_max, &w)) != NULL)
            finding_fix(c->out, fd, "sh", "Install the wheel for your CUDA major", "%s uninstall -y %s\n%s install %s",
                        fix_pip(&c->fx, c->env), fw->dist ? fw->dist : "cupy", fix_pip(&c->fx, c->env), wheel);
        return;
    }
    if (!site) {
        fw_unknown(c, "CuPy's site-packages folder was not found");
        return;
    }
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
        finding_fix(c->out, fd, NULL, "Upgrade the NVIDIA driver", NULL);
        if ((wheel = wheel_for(c, c->f->driver.cuda_max, &w)) != NULL && strcmp(w.package, fw->dist))
            finding_fix(c->out, fd, "sh", arena_printf(c->a, "Or install the CuPy wheel for the CUDA %s the driver "
                        "supports (%s: CUDA %s to %s)", c->f->driver.cuda_max, w.package, w.cuda_min, w.cuda_max),
                        "%s uninstall -y %s\n%s install %s", fix_pip(&c->fx, c->env), fw->dist,
                        fix_pip(&c->fx, c->env), wheel);
    }
}

const struct fw_def fw_cupy = {
    "cupy", NULL, "cupy", check_cupy, NULL, NULL, NULL,
};
