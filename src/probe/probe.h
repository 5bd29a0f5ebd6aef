/*
 * probe.h - ask the NVIDIA driver itself, safely: `gpudoctor probe` and
 * `gpudoctor check --probe`.
 *
 * The one part of gpudoctor that runs code from the machine.  Three steps,
 * each its own function so a caller can show what will be loaded before
 * loading it:
 *
 *   probe_select()   which driver libraries (libcuda.so.1, libnvidia-ml.so.1)
 *                    a bare dlopen from the main program would get, by the
 *                    loader model (loader/resolve.h) over the examined
 *                    environment.  A toolkit stub (a path with a "stubs"
 *                    directory) and anything inside a Python environment
 *                    (site-packages, dist-packages) are refused; a refused
 *                    file found through LD_LIBRARY_PATH is skipped by
 *                    resolving again without that directory.  On WSL2 the
 *                    driver directory /usr/lib/wsl/lib is the fallback.
 *                    Reads files only.
 *   probe_execute()  loads the selected libraries by full path in a child
 *                    process (compat_child_run) with a deadline; the child
 *                    streams what the driver answers over a pipe
 *                    (probewire.h); the parent parses it into the result.
 *                    A hang or a crash is an outcome, never an error.
 *   probe_findings() turns the result into findings (codes GD5xx,
 *                    diagnose/codes_probe.c, docs/findings.md "probe").
 *
 * probe_run() does the first two, for callers (check --probe) that only want
 * the answer.  Nothing here prints.
 *
 * Memory: struct probe_result holds fixed-size arrays (no allocation for
 * devices) and an arena for paths and messages; probe_result_release frees
 * it.  The result is plain data a renderer reads (report/probe.h).
 */
#ifndef GD_PROBE_H
#define GD_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "diagnose/finding.h"
#include "util/arena.h"
#include "util/env.h"
#include "util/err.h"
#include "util/fs.h"

#define PROBE_MAX_DEVICES 64
#define PROBE_MAX_CALLS 512
#define PROBE_MAX_REFUSED 8
#define PROBE_MAX_PROCS 256           /* compute processes kept, all GPUs together */
#define PROBE_MAX_PROCS_PER_DEV 64    /* asked of each GPU */
#define PROBE_STR_MAX 128
#define PROBE_DEFAULT_TIMEOUT_MS 10000u
/* "not called" in a call record or an rc field */
#define PROBE_RC_NONE INT64_MIN

/* The driver entry points, as numbered on the wire (never renumbered). */
enum probe_fn {
    PF_NONE = 0,
    PF_LIB_NVML = 1,          /* dlopen of libnvidia-ml */
    PF_NVML_INIT,             /* nvmlInit_v2 */
    PF_NVML_DRIVER_VERSION,   /* nvmlSystemGetDriverVersion */
    PF_NVML_CUDA_VERSION,     /* nvmlSystemGetCudaDriverVersion_v2 */
    PF_NVML_COUNT,            /* nvmlDeviceGetCount_v2 */
    PF_NVML_HANDLE,           /* nvmlDeviceGetHandleByIndex_v2 */
    PF_NVML_NAME,             /* nvmlDeviceGetName */
    PF_NVML_CC,               /* nvmlDeviceGetCudaComputeCapability: value major << 16 | minor */
    PF_NVML_MEMORY,           /* nvmlDeviceGetMemoryInfo: value total bytes */
    PF_NVML_UUID,             /* nvmlDeviceGetUUID */
    PF_NVML_PCI,              /* nvmlDeviceGetPciInfo_v3: value busId */
    PF_NVML_SHUTDOWN,         /* nvmlShutdown */
    PF_NVML_INIT_ERROR,       /* nvmlErrorString(rc of nvmlInit_v2) */
    PF_NVML_PROCS,            /* nvmlDeviceGetComputeRunningProcesses_v3 (_v2, v1), per device;
                                 only when asked (probe_result.want_procs: ps --probe) */
    PF_NVML_PROC_PID,         /* one process it listed: value its pid */
    PF_NVML_PROC_MEM,         /* that process's used GPU memory in bytes, -1 unknown */
    PF_LIB_CUDA = 32,         /* dlopen of libcuda */
    PF_CU_DRIVER_VERSION,     /* cuDriverGetVersion */
    PF_CU_INIT,               /* cuInit(0) */
    PF_CU_COUNT,              /* cuDeviceGetCount */
    PF_CU_GET,                /* cuDeviceGet */
    PF_CU_NAME,               /* cuDeviceGetName */
    PF_CU_CC_MAJOR,           /* cuDeviceGetAttribute(75) */
    PF_CU_CC_MINOR,           /* cuDeviceGetAttribute(76) */
    PF_CU_TOTAL_MEM,          /* cuDeviceTotalMem_v2 */
    PF_CU_PCI,                /* cuDeviceGetPCIBusId */
    PF_CU_INIT_ERROR,         /* cuGetErrorName(rc of cuInit) */
    PF_VERIFY_LIB = 48,       /* --verify-libs: dlopen of a library a framework install is
                                 predicted to load; dev = its index (probe/verify.h) */
    /* probe --compute (probe/compute.h): a child of its own, dev = the CUDA ordinal */
    PF_CC_LIB = 80,           /* dlopen of libcuda */
    PF_CC_INIT,               /* cuInit(0) */
    PF_CC_COUNT,              /* cuDeviceGetCount */
    PF_CC_DEVICE,             /* cuDeviceGet */
    PF_CC_UUID,               /* cuDeviceGetUuid_v2 (or cuDeviceGetUuid): STR, 36 hex-and-dash */
    PF_CC_NAME,               /* cuDeviceGetName */
    PF_CC_CC,                 /* cuDeviceGetAttribute(75, 76): value major << 16 | minor */
    PF_CC_CTX,                /* cuDevicePrimaryCtxRetain */
    PF_CC_SET,                /* cuCtxSetCurrent */
    PF_CC_ALLOC,              /* cuMemAlloc_v2 (input, then output buffer) */
    PF_CC_HTOD,               /* cuMemcpyHtoD_v2: TIME, INT bytes */
    PF_CC_JIT_TARGET,         /* the PTX variant tried next: INT sm << 16 | ISA major << 8 | minor */
    PF_CC_MODULE,             /* cuModuleLoadDataEx: RC per variant, TIME (the JIT's wall time) */
    PF_CC_JIT_ERROR,          /* its CU_JIT_ERROR_LOG_BUFFER, in STR pieces */
    PF_CC_JIT_INFO,           /* its CU_JIT_INFO_LOG_BUFFER, in STR pieces */
    PF_CC_FUNCTION,           /* cuModuleGetFunction */
    PF_CC_LAUNCH,             /* cuLaunchKernel */
    PF_CC_SYNC,               /* cuCtxSynchronize: TIME (launch to done) */
    PF_CC_DTOH,               /* cuMemcpyDtoH_v2: TIME */
    PF_CC_VERIFY,             /* the host's check: INT wrong elements */
    PF_CC_BAD,                /* the first wrong one: INT index << 32 | the value read */
    PF_CC_UNLOAD,             /* cuModuleUnload */
    PF_CC_FREE,               /* cuMemFree_v2 */
    PF_CC_RELEASE,            /* cuDevicePrimaryCtxRelease_v2 */
    PF_CC_ERROR_NAME,         /* cuGetErrorName of the failed step's rc */
    PF_CC_ERROR_TEXT,         /* cuGetErrorString of it */
    PF_CC_LAST_ = PF_CC_ERROR_TEXT,
    PF_MAX_ = 128
};

/** The entry point's symbol name ("cuInit"), or "?" for an unknown id. */
const char *probe_fn_name(int fn);
/** The name of a CUresult ("CUDA_ERROR_NO_DEVICE") or NULL when unknown. */
const char *probe_cu_error_name(int64_t rc);
/** The name of an nvmlReturn_t ("NVML_ERROR_DRIVER_NOT_LOADED") or NULL. */
const char *probe_nvml_error_name(int64_t rc);

enum probe_lib_state {
    PROBE_LIB_NOT_FOUND = 0,  /* the loader model finds no acceptable file */
    PROBE_LIB_SELECTED,       /* chosen, not loaded (yet) */
    PROBE_LIB_LOADED,         /* dlopen succeeded in the child */
    PROBE_LIB_LOAD_FAILED     /* dlopen failed: error holds dlerror() */
};

struct probe_refusal {
    const char *path;         /* the file the loader model would have loaded */
    const char *reason;       /* "a CUDA toolkit stub", "inside a Python environment" */
    int stub;                 /* 1: a stub; 0: a Python environment */
};

struct probe_lib {
    const char *soname;       /* "libcuda.so.1" */
    enum probe_lib_state state;
    const char *path;         /* virtual path chosen (arena), or NULL */
    const char *realpath;     /* its target when a symlink, else NULL */
    const char *found_by;     /* "ld_library_path", "cache", ..., "wsl_fallback" */
    const char *error;        /* not found: the loader's message; load failed: dlerror */
    struct probe_refusal refused[PROBE_MAX_REFUSED];
    size_t n_refused;
    int missing_fn;           /* the first required entry point not exported, or 0 */
};

/* What one device said, through one API. */
struct probe_dev {
    int present;
    char name[PROBE_STR_MAX];
    char uuid[PROBE_STR_MAX];
    char pci_bus_id[PROBE_STR_MAX];   /* as the API wrote it */
    int cc_major, cc_minor;           /* -1 unknown */
    uint64_t mem_total;               /* 0 unknown */
};

/* A compute process the driver lists on a GPU (ps --probe). */
struct probe_gpu_proc {
    int dev;                  /* NVML device index */
    uint64_t pid;             /* as the driver sees it: the host's pid namespace */
    uint64_t mem;             /* used GPU memory in bytes; UINT64_MAX unknown (NVML_VALUE_NOT_AVAILABLE) */
};

/* One call the child made and what it returned. */
struct probe_call {
    uint8_t fn;               /* enum probe_fn */
    int16_t dev;              /* device index, -1 for the system */
    int64_t rc;
};

enum probe_child_end {
    PROBE_CHILD_NOT_RUN = 0,  /* nothing to load */
    PROBE_CHILD_EXITED,
    PROBE_CHILD_SIGNALED,
    PROBE_CHILD_TIMEOUT,
    PROBE_CHILD_OVERFLOW      /* wrote more than the protocol allows: killed */
};

/* The merged view: one row per GPU, NVML's order, then CUDA-only ones. */
struct probe_gpu {
    int nvml_index;           /* -1: NVML did not list it */
    int cuda_index;           /* -1: CUDA does not enumerate it (hidden) */
    const struct probe_dev *nvml, *cuda;  /* into the result; NULL when absent */
};

/*
 * While probe_execute waits for the child: fn(arg, call, waited_s,
 * timeout_s) about once a second, call being the driver function in flight
 * (probe_fn_name, e.g. "cuInit") or "loading the driver" before the first.
 * For a progress note; fn must not print outside report/.
 */
struct probe_progress {
    void (*fn)(void *arg, const char *call, unsigned waited_s, unsigned timeout_s);
    void *arg;
};

struct probe_result {
    struct arena arena;
    struct probe_lib cuda, nvml;
    unsigned timeout_ms;
    const char *cuda_visible_devices;  /* in the examined env; NULL unset (arena) */

    /* The child. */
    enum probe_child_end child_end;
    int child_code;           /* exit status or signal */
    uint64_t child_ns;
    int child_unreaped;
    const char *guard;        /* the child's guard (compat_child_run): "on", or what is
                                 missing and why (arena); NULL when no child ran */
    int complete;             /* the END record arrived */
    const char *wire_error;   /* malformed output from the child, or NULL */
    int in_flight_fn;         /* called but never returned (hang, crash), or 0 */
    int in_flight_dev;

    /* Answers (PROBE_RC_NONE / 0 / "" when not asked or not answered). */
    char driver_version[PROBE_STR_MAX];    /* nvmlSystemGetDriverVersion */
    int nvml_cuda_version;                 /* 1000 * major + 10 * minor, 0 unknown */
    int cu_driver_version;                 /* cuDriverGetVersion */
    uint64_t cu_init_ns;                   /* how long cuInit took */
    uint64_t nvml_init_ns;
    char cu_init_error[PROBE_STR_MAX];     /* cuGetErrorName for a failed cuInit */
    char nvml_init_error[PROBE_STR_MAX];   /* nvmlErrorString for a failed init */
    int nvml_count, cu_count;              /* -1 unknown */
    struct probe_dev nvml_dev[PROBE_MAX_DEVICES];
    struct probe_dev cu_dev[PROBE_MAX_DEVICES];
    struct probe_call calls[PROBE_MAX_CALLS];
    size_t n_calls;

    /* Filled by probe_execute after the child: the device node that could
     * not be opened read-write when an init failed, or NULL. */
    const char *denied_node;

    struct probe_gpu gpus[2 * PROBE_MAX_DEVICES];
    size_t n_gpus;

    /* --verify-libs (probe/verify.h): borrowed, NULL when not asked; the
     * renderers show it with the rest of the probe. */
    const struct probe_verify *verify;
    /* --compute (probe/compute.h) and --import (probe/import.h): borrowed,
     * NULL when not asked. */
    const struct probe_compute *compute;
    const struct probe_import *import;

    /* Set by the caller before probe_execute; zero: no progress calls. */
    struct probe_progress progress;

    /* ps --probe: set want_procs before probe_execute and the child also asks
     * NVML for each GPU's compute processes (PF_NVML_PROCS). */
    int want_procs;
    int procs_asked;          /* the driver answered the question for some GPU */
    struct probe_gpu_proc procs[PROBE_MAX_PROCS];
    size_t n_procs;
};

/** Empty result ("nothing probed").  Never fails. */
void probe_result_init(struct probe_result *r);
void probe_result_release(struct probe_result *r);

/** The rc a call returned (first record for fn and dev), or PROBE_RC_NONE. */
int64_t probe_rc(const struct probe_result *r, int fn, int dev);

/**
 * Choose the libraries to load (see above) over fs (this machine: root "/")
 * and env (LD_LIBRARY_PATH, CUDA_VISIBLE_DEVICES).  Fills r->cuda, r->nvml
 * and r->cuda_visible_devices.  Never fails: what is not found says so.
 */
void probe_select(struct probe_result *r, struct fs *fs, const struct env *env);

/**
 * Load what probe_select chose, in a child process, within timeout_ms.
 * The child sees this process's environment with CUDA_VISIBLE_DEVICES (and
 * CUDA_DEVICE_ORDER) as in env.  0, or -1 (err) when the child could not be
 * started at all; every driver behaviour (errors, hang, crash) is in r.
 */
int probe_execute(struct probe_result *r, struct fs *fs, const struct env *env,
                  unsigned timeout_ms, struct gd_err *err);

/** probe_select + probe_execute: the function `check --probe` calls. */
int probe_run(struct probe_result *r, struct fs *fs, const struct env *env,
              unsigned timeout_ms, struct gd_err *err);

struct fix_ctx;
/**
 * Append the findings r supports to fl (codes GD5xx).  fx (borrowed, may be
 * NULL: then the fixes are written for no particular distribution) is the
 * examined machine as the fix engine sees it (diagnose/fixes.h): the
 * driver fixes come from there, so probe says what check says.
 */
void probe_findings(const struct probe_result *r, const struct fix_ctx *fx, struct findings *fl);

/** Rebuild r->gpus from the per-API device lists (matching by PCI bus id). */
void probe_merge(struct probe_result *r);

struct facts;
/**
 * Fold what the driver answered into the scan's facts, before the diagnosis
 * runs, so that its rules use the real compute capability instead of the
 * PCI-id table look-up.  Each GPU in r->gpus with a known compute capability
 * (CUDA's cuDeviceGetAttribute, else NVML's) is matched by PCI bus id to
 * f->gpus[].pci_slot and overrides its compute_capability (cc_source
 * "probe (cuDeviceGetAttribute)" or "probe (nvmlDeviceGetCudaComputeCapability)").
 * When the scan saw no GPU at all (WSL2, a container without /sys), the
 * driver's GPUs are added, so the device count is the driver's.  GPUs the
 * scan saw that the driver does not list are left as they are.  Strings go
 * into f's arena.  Returns the number of GPUs updated or added.
 */
size_t probe_fold_facts(const struct probe_result *r, struct facts *f);

/* The child's entry point (compat_child_run): args are
 * [0] libnvidia-ml path or "", [1] libcuda path or "", then "NAME=VALUE" to
 * set or "NAME" to unset in the child's environment, and "+procs" to list
 * each GPU's compute processes. */
int probe_child_main(int wfd, const char *const *args, size_t nargs);

/**
 * The guard flags (COMPAT_CHILD_*) for a child that loads the driver of the
 * machine fs shows: no_new_privs, except where the driver may need its
 * setuid nvidia-modprobe (a device node it would make is missing and the
 * helper is installed setuid), which no_new_privs would strip.
 */
struct fs;
unsigned probe_guard_flags(struct fs *fs);

/**
 * The guard of a child run (compat_child_run's res->guard) in words, for
 * reports: "on", or "off: why" (allocated in a when it needs formatting).
 */
struct compat_child_result;
const char *probe_guard_text(struct arena *a, const struct compat_child_result *cr);

#endif
