/*
 * fw_onnxruntime.c - ONNX Runtime: only onnxruntime-gpu has the CUDA
 * execution provider; the libraries capi/libonnxruntime_providers_cuda.so
 * links, resolved from it; the driver against the runtime that loads, or,
 * when none does, against the CUDA the release was built with
 * (onnxruntime.kb, for the CUDA major the provider links).
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

/* The CUDA major the provider links: "12" from libcudart.so.12, or NULL. */
static const char *linked_cuda_major(struct fwctx *c)
{
    size_t i;
    for (i = 0; i < c->v->n_needs; i++) {
        const char *so = strstr(c->v->needs[i].library, ".so.");
        if (!strcmp(c->v->needs[i].role, "cudart") && so && strspn(so + 4, "0123456789"))
            return arena_strndup(c->a, so + 4, strspn(so + 4, "0123456789"));
    }
    return NULL;
}

/* The CUDA and cuDNN it loads are missing: the release again with the nvidia-*
 * wheels its [cuda,cudnn] extras bring, where it documents them; a release
 * that loads them from the system keeps its package and is told which to
 * install (the fix engine writes both). */
static void ort_install_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    struct choice in;
    (void)cuda;
    (void)cudnn;
    if (fix_choose(&c->fx, "onnxruntime", c->fw->version, c->env->python_version, &in) == 1 && !in.why_not &&
        !strcmp(in.route, "system"))
        fixes_system_cuda(&c->fx, c->out, fd, &in);
    else
        fixes_ort_install(&c->fx, c->out, fd, c->env, c->fw->version);
}

static void check_onnxruntime(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    const struct fw_module *m;
    const char *modpath, *cuda = fw->cuda, *cudnn = fw->cudnn;
    struct kb_ort o;
    struct finding *too_old;
    int known, judged = 0;
    size_t i;

    /* a log's facts may not say which package it is: then that is unknown */
    if ((!fw->dist && !c->f->partial) || (fw->dist && strcmp(fw->dist, "onnxruntime-gpu"))) {
        struct finding *fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s has no CUDA execution provider",
                                        fw->dist ? fw->dist : "onnxruntime", fw->version);
        finding_evidence(c->out, fd, fw->location, "the distribution is %s, not onnxruntime-gpu", fw->dist ? fw->dist : "onnxruntime");
        /* The CPU package out, a validated onnxruntime-gpu in (fixes_ort_install). */
        fixes_ort_install(&c->fx, c->out, fd, c->env, fw->version);
        return;
    }
    if (!fw->version) {
        fw_judge_unversioned(c);   /* a log that does not show it */
        return;
    }
    if (!fw->location && c->f->partial) {
        fw_log_needs(c);   /* a log: what it shows the provider missing */
    } else if (!fw->location) {
        fw_unknown(c, "the loader model was not available");
        return;
    } else {
        modpath = arena_printf(c->a, "%s/capi/libonnxruntime_providers_cuda.so", fw->location);
        if ((m = fw_module_at(c, modpath)) == NULL) {
            fw_unknown(c, arena_printf(c->a, "%s could not be read", modpath));
            return;
        }
        fw_module_needs(c, m, 0);
    }
    /* The build this release published for the CUDA major it links (or PyPI's). */
    known = kb_onnxruntime(c->kb, fw->version, linked_cuda_major(c), &o) == 1;
    if (known) {
        cuda = cuda ? cuda : o.cuda;
        cudnn = cudnn ? cudnn : o.cudnn;
    }
    fw_judge_missing(c, cuda, cudnn, ort_install_fixes);
    for (i = 0; i < c->v->n_needs; i++)
        if (!strcmp(c->v->needs[i].role, "cudart") && c->v->needs[i].resolved_path && c->v->needs[i].version) {
            fw_judge_driver(c, fw_major_minor(c->a, c->v->needs[i].version));
            judged = 1;
        }
    /* No runtime loaded: the driver still has to run the CUDA it was built with. */
    if (!judged && known && (too_old = fw_judge_driver(c, o.cuda)) != NULL)
        finding_evidence(c->out, too_old, o.source, "onnxruntime-gpu %s is built for CUDA %s and cuDNN %s", fw->version,
                         o.cuda, o.cudnn);
}

#define ORT_CUDA12_FEED \
    "https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/pypi/simple/"
/* onnxruntime-gpu's dependencies, installed from PyPI before the package from ORT's
 * feed as the only index: microsoft/onnxruntime#19356 (its maintainer: "python -m pip
 * install coloredlogs flatbuffers numpy packaging protobuf sympy", then "pip install
 * onnxruntime-gpu --index-url .../onnxruntime-cuda-12/pypi/simple"); with the feed as
 * an extra index pip may take PyPI's build of the same version (#20745: it installed
 * the CUDA 11 build). */
#define ORT_FEED_DEPS "coloredlogs flatbuffers numpy packaging protobuf sympy"
#define ORT_FEED_SRC                                                                          \
    "microsoft/onnxruntime#19356 (its maintainer: \"python -m pip install coloredlogs flatbuffers " \
    "numpy packaging protobuf sympy\", then \"pip install onnxruntime-gpu --index-url "          \
    ".../onnxruntime-cuda-12/pypi/simple\"); #20745 (with the feed as --extra-index-url, a "     \
    "CUDA 11 build was installed)"

/* One release of an onnxruntime.kb row. */
static void ort_point(struct choose_ctx *cx, const char *release, void *arg)
{
    const struct kb_row_onnxruntime *row = arg;
    const char *pypi = row->pypi, *extra = NULL, *esrc = NULL, *cuda = row->cuda;
    struct choice *c;
    int on_pypi = pypi && !strcmp(pypi, "yes");

    /* The only feed the kb's sources name is ORT's onnxruntime-cuda-12: a build
     * off PyPI for another CUDA major has no index to offer. */
    if (!on_pypi && strtol(cuda, NULL, 10) != 12)
        return;
    c = choose_add(cx);
    c->release = release;
    c->pin = choose_pin(cx->a, release);
    c->range = arena_printf(cx->a, "%s-%s", row->first, row->last);
    c->cuda = cuda;
    c->cudnn = row->cudnn;
    c->label = arena_printf(cx->a, "onnxruntime-gpu %s (CUDA %s)", c->pin, cuda);
    c->source = row->source;
    c->unverified = kbdata_source_unverified(c->source);
    c->is_default = on_pypi;
    c->package = "onnxruntime-gpu";
    c->route = "system";
    c->conda_libs = "cuda-cudart libcublas libcufft libcurand";   /* what its CUDA provider links */
    if (!on_pypi) {
        c->index = ORT_CUDA12_FEED;
        c->index_only = 1;
        c->deps_first = ORT_FEED_DEPS;
        choose_note(cx, c, "install", arena_printf(cx->a, "onnxruntime-gpu %s's CUDA %s build is on ORT's own feed, "
                                                   "and PyPI's onnxruntime-gpu of that version is another build: "
                                                   "its dependencies come from PyPI first, then the feed is the "
                                                   "only index", release, ver_dotted_prefix(cx->a, cuda, 1)),
                    ORT_FEED_SRC);
    } else if (kb_pkg_fact(cx->kb, "onnxruntime", "extra_cuda_cudnn", release, &extra, &esrc) == 1 &&
               !strcmp(extra, "yes")) {
        /* Its [cuda,cudnn] extras bring the CUDA and cuDNN it loads as nvidia-* wheels. */
        c->package = "onnxruntime-gpu[cuda,cudnn]";
        c->route = "pip";
        choose_note(cx, c, "install", arena_printf(cx->a, "onnxruntime-gpu %s's [cuda,cudnn] extras install the "
                                                   "CUDA %s and cuDNN %s libraries it loads as nvidia-* wheels",
                                                   release, ver_dotted_prefix(cx->a, cuda, 1),
                                                   ver_dotted_prefix(cx->a, c->cudnn, 1)), esrc);
    }
    choose_cuda_floor(cx, c);
    choose_python_support(cx, c, "onnxruntime");
}

/*
 * The chooser's column map: every onnxruntime.kb row at its releases
 * (choose_points).  PyPI's builds, or the CUDA 12 builds on ORT's own feed
 * (the feed as the only index, its dependencies from PyPI first).  Where
 * the release's [cuda,cudnn] extras are documented (pkg_fact
 * extra_cuda_cudnn) they bring CUDA and cuDNN (route pip); else it loads
 * the system's (route system: any CUDA of its major, data/cuda_compat.kb).
 */
static void ort_candidates(struct choose_ctx *cx)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_onnxruntime);
    size_t r;
    for (r = 0; t && r < t->nrows; r++) {
        struct kb_row_onnxruntime row;
        kb_row(t, r, onnxruntime, &row);
        if (row.first && row.cuda)
            choose_points(cx, "onnxruntime", "onnxruntime", row.first, row.last, ort_point, &row);
    }
}

static const char *const onnxruntime_aliases[] = { "ort", "onnxruntime-gpu", NULL };

const struct fw_def fw_onnxruntime = {
    .name = "onnxruntime",
    .aliases = onnxruntime_aliases,
    .table = "onnxruntime",
    .title = "onnxruntime-gpu",
    .dists = (const char *const[]){ "onnxruntime*", NULL },
    .replaces = "onnxruntime onnxruntime-gpu",
    .candidates = ort_candidates,
    .install = fixes_ort_install,
    .judge = check_onnxruntime,
    .install_fixes = ort_install_fixes,
};
