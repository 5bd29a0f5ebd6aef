/*
 * compute.h - `gpudoctor probe --compute`: prove that every visible GPU
 * computes, through the CUDA driver API alone (no framework, no CUDA
 * runtime, no toolkit).
 *
 * After the ordinary probe (probe.h) found CUDA devices, one more child
 * process (compat_child_run, or the static build's helper) loads the same
 * libcuda.so.1 by full path and, for each CUDA ordinal under the examined
 * CUDA_VISIBLE_DEVICES (so a MIG instance named there is what it uses):
 *
 *   cuDeviceGet, cuDeviceGetUuid_v2 (the MIG instance's UUID in MIG mode),
 *   cuDevicePrimaryCtxRetain + cuCtxSetCurrent (the context a framework's
 *   runtime would use), cuMemAlloc_v2 of an input and an output buffer,
 *   cuMemcpyHtoD_v2 (timed: host-to-device bandwidth, pageable memory),
 *   cuModuleLoadDataEx of the PTX text with the JIT's error and info logs,
 *   cuModuleGetFunction, cuLaunchKernel, cuCtxSynchronize (timed: the
 *   kernel), cuMemcpyDtoH_v2 (timed), and a check of every element on the
 *   host; then unload, free and release.
 *
 * The kernel is generated at build time from src/probe/kernel/gd_probe_fill.cu
 * (mk/compute.mk) for each target in PTX_TARGETS; probe_ptx_variants[]
 * holds them, lowest target first.  The child tries, per GPU, the variants
 * whose target the GPU's compute capability reaches, lowest first, and
 * keeps the first the JIT accepts; a rejection (CUDA_ERROR_INVALID_PTX,
 * CUDA_ERROR_UNSUPPORTED_PTX_VERSION, CUDA_ERROR_NO_BINARY_FOR_GPU,
 * CUDA_ERROR_INVALID_IMAGE) moves to the next, and every attempt is kept
 * with its log.  CUDA_ERROR_UNSUPPORTED_PTX_VERSION is the driver's JIT
 * refusing a PTX ISA newer than it knows: what a framework's "the provided
 * PTX was compiled with an unsupported toolchain" means.
 *
 * Every step runs under a per-step timer in the child (compat_step_timer:
 * SIGALRM ends the child), so a hang is pinned on its step and GPU; the
 * whole child is bounded too.  A failure, a hang, a crash or a wrong result
 * is an outcome in struct probe_compute, never an error; probe_compute_findings
 * turns it into findings (GD518-GD523) with, where the kernel log is
 * readable, the NVRM lines the driver wrote meanwhile (Xid events).
 *
 * Nothing here prints; report/probe.c renders the result.
 */
#ifndef GD_PROBE_COMPUTE_H
#define GD_PROBE_COMPUTE_H

#include <stddef.h>
#include <stdint.h>

#include "diagnose/finding.h"
#include "probe/probe.h"
#include "util/arena.h"
#include "util/env.h"
#include "util/err.h"
#include "util/fs.h"

/* One generated PTX text (build/gen/probe_ptx.c, tools/ptx-gen.sh). */
struct probe_ptx {
    int sm;                   /* its .target: 50 for sm_50 */
    const char *isa;          /* its .version: "4.0" */
    const char *text;         /* the PTX, NUL-terminated */
};
/* Lowest target first, ending with a { 0, NULL, NULL } row. */
extern const struct probe_ptx probe_ptx_variants[];
extern const size_t probe_ptx_n_variants;
/* Why there is no variant (the build had no NVPTX compiler), or "". */
extern const char probe_ptx_missing[];

#define PROBE_COMPUTE_ELEMS (8u * 1024u * 1024u)   /* 32 MiB each way */
#define PROBE_COMPUTE_BLOCK 256u
#define PROBE_COMPUTE_DEFAULT_STEP_MS 10000u
#define PROBE_COMPUTE_MAX_JIT 4
#define PROBE_COMPUTE_LOG_MAX 4096   /* bytes of each JIT log kept */
#define PROBE_COMPUTE_MAX_NVRM 32

enum probe_compute_outcome {
    PC_NOT_REACHED = 0,       /* the child ended before this GPU */
    PC_PASSED,                /* every step succeeded and every element is right */
    PC_FAILED,                /* a step returned an error (failed_fn, failed_rc) */
    PC_WRONG,                 /* every step succeeded, but elements are wrong */
    PC_HUNG,                  /* a step did not return within the step timeout */
    PC_CRASHED                /* the child died in a step (a signal) */
};

/* One cuModuleLoadDataEx attempt. */
struct probe_compute_jit {
    int sm;                   /* the variant's target */
    char isa[8];              /* its PTX ISA, "4.0" */
    int64_t rc;               /* PROBE_RC_NONE: began, never returned */
    const char *error_log;    /* CU_JIT_ERROR_LOG_BUFFER (arena), or NULL */
    const char *info_log;     /* CU_JIT_INFO_LOG_BUFFER (arena), or NULL */
    uint64_t wall_ns;         /* CU_JIT_WALL_TIME */
};

struct probe_compute_dev {
    int present;
    char uuid[48];            /* cuDeviceGetUuid_v2's, as NVML and CUDA_VISIBLE_DEVICES write
                                 it: "GPU-<hex>" when NVML lists that GPU, "MIG-<hex>" when
                                 CUDA_VISIBLE_DEVICES names that MIG instance, else "<hex>" */
    char name[PROBE_STR_MAX];
    int cc_major, cc_minor;   /* -1 unknown */
    enum probe_compute_outcome outcome;
    int failed_fn;            /* the step that failed, hung or crashed (enum probe_fn), or 0 */
    int64_t failed_rc;        /* its CUresult (PC_FAILED), else PROBE_RC_NONE */
    char error_name[PROBE_STR_MAX];   /* cuGetErrorName of it, or "" */
    char error_text[PROBE_STR_MAX];   /* cuGetErrorString of it, or "" */
    struct probe_compute_jit jit[PROBE_COMPUTE_MAX_JIT];
    size_t n_jit;
    int used_sm;              /* the target the JIT accepted, or 0 */
    uint64_t bytes;           /* copied each way */
    uint64_t htod_ns, dtoh_ns, kernel_ns;   /* 0: not measured */
    int64_t wrong;            /* elements wrong (-1: not checked) */
    int64_t bad_index;        /* the first wrong one, or -1 */
    uint32_t bad_value, bad_expected;
};

struct probe_compute {
    struct arena arena;
    const char *no_kernel;    /* no PTX was built in: why (the run did not start) */
    const char *skipped;      /* not run: why ("cuInit failed", ...), or NULL */
    unsigned step_timeout_ms;
    uint32_t salt;            /* the kernel's salt this run */
    enum probe_child_end child_end;
    int child_code;
    uint64_t child_ns;
    int child_unreaped;
    int complete;
    const char *wire_error;
    int64_t init_rc;          /* the child's cuInit, PROBE_RC_NONE: not called */
    int count;                /* its cuDeviceGetCount, -1 unknown */
    int in_flight_fn, in_flight_dev;
    struct probe_compute_dev devs[PROBE_MAX_DEVICES];
    size_t n_devs;            /* ordinals 0 .. n_devs-1 have a row */
    /* The kernel log while the child ran: the lines that start with
     * "NVRM:" (arena), or why it could not be read. */
    const char *nvrm[PROBE_COMPUTE_MAX_NVRM];
    size_t n_nvrm;
    const char *kmsg_error;
};

/** Nothing run.  Never fails. */
void probe_compute_init(struct probe_compute *pc);
void probe_compute_release(struct probe_compute *pc);

/**
 * Run the compute child for the driver probe r found (r->cuda loaded, cuInit
 * succeeded, at least one device), with CUDA_VISIBLE_DEVICES and
 * CUDA_DEVICE_ORDER as in env, each step bounded by step_timeout_ms.  When
 * r says there is nothing to run on, or this build has no PTX, nothing is
 * started and pc->skipped / pc->no_kernel says why.  0 (every GPU outcome is
 * in pc), or -1 with err when no child could be started.
 */
int probe_compute_run(struct probe_compute *pc, const struct probe_result *r, struct fs *fs,
                      const struct env *env, unsigned step_timeout_ms, struct gd_err *err);

/**
 * Findings: GD518 a step failed, GD519 the JIT refused every PTX variant
 * (CUDA_ERROR_UNSUPPORTED_PTX_VERSION: the driver is older than the PTX),
 * GD520 a launch or synchronise error that means a fault of the GPU or its
 * memory (ECC, illegal address, Xid; with the NVRM lines), GD521 a wrong
 * result, GD522 a hang, GD523 a crash, GD524 no kernel built in.
 */
void probe_compute_findings(const struct probe_compute *pc, struct findings *fl);

/** The kernel's result for element i, as the host checks it. */
uint32_t probe_compute_expected(uint32_t in, uint32_t i, uint32_t salt);
/** The input of element i (the host fills the input buffer with it). */
uint32_t probe_compute_input(uint32_t i);

/**
 * The NVRM lines in a read of /dev/kmsg (records "PRI,SEQ,TS,FLAGS;TEXT\n",
 * continuation lines starting with a space skipped) or of a plain log:
 * each line whose text contains "NVRM:" is passed to fn (text from "NVRM:",
 * without the newline; borrowed).  Pure; never reads outside buf.
 */
void probe_kmsg_nvrm(const uint8_t *buf, size_t len,
                     void (*fn)(void *arg, const char *line, size_t n), void *arg);
/**
 * The Xid number of an NVRM line ("NVRM: Xid (PCI:0000:01:00): 79, pid=...,
 * GPU has fallen off the bus."), or -1 when it is not an Xid line.
 */
int probe_xid_of(const char *line, size_t n);
/** What an Xid means, in a few words (NVIDIA's Xid catalog), or NULL. */
const char *probe_xid_meaning(int xid);

/* The child's entry point (compat_child_run, or the helper's "compute"
 * mode): args are [0] libcuda path, [1] step timeout in ms, [2] element
 * count, [3] salt, [4] CUDA_VISIBLE_DEVICES, [5] CUDA_DEVICE_ORDER (each
 * "NAME=VALUE" or "NAME" to unset), then one "SM:ISA:PTX" per variant. */
int probe_compute_child_main(int wfd, const char *const *args, size_t nargs);

#endif
