/*
 * probe.c (report) - text and JSON for `gpudoctor probe`.
 */
#include "report/probe.h"
#include "report/report.h"

#include <stdio.h>
#include <string.h>

#include "compat/compat.h"
#include "probe/verify.h"
#include "report/text_sections.h"
#include "util/banned.h"

static const char *lib_state_name(enum probe_lib_state s)
{
    switch (s) {
    case PROBE_LIB_NOT_FOUND: return "not_found";
    case PROBE_LIB_SELECTED: return "not_loaded";
    case PROBE_LIB_LOADED: return "loaded";
    case PROBE_LIB_LOAD_FAILED: return "load_failed";
    }
    return "?";
}

static const char *child_end_name(enum probe_child_end e)
{
    switch (e) {
    case PROBE_CHILD_NOT_RUN: return "not_run";
    case PROBE_CHILD_EXITED: return "exited";
    case PROBE_CHILD_SIGNALED: return "signaled";
    case PROBE_CHILD_TIMEOUT: return "timeout";
    case PROBE_CHILD_OVERFLOW: return "overflow";
    }
    return "?";
}

/* "12.4" from 12040; buf must hold 16 bytes. */
static const char *cuda_ver(char *buf, size_t size, int v)
{
    if (v <= 0)
        return NULL;
    snprintf(buf, size, "%d.%d", v / 1000, (v % 1000) / 10);
    return buf;
}

static void heading(struct out *o, const char *t)
{
    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "%s", t);
    out_raw(o, "\n");
}

static void lib_text(struct out *o, const struct probe_lib *l)
{
    size_t i;
    out_printf(o, "  %-19s ", l->soname);
    if (l->path) {
        out_printf(o, "%s", l->path);
        if (l->realpath)
            out_printf(o, " -> %s", l->realpath);
        out_printf(o, " (%s)\n", l->found_by ? l->found_by : "?");
    } else {
        out_styled(o, STYLE_YELLOW, "not found");
        out_printf(o, ": %s\n", l->error ? l->error : "nowhere the loader looks");
    }
    for (i = 0; i < l->n_refused; i++)
        out_printf(o, "  %-19s refused %s: %s\n", "", l->refused[i].path, l->refused[i].reason);
}

void report_probe_libraries(struct out *o, const struct probe_result *r)
{
    out_styled(o, STYLE_BOLD, "Driver libraries");
    out_raw(o, " (probe loads these in a child process)\n");
    lib_text(o, &r->cuda);
    lib_text(o, &r->nvml);
    if (r->cuda.state != PROBE_LIB_SELECTED && r->nvml.state != PROBE_LIB_SELECTED)
        out_raw(o, "  nothing to load\n");
    fflush(o->fp);
}

static const char *rc_text(char *buf, size_t size, int64_t rc, int cuda, const struct probe_result *r)
{
    const char *n = cuda ? probe_cu_error_name(rc) : probe_nvml_error_name(rc);
    if (!n)
        n = cuda ? (r->cu_init_error[0] ? r->cu_init_error : NULL)
                 : (r->nvml_init_error[0] ? r->nvml_init_error : NULL);
    if (n)
        snprintf(buf, size, "%s (%lld)", n, (long long)rc);
    else
        snprintf(buf, size, "%lld", (long long)rc);
    return buf;
}

static void mem_text(char *buf, size_t size, uint64_t bytes)
{
    if (!bytes)
        snprintf(buf, size, "?");
    else
        snprintf(buf, size, "%.1f GiB", (double)bytes / (1024.0 * 1024.0 * 1024.0));
}

static void gpu_text(struct out *o, const struct probe_result *r, const struct probe_gpu *g, int64_t cu)
{
    const struct probe_dev *d = g->nvml ? g->nvml : g->cuda;
    const struct probe_dev *c = g->cuda;
    char mem[32];
    int ma = d->cc_major, mi = d->cc_minor;
    if (ma < 0 && c) {
        ma = c->cc_major;
        mi = c->cc_minor;
    }
    mem_text(mem, sizeof(mem), d->mem_total ? d->mem_total : c ? c->mem_total : 0);
    out_printf(o, "  %s", d->name[0] ? d->name : c && c->name[0] ? c->name : "(no name)");
    if (ma >= 0)
        out_printf(o, ", compute capability %d.%d", ma, mi);
    out_printf(o, ", %s\n", mem);
    out_printf(o, "      PCI %s", d->pci_bus_id[0] ? d->pci_bus_id : "?");
    if (g->nvml && g->nvml->uuid[0])
        out_printf(o, ", %s", g->nvml->uuid);
    out_raw(o, "\n      ");
    if (g->nvml_index >= 0)
        out_printf(o, "NVML index %d, ", g->nvml_index);
    if (g->cuda_index >= 0)
        out_styled(o, STYLE_GREEN, "CUDA device %d", g->cuda_index);
    else if (cu == 0)
        out_styled(o, STYLE_YELLOW, "hidden from CUDA%s",
                   r->cuda_visible_devices ? " (CUDA_VISIBLE_DEVICES)" : "");
    else if (cu == PROBE_RC_NONE)
        out_raw(o, "CUDA not asked (cuInit did not return)");
    else
        out_raw(o, "not usable through CUDA (cuInit failed)");
    out_raw(o, "\n");
}

static const char *verify_state_name(enum probe_lib_state s)
{
    switch (s) {
    case PROBE_LIB_NOT_FOUND: return "not_found";
    case PROBE_LIB_SELECTED: return "not_reached";
    case PROBE_LIB_LOADED: return "loaded";
    case PROBE_LIB_LOAD_FAILED: return "failed";
    }
    return "?";
}

static void verify_text(struct out *o, const struct probe_verify *v)
{
    size_t i, j;
    heading(o, "Library check (--verify-libs: the predicted files, loaded in a child process)");
    if (!v->n_installs)
        out_raw(o, "  no framework install loads CUDA libraries\n");
    for (i = 0; i < v->n_installs; i++) {
        const struct probe_verify_install *vi = &v->installs[i];
        out_printf(o, "  %s\n", vi->subject ? vi->subject : "?");
        for (j = 0; j < vi->n_libs; j++) {
            const struct probe_verify_lib *l = &vi->libs[j];
            out_printf(o, "    %-22s ", l->library ? l->library : "?");
            switch (l->state) {
            case PROBE_LIB_LOADED:
                out_styled(o, STYLE_GREEN, "loads");
                out_printf(o, " %s\n", l->path);
                break;
            case PROBE_LIB_LOAD_FAILED:
                out_styled(o, STYLE_RED, "fails");
                out_printf(o, " %s: %s\n", l->path, l->error ? l->error : "?");
                break;
            case PROBE_LIB_SELECTED:
                out_styled(o, STYLE_YELLOW, "not reached");
                out_printf(o, " %s\n", l->path);
                break;
            case PROBE_LIB_NOT_FOUND:
                out_raw(o, "not found by the loader model: not loaded\n");
                break;
            }
        }
        if (vi->n_load && vi->child_end != PROBE_CHILD_EXITED) {
            const char *s = vi->child_end == PROBE_CHILD_SIGNALED ? compat_signal_name(vi->child_code) : NULL;
            out_printf(o, "    child process %s%s%s%s\n", child_end_name(vi->child_end), s ? " (" : "",
                       s ? s : "", s ? ")" : "");
        }
    }
}

void report_probe_text(struct out *o, const struct probe_result *r, const struct findings *fl)
{
    char b1[PROBE_STR_MAX + 48], b2[16];
    int64_t cu = probe_rc(r, PF_CU_INIT, -1), nv = probe_rc(r, PF_NVML_INIT, -1);
    size_t i;

    if (r->child_end != PROBE_CHILD_NOT_RUN) {
        heading(o, "Driver");
        out_printf(o, "  %-22s %s\n", "driver version", r->driver_version[0] ? r->driver_version : "unknown");
        if (r->cu_driver_version > 0)
            out_printf(o, "  %-22s %s (cuDriverGetVersion)\n", "driver's CUDA version",
                       cuda_ver(b2, sizeof(b2), r->cu_driver_version));
        else if (r->nvml_cuda_version > 0)
            out_printf(o, "  %-22s %s (NVML)\n", "driver's CUDA version",
                       cuda_ver(b2, sizeof(b2), r->nvml_cuda_version));
        if (nv != PROBE_RC_NONE)
            out_printf(o, "  %-22s %s, %d device(s)\n", "nvmlInit_v2", rc_text(b1, sizeof(b1), nv, 0, r),
                       r->nvml_count < 0 ? 0 : r->nvml_count);
        if (cu != PROBE_RC_NONE)
            out_printf(o, "  %-22s %s in %.1f ms, %d device(s)\n", "cuInit",
                       rc_text(b1, sizeof(b1), cu, 1, r), (double)r->cu_init_ns / 1e6,
                       r->cu_count < 0 ? 0 : r->cu_count);
        out_printf(o, "  %-22s %s\n", "CUDA_VISIBLE_DEVICES",
                   r->cuda_visible_devices ? r->cuda_visible_devices : "(unset)");
        out_printf(o, "  %-22s %s", "child process", child_end_name(r->child_end));
        if (r->child_end == PROBE_CHILD_SIGNALED) {
            const char *s = compat_signal_name(r->child_code);
            out_printf(o, " (%s)", s ? s : "signal");
        }
        if (r->in_flight_fn)
            out_printf(o, " in %s", probe_fn_name(r->in_flight_fn));
        out_printf(o, " after %.1f ms\n", (double)r->child_ns / 1e6);
        if (r->guard && strcmp(r->guard, "on"))
            out_printf(o, "  %-22s %s\n", "child's guard", r->guard);

        heading(o, "GPUs");
        if (!r->n_gpus)
            out_raw(o, "  none\n");
        for (i = 0; i < r->n_gpus; i++)
            gpu_text(o, r, &r->gpus[i], cu);
    }
    if (r->compute)
        report_probe_compute_text(o, r->compute);
    if (r->verify)
        verify_text(o, r->verify);
    if (r->import)
        report_probe_import_text(o, r->import);
    if (fl) /* check --probe prints its findings with the rest */
        report_text_findings(o, fl);
}

/* ---- JSON -------------------------------------------------------------- */

static void lib_json(struct jw *jw, const struct probe_lib *l)
{
    size_t i;
    jw_object_begin(jw);
    jw_kv_str(jw, "name", l->soname);
    jw_kv_str(jw, "state", lib_state_name(l->state));
    jw_kv_str(jw, "path", l->path);
    jw_kv_str(jw, "realpath", l->realpath);
    jw_kv_str(jw, "found_by", l->found_by);
    jw_kv_str(jw, "error", l->error);
    jw_key(jw, "refused");
    jw_array_begin(jw);
    for (i = 0; i < l->n_refused; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "path", l->refused[i].path);
        jw_kv_str(jw, "reason", l->refused[i].stub ? "stub" : "python_environment");
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_kv_str(jw, "missing_entry_point", l->missing_fn ? probe_fn_name(l->missing_fn) : NULL);
    jw_object_end(jw);
}

static void init_json(struct jw *jw, const char *key, int64_t rc, int cuda, uint64_t ns,
                      int count, const struct probe_result *r)
{
    jw_key(jw, key);
    if (rc == PROBE_RC_NONE) {
        jw_null(jw);
        return;
    }
    jw_object_begin(jw);
    jw_kv_int(jw, "result", rc);
    {
        const char *n = cuda ? probe_cu_error_name(rc) : probe_nvml_error_name(rc);
        if (!n)
            n = cuda ? (r->cu_init_error[0] ? r->cu_init_error : NULL)
                     : (r->nvml_init_error[0] ? r->nvml_init_error : NULL);
        jw_kv_str(jw, "name", n);
    }
    jw_kv_int(jw, "init_us", (int64_t)(ns / 1000u));
    if (count >= 0)
        jw_kv_int(jw, "device_count", count);
    else
        jw_kv_null(jw, "device_count");
    jw_object_end(jw);
}

static void gpu_json(struct jw *jw, const struct probe_gpu *g)
{
    const struct probe_dev *d = g->nvml ? g->nvml : g->cuda;
    const struct probe_dev *c = g->cuda;
    int ma = d->cc_major, mi = d->cc_minor;
    uint64_t mem = d->mem_total;
    char cc[32];
    if (ma < 0 && c) {
        ma = c->cc_major;
        mi = c->cc_minor;
    }
    if (!mem && c)
        mem = c->mem_total;
    jw_object_begin(jw);
    if (g->cuda_index >= 0)
        jw_kv_int(jw, "cuda_index", g->cuda_index);
    else
        jw_kv_null(jw, "cuda_index");
    if (g->nvml_index >= 0)
        jw_kv_int(jw, "nvml_index", g->nvml_index);
    else
        jw_kv_null(jw, "nvml_index");
    jw_kv_str(jw, "name", d->name[0] ? d->name : c && c->name[0] ? c->name : NULL);
    if (ma >= 0) {
        snprintf(cc, sizeof(cc), "%d.%d", ma, mi);
        jw_kv_str(jw, "compute_capability", cc);
    } else {
        jw_kv_null(jw, "compute_capability");
    }
    if (mem)
        jw_kv_int(jw, "memory_bytes", (int64_t)mem);
    else
        jw_kv_null(jw, "memory_bytes");
    jw_kv_str(jw, "pci_bus_id", d->pci_bus_id[0] ? d->pci_bus_id : NULL);
    jw_kv_str(jw, "uuid", g->nvml && g->nvml->uuid[0] ? g->nvml->uuid : NULL);
    jw_kv_bool(jw, "visible_to_cuda", g->cuda_index >= 0);
    jw_object_end(jw);
}

static void verify_json(struct jw *jw, const struct probe_verify *v)
{
    size_t i, j;
    jw_array_begin(jw);
    for (i = 0; i < v->n_installs; i++) {
        const struct probe_verify_install *vi = &v->installs[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "subject", vi->subject);
        jw_kv_str(jw, "gpu", gpu_verdict_name(vi->gpu));
        jw_key(jw, "libraries");
        jw_array_begin(jw);
        for (j = 0; j < vi->n_libs; j++) {
            const struct probe_verify_lib *l = &vi->libs[j];
            jw_object_begin(jw);
            jw_kv_str(jw, "role", l->role);
            jw_kv_str(jw, "library", l->library);
            jw_kv_str(jw, "path", l->path);
            jw_kv_str(jw, "found_by", l->step);
            jw_kv_str(jw, "result", verify_state_name(l->state));
            jw_kv_str(jw, "dlerror", l->error);
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_kv_int(jw, "not_checked", (int64_t)vi->n_dropped);
        jw_key(jw, "child");
        jw_object_begin(jw);
        jw_kv_str(jw, "end", child_end_name(vi->child_end));
        jw_kv_str(jw, "signal", vi->child_end == PROBE_CHILD_SIGNALED ? compat_signal_name(vi->child_code) : NULL);
        jw_kv_int(jw, "elapsed_us", (int64_t)(vi->child_ns / 1000u));
        jw_kv_bool(jw, "complete", vi->complete);
        jw_kv_str(jw, "in_flight", vi->in_flight >= 0 && (size_t)vi->in_flight < vi->n_load
                                   ? vi->libs[vi->in_flight].path : NULL);
        jw_kv_str(jw, "protocol_error", vi->wire_error);
        jw_object_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void report_probe_json_value(struct jw *jw, const struct probe_result *r)
{
    char b[16];
    size_t i;
    jw_object_begin(jw);
    jw_key(jw, "libraries");
    jw_array_begin(jw);
    lib_json(jw, &r->cuda);
    lib_json(jw, &r->nvml);
    jw_array_end(jw);
    jw_key(jw, "child");
    jw_object_begin(jw);
    jw_kv_str(jw, "end", child_end_name(r->child_end));
    if (r->child_end == PROBE_CHILD_EXITED)
        jw_kv_int(jw, "exit_code", r->child_code);
    else
        jw_kv_null(jw, "exit_code");
    jw_kv_str(jw, "signal", r->child_end == PROBE_CHILD_SIGNALED ? compat_signal_name(r->child_code) : NULL);
    jw_kv_int(jw, "elapsed_us", (int64_t)(r->child_ns / 1000u));
    jw_kv_int(jw, "timeout_ms", r->timeout_ms);
    jw_kv_str(jw, "guard", r->guard);
    jw_kv_bool(jw, "complete", r->complete);
    jw_kv_str(jw, "in_flight", r->in_flight_fn ? probe_fn_name(r->in_flight_fn) : NULL);
    jw_kv_str(jw, "protocol_error", r->wire_error);
    jw_object_end(jw);
    jw_key(jw, "driver");
    jw_object_begin(jw);
    jw_kv_str(jw, "version", r->driver_version[0] ? r->driver_version : NULL);
    jw_kv_str(jw, "cuda_version", cuda_ver(b, sizeof(b), r->cu_driver_version > 0 ? r->cu_driver_version
                                                                                  : r->nvml_cuda_version));
    jw_kv_str(jw, "cuda_version_source", r->cu_driver_version > 0 ? "cuDriverGetVersion"
                                         : r->nvml_cuda_version > 0 ? "nvmlSystemGetCudaDriverVersion_v2"
                                                                    : NULL);
    jw_object_end(jw);
    init_json(jw, "cuda", probe_rc(r, PF_CU_INIT, -1), 1, r->cu_init_ns, r->cu_count, r);
    init_json(jw, "nvml", probe_rc(r, PF_NVML_INIT, -1), 0, r->nvml_init_ns, r->nvml_count, r);
    jw_kv_str(jw, "cuda_visible_devices", r->cuda_visible_devices);
    jw_key(jw, "gpus");
    jw_array_begin(jw);
    for (i = 0; i < r->n_gpus; i++)
        gpu_json(jw, &r->gpus[i]);
    jw_array_end(jw);
    jw_key(jw, "failed_calls");
    jw_array_begin(jw);
    for (i = 0; i < r->n_calls; i++) {
        const struct probe_call *c = &r->calls[i];
        if (c->rc == 0)
            continue;
        jw_object_begin(jw);
        jw_kv_str(jw, "function", probe_fn_name(c->fn));
        if (c->dev >= 0)
            jw_kv_int(jw, "device", c->dev);
        else
            jw_kv_null(jw, "device");
        jw_kv_int(jw, "result", c->rc);
        jw_kv_str(jw, "name", c->fn >= PF_LIB_CUDA ? probe_cu_error_name(c->rc) : probe_nvml_error_name(c->rc));
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "verify_libs");
    if (r->verify)
        verify_json(jw, r->verify);
    else
        jw_null(jw);
    jw_key(jw, "compute");
    if (r->compute)
        report_probe_compute_json(jw, r->compute);
    else
        jw_null(jw);
    jw_key(jw, "import");
    if (r->import)
        report_probe_import_json(jw, r->import);
    else
        jw_null(jw);
    jw_object_end(jw);
}

void report_probe_json(struct strbuf *sb, const struct probe_result *r, const struct findings *fl,
                       const char *gd_version, int exit_status)
{
    struct jw jw;
    jw_init(&jw, sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_PROBE_JSON_SCHEMA);
    jw_kv_str(&jw, "gpudoctor_version", gd_version);
    jw_key(&jw, "probe");
    report_probe_json_value(&jw, r);
    jw_key(&jw, "findings");
    report_json_findings(&jw, fl);
    report_json_summary(&jw, fl);
    jw_kv_int(&jw, "exit_status", exit_status);
    jw_object_end(&jw);
    strbuf_addch(sb, '\n');
}

void report_probe_progress(FILE *fp, const char *call, unsigned waited_s, unsigned timeout_s)
{
    struct out o = { fp, 0, 0, NULL, 0 };
    out_raw(&o, "\r");
    out_printf(&o, "waiting for the driver: %s, %u s of %u", call, waited_s, timeout_s);
    out_raw(&o, "\033[K");
    fflush(fp);
}

void report_probe_progress_end(FILE *fp)
{
    fputs("\r\033[K", fp);
    fflush(fp);
}

/* For report/probe_proof.c: the same names and headings. */
const char *report_probe_end_name(enum probe_child_end e)
{
    return child_end_name(e);
}

void report_probe_heading(struct out *o, const char *title)
{
    heading(o, title);
}
