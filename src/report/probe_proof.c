/*
 * probe_proof.c (report) - text and JSON for `probe --compute` and
 * `probe --import` (probe/compute.h, probe/import.h): the proofs beside the
 * driver probe's answers (report/probe.c calls these).
 */
#include "report/probe.h"

#include <stdio.h>
#include <string.h>

#include "compat/compat.h"
#include "probe/compute.h"
#include "probe/import.h"
#include "util/banned.h"

static const char *outcome_name(enum probe_compute_outcome o)
{
    switch (o) {
    case PC_NOT_REACHED: return "not_reached";
    case PC_PASSED: return "passed";
    case PC_FAILED: return "failed";
    case PC_WRONG: return "wrong_result";
    case PC_HUNG: return "hung";
    case PC_CRASHED: return "crashed";
    }
    return "?";
}

static const char *cmp_name(enum probe_import_cmp c)
{
    switch (c) {
    case PI_NOT_COMPARED: return "not_compared";
    case PI_AGREE: return "agrees";
    case PI_DISAGREE: return "disagrees";
    }
    return "?";
}

/* bytes / ns in GB/s (10^9 bytes per second), 0 when not measured. */
static double gbps(uint64_t bytes, uint64_t ns)
{
    return ns && bytes ? (double)bytes / (double)ns : 0.0;
}

static const char *rc_name(int64_t rc, const char *given)
{
    const char *n = given && given[0] ? given : probe_cu_error_name(rc);
    return n ? n : "an unlisted CUresult";
}

/* ---- text ---------------------------------------------------------------- */

void report_probe_compute_text(struct out *o, const struct probe_compute *pc)
{
    size_t i, j;
    report_probe_heading(o, "Compute test (--compute: a kernel on every visible GPU, through the driver API)");
    if (pc->no_kernel) {
        out_printf(o, "  not run: this gpudoctor has no PTX kernel (%s)\n", pc->no_kernel);
        return;
    }
    if (pc->skipped) {
        out_printf(o, "  not run: %s\n", pc->skipped);
        return;
    }
    if (!pc->n_devs)
        out_printf(o, "  no device reached (child %s)\n", report_probe_end_name(pc->child_end));
    for (i = 0; i < pc->n_devs; i++) {
        const struct probe_compute_dev *d = &pc->devs[i];
        if (!d->present)
            continue;
        out_printf(o, "  CUDA device %zu  %s", i, d->name[0] ? d->name : "?");
        if (d->uuid[0])
            out_printf(o, "  %s", d->uuid);
        out_raw(o, "\n      ");
        switch (d->outcome) {
        case PC_PASSED:
            out_styled(o, STYLE_GREEN, "computes");
            out_printf(o, ": %llu elements right", (unsigned long long)(d->bytes / 4u));
            break;
        case PC_WRONG:
            out_styled(o, STYLE_RED, "wrong result");
            out_printf(o, ": %lld of %llu elements differ", (long long)d->wrong,
                       (unsigned long long)(d->bytes / 4u));
            break;
        case PC_FAILED:
            out_styled(o, STYLE_RED, "fails");
            out_printf(o, " in %s: %s (%lld)", probe_fn_name(d->failed_fn), rc_name(d->failed_rc, d->error_name),
                       (long long)d->failed_rc);
            break;
        case PC_HUNG:
            out_styled(o, STYLE_RED, "hangs");
            out_printf(o, " in %s (more than %u ms)", probe_fn_name(d->failed_fn), pc->step_timeout_ms);
            break;
        case PC_CRASHED:
            out_styled(o, STYLE_RED, "crashed");
            out_printf(o, " in %s", probe_fn_name(d->failed_fn));
            break;
        case PC_NOT_REACHED:
            out_styled(o, STYLE_YELLOW, "not reached");
            break;
        }
        out_raw(o, "\n");
        for (j = 0; j < d->n_jit; j++) {
            const struct probe_compute_jit *t = &d->jit[j];
            out_printf(o, "      JIT  PTX ISA %s, sm_%d: %s", t->isa, t->sm,
                       t->rc == 0 ? "accepted" : t->rc == PROBE_RC_NONE ? "no answer" : rc_name(t->rc, NULL));
            if (t->wall_ns)
                out_printf(o, " in %.1f ms", (double)t->wall_ns / 1e6);
            out_raw(o, "\n");
            if (t->error_log)
                out_printf(o, "           %s\n", t->error_log);
        }
        if (d->htod_ns) {
            out_printf(o, "      %llu MiB (pageable): host to device %.2f GB/s", (unsigned long long)(d->bytes >> 20),
                       gbps(d->bytes, d->htod_ns));
            if (d->kernel_ns && d->outcome != PC_HUNG && d->outcome != PC_CRASHED)
                out_printf(o, ", kernel %.3f ms", (double)d->kernel_ns / 1e6);
            if (d->dtoh_ns)
                out_printf(o, ", device to host %.2f GB/s", gbps(d->bytes, d->dtoh_ns));
            out_raw(o, "\n");
        }
    }
    for (i = 0; i < pc->n_nvrm; i++)
        out_printf(o, "  kernel log: %s\n", pc->nvrm[i]);
}

void report_probe_import_intro(struct out *o, const struct probe_import *pi)
{
    size_t i;
    report_probe_heading(o, "Framework imports (--import RUNS each environment's own interpreter)");
    out_raw(o, "  isolated: -I -B, the examined environment only, no network; bounded in time\n");
    if (!pi->n_runs)
        out_raw(o, "  no framework install was found\n");
    for (i = 0; i < pi->n_runs; i++) {
        const struct probe_import_run *ir = &pi->runs[i];
        out_printf(o, "  %s\n      %s -I -B -c <gpudoctor's script> %s\n", ir->subject,
                   ir->interpreter ? ir->interpreter : "(no interpreter found)", ir->framework);
    }
    fflush(o->fp);
}

void report_probe_import_text(struct out *o, const struct probe_import *pi)
{
    size_t i, j;
    report_probe_heading(o, "Framework answers (--import), against check's prediction");
    if (!pi->n_runs)
        out_raw(o, "  no framework install was found\n");
    for (i = 0; i < pi->n_runs; i++) {
        const struct probe_import_run *ir = &pi->runs[i];
        out_printf(o, "  %s\n", ir->subject);
        if (ir->run_error) {
            out_styled(o, STYLE_YELLOW, "      no answer");
            out_printf(o, ": %s\n", ir->run_error);
            continue;
        }
        if (ir->import_ok == 0)
            out_printf(o, "      import fails: %s\n", ir->import_error ? ir->import_error : "?");
        else
            out_printf(o, "      %s: %s%s\n", ir->question ? ir->question : "the framework",
                       ir->gpu == 1 ? "GPU usable" : ir->gpu == 0 ? "no GPU" : "no answer",
                       ir->device_count >= 0 ? "" : "");
        if (ir->device_count >= 0 || ir->cuda || ir->cudnn)
            out_printf(o, "      devices %d, built with CUDA %s, cuDNN %s\n", ir->device_count,
                       ir->cuda ? ir->cuda : "-", ir->cudnn ? ir->cudnn : "-");
        out_printf(o, "      check predicted %s: ", gpu_verdict_name(ir->predicted));
        if (ir->gpu_cmp == PI_AGREE)
            out_styled(o, STYLE_GREEN, "agrees");
        else if (ir->gpu_cmp == PI_DISAGREE)
            out_styled(o, STYLE_RED, "DISAGREES");
        else
            out_raw(o, "not compared");
        out_raw(o, "\n");
        if (ir->missing_lib)
            out_printf(o, "      the import's missing %s: %s\n", ir->missing_lib,
                       ir->missing_cmp == PI_AGREE ? "the loader model does not find it either (agrees)"
                       : ir->missing_cmp == PI_DISAGREE ? "the loader model finds it (DISAGREES)"
                                                        : "not among the predicted libraries");
        for (j = 0; j < ir->n_libs; j++) {
            const struct probe_import_lib *l = &ir->libs[j];
            if (!l->mapped)
                continue;
            out_printf(o, "      %-22s %s %s\n", l->library, l->mapped,
                       l->cmp == PI_AGREE ? "(as predicted)" : l->cmp == PI_DISAGREE ? "(NOT the predicted file)"
                                                                               : "(not predicted)");
        }
        if (!ir->net_isolated && ir->net_error)
            out_printf(o, "      note: %s\n", ir->net_error);
    }
}

/* ---- JSON ---------------------------------------------------------------- */

static void kv_count(struct jw *jw, const char *key, int64_t v)
{
    if (v >= 0)
        jw_kv_int(jw, key, v);
    else
        jw_kv_null(jw, key);
}

void report_probe_compute_json(struct jw *jw, const struct probe_compute *pc)
{
    size_t i, j;
    char b[16];
    jw_object_begin(jw);
    jw_kv_str(jw, "no_kernel", pc->no_kernel);
    jw_kv_str(jw, "skipped", pc->skipped);
    jw_kv_int(jw, "step_timeout_ms", pc->step_timeout_ms);
    jw_kv_int(jw, "elements", PROBE_COMPUTE_ELEMS);
    jw_key(jw, "ptx_variants");
    jw_array_begin(jw);
    for (i = 0; i < probe_ptx_n_variants; i++) {
        jw_object_begin(jw);
        snprintf(b, sizeof(b), "sm_%d", probe_ptx_variants[i].sm);
        jw_kv_str(jw, "target", b);
        jw_kv_str(jw, "isa", probe_ptx_variants[i].isa);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "child");
    jw_object_begin(jw);
    jw_kv_str(jw, "end", report_probe_end_name(pc->child_end));
    jw_kv_str(jw, "signal", pc->child_end == PROBE_CHILD_SIGNALED ? compat_signal_name(pc->child_code) : NULL);
    jw_kv_int(jw, "elapsed_us", (int64_t)(pc->child_ns / 1000u));
    jw_kv_bool(jw, "complete", pc->complete);
    jw_kv_str(jw, "in_flight", pc->in_flight_fn ? probe_fn_name(pc->in_flight_fn) : NULL);
    jw_kv_str(jw, "protocol_error", pc->wire_error);
    jw_object_end(jw);
    jw_key(jw, "gpus");
    jw_array_begin(jw);
    for (i = 0; i < pc->n_devs; i++) {
        const struct probe_compute_dev *d = &pc->devs[i];
        if (!d->present)
            continue;
        jw_object_begin(jw);
        jw_kv_int(jw, "cuda_index", (int64_t)i);
        jw_kv_str(jw, "uuid", d->uuid[0] ? d->uuid : NULL);
        jw_kv_str(jw, "name", d->name[0] ? d->name : NULL);
        if (d->cc_major >= 0) {
            snprintf(b, sizeof(b), "%d.%d", d->cc_major, d->cc_minor);
            jw_kv_str(jw, "compute_capability", b);
        } else {
            jw_kv_null(jw, "compute_capability");
        }
        jw_kv_str(jw, "result", outcome_name(d->outcome));
        jw_kv_str(jw, "failed_step", d->failed_fn ? probe_fn_name(d->failed_fn) : NULL);
        if (d->failed_rc != PROBE_RC_NONE) {
            jw_kv_int(jw, "error", d->failed_rc);
            jw_kv_str(jw, "error_name", rc_name(d->failed_rc, d->error_name));
        } else {
            jw_kv_null(jw, "error");
            jw_kv_null(jw, "error_name");
        }
        jw_kv_str(jw, "error_string", d->error_text[0] ? d->error_text : NULL);
        jw_key(jw, "jit");
        jw_array_begin(jw);
        for (j = 0; j < d->n_jit; j++) {
            const struct probe_compute_jit *t = &d->jit[j];
            jw_object_begin(jw);
            snprintf(b, sizeof(b), "sm_%d", t->sm);
            jw_kv_str(jw, "target", b);
            jw_kv_str(jw, "isa", t->isa);
            if (t->rc != PROBE_RC_NONE) {
                jw_kv_int(jw, "result", t->rc);
                jw_kv_str(jw, "name", rc_name(t->rc, NULL));
            } else {
                jw_kv_null(jw, "result");
                jw_kv_null(jw, "name");
            }
            jw_kv_int(jw, "wall_us", (int64_t)(t->wall_ns / 1000u));
            jw_kv_str(jw, "error_log", t->error_log);
            jw_kv_str(jw, "info_log", t->info_log);
            jw_object_end(jw);
        }
        jw_array_end(jw);
        if (d->used_sm) {
            snprintf(b, sizeof(b), "sm_%d", d->used_sm);
            jw_kv_str(jw, "ptx_target", b);
        } else {
            jw_kv_null(jw, "ptx_target");
        }
        jw_kv_int(jw, "bytes", (int64_t)d->bytes);
        jw_kv_int(jw, "htod_us", (int64_t)(d->htod_ns / 1000u));
        jw_kv_int(jw, "kernel_us", (int64_t)(d->kernel_ns / 1000u));
        jw_kv_int(jw, "dtoh_us", (int64_t)(d->dtoh_ns / 1000u));
        kv_count(jw, "wrong_elements", d->wrong);
        kv_count(jw, "first_wrong_index", d->bad_index);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "kernel_log");
    jw_array_begin(jw);
    for (i = 0; i < pc->n_nvrm; i++)
        jw_str(jw, pc->nvrm[i]);
    jw_array_end(jw);
    jw_kv_str(jw, "kernel_log_error", pc->kmsg_error);
    jw_object_end(jw);
}

static void kv_tri(struct jw *jw, const char *key, int v)
{
    if (v < 0)
        jw_kv_null(jw, key);
    else
        jw_kv_bool(jw, key, v);
}

void report_probe_import_json(struct jw *jw, const struct probe_import *pi)
{
    size_t i, j;
    jw_array_begin(jw);
    for (i = 0; i < pi->n_runs; i++) {
        const struct probe_import_run *ir = &pi->runs[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "subject", ir->subject);
        jw_kv_str(jw, "framework", ir->framework);
        jw_kv_str(jw, "interpreter", ir->interpreter);
        jw_kv_str(jw, "predicted_gpu", gpu_verdict_name(ir->predicted));
        jw_key(jw, "child");
        jw_object_begin(jw);
        jw_kv_str(jw, "end", ir->ran ? report_probe_end_name(ir->child_end) : "not_run");
        if (ir->ran && ir->child_end == PROBE_CHILD_EXITED)
            jw_kv_int(jw, "exit_code", ir->child_code);
        else
            jw_kv_null(jw, "exit_code");
        jw_kv_int(jw, "elapsed_us", (int64_t)(ir->child_ns / 1000u));
        kv_tri(jw, "network_isolated", ir->net_isolated);
        jw_kv_str(jw, "network_error", ir->net_error);
        jw_object_end(jw);
        jw_kv_str(jw, "run_error", ir->run_error);
        jw_key(jw, "answer");
        if (ir->run_error) {
            jw_null(jw);
        } else {
            jw_object_begin(jw);
            kv_tri(jw, "import_ok", ir->import_ok);
            jw_kv_str(jw, "import_error", ir->import_error);
            jw_kv_str(jw, "version", ir->version);
            kv_tri(jw, "gpu", ir->gpu);
            kv_count(jw, "device_count", ir->device_count);
            jw_kv_str(jw, "cuda", ir->cuda);
            jw_kv_str(jw, "cudnn", ir->cudnn);
            jw_kv_str(jw, "question", ir->question);
            jw_kv_str(jw, "details", ir->details);
            jw_key(jw, "mapped");
            jw_array_begin(jw);
            for (j = 0; j < ir->n_mapped; j++)
                jw_str(jw, ir->mapped[j]);
            jw_array_end(jw);
            jw_object_end(jw);
        }
        jw_kv_str(jw, "gpu_comparison", cmp_name(ir->gpu_cmp));
        jw_kv_str(jw, "missing_library", ir->missing_lib);
        jw_kv_str(jw, "missing_comparison", ir->missing_lib ? cmp_name(ir->missing_cmp) : NULL);
        jw_key(jw, "libraries");
        jw_array_begin(jw);
        for (j = 0; j < ir->n_libs; j++) {
            const struct probe_import_lib *l = &ir->libs[j];
            jw_object_begin(jw);
            jw_kv_str(jw, "library", l->library);
            jw_kv_str(jw, "predicted", l->predicted);
            jw_kv_str(jw, "mapped", l->mapped);
            jw_kv_str(jw, "comparison", cmp_name(l->cmp));
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}
