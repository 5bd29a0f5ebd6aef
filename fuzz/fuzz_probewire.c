/*
 * fuzz_probewire.c - libFuzzer target for the probe child's stream parser
 * (src/probe/probewire.c): any bytes, parsed into a result, then merged and
 * judged, must stay inside their buffers.  The same bytes are also parsed
 * as a --verify-libs stream (probewire_parse_verify) and as a --compute
 * stream (probewire_parse_compute), and judged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/finding.h"
#include "probe/compute.h"
#include "probe/probe.h"
#include "probe/probewire.h"
#include "probe/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Three predicted files and one the model did not find. */
static void verify_stream(const uint8_t *data, size_t size)
{
    static struct need needs[] = {
        { "cudart", "libcudart.so.12", "/v/libcudart.so.12", "runpath", NULL, NULL },
        { "cudnn", "libcudnn.so.9", "/v/libcudnn.so.9", "runpath", NULL, NULL },
        { "cublas", "libcublas.so.12", "/v/libcublas.so.12", "runpath", NULL, NULL },
        { "nccl", "libnccl.so.2", NULL, NULL, NULL, NULL },
    };
    struct verdict vd;
    struct diagnosis dx;
    struct probe_verify v;
    struct gd_err err;
    struct arena a;
    struct findings fl;

    memset(&vd, 0, sizeof(vd));
    memset(&dx, 0, sizeof(dx));
    vd.subject = "torch";
    vd.needs = needs;
    vd.n_needs = sizeof(needs) / sizeof(needs[0]);
    dx.verdicts = &vd;
    dx.n_verdicts = 1;
    probe_verify_init(&v);
    probe_verify_plan(&v, &dx);
    err_init(&err);
    v.installs[0].child_end = (size && data[0] & 1) ? PROBE_CHILD_SIGNALED : PROBE_CHILD_EXITED;
    probewire_parse_verify(data, size, &v.installs[0], &v.arena, &err);
    arena_init(&a);
    findings_init(&fl, &a);
    probe_verify_findings(&v, &fl);
    findings_release(&fl);
    arena_release(&a);
    probe_verify_release(&v);
}

static void compute_stream(const uint8_t *data, size_t size)
{
    struct probe_compute *pc = malloc(sizeof(*pc));
    struct gd_err err;
    struct arena a;
    struct findings fl;
    size_t i;
    if (!pc)
        return;
    probe_compute_init(pc);
    err_init(&err);
    pc->child_end = (size && data[0] & 2) ? PROBE_CHILD_SIGNALED : PROBE_CHILD_EXITED;
    probewire_parse_compute(data, size, pc, &err);
    for (i = 0; i < pc->n_devs; i++)
        if (pc->devs[i].present && pc->devs[i].failed_fn)
            pc->devs[i].outcome = PC_FAILED;
    arena_init(&a);
    findings_init(&fl, &a);
    probe_compute_findings(pc, &fl);
    findings_release(&fl);
    arena_release(&a);
    probe_compute_release(pc);
    free(pc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct probe_result *r = malloc(sizeof(*r));
    struct gd_err err;
    struct arena a;
    struct findings fl;
    if (!r)
        return 0;
    probe_result_init(r);
    err_init(&err);
    r->child_end = PROBE_CHILD_EXITED;
    r->cuda.state = PROBE_LIB_SELECTED;
    r->cuda.path = "/usr/lib/libcuda.so.1";
    probewire_parse(data, size, r, &err);
    probe_merge(r);
    arena_init(&a);
    findings_init(&fl, &a);
    probe_findings(r, NULL, &fl);   /* no machine: fixes for no particular distribution */
    findings_release(&fl);
    arena_release(&a);
    probe_result_release(r);
    free(r);
    verify_stream(data, size);
    compute_stream(data, size);
    return 0;
}
