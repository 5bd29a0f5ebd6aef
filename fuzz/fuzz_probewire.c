/*
 * fuzz_probewire.c - libFuzzer target for the probe child's stream parser
 * (src/probe/probewire.c): any bytes, parsed into a result, then merged and
 * judged, must stay inside their buffers.
 */
#include <stdint.h>
#include <stdlib.h>

#include "diagnose/finding.h"
#include "probe/probe.h"
#include "probe/probewire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    probe_findings(r, &fl);
    findings_release(&fl);
    arena_release(&a);
    probe_result_release(r);
    free(r);
    return 0;
}
