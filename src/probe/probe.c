/*
 * probe.c - choose the driver libraries, run the child, merge the answers.
 * See probe.h for the contract and docs/probe.md for the reasons.
 */
#include "probe/probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "facts/facts.h"
#include "loader/resolve.h"
#include "probe/helper.h"
#include "probe/probe_abi.h"
#include "probe/probewire.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define MAX_RESOLVE_TRIES 8
#define WSL_LIB_DIR "/usr/lib/wsl/lib"

static const struct {
    int fn;
    const char *name;
} fn_names[] = {
    { PF_LIB_NVML, "dlopen(libnvidia-ml)" },
    { PF_NVML_INIT, "nvmlInit_v2" },
    { PF_NVML_DRIVER_VERSION, "nvmlSystemGetDriverVersion" },
    { PF_NVML_CUDA_VERSION, "nvmlSystemGetCudaDriverVersion_v2" },
    { PF_NVML_COUNT, "nvmlDeviceGetCount_v2" },
    { PF_NVML_HANDLE, "nvmlDeviceGetHandleByIndex_v2" },
    { PF_NVML_NAME, "nvmlDeviceGetName" },
    { PF_NVML_CC, "nvmlDeviceGetCudaComputeCapability" },
    { PF_NVML_MEMORY, "nvmlDeviceGetMemoryInfo" },
    { PF_NVML_UUID, "nvmlDeviceGetUUID" },
    { PF_NVML_PCI, "nvmlDeviceGetPciInfo_v3" },
    { PF_NVML_SHUTDOWN, "nvmlShutdown" },
    { PF_NVML_INIT_ERROR, "nvmlErrorString" },
    { PF_NVML_PROCS, "nvmlDeviceGetComputeRunningProcesses_v3" },
    { PF_NVML_PROC_PID, "nvmlDeviceGetComputeRunningProcesses_v3" },
    { PF_NVML_PROC_MEM, "nvmlDeviceGetComputeRunningProcesses_v3" },
    { PF_LIB_CUDA, "dlopen(libcuda)" },
    { PF_CU_DRIVER_VERSION, "cuDriverGetVersion" },
    { PF_CU_INIT, "cuInit" },
    { PF_CU_COUNT, "cuDeviceGetCount" },
    { PF_CU_GET, "cuDeviceGet" },
    { PF_CU_NAME, "cuDeviceGetName" },
    { PF_CU_CC_MAJOR, "cuDeviceGetAttribute" },
    { PF_CU_CC_MINOR, "cuDeviceGetAttribute" },
    { PF_CU_TOTAL_MEM, "cuDeviceTotalMem_v2" },
    { PF_CU_PCI, "cuDeviceGetPCIBusId" },
    { PF_CU_INIT_ERROR, "cuGetErrorName" },
    { PF_VERIFY_LIB, "dlopen" },
    { PF_CC_LIB, "dlopen(libcuda)" },
    { PF_CC_INIT, "cuInit" },
    { PF_CC_COUNT, "cuDeviceGetCount" },
    { PF_CC_DEVICE, "cuDeviceGet" },
    { PF_CC_UUID, "cuDeviceGetUuid_v2" },
    { PF_CC_NAME, "cuDeviceGetName" },
    { PF_CC_CC, "cuDeviceGetAttribute" },
    { PF_CC_CTX, "cuDevicePrimaryCtxRetain" },
    { PF_CC_SET, "cuCtxSetCurrent" },
    { PF_CC_ALLOC, "cuMemAlloc_v2" },
    { PF_CC_HTOD, "cuMemcpyHtoD_v2" },
    { PF_CC_MODULE, "cuModuleLoadDataEx" },
    { PF_CC_FUNCTION, "cuModuleGetFunction" },
    { PF_CC_LAUNCH, "cuLaunchKernel" },
    { PF_CC_SYNC, "cuCtxSynchronize" },
    { PF_CC_DTOH, "cuMemcpyDtoH_v2" },
    { PF_CC_VERIFY, "the result check" },
    { PF_CC_UNLOAD, "cuModuleUnload" },
    { PF_CC_FREE, "cuMemFree_v2" },
    { PF_CC_RELEASE, "cuDevicePrimaryCtxRelease_v2" },
};

const char *probe_fn_name(int fn)
{
    size_t i;
    for (i = 0; i < sizeof(fn_names) / sizeof(fn_names[0]); i++)
        if (fn_names[i].fn == fn)
            return fn_names[i].name;
    return "?";
}

/* Names from cuda.h (CUDA 13.0) and nvml.h, for the codes a user meets. */
static const struct {
    int64_t rc;
    const char *name;
} cu_names[] = {
    { 0, "CUDA_SUCCESS" },
    { 1, "CUDA_ERROR_INVALID_VALUE" },
    { 2, "CUDA_ERROR_OUT_OF_MEMORY" },
    { 3, "CUDA_ERROR_NOT_INITIALIZED" },
    { 4, "CUDA_ERROR_DEINITIALIZED" },
    { 34, "CUDA_ERROR_STUB_LIBRARY" },
    { 46, "CUDA_ERROR_DEVICE_UNAVAILABLE" },
    { 100, "CUDA_ERROR_NO_DEVICE" },
    { 101, "CUDA_ERROR_INVALID_DEVICE" },
    { 102, "CUDA_ERROR_DEVICE_NOT_LICENSED" },
    { 304, "CUDA_ERROR_OPERATING_SYSTEM" },
    { 801, "CUDA_ERROR_NOT_SUPPORTED" },
    { 802, "CUDA_ERROR_SYSTEM_NOT_READY" },
    { 803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" },
    { 804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE" },
    { 200, "CUDA_ERROR_INVALID_IMAGE" },
    { 201, "CUDA_ERROR_INVALID_CONTEXT" },
    { 209, "CUDA_ERROR_NO_BINARY_FOR_GPU" },
    { 214, "CUDA_ERROR_ECC_UNCORRECTABLE" },
    { 218, "CUDA_ERROR_INVALID_PTX" },
    { 220, "CUDA_ERROR_NVLINK_UNCORRECTABLE" },
    { 221, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND" },
    { 222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION" },
    { 223, "CUDA_ERROR_JIT_COMPILATION_DISABLED" },
    { 500, "CUDA_ERROR_NOT_FOUND" },
    { 700, "CUDA_ERROR_ILLEGAL_ADDRESS" },
    { 701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES" },
    { 702, "CUDA_ERROR_LAUNCH_TIMEOUT" },
    { 714, "CUDA_ERROR_HARDWARE_STACK_ERROR" },
    { 715, "CUDA_ERROR_ILLEGAL_INSTRUCTION" },
    { 716, "CUDA_ERROR_MISALIGNED_ADDRESS" },
    { 717, "CUDA_ERROR_INVALID_ADDRESS_SPACE" },
    { 718, "CUDA_ERROR_INVALID_PC" },
    { 719, "CUDA_ERROR_LAUNCH_FAILED" },
    { 805, "CUDA_ERROR_MPS_CONNECTION_FAILED" },
    { 911, "CUDA_ERROR_EXTERNAL_DEVICE" },
    { 999, "CUDA_ERROR_UNKNOWN" },
}, nvml_names[] = {
    { 0, "NVML_SUCCESS" },
    { 1, "NVML_ERROR_UNINITIALIZED" },
    { 2, "NVML_ERROR_INVALID_ARGUMENT" },
    { 3, "NVML_ERROR_NOT_SUPPORTED" },
    { 4, "NVML_ERROR_NO_PERMISSION" },
    { 6, "NVML_ERROR_NOT_FOUND" },
    { 7, "NVML_ERROR_INSUFFICIENT_SIZE" },
    { 9, "NVML_ERROR_DRIVER_NOT_LOADED" },
    { 10, "NVML_ERROR_TIMEOUT" },
    { 12, "NVML_ERROR_LIBRARY_NOT_FOUND" },
    { 13, "NVML_ERROR_FUNCTION_NOT_FOUND" },
    { 15, "NVML_ERROR_GPU_IS_LOST" },
    { 17, "NVML_ERROR_OPERATING_SYSTEM" },
    { 18, "NVML_ERROR_LIB_RM_VERSION_MISMATCH" },
    { 999, "NVML_ERROR_UNKNOWN" },
};

const char *probe_cu_error_name(int64_t rc)
{
    size_t i;
    for (i = 0; i < sizeof(cu_names) / sizeof(cu_names[0]); i++)
        if (cu_names[i].rc == rc)
            return cu_names[i].name;
    return NULL;
}

const char *probe_nvml_error_name(int64_t rc)
{
    size_t i;
    for (i = 0; i < sizeof(nvml_names) / sizeof(nvml_names[0]); i++)
        if (nvml_names[i].rc == rc)
            return nvml_names[i].name;
    return NULL;
}

static void lib_init(struct probe_lib *l, const char *soname)
{
    memset(l, 0, sizeof(*l));
    l->soname = soname;
}

void probe_result_init(struct probe_result *r)
{
    int i;
    memset(r, 0, sizeof(*r));
    arena_init(&r->arena);
    lib_init(&r->cuda, "libcuda.so.1");
    lib_init(&r->nvml, "libnvidia-ml.so.1");
    r->timeout_ms = PROBE_DEFAULT_TIMEOUT_MS;
    r->nvml_count = r->cu_count = -1;
    for (i = 0; i < PROBE_MAX_DEVICES; i++) {
        r->nvml_dev[i].cc_major = r->nvml_dev[i].cc_minor = -1;
        r->cu_dev[i].cc_major = r->cu_dev[i].cc_minor = -1;
    }
}

void probe_result_release(struct probe_result *r)
{
    arena_release(&r->arena);
    probe_result_init(r);
}

int64_t probe_rc(const struct probe_result *r, int fn, int dev)
{
    size_t i;
    for (i = 0; i < r->n_calls; i++)
        if (r->calls[i].fn == fn && r->calls[i].dev == dev)
            return r->calls[i].rc;
    return PROBE_RC_NONE;
}

/* ---- choosing the library ---------------------------------------------- */

/* 1 if path has a component equal to one of names. */
static int has_component(const char *path, const char *const *names)
{
    const char *p = path;
    while (p && *p) {
        const char *slash = strchr(p, '/');
        size_t n = slash ? (size_t)(slash - p) : strlen(p);
        const char *const *k;
        for (k = names; *k; k++)
            if (strlen(*k) == n && !strncmp(p, *k, n))
                return 1;
        p = slash ? slash + 1 : NULL;
    }
    return 0;
}

static const char *const stub_dirs[] = { "stubs", NULL };
static const char *const pyenv_dirs[] = { "site-packages", "dist-packages", NULL };

/* Why path must not be loaded (0 stub, 1 Python env), or NULL. */
static const char *refuse_reason(const char *path, int *stub)
{
    if (has_component(path, stub_dirs)) {
        *stub = 1;
        return "a CUDA toolkit stub (for linking only, never for running)";
    }
    if (has_component(path, pyenv_dirs)) {
        *stub = 0;
        return "inside a Python environment, not the driver's";
    }
    return NULL;
}

/* Remove the directory dir from a colon-separated list (in place copy). */
static char *drop_dir(struct arena *a, const char *list, const char *dir)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p = list;
    char *out;
    size_t dl = strlen(dir);
    int first = 1;
    while (dl > 1 && dir[dl - 1] == '/')
        dl--;
    while (p) {
        const char *c = strchr(p, ':');
        size_t n = c ? (size_t)(c - p) : strlen(p);
        size_t m = n;
        while (m > 1 && p[m - 1] == '/')
            m--;
        if (!(m == dl && !strncmp(p, dir, dl))) {
            if (!first)
                strbuf_addch(&sb, ':');
            strbuf_add(&sb, p, n);
            first = 0;
        }
        p = c ? c + 1 : NULL;
    }
    out = arena_strdup(a, sb.buf);
    strbuf_release(&sb);
    return out;
}

static void select_one(struct probe_result *r, struct probe_lib *l, struct resolver *rs,
                       struct fs *fs, const char *ld_library_path)
{
    const char *ldlp = ld_library_path;
    struct gd_err err;
    int tries;

    err_init(&err);
    for (tries = 0; tries < MAX_RESOLVE_TRIES; tries++) {
        struct resolve_request req;
        struct resolve_result res;
        struct strbuf real = STRBUF_INIT;
        const char *why, *real_path = NULL;
        int stub = 0, found;

        memset(&req, 0, sizeof(req));
        req.name = l->soname;
        req.ld_library_path = ldlp;
        found = resolve_library(rs, &req, &res, &err);
        if (found != 1) {
            if (!l->error)
                l->error = arena_strdup(&r->arena, res.error ? res.error : err.msg);
            resolve_result_release(&res);
            break;
        }
        if (fs_realpath(fs, res.path, &real, &err) == 1 && strcmp(real.buf, res.path))
            real_path = arena_strdup(&r->arena, real.buf);
        strbuf_release(&real);
        why = refuse_reason(res.path, &stub);
        if (!why && real_path)
            why = refuse_reason(real_path, &stub);
        if (!why) {
            l->state = PROBE_LIB_SELECTED;
            l->path = arena_strdup(&r->arena, res.path);
            l->realpath = real_path;
            l->found_by = resolve_step_name(res.step);
            resolve_result_release(&res);
            return;
        }
        if (l->n_refused < PROBE_MAX_REFUSED) {
            struct probe_refusal *f = &l->refused[l->n_refused++];
            f->path = arena_strdup(&r->arena, res.path);
            f->reason = why;
            f->stub = stub;
        }
        /* Skip it: only an LD_LIBRARY_PATH entry can be taken out of the
         * search; a cached or default-directory file would be found again. */
        if (res.step != RSTEP_LD_LIBRARY_PATH || !ldlp) {
            resolve_result_release(&res);
            break;
        }
        {
            char *dir = arena_strdup(&r->arena, res.path);
            char *slash = strrchr(dir, '/');
            if (slash)
                *(slash == dir ? slash + 1 : slash) = '\0';
            ldlp = drop_dir(&r->arena, ldlp, dir);
        }
        resolve_result_release(&res);
    }
    /* WSL2: the Windows driver's libraries, where conda and ollama look too. */
    {
        struct strbuf p = STRBUF_INIT;
        struct compat_stat st;
        path_join(&p, WSL_LIB_DIR, l->soname);
        if (fs_stat(fs, p.buf, &st, &err) == 1 && st.type == COMPAT_FT_REG) {
            l->state = PROBE_LIB_SELECTED;
            l->path = arena_strdup(&r->arena, p.buf);
            l->found_by = "wsl_fallback";
        }
        strbuf_release(&p);
    }
}

void probe_select(struct probe_result *r, struct fs *fs, const struct env *env)
{
    struct resolve_config cfg;
    struct resolver rs;
    struct arena cfg_arena;
    const char *ldlp = env_get(env, "LD_LIBRARY_PATH");
    const char *cvd = env_get(env, "CUDA_VISIBLE_DEVICES");

    r->cuda_visible_devices = cvd ? arena_strdup(&r->arena, cvd) : NULL;
    arena_init(&cfg_arena);
    resolve_config_default(&cfg);
    resolve_config_detect(fs, &cfg_arena, &cfg);
    resolver_init(&rs, fs, &cfg);
    select_one(r, &r->cuda, &rs, fs, ldlp);
    select_one(r, &r->nvml, &rs, fs, ldlp);
    resolver_release(&rs);
    arena_release(&cfg_arena);
}

/* ---- running the child ------------------------------------------------- */

static const char *host_path(struct probe_result *r, struct fs *fs, const struct probe_lib *l)
{
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    const char *out = "";
    err_init(&err);
    if (l->state == PROBE_LIB_SELECTED && fs_host_path(fs, l->path, 1, &sb, &err) == 1)
        out = arena_strdup(&r->arena, sb.buf);
    strbuf_release(&sb);
    return out;
}

static const char *env_arg(struct probe_result *r, const struct env *env, const char *name)
{
    const char *v = env_get(env, name);
    return v ? arena_printf(&r->arena, "%s=%s", name, v) : name;
}

/* When initialisation failed: the first device node that exists but cannot
 * be opened read-write (the kernel's answer to "permission denied"). */
static void check_nodes(struct probe_result *r, struct fs *fs)
{
    int64_t cu = probe_rc(r, PF_CU_INIT, -1), nv = probe_rc(r, PF_NVML_INIT, -1);
    struct gd_err err;
    int i;
    if ((cu == PROBE_RC_NONE || cu == CU_SUCCESS) && (nv == PROBE_RC_NONE || nv == NVML_OK))
        return;
    err_init(&err);
    for (i = -2; i < PROBE_MAX_DEVICES; i++) {
        char node[64];
        struct compat_stat st;
        if (i == -2)
            snprintf(node, sizeof(node), "/dev/nvidiactl");
        else if (i == -1)
            snprintf(node, sizeof(node), "/dev/nvidia-uvm");
        else
            snprintf(node, sizeof(node), "/dev/nvidia%d", i);
        if (fs_stat(fs, node, &st, &err) != 1) {
            if (i >= 0)
                break;
            continue;
        }
        if (!fs_access(fs, node, COMPAT_R_OK | COMPAT_W_OK)) {
            r->denied_node = arena_strdup(&r->arena, node);
            return;
        }
    }
}

/*
 * May the child's guard set no_new_privs?  Not when the driver may need
 * its setuid helper: nvidia-modprobe makes missing device nodes (and loads
 * the module) for a user who is not root, and under no_new_privs it would
 * run without privilege.  So only when the nodes it would make exist, or
 * there is no setuid nvidia-modprobe.
 */
unsigned probe_guard_flags(struct fs *fs)
{
    static const char *const helpers[] = { "/usr/bin/nvidia-modprobe", "/usr/sbin/nvidia-modprobe",
                                           "/bin/nvidia-modprobe" };
    struct compat_stat st;
    struct gd_err err;
    size_t i;
    err_init(&err);
    if (fs_stat(fs, "/dev/nvidiactl", &st, &err) == 1 && fs_stat(fs, "/dev/nvidia-uvm", &st, &err) == 1)
        return COMPAT_CHILD_NNP;
    for (i = 0; i < sizeof(helpers) / sizeof(helpers[0]); i++)
        if (fs_stat(fs, helpers[i], &st, &err) == 1 && (st.mode & 04000))
            return 0;
    return COMPAT_CHILD_NNP;
}

const char *probe_guard_text(struct arena *a, const struct compat_child_result *cr)
{
    switch (cr->guard) {
    case COMPAT_GUARD_ON:
        return "on";
    case COMPAT_GUARD_UNSUPPORTED:
        return "off: no seccomp filter on this system or architecture";
    case COMPAT_GUARD_REFUSED:
        return arena_printf(a, "off: the kernel refused the seccomp filter (%s)", strerror(cr->guard_errno));
    case COMPAT_GUARD_NOT_WANTED:
        return "off: it needs no_new_privs, which would keep the setuid nvidia-modprobe from "
               "making the missing /dev/nvidia* nodes";
    case COMPAT_GUARD_UNKNOWN:
        break;
    }
    return "unknown: the child did not say";
}

/* compat_child_run's tick: which call the child is in, from its stream so far. */
static void on_tick(void *arg, const unsigned char *buf, size_t len, uint64_t elapsed_ns)
{
    struct probe_result *r = arg, *so_far = xmalloc(sizeof(*so_far));
    struct gd_err e;
    const char *call;

    probe_result_init(so_far);
    err_init(&e);
    (void)probewire_parse(buf, len, so_far, &e);
    call = so_far->in_flight_fn ? probe_fn_name(so_far->in_flight_fn) : "loading the driver";
    r->progress.fn(r->progress.arg, call, (unsigned)(elapsed_ns / 1000000000u),
                   (r->timeout_ms + 999u) / 1000u);
    probe_result_release(so_far);
    free(so_far);
}

int probe_execute(struct probe_result *r, struct fs *fs, const struct env *env,
                  unsigned timeout_ms, struct gd_err *err)
{
    const char *args[5];
    size_t nargs = 4;
    struct compat_child_result cr;
    unsigned char *buf;
    struct gd_err werr;
    struct compat_child_tick tick;

    r->timeout_ms = timeout_ms;
    if (r->cuda.state != PROBE_LIB_SELECTED && r->nvml.state != PROBE_LIB_SELECTED) {
        r->child_end = PROBE_CHILD_NOT_RUN;
        return 0;
    }
    args[0] = host_path(r, fs, &r->nvml);
    args[1] = host_path(r, fs, &r->cuda);
    args[2] = env_arg(r, env, "CUDA_VISIBLE_DEVICES");
    args[3] = env_arg(r, env, "CUDA_DEVICE_ORDER");
    if (r->want_procs)
        args[nargs++] = "+procs";
    buf = xmalloc(PROBEWIRE_MAX_BYTES);
    tick.fn = on_tick;
    tick.arg = r;
    if (probe_child_spawn("probe", probe_child_main, args, nargs, timeout_ms, probe_guard_flags(fs), buf,
                          PROBEWIRE_MAX_BYTES, &cr, r->progress.fn ? &tick : NULL, err) < 0) {
        free(buf);
        return -1;
    }
    switch (cr.end) {
    case COMPAT_CHILD_EXITED: r->child_end = PROBE_CHILD_EXITED; break;
    case COMPAT_CHILD_SIGNALED: r->child_end = PROBE_CHILD_SIGNALED; break;
    case COMPAT_CHILD_TIMEOUT: r->child_end = PROBE_CHILD_TIMEOUT; break;
    case COMPAT_CHILD_OVERFLOW: r->child_end = PROBE_CHILD_OVERFLOW; break;
    }
    r->child_code = cr.code;
    r->child_ns = cr.elapsed_ns;
    r->child_unreaped = cr.unreaped;
    r->guard = probe_guard_text(&r->arena, &cr);
    err_init(&werr);
    if (probewire_parse(buf, cr.len, r, &werr) < 0)
        r->wire_error = arena_strdup(&r->arena, werr.msg);
    free(buf);
    check_nodes(r, fs);
    probe_merge(r);
    return 0;
}

int probe_run(struct probe_result *r, struct fs *fs, const struct env *env,
              unsigned timeout_ms, struct gd_err *err)
{
    probe_select(r, fs, env);
    return probe_execute(r, fs, env, timeout_ms, err);
}

/* ---- merging the two views --------------------------------------------- */

/* "0000:01:00.0" and "00000000:01:00.0" are the same function. */
static int pci_key(const char *s, unsigned long long *key)
{
    unsigned dom, bus, dev, fn;
    if (!s[0] || sscanf(s, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) != 4)
        return 0;
    *key = ((unsigned long long)dom << 24) | ((unsigned long long)(bus & 0xff) << 16) |
           ((unsigned long long)(dev & 0xff) << 8) | (fn & 0xff);
    return 1;
}

void probe_merge(struct probe_result *r)
{
    int used[PROBE_MAX_DEVICES];
    int i, j, nn = r->nvml_count < 0 ? 0 : r->nvml_count;
    int nc = r->cu_count < 0 ? 0 : r->cu_count;

    if (nn > PROBE_MAX_DEVICES)
        nn = PROBE_MAX_DEVICES;
    if (nc > PROBE_MAX_DEVICES)
        nc = PROBE_MAX_DEVICES;
    memset(used, 0, sizeof(used));
    r->n_gpus = 0;
    for (i = 0; i < nn; i++) {
        struct probe_gpu *g = &r->gpus[r->n_gpus++];
        unsigned long long ki, kj;
        g->nvml_index = i;
        g->nvml = &r->nvml_dev[i];
        g->cuda_index = -1;
        g->cuda = NULL;
        if (!pci_key(r->nvml_dev[i].pci_bus_id, &ki))
            continue;
        for (j = 0; j < nc; j++) {
            if (!used[j] && pci_key(r->cu_dev[j].pci_bus_id, &kj) && ki == kj) {
                used[j] = 1;
                g->cuda_index = j;
                g->cuda = &r->cu_dev[j];
                break;
            }
        }
    }
    for (j = 0; j < nc; j++) {
        struct probe_gpu *g;
        if (used[j])
            continue;
        g = &r->gpus[r->n_gpus++];
        g->nvml_index = -1;
        g->nvml = NULL;
        g->cuda_index = j;
        g->cuda = &r->cu_dev[j];
    }
}

/* ---- folding the answers into the scan's facts ------------------------- */

static void fold_one(struct facts *f, struct gpu *g, const struct probe_dev *d, const char *src,
                     int from_cuda)
{
    g->compute_capability = arena_printf(&f->arena, "%d.%d", d->cc_major, d->cc_minor);
    g->cc_source = src;
    if (!g->name && d->name[0]) {
        g->name = arena_strdup(&f->arena, d->name);
        g->name_source = from_cuda ? "probe (cuDeviceGetName)" : "probe (nvmlDeviceGetName)";
    }
}

size_t probe_fold_facts(const struct probe_result *r, struct facts *f)
{
    size_t i, j, n0 = f->n_gpus, done = 0;
    for (i = 0; i < r->n_gpus; i++) {
        const struct probe_gpu *pg = &r->gpus[i];
        const struct probe_dev *d = NULL;
        const char *src = NULL, *bus;
        unsigned long long kp, kf;
        int matched = 0;
        /* CUDA's own answer first: it is what a framework asks. */
        if (pg->cuda && pg->cuda->cc_major >= 0 && pg->cuda->cc_minor >= 0) {
            d = pg->cuda;
            src = "probe (cuDeviceGetAttribute)";
        } else if (pg->nvml && pg->nvml->cc_major >= 0 && pg->nvml->cc_minor >= 0) {
            d = pg->nvml;
            src = "probe (nvmlDeviceGetCudaComputeCapability)";
        }
        if (!d || (d->cc_major == 0 && d->cc_minor == 0))
            continue;
        bus = pg->nvml && pg->nvml->pci_bus_id[0] ? pg->nvml->pci_bus_id
              : pg->cuda ? pg->cuda->pci_bus_id : "";
        if (pci_key(bus, &kp)) {
            for (j = 0; j < n0; j++) {
                if (f->gpus[j].pci_slot && pci_key(f->gpus[j].pci_slot, &kf) && kf == kp) {
                    fold_one(f, &f->gpus[j], d, src, d == pg->cuda);
                    matched = 1;
                    done++;
                    break;
                }
            }
        }
        if (!matched && n0 == 0) {
            struct gpu *g;
            ALLOC_GROW(f->gpus, f->n_gpus + 1, f->alloc_gpus);
            g = &f->gpus[f->n_gpus++];
            memset(g, 0, sizeof(*g));
            /* sysfs's spelling ("0000:01:00.0"), whichever API named it. */
            g->pci_slot = pci_key(bus, &kp)
                          ? arena_printf(&f->arena, "%04llx:%02llx:%02llx.%llx", kp >> 24,
                                         (kp >> 16) & 0xff, (kp >> 8) & 0xff, kp & 0xff)
                          : NULL;
            g->vendor = 0x10de;
            g->pci_class = 0x030200;
            g->minor = -1;
            fold_one(f, g, d, src, d == pg->cuda);
            if (pg->nvml && pg->nvml->uuid[0])
                g->uuid = arena_strdup(&f->arena, pg->nvml->uuid);
            done++;
        }
    }
    return done;
}
