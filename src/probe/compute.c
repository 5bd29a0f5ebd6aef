/*
 * compute.c - `probe --compute`, the parent's side: start the compute child
 * (compute_child.c) after the driver probe, read its stream and the kernel
 * log, and judge the outcome per GPU.  See compute.h.
 */
#include "probe/compute.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "diagnose/fixes_intent.h"
#include "probe/helper.h"
#include "probe/probe_abi.h"
#include "probe/probewire.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define KMSG_CAP (256u * 1024u)

void probe_compute_init(struct probe_compute *pc)
{
    size_t i;
    memset(pc, 0, sizeof(*pc));
    arena_init(&pc->arena);
    pc->step_timeout_ms = PROBE_COMPUTE_DEFAULT_STEP_MS;
    pc->init_rc = PROBE_RC_NONE;
    pc->count = -1;
    for (i = 0; i < PROBE_MAX_DEVICES; i++) {
        struct probe_compute_dev *d = &pc->devs[i];
        d->cc_major = d->cc_minor = -1;
        d->failed_rc = PROBE_RC_NONE;
        d->wrong = -1;
        d->bad_index = -1;
    }
}

void probe_compute_release(struct probe_compute *pc)
{
    arena_release(&pc->arena);
    probe_compute_init(pc);
}

/* ---- the kernel log ------------------------------------------------------ */

void probe_kmsg_nvrm(const uint8_t *buf, size_t len,
                     void (*fn)(void *arg, const char *line, size_t n), void *arg)
{
    size_t off = 0;
    while (off < len) {
        const uint8_t *nl = memchr(buf + off, '\n', len - off);
        size_t end = nl ? (size_t)(nl - buf) : len, i, n = end - off;
        const uint8_t *line = buf + off;
        off = end + 1;
        /* /dev/kmsg continuation lines (" KEY=value") carry no text. */
        if (!n || line[0] == ' ')
            continue;
        /* "PRI,SEQ,TS,FLAGS;TEXT": the text after the first ';' when the
         * prefix is a kmsg header (digits and commas, '-' or 'c' flags). */
        for (i = 0; i < n && i < 64 && line[i] != ';'; i++)
            if (!((line[i] >= '0' && line[i] <= '9') || line[i] == ',' || line[i] == '-' || line[i] == 'c'))
                break;
        if (i < n && line[i] == ';' && i > 0) {
            line += i + 1;
            n -= i + 1;
        }
        for (i = 0; i + 5 <= n; i++)
            if (!memcmp(line + i, "NVRM:", 5)) {
                fn(arg, (const char *)line + i, n - i);
                break;
            }
    }
}

int probe_xid_of(const char *line, size_t n)
{
    size_t i = 0;
    long v = 0;
    int digits = 0;
    /* "NVRM: Xid (PCI:0000:01:00): 79, ..." */
    if (n < 12 || memcmp(line, "NVRM: Xid", 9) != 0)
        return -1;
    i = 9;
    while (i < n && line[i] == ' ')
        i++;
    if (i < n && line[i] == '(') {
        while (i < n && line[i] != ')')
            i++;
        if (i >= n)
            return -1;
        i++;
    }
    if (i < n && line[i] == ':')
        i++;
    while (i < n && line[i] == ' ')
        i++;
    while (i < n && line[i] >= '0' && line[i] <= '9' && digits < 6) {
        v = v * 10 + (line[i++] - '0');
        digits++;
    }
    return digits ? (int)v : -1;
}

/*
 * What the Xids a compute test can trigger mean.  Source: NVIDIA, "Xid
 * Errors" (docs.nvidia.com/deploy/xid-errors/, the Xid catalog) and
 * "Dynamic Page Retirement" (docs.nvidia.com/deploy/dynamic-page-retirement/)
 * for 48, 63 and 64.
 */
static const struct {
    int xid;
    const char *meaning;
} xids[] = {
    { 8, "GPU stopped processing (idle timeout)" },
    { 13, "graphics engine exception (often the program's own out-of-range access)" },
    { 31, "GPU memory page fault (an illegal address, the program's or the driver's)" },
    { 43, "GPU stopped processing" },
    { 45, "preemptive cleanup after an earlier error" },
    { 48, "double-bit ECC error in GPU memory (uncorrectable)" },
    { 61, "internal micro-controller breakpoint/warning" },
    { 62, "internal micro-controller halt" },
    { 63, "ECC page retirement or row remapping recorded: reset the GPU to apply it" },
    { 64, "ECC page retirement or row remapping failed" },
    { 74, "NVLink error" },
    { 79, "the GPU has fallen off the bus (PCIe link, power or heat)" },
    { 92, "high single-bit ECC error rate" },
    { 94, "contained ECC error (the affected application is stopped)" },
    { 95, "uncontained ECC error (reset the GPU)" },
    { 119, "GSP RPC timeout (the GPU's system processor did not answer)" },
    { 120, "GSP error" },
};

const char *probe_xid_meaning(int xid)
{
    size_t i;
    for (i = 0; i < sizeof(xids) / sizeof(xids[0]); i++)
        if (xids[i].xid == xid)
            return xids[i].meaning;
    return NULL;
}

static void keep_nvrm(void *arg, const char *line, size_t n)
{
    struct probe_compute *pc = arg;
    if (pc->n_nvrm < PROBE_COMPUTE_MAX_NVRM)
        pc->nvrm[pc->n_nvrm++] = arena_strndup(&pc->arena, line, n > 400 ? 400 : n);
}

/* ---- running the child --------------------------------------------------- */

static const char *env_arg(struct arena *a, const struct env *env, const char *name)
{
    const char *v = env_get(env, name);
    return v ? arena_printf(a, "%s=%s", name, v) : name;
}

int probe_compute_run(struct probe_compute *pc, const struct probe_result *r, struct fs *fs,
                      const struct env *env, unsigned step_timeout_ms, struct gd_err *err)
{
    const char *args[6 + PROBE_COMPUTE_MAX_JIT];
    struct compat_child_result cr;
    struct strbuf host = STRBUF_INIT;
    struct gd_err e2;
    unsigned char *buf;
    size_t nargs = 0, i;
    unsigned steps, total_ms;
    int kfd, spawned;

    pc->step_timeout_ms = step_timeout_ms;
    if (!probe_ptx_n_variants) {
        pc->no_kernel = probe_ptx_missing[0] ? probe_ptx_missing : "no PTX was built in";
        return 0;
    }
    if (r->cuda.state != PROBE_LIB_LOADED) {
        pc->skipped = "libcuda.so.1 did not load";
        return 0;
    }
    if (probe_rc(r, PF_CU_INIT, -1) != CU_SUCCESS) {
        pc->skipped = "cuInit failed";
        return 0;
    }
    if (r->cu_count <= 0) {
        pc->skipped = "CUDA lists no device";
        return 0;
    }
    err_init(&e2);
    if (fs_host_path(fs, r->cuda.path, 1, &host, &e2) != 1) {
        strbuf_release(&host);
        pc->skipped = "libcuda.so.1's path could not be mapped to this machine";
        return 0;
    }
    /* A salt from the clock: a buffer left by an earlier run never verifies. */
    pc->salt = (uint32_t)(compat_now_ns() ^ (compat_now_ns() >> 32)) | 1u;
    args[nargs++] = arena_strdup(&pc->arena, host.buf);
    args[nargs++] = arena_printf(&pc->arena, "%u", step_timeout_ms);
    args[nargs++] = arena_printf(&pc->arena, "%u", PROBE_COMPUTE_ELEMS);
    args[nargs++] = arena_printf(&pc->arena, "%u", pc->salt);
    args[nargs++] = env_arg(&pc->arena, env, "CUDA_VISIBLE_DEVICES");
    args[nargs++] = env_arg(&pc->arena, env, "CUDA_DEVICE_ORDER");
    for (i = 0; i < probe_ptx_n_variants && i < PROBE_COMPUTE_MAX_JIT; i++)
        args[nargs++] = arena_printf(&pc->arena, "%d:%s:%s", probe_ptx_variants[i].sm,
                                     probe_ptx_variants[i].isa, probe_ptx_variants[i].text);
    strbuf_release(&host);

    /* Every step has its own timer in the child; the whole run is bounded
     * by that times the steps (a process stuck in the kernel ignores the
     * timer's signal). */
    steps = 4u + 20u * (unsigned)r->cu_count;
    total_ms = step_timeout_ms > 600000u / steps ? 600000u : step_timeout_ms * steps;
    kfd = compat_kmsg_open();
    if (kfd < 0)
        pc->kmsg_error = arena_printf(&pc->arena, "/dev/kmsg: %s", strerror(errno));
    buf = xmalloc(PROBEWIRE_MAX_BYTES);
    spawned = probe_child_spawn("compute", probe_compute_child_main, args, nargs, total_ms, probe_guard_flags(fs), buf,
                                PROBEWIRE_MAX_BYTES, &cr, NULL, err);
    if (spawned < 0) {
        free(buf);
        if (kfd >= 0)
            compat_close(kfd);
        return -1;
    }
    switch (cr.end) {
    case COMPAT_CHILD_EXITED: pc->child_end = PROBE_CHILD_EXITED; break;
    case COMPAT_CHILD_SIGNALED: pc->child_end = PROBE_CHILD_SIGNALED; break;
    case COMPAT_CHILD_TIMEOUT: pc->child_end = PROBE_CHILD_TIMEOUT; break;
    case COMPAT_CHILD_OVERFLOW: pc->child_end = PROBE_CHILD_OVERFLOW; break;
    }
    pc->child_code = cr.code;
    pc->child_ns = cr.elapsed_ns;
    pc->child_unreaped = cr.unreaped;
    if (probewire_parse_compute(buf, cr.len, pc, &e2) < 0)
        pc->wire_error = arena_strdup(&pc->arena, e2.msg);
    free(buf);
    if (kfd >= 0) {
        unsigned char *kb = xmalloc(KMSG_CAP);
        size_t n = compat_kmsg_read(kfd, kb, KMSG_CAP);
        probe_kmsg_nvrm(kb, n, keep_nvrm, pc);
        free(kb);
        compat_close(kfd);
    }

    /* The UUID as NVML and CUDA_VISIBLE_DEVICES spell it. */
    for (i = 0; i < pc->n_devs; i++) {
        struct probe_compute_dev *d = &pc->devs[i];
        const char *cvd = env_get(env, "CUDA_VISIBLE_DEVICES");
        char mig[64];
        int k, known = 0;
        if (!d->uuid[0] || strlen(d->uuid) != 36)
            continue;
        for (k = 0; k < PROBE_MAX_DEVICES && !known; k++)
            known = r->nvml_dev[k].uuid[0] && !strcmp(r->nvml_dev[k].uuid + (strncmp(r->nvml_dev[k].uuid, "GPU-", 4) ? 0 : 4), d->uuid);
        snprintf(mig, sizeof(mig), "MIG-%s", d->uuid);
        if (known || (cvd && strstr(cvd, mig))) {
            char tmp[48];
            snprintf(tmp, sizeof(tmp), "%s-%s", known ? "GPU" : "MIG", d->uuid);
            snprintf(d->uuid, sizeof(d->uuid), "%s", tmp);
        }
    }

    /* Each device's outcome. */
    for (i = 0; i < pc->n_devs; i++) {
        struct probe_compute_dev *d = &pc->devs[i];
        int in_flight = pc->in_flight_fn && pc->in_flight_dev == (int)i;
        if (!d->present)
            continue;
        if (in_flight && pc->child_end != PROBE_CHILD_EXITED) {
            int alarm = pc->child_end == PROBE_CHILD_SIGNALED &&
                        pc->child_code == compat_step_timer_signal();
            d->outcome = (pc->child_end == PROBE_CHILD_TIMEOUT || alarm) ? PC_HUNG : PC_CRASHED;
            d->failed_fn = pc->in_flight_fn;
            d->failed_rc = PROBE_RC_NONE;
        } else if (d->failed_fn) {
            d->outcome = PC_FAILED;
        } else if (d->wrong > 0) {
            d->outcome = PC_WRONG;
        } else if (d->wrong == 0) {
            d->outcome = PC_PASSED;
        } else {
            d->outcome = PC_NOT_REACHED;
        }
    }
    return 0;
}

/* ---- findings ------------------------------------------------------------ */

static const char *dev_label(const struct probe_compute *pc, const struct probe_compute_dev *d,
                             struct findings *fl)
{
    size_t i = (size_t)(d - pc->devs);
    return arena_printf(fl->arena, "CUDA device %zu (%s%s%s)", i, d->name[0] ? d->name : "?",
                        d->uuid[0] ? ", " : "", d->uuid);
}

static const char *rc_label(const struct probe_compute_dev *d, struct findings *fl)
{
    const char *n = d->error_name[0] ? d->error_name : probe_cu_error_name(d->failed_rc);
    return arena_printf(fl->arena, "%s (%lld)", n ? n : "an unlisted CUresult",
                        (long long)d->failed_rc);
}

/* A launch-time error that is the GPU's (or its memory's), not our kernel's. */
static const char *fault_meaning(int64_t rc)
{
    switch (rc) {
    case CU_ERROR_ECC_UNCORRECTABLE: return "an uncorrectable ECC error in the GPU's memory";
    case CU_ERROR_NVLINK_UNCORRECTABLE: return "an uncorrectable NVLink error";
    case CU_ERROR_ILLEGAL_ADDRESS: return "the kernel touched an address it was not given: with this "
                                          "kernel (bounds-checked), a fault of the GPU, its memory or the driver";
    case CU_ERROR_LAUNCH_FAILED: return "the launch failed (an exception on the GPU)";
    case CU_ERROR_LAUNCH_TIMEOUT: return "the kernel was stopped by the display watchdog";
    case CU_ERROR_HARDWARE_STACK_ERROR: return "a hardware stack error on the GPU";
    case CU_ERROR_ILLEGAL_INSTRUCTION: return "an illegal instruction: the JIT's code or the GPU is wrong";
    case CU_ERROR_MISALIGNED_ADDRESS: return "a misaligned address on the GPU";
    case CU_ERROR_INVALID_ADDRESS_SPACE: return "an invalid address space on the GPU";
    case CU_ERROR_INVALID_PC: return "an invalid program counter on the GPU";
    case CU_ERROR_EXTERNAL_DEVICE: return "an error from an external device";
    case CU_ERROR_UNKNOWN: return "an unknown error, often a GPU that stopped answering";
    default: return NULL;
    }
}

static void nvrm_evidence(const struct probe_compute *pc, struct findings *fl, struct finding *fd)
{
    size_t i;
    for (i = 0; i < pc->n_nvrm; i++) {
        int x = probe_xid_of(pc->nvrm[i], strlen(pc->nvrm[i]));
        const char *m = x >= 0 ? probe_xid_meaning(x) : NULL;
        finding_evidence(fl, fd, "/dev/kmsg", "%s%s%s%s", pc->nvrm[i], m ? " (Xid " : "",
                         m ? arena_printf(fl->arena, "%d: %s", x, m) : "", m ? ")" : "");
    }
    if (!pc->n_nvrm)
        finding_evidence(fl, fd, NULL, "%s", pc->kmsg_error
                         ? arena_printf(fl->arena, "the kernel log could not be read (%s)", pc->kmsg_error)
                         : "the kernel log has no NVRM line from the run");
}

static void kernel_log_fix(struct findings *fl, struct finding *fd)
{
    fixes_run(NULL, fl, fd, FIX_TOOL_DMESG_XID, "Read the driver's errors (Xid) in the kernel log", NULL, NULL);
}

static void jit_evidence(const struct probe_compute_dev *d, struct findings *fl, struct finding *fd)
{
    size_t j;
    for (j = 0; j < d->n_jit; j++) {
        const struct probe_compute_jit *t = &d->jit[j];
        const char *n = probe_cu_error_name(t->rc);
        finding_evidence(fl, fd, NULL, "PTX ISA %s for sm_%d: %s%s%s", t->isa, t->sm,
                         t->rc == 0 ? "loaded" : n ? n : "an unlisted CUresult",
                         t->error_log ? "; the JIT says: " : "", t->error_log ? t->error_log : "");
    }
}

static void one_finding(const struct probe_compute *pc, const struct probe_compute_dev *d,
                        struct findings *fl)
{
    const char *who = dev_label(pc, d, fl);
    const char *step = probe_fn_name(d->failed_fn);
    struct finding *fd;
    const char *m;

    switch (d->outcome) {
    case PC_PASSED:
    case PC_NOT_REACHED:
        return;
    case PC_HUNG:
        fd = findings_add(fl, "GD522", SEV_ERROR, "%s hangs in %s: no answer within %u ms", who, step,
                          pc->step_timeout_ms);
        finding_evidence(fl, fd, NULL, "the compute child was stopped in %s after the per-step limit%s",
                         step, pc->child_unreaped ? ", and could not be reaped (stuck in the kernel)" : "");
        nvrm_evidence(pc, fl, fd);
        kernel_log_fix(fl, fd);
        fixes_run(NULL, fl, fd, FIX_TOOL_SMI_PERF, NULL, NULL, NULL);
        fixes_advice(fl, fd, FIX_RANK_REBOOT, "If it persists, reset the GPU (nvidia-smi --gpu-reset) or reboot");
        return;
    case PC_CRASHED: {
        const char *sig = pc->child_end == PROBE_CHILD_SIGNALED ? compat_signal_name(pc->child_code) : NULL;
        fd = findings_add(fl, "GD523", SEV_ERROR, "the driver crashed in %s on %s (%s)", step, who,
                          sig ? sig : pc->child_end == PROBE_CHILD_OVERFLOW ? "too much output" : "a signal");
        finding_evidence(fl, fd, NULL, "the compute child ended with signal %d in %s", pc->child_code, step);
        nvrm_evidence(pc, fl, fd);
        kernel_log_fix(fl, fd);
        return;
    }
    case PC_WRONG:
        fd = findings_add(fl, "GD521", SEV_ERROR,
                          "%s computes wrong results: %lld of %llu elements differ", who,
                          (long long)d->wrong, (unsigned long long)(d->bytes / 4u));
        if (d->bad_index >= 0)
            finding_evidence(fl, fd, NULL, "element %lld is 0x%08x, expected 0x%08x", (long long)d->bad_index,
                             d->bad_value,
                             probe_compute_expected(probe_compute_input((uint32_t)d->bad_index),
                                                    (uint32_t)d->bad_index, pc->salt));
        finding_evidence(fl, fd, NULL, "every driver call succeeded: the GPU, its memory or the driver "
                                       "returned wrong data without an error");
        nvrm_evidence(pc, fl, fd);
        kernel_log_fix(fl, fd);
        fixes_run(NULL, fl, fd, FIX_TOOL_SMI_ECC, NULL, NULL, NULL);
        fixes_advice(fl, fd, FIX_RANK_LOOK, "Run NVIDIA's diagnostics (dcgmi diag -r 3) before trusting this GPU");
        return;
    case PC_FAILED:
        break;
    }
    if (d->failed_fn == PF_CC_MODULE) {
        int ptx_version = 0;
        size_t j;
        for (j = 0; j < d->n_jit; j++)
            ptx_version |= d->jit[j].rc == CU_ERROR_UNSUPPORTED_PTX_VERSION;
        if (ptx_version) {
            fd = findings_add(fl, "GD519", SEV_ERROR,
                              "the driver's JIT compiler refuses PTX ISA %s and newer on %s: CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "
                              "'the provided PTX was compiled with an unsupported toolchain'",
                              d->jit[0].isa, who);
            jit_evidence(d, fl, fd);
            finding_evidence(fl, fd, NULL, "the driver is older than the PTX: every framework whose GPU code "
                                           "for this GPU is PTX from a newer CUDA fails the same way");
            fixes_advice(fl, fd, FIX_RANK_DRIVER, "Upgrade the NVIDIA driver to one whose CUDA version is at least "
                                                  "the toolkit's that wrote the PTX");
            return;
        }
        fd = findings_add(fl, "GD518", SEV_ERROR, "%s: the driver's JIT compiler rejects the kernel: %s", who,
                          rc_label(d, fl));
        jit_evidence(d, fl, fd);
        return;
    }
    m = (d->failed_fn == PF_CC_LAUNCH || d->failed_fn == PF_CC_SYNC || d->failed_fn == PF_CC_DTOH)
        ? fault_meaning(d->failed_rc) : NULL;
    if (m) {
        fd = findings_add(fl, "GD520", SEV_ERROR, "%s fails running a kernel: %s in %s", who, rc_label(d, fl), step);
        finding_evidence(fl, fd, NULL, "%s", m);
        if (d->error_text[0])
            finding_evidence(fl, fd, NULL, "cuGetErrorString: %s", d->error_text);
        nvrm_evidence(pc, fl, fd);
        kernel_log_fix(fl, fd);
        fixes_run(NULL, fl, fd, FIX_TOOL_SMI_ECC, "Look at the GPU's memory and link errors", NULL, NULL);
        fixes_advice(fl, fd, FIX_RANK_REBOOT, "Reset the GPU (nvidia-smi --gpu-reset) or reboot; if it recurs, have "
                                              "the GPU checked (dcgmi diag -r 3)");
        return;
    }
    fd = findings_add(fl, "GD518", SEV_ERROR, "%s: %s failed: %s", who, step, rc_label(d, fl));
    if (d->error_text[0])
        finding_evidence(fl, fd, NULL, "cuGetErrorString: %s", d->error_text);
    if (d->failed_rc == CU_ERROR_OUT_OF_MEMORY)
        finding_evidence(fl, fd, NULL, "%u MiB could not be allocated: another process holds the GPU's memory",
                         (unsigned)(2u * PROBE_COMPUTE_ELEMS * 4u / (1024u * 1024u)));
    if (d->failed_rc == CU_ERROR_DEVICE_UNAVAILABLE)
        finding_evidence(fl, fd, NULL, "the GPU is in an exclusive or prohibited compute mode, or busy");
    nvrm_evidence(pc, fl, fd);
    if (d->failed_rc == CU_ERROR_OUT_OF_MEMORY || d->failed_rc == CU_ERROR_DEVICE_UNAVAILABLE)
        fixes_run(NULL, fl, fd, FIX_TOOL_SMI_APPS, NULL, NULL, NULL);
}

void probe_compute_findings(const struct probe_compute *pc, struct findings *fl)
{
    size_t i;
    struct finding *fd;
    if (pc->no_kernel) {
        fd = findings_add(fl, "GD524", SEV_WARNING, "this gpudoctor has no PTX kernel: --compute did not run");
        finding_evidence(fl, fd, NULL, "%s", pc->no_kernel);
        fixes_run(NULL, fl, fd, FIX_TOOL_BUILD_WITH_CLANG, NULL, NULL, NULL);
        return;
    }
    if (pc->skipped || pc->child_end == PROBE_CHILD_NOT_RUN)
        return;   /* the driver probe's own findings say why */
    if (pc->init_rc != PROBE_RC_NONE && pc->init_rc != CU_SUCCESS) {
        const char *n = probe_cu_error_name(pc->init_rc);
        fd = findings_add(fl, "GD518", SEV_ERROR, "cuInit failed in the compute child: %s (%lld)",
                          n ? n : "an unlisted CUresult", (long long)pc->init_rc);
        finding_evidence(fl, fd, NULL, "it succeeded in the driver probe just before");
    }
    for (i = 0; i < pc->n_devs; i++)
        if (pc->devs[i].present)
            one_finding(pc, &pc->devs[i], fl);
    /* The child ended outside any device's step (before the first). */
    if (!pc->n_devs && pc->child_end != PROBE_CHILD_EXITED) {
        const char *step = pc->in_flight_fn ? probe_fn_name(pc->in_flight_fn) : "starting";
        int alarm = pc->child_end == PROBE_CHILD_TIMEOUT ||
                    (pc->child_end == PROBE_CHILD_SIGNALED && pc->child_code == compat_step_timer_signal());
        fd = findings_add(fl, alarm ? "GD522" : "GD523", SEV_ERROR, "the compute child %s in %s",
                          alarm ? "hangs" : "crashed", step);
        nvrm_evidence(pc, fl, fd);
        kernel_log_fix(fl, fd);
    }
}
