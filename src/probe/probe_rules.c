/*
 * probe_rules.c - findings from what the driver answered (codes GD5xx).
 *
 * The rules read only struct probe_result, so `probe` and `check --probe`
 * judge the same way.  They live with the probe rather than in diagnose/
 * because nothing else produces their input.  Each code is documented in
 * docs/findings.md ("probe").
 */
#include "probe/probe.h"

#include <string.h>

#include "compat/compat.h"
#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_node.h"
#include "probe/probe_abi.h"
#include "util/banned.h"

static const char *dir_of(struct findings *fl, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return ".";
    return arena_strndup(fl->arena, path, slash == path ? 1 : (size_t)(slash - path));
}

/* Take dir out of LD_LIBRARY_PATH (the fix engine's one pipeline, sh and fish). */
static void fix_drop_dir(struct findings *fl, struct finding *fd, const char *dir)
{
    fixes_drop_loader_dir(NULL, fl, fd, "Take the directory out of LD_LIBRARY_PATH", dir);
}

static const char *cu_name(const struct probe_result *r, int64_t rc)
{
    const char *n = probe_cu_error_name(rc);
    if (!n && r->cu_init_error[0])
        n = r->cu_init_error;
    return n ? n : "an unlisted CUresult";
}

static const char *nvml_name(const struct probe_result *r, int64_t rc)
{
    const char *n = probe_nvml_error_name(rc);
    if (!n && r->nvml_init_error[0])
        n = r->nvml_init_error;
    return n ? n : "an unlisted nvmlReturn_t";
}

static void refusals(const struct probe_result *r, const struct probe_lib *l, struct findings *fl,
                     int *stub_reported)
{
    size_t i;
    for (i = 0; i < l->n_refused; i++) {
        const struct probe_refusal *f = &l->refused[i];
        struct finding *fd;
        if (f->stub) {
            if (*stub_reported)
                continue;
            *stub_reported = 1;
            fd = findings_add(fl, "GD502", SEV_ERROR,
                              "the loader would give programs the CUDA toolkit stub '%s' for %s",
                              f->path, l->soname);
            finding_evidence(fl, fd, f->path, "%s: %s; probe skipped it", f->path, f->reason);
            if (l->path)
                finding_evidence(fl, fd, l->path, "the driver's own %s is %s", l->soname, l->path);
            fix_drop_dir(fl, fd, dir_of(fl, f->path));
        } else {
            fd = findings_add(fl, "GD515", SEV_WARNING,
                              "'%s' inside a Python environment comes before the driver's %s",
                              f->path, l->soname);
            finding_evidence(fl, fd, f->path, "%s: %s; probe did not load it", f->path, f->reason);
            fix_drop_dir(fl, fd, dir_of(fl, f->path));
        }
    }
    (void)r;
}

static void init_failure_nodes(const struct probe_result *r, struct findings *fl, int *done)
{
    struct finding *fd;
    if (*done || !r->denied_node)
        return;
    *done = 1;
    fd = findings_add(fl, "GD510", SEV_ERROR, "'%s' cannot be opened for reading and writing",
                      r->denied_node);
    finding_evidence(fl, fd, r->denied_node, "%s exists but this user may not open it read-write",
                     r->denied_node);
    fixes_run(NULL, fl, fd, FIX_TOOL_LS_DEV_NODES, NULL, NULL, NULL);
    fixes_run(NULL, fl, fd, FIX_TOOL_GROUP_VIDEO, NULL, NULL, NULL);
}

static void child_outcome(const struct probe_result *r, struct findings *fl)
{
    struct finding *fd;
    const char *where = r->in_flight_fn ? probe_fn_name(r->in_flight_fn) : NULL;

    switch (r->child_end) {
    case PROBE_CHILD_TIMEOUT:
        fd = findings_add(fl, "GD511", SEV_ERROR, "the driver did not answer within %u s%s%s",
                          (r->timeout_ms + 999) / 1000, where ? ": it hangs in " : "",
                          where ? where : "");
        finding_evidence(fl, fd, NULL, "the probe's child was killed after %u ms%s",
                         r->timeout_ms,
                         r->child_unreaped ? " and could not be reaped (stuck in the kernel)" : "");
        fixes_run(NULL, fl, fd, FIX_TOOL_DMESG_XID, NULL, NULL, NULL);
        fixes_run(NULL, fl, fd, FIX_TOOL_PERSISTENCED, NULL, NULL, NULL);
        fixes_advice(fl, fd, FIX_RANK_REBOOT, "If it persists, reboot the machine");
        return;
    case PROBE_CHILD_SIGNALED: {
        const char *sig = compat_signal_name(r->child_code);
        fd = findings_add(fl, "GD512", SEV_ERROR, "the driver crashed (%s%s%s)",
                          sig ? sig : "a signal", where ? " in " : "", where ? where : "");
        finding_evidence(fl, fd, NULL, "the probe's child ended with signal %d", r->child_code);
        fixes_run(NULL, fl, fd, FIX_TOOL_DMESG_XID, "Look for driver errors in the kernel log", NULL, NULL);
        fixes_advice(fl, fd, FIX_RANK_DRIVER, "Reinstall the NVIDIA driver (the same version as the kernel module)");
        return;
    }
    case PROBE_CHILD_OVERFLOW:
    case PROBE_CHILD_EXITED:
        if (r->complete && !r->wire_error && r->child_end == PROBE_CHILD_EXITED)
            return;
        fd = findings_add(fl, "GD512", SEV_ERROR, "the probe's child ended early%s%s",
                          where ? " in " : "", where ? where : "");
        if (r->wire_error)
            finding_evidence(fl, fd, NULL, "%s", r->wire_error);
        else if (r->child_end == PROBE_CHILD_OVERFLOW)
            finding_evidence(fl, fd, NULL, "it wrote more than the protocol allows");
        else
            finding_evidence(fl, fd, NULL, "it exited with status %d before finishing",
                             r->child_code);
        fixes_advice(fl, fd, FIX_RANK_DRIVER, "Reinstall the NVIDIA driver");
        return;
    case PROBE_CHILD_NOT_RUN:
        return;
    }
}

void probe_findings(const struct probe_result *r, const struct fix_ctx *fx, struct findings *fl)
{
    struct finding *fd;
    struct fix_ctx none;
    int stub = 0, nodes = 0;
    int64_t cu, nv;
    const char *cvd = r->cuda_visible_devices;

    refusals(r, &r->cuda, fl, &stub);
    refusals(r, &r->nvml, fl, &stub);

    if (r->cuda.state == PROBE_LIB_NOT_FOUND && !stub) {
        fd = findings_add(fl, "GD501", SEV_ERROR, "no NVIDIA driver: %s is not found",
                          r->cuda.soname);
        finding_evidence(fl, fd, NULL, "loader: %s",
                         r->cuda.error ? r->cuda.error : "not found");
        if (!fx) {
            fix_ctx_init(&none, NULL, fl->arena);
            fx = &none;
        }
        fixes_libcuda_missing(fx, fl, fd);
    }
    child_outcome(r, fl);

    if (r->cuda.state == PROBE_LIB_LOAD_FAILED) {
        fd = findings_add(fl, "GD513", SEV_ERROR, "%s cannot be loaded", r->cuda.path);
        finding_evidence(fl, fd, r->cuda.path, "dlopen: %s", r->cuda.error ? r->cuda.error : "?");
        fixes_advice(fl, fd, FIX_RANK_DRIVER, "Reinstall the NVIDIA driver so that its libraries are complete");
    } else if (r->cuda.state == PROBE_LIB_LOADED && r->cuda.missing_fn == PF_CU_INIT) {
        fd = findings_add(fl, "GD513", SEV_ERROR, "%s does not export cuInit: it is not a CUDA driver",
                          r->cuda.path);
        finding_evidence(fl, fd, r->cuda.path, "dlsym(cuInit) found nothing");
        fixes_advice(fl, fd, FIX_RANK_DRIVER, "Remove it from the loader path and reinstall the NVIDIA driver");
    }

    nv = probe_rc(r, PF_NVML_INIT, -1);
    if (nv == NVML_ERR_LIB_RM_VERSION_MISMATCH) {
        fd = findings_add(fl, "GD508", SEV_ERROR,
                          "driver/library version mismatch: the kernel module is not the driver "
                          "the libraries belong to");
        finding_evidence(fl, fd, r->nvml.path, "nvmlInit_v2 returned %s (18)",
                         nvml_name(r, nv));
        fixes_advice(fl, fd, FIX_RANK_REBOOT, "Reboot (the usual cause: a driver upgrade without reboot)");
        fixes_run(NULL, fl, fd, FIX_TOOL_KMODS_RELOAD, "Or reload the kernel modules (stops everything using the GPU)",
                  NULL, NULL);
    } else if (nv == NVML_ERR_DRIVER_NOT_LOADED) {
        fd = findings_add(fl, "GD509", SEV_ERROR, "the NVIDIA kernel module is not loaded");
        finding_evidence(fl, fd, r->nvml.path, "nvmlInit_v2 returned %s (9)", nvml_name(r, nv));
        fixes_run(NULL, fl, fd, FIX_TOOL_MODPROBE, NULL, NULL, NULL);
        fixes_run(NULL, fl, fd, FIX_TOOL_DMESG_SECURE_BOOT, NULL, NULL, NULL);
        fixes_continue(fd);
    } else if (nv == NVML_ERR_NO_PERMISSION) {
        init_failure_nodes(r, fl, &nodes);
        if (!nodes) {
            nodes = 1;
            fd = findings_add(fl, "GD510", SEV_ERROR, "NVML may not open the GPU");
            finding_evidence(fl, fd, r->nvml.path, "nvmlInit_v2 returned %s (4)", nvml_name(r, nv));
            fixes_run(NULL, fl, fd, FIX_TOOL_LS_DEV_NODES, NULL, NULL, NULL);
        }
    } else if (nv != PROBE_RC_NONE && nv != NVML_OK) {
        fd = findings_add(fl, "GD514", SEV_WARNING, "NVML failed to initialise: %s (%lld)",
                          nvml_name(r, nv), (long long)nv);
        finding_evidence(fl, fd, r->nvml.path, "nvmlInit_v2 returned %lld", (long long)nv);
        fixes_run(NULL, fl, fd, FIX_TOOL_NVIDIA_SMI, NULL, NULL, NULL);
    }

    cu = probe_rc(r, PF_CU_INIT, -1);
    if (cu == PROBE_RC_NONE || cu == CU_SUCCESS) {
        if (cu == CU_SUCCESS && r->cu_count == 0) {
            fd = findings_add(fl, "GD503", SEV_ERROR, "the CUDA driver initialised but lists no device");
            finding_evidence(fl, fd, r->cuda.path, "cuDeviceGetCount returned 0");
            fixes_run(NULL, fl, fd, FIX_TOOL_LSPCI, NULL, NULL, NULL);
        } else if (cu == CU_SUCCESS && cvd && r->nvml_count > r->cu_count && r->cu_count >= 0) {
            fd = findings_add(fl, "GD504", SEV_INFO,
                              "CUDA_VISIBLE_DEVICES='%s' leaves %d of %d GPUs visible to CUDA",
                              cvd, r->cu_count, r->nvml_count);
            finding_evidence(fl, fd, NULL, "NVML lists %d devices, cuDeviceGetCount %d",
                             r->nvml_count, r->cu_count);
            fixes_unset_var(NULL, fl, fd, "To use every GPU, unset it", "CUDA_VISIBLE_DEVICES");
        }
        return;
    }
    switch (cu) {
    case CU_ERROR_STUB_LIBRARY:
        if (stub)
            break;
        fd = findings_add(fl, "GD502", SEV_ERROR, "%s is a stub, not the driver (CUDA_ERROR_STUB_LIBRARY)",
                          r->cuda.path);
        finding_evidence(fl, fd, r->cuda.path, "cuInit returned CUDA_ERROR_STUB_LIBRARY (34)");
        fix_drop_dir(fl, fd, dir_of(fl, r->cuda.path));
        fixes_advice(fl, fd, FIX_RANK_DRIVER, "Install the NVIDIA driver if none is installed");
        break;
    case CU_ERROR_NO_DEVICE:
        if (cvd && (r->nvml_count > 0 || !cvd[0] || !strcmp(cvd, "-1"))) {
            fd = findings_add(fl, "GD504", SEV_ERROR,
                              "CUDA_VISIBLE_DEVICES='%s' hides every GPU from CUDA", cvd);
            finding_evidence(fl, fd, NULL, "cuInit returned CUDA_ERROR_NO_DEVICE (100)");
            if (r->nvml_count > 0)
                finding_evidence(fl, fd, NULL, "NVML lists %d device(s)", r->nvml_count);
            fixes_unset_var(NULL, fl, fd, "Unset it, or name GPUs that exist (0, 1, ... or GPU-UUIDs)",
                            "CUDA_VISIBLE_DEVICES");
            break;
        }
        init_failure_nodes(r, fl, &nodes);
        if (nodes)
            break;
        fd = findings_add(fl, "GD503", SEV_ERROR, "the driver reports no CUDA device (CUDA_ERROR_NO_DEVICE)");
        finding_evidence(fl, fd, r->cuda.path, "cuInit returned CUDA_ERROR_NO_DEVICE (100)");
        fixes_run(NULL, fl, fd, FIX_TOOL_LSPCI, NULL, NULL, NULL);
        fixes_container_start(NULL, fl, fd, "In a container: start it with the GPUs", FIX_CTR_GPUS);
        break;
    case CU_ERROR_SYSTEM_DRIVER_MISMATCH:
        fd = findings_add(fl, "GD505", SEV_ERROR,
                          "%s does not match the kernel driver (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH)",
                          r->cuda.path);
        finding_evidence(fl, fd, r->cuda.path, "cuInit returned CUDA_ERROR_SYSTEM_DRIVER_MISMATCH (803)");
        if (r->driver_version[0])
            finding_evidence(fl, fd, NULL, "NVML reports driver %s", r->driver_version);
        fixes_run(NULL, fl, fd, FIX_TOOL_LDCONFIG_LIBCUDA, NULL, NULL, NULL);
        fixes_advice(fl, fd, FIX_RANK_ENV,
                     "If this libcuda is a forward-compatibility copy (cuda-compat), take it off the "
                     "loader path; else install the user-space driver of the kernel module's version");
        break;
    case CU_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
        fd = findings_add(fl, "GD506", SEV_ERROR,
                          "forward compatibility is not supported on this GPU (CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)");
        finding_evidence(fl, fd, r->cuda.path, "cuInit returned 804 with %s", r->cuda.path);
        fix_drop_dir(fl, fd, dir_of(fl, r->cuda.path));
        fixes_advice(fl, fd, FIX_RANK_USER,
                     "Forward compatibility works on data-center GPUs only: upgrade the driver "
                     "instead, or use a framework built for the driver's CUDA version");
        break;
    case CU_ERROR_UNKNOWN:
        init_failure_nodes(r, fl, &nodes);
        fd = findings_add(fl, "GD507", SEV_ERROR, "cuInit failed with CUDA_ERROR_UNKNOWN (999)");
        finding_evidence(fl, fd, r->cuda.path, "cuInit returned 999");
        fixes_run(NULL, fl, fd, FIX_TOOL_UVM_RELOAD,
                  "Reload the unified-memory module (the usual cause: suspend and resume)", NULL, NULL);
        fixes_advice(fl, fd, FIX_RANK_REBOOT, "If that does not help, reboot");
        break;
    default:
        init_failure_nodes(r, fl, &nodes);
        fd = findings_add(fl, "GD514", SEV_ERROR, "cuInit failed: %s (%lld)", cu_name(r, cu),
                          (long long)cu);
        finding_evidence(fl, fd, r->cuda.path, "cuInit returned %lld", (long long)cu);
        fixes_run(NULL, fl, fd, FIX_TOOL_DMESG_XID, "Look for driver errors in the kernel log", NULL, NULL);
        break;
    }
}
