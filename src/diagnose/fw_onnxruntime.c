/*
 * fw_onnxruntime.c - ONNX Runtime: only onnxruntime-gpu has the CUDA
 * execution provider; the libraries capi/libonnxruntime_providers_cuda.so
 * links, resolved from it; the driver against the runtime that loads, or,
 * when none does, against the CUDA the release was built with
 * (onnxruntime.kb, for the CUDA major the provider links).
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
    fw_judge_missing(c, cuda, cudnn, NULL);
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

static const char *const onnxruntime_aliases[] = { "ort", "onnxruntime-gpu", NULL };

const struct fw_def fw_onnxruntime = {
    "onnxruntime", onnxruntime_aliases, "onnxruntime", check_onnxruntime, NULL, NULL, NULL,
};
