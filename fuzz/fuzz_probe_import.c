/*
 * fuzz_probe_import.c - libFuzzer target for what `probe --import` reads
 * from a foreign interpreter (src/probe/import.c): the child's header and
 * the script's JSON answer, then the comparison and the findings; and for
 * the kernel log reader of `probe --compute` (probe_kmsg_nvrm, probe_xid_of).
 * Everything must stay inside its buffer, whatever the bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/finding.h"
#include "probe/compute.h"
#include "probe/import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_line(void *arg, const char *line, size_t n)
{
    size_t *count = arg;
    (void)probe_xid_of(line, n);
    (*count)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct probe_import pi;
    struct probe_import_run *ir;
    struct arena a;
    struct findings fl;
    size_t lines = 0;

    probe_import_init(&pi);
    pi.runs = calloc(1, sizeof(*pi.runs));
    if (!pi.runs)
        return 0;
    pi.n_runs = pi.alloc_runs = 1;
    ir = &pi.runs[0];
    ir->subject = "torch 2.6.0 (/usr)";
    ir->framework = "torch";
    ir->interpreter = "/usr/bin/python3";
    ir->predicted = (size && data[0] & 1) ? GPU_YES : GPU_NO;
    ir->net_isolated = -1;
    ir->import_ok = ir->gpu = -1;
    ir->device_count = -1;
    ir->n_libs = 2;
    ir->libs[0].library = "libcudart.so.12";
    ir->libs[0].predicted = "/usr/lib/x86_64-linux-gnu/libcudart.so.12.4.127";
    ir->libs[1].library = "libcudnn.so.9";
    probe_import_parse(data, size, ir, &pi.arena);
    if (!ir->run_error)
        probe_import_compare(ir, &pi.arena);
    arena_init(&a);
    findings_init(&fl, &a);
    probe_import_findings(&pi, &fl);
    findings_release(&fl);
    arena_release(&a);
    probe_import_release(&pi);

    probe_kmsg_nvrm(data, size, on_line, &lines);
    return 0;
}
