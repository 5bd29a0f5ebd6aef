/*
 * fw_xgboost.c - XGBoost: a GPU build is told by its native library, not by
 * its name.  The xgboost wheel is a CUDA build on manylinux_2_28 x86_64 and
 * a CPU one elsewhere (manylinux2014 from 2.1, macOS); xgboost-cpu (2.1 on)
 * never has CUDA.  libxgboost.so links the CUDA runtime statically and
 * loads NCCL at run time, so its DT_NEEDED says nothing of CUDA: its fat
 * binaries do (scan/fwlibs.c reads them: device_code, archs).  The driver is
 * held to the CUDA the release was built with (xgboost.kb), the GPUs to the
 * architectures compiled in.
 */
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "util/banned.h"

/* The xgboost.kb row of a CUDA wheel (package, release), or 0. */
static int xgb_row(const struct kb *kb, const char *package, const char *version, struct kb_row_xgboost *out)
{
    const struct kb_table *t = kb_tab(kb, KB_T_xgboost);
    size_t r;
    for (r = 0; t && package && version && r < t->nrows; r++) {
        kb_row(t, r, xgboost, out);
        if (out->package && !strcmp(out->package, package) && choose_within(version, out->first, out->last))
            return 1;
    }
    return 0;
}

static void check_xgboost(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    const char *dist = fw->dist ? fw->dist : "xgboost";
    const char *lib = fw->archs_source ? fw->archs_source : fw->extension;
    const char *cuda = NULL;
    struct kb_row_xgboost k;
    struct finding *fd;
    int row;

    if (fw->variant && !strcmp(fw->variant, "cpu")) {
        fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s is a CPU-only build", dist, fw_version_label(c));
        if (fw->variant_source)   /* the library said so itself (a log's AssertGPUSupport line) */
            finding_evidence(c->out, fd, fw->variant_source, "%s",
                             fw->variant_said ? fw->variant_said : "built without CUDA");
        else
            finding_evidence(c->out, fd, fw->n_evidence ? fw->evidence[0].path : fw->location,
                             "the distribution is %s, which XGBoost builds without CUDA", dist);
        /* xgboost-cpu out (replaces), the CUDA wheel the chooser takes for this driver in */
        fixes_xgboost_install(&c->fx, c->out, fd, c->env, NULL);
        return;
    }
    if (!fw->version && c->f->partial) {
        fw_judge_unversioned(c);   /* a log that does not show it */
        return;
    }
    if (c->windows) {
        fw_unknown(c, "XGBoost's xgboost.dll is not read on Windows: whether it has CUDA code is unknown");
        return;
    }
    if (fw->device_code == 0) {
        fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s has no CUDA code: it is a CPU-only build", dist,
                        fw_version_label(c));
        finding_evidence(c->out, fd, lib, "libxgboost.so carries no CUDA fat binary (no device code)");
        fixes_xgboost_install(&c->fx, c->out, fd, c->env, NULL);
        return;
    }
    row = xgb_row(c->kb, dist, fw->version, &k);
    cuda = row ? k.cuda : fw->cuda;
    if (fw->device_code != 1) {
        fw_unknown(c, c->f->partial ? "the log does not show whether libxgboost.so has CUDA code"
                      : fw->location ? "libxgboost.so was not read: whether this XGBoost has CUDA code is unknown"
                                     : "XGBoost's native library libxgboost.so was not found");
        if (!row)
            return;
    }
    if (cuda) {
        if ((fd = fw_judge_driver(c, cuda)) != NULL && row)
            finding_evidence(c->out, fd, k.source, "%s %s: built with CUDA %s (its runtime linked statically)", dist,
                             fw->version, k.cuda);
    } else {
        fw_unknown(c, arena_printf(c->a, "%s %s is not in the knowledge base: the CUDA it was built with is unknown",
                                   dist, fw_version_label(c)));
    }
    if (fw->device_code == 1)
        fw_judge_arch(c, fw->archs, fw->archs_source);
}

/* One XGBoost release of an xgboost.kb wheel: its CUDA in the wheel (route pip). */
static void xgb_point(struct choose_ctx *cx, const char *release, void *arg)
{
    const struct kb_row_xgboost *row = arg;
    struct choice *c = choose_add(cx);

    c->release = release;
    c->pin = choose_pin(cx->a, release);
    c->variant = row->package;
    c->package = row->package;
    c->label = arena_printf(cx->a, "%s %s", row->package, release);
    c->cuda = row->cuda;
    c->source = row->source;
    c->unverified = kbdata_source_unverified(c->source);
    c->route = "pip";
    c->is_default = !strcmp(row->package, "xgboost");
    choose_cuda_floor(cx, c);
    choose_python_support(cx, c, "xgboost");
}

/*
 * The chooser's column map: every xgboost.kb wheel, at each release line
 * py_support.kb names inside its range (or the one asked for); the driver
 * floor of its CUDA (a static runtime: NVIDIA's minor-version rules).
 */
static void xgb_candidates(struct choose_ctx *cx)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_xgboost);
    size_t r;
    for (r = 0; t && r < t->nrows; r++) {
        struct kb_row_xgboost row;
        kb_row(t, r, xgboost, &row);
        if (row.package && row.first && row.cuda)
            choose_points(cx, "xgboost", "xgboost", row.first, row.last, xgb_point, &row);
    }
}

/* The build to reproduce: its version, in the same wheel (xgboost-cu12); xgboost-cpu is no GPU build. */
static void xgb_requirement(const struct framework_build *b, struct choose_in *in, struct arena *a)
{
    (void)a;
    in->want = b->version;
    if (b->dist && strcmp(b->dist, "xgboost-cpu") && strcmp(b->dist, "py-xgboost"))
        in->variant = b->dist;
}

const struct fw_def fw_xgboost = {
    .name = "xgboost",
    .table = "xgboost",
    .title = "XGBoost",
    .dists = (const char *const[]){ "xgboost*", "py-xgboost*", NULL },
    /* one xgboost module whichever installs it: the CPU package out first (the
     * per-CUDA xgboost-cuNN names are data, xgboost.kb's package column) */
    .replaces = "xgboost xgboost-cpu",
    .candidates = xgb_candidates,
    .requirement = xgb_requirement,
    .install = fixes_xgboost_install,
    .judge = check_xgboost,
};
