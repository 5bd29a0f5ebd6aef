/*
 * ps.h - `gpudoctor ps`: is this running job on the GPU, and why not.
 *
 * An adapter over the one diagnosis.  For each process, the cli builds the
 * facts of the machine as that process sees it -- its environment
 * variables, its interpreter's environment, its root -- with the ordinary
 * scan, and runs diagnose_run over them: the framework judges say what the
 * loader model predicts and what stands in the way.  ps_judge() holds that
 * diagnosis against what the kernel says the process really did
 * (facts/ps_facts.h: the files it mapped, the device files it holds):
 *
 *   on the GPU          the CUDA driver library (libcuda) is mapped and a GPU
 *                       device file (/dev/nvidiaN, WSL's /dev/dxg) is open;
 *   CUDA, no device     CUDA is loaded but no GPU device file is open: hidden
 *                       by a variable (the diagnosis's GD108), initialised
 *                       with none visible (/dev/nvidiactl open, no
 *                       /dev/nvidiaN), or not initialised yet;
 *   on the CPU          a framework is loaded and the diagnosis says why it
 *                       cannot reach the GPU (a CPU-only build, a missing
 *                       library, a variable), or it mapped a library from
 *                       another place than the model predicts;
 *   no framework        nothing GPU-related is loaded (yet).
 *
 * Prediction against reality: every CUDA library the process mapped is
 * paired with the file the loader model gives for it in the process's own
 * environment (a need of the loaded framework's verdict, or a look-up of the
 * library's soname from the framework's CUDA library); libcuda with the
 * driver the scan resolved.  A disagreement is a finding (GD904): either the
 * environment or the files changed after the job started, or the model is
 * wrong -- a gpudoctor bug, and the finding says so.
 *
 * Reads the proc facts, the job's facts and diagnosis, and the loader model
 * through diagnose/lookup.h only.  Findings are GD9xx (codes_ps.c,
 * docs/findings.md "ps").  Strings go into the caller's arena.
 */
#ifndef GD_DIAGNOSE_PS_H
#define GD_DIAGNOSE_PS_H

#include <stddef.h>
#include <stdint.h>

#include "diagnose/diagnose.h"
#include "facts/ps_facts.h"

struct lookup;
struct probe_result;

enum ps_state {
    PS_ON_GPU = 0,
    PS_CUDA_NO_DEVICE,
    PS_ON_CPU,
    PS_NO_FRAMEWORK,
    PS_UNREADABLE,     /* the kernel refused its maps, descriptors or environment */
    PS_GONE            /* exited, or hidden by /proc */
};

enum ps_nodev {
    PS_NODEV_NONE = 0,
    PS_NODEV_HIDDEN,          /* a variable hides every GPU (the diagnosis's GD108) */
    PS_NODEV_NONE_VISIBLE,    /* the driver was opened (nvidiactl) but no GPU device */
    PS_NODEV_NOT_INITIALISED  /* no NVIDIA device file at all: CUDA not initialised yet */
};

enum ps_match {
    PS_AGREE = 0,          /* the model predicts the file the process mapped */
    PS_DISAGREE,           /* it predicts another file, or none */
    PS_NOT_PREDICTED,      /* mapped; the model was not asked for it (no name to ask) */
    PS_NOT_MAPPED,         /* the model predicts it; the process has not mapped it (yet) */
    PS_MATCH_UNKNOWN       /* the model could not answer (an unreadable object) */
};

/* One CUDA library the process mapped, against the model. */
struct ps_lib {
    const char *role;            /* "driver", "cudart", "cudnn", "cublas", ..., "framework" */
    const char *mapped;          /* the file mapped, a path in the process's root; NULL for
                                    PS_NOT_MAPPED */
    int deleted;                 /* replaced or removed on disk since */
    const char *name;            /* the name the model was asked for ("libcudnn.so.9"), or NULL */
    const char *predicted;       /* the model's file (canonical), or NULL */
    const char *step;            /* how the model found it ("runpath", "cache", ...) */
    const char *source;          /* where the prediction comes from: "framework verdict",
                                    "loader model", "driver scan" */
    enum ps_match match;
};

/* One difference between two jobs' environments (ps_compare). */
struct ps_diff {
    const char *what;            /* "environment", "LD_LIBRARY_PATH", "cudnn", ... */
    const char *here;            /* this job's value, or NULL: unset / none */
    const char *there;           /* the other job's */
};

/* What the driver's own list (NVML, ps --probe) says of the job. */
struct ps_nvml {
    int gpu;                     /* NVML device index */
    uint64_t mem_bytes;          /* used GPU memory; UINT64_MAX unknown */
};

struct ps_job {
    const struct ps_proc *proc;
    enum ps_state state;
    enum ps_nodev nodev;
    const char *why;             /* why the state is what it is, in one line (without the state) */
    const char *how_to_tell;     /* CUDA, no device: what tells hidden from not yet, or NULL */
    const char *interpreter;     /* the interpreter the job runs (see the cli), or NULL */
    const char *env_prefix;      /* the environment examined for it */
    const char *env_how;         /* how it was chosen: "the site-packages it mapped", "argv[0]",
                                    "its executable" */
    const struct verdict *verdict; /* the framework install it loaded, as judged, or NULL */
    const char *driver_lib;      /* the libcuda it mapped, or NULL */
    const char **devices;        /* NVIDIA device files it holds (descriptors or mappings) */
    size_t n_devices;
    struct ps_lib *libs;
    size_t n_libs;
    struct findings findings;    /* GD9xx about this job (findings_init'ed by ps_judge) */
    long compared_pid;           /* ps_compare's other job, or -1 */
    struct ps_diff *diffs;
    size_t n_diffs;
    struct ps_nvml *nvml;        /* ps --probe: the driver lists it on these GPUs */
    size_t n_nvml;
    int nvml_asked;              /* ps --probe ran and listed processes */
    long elapsed_s, cpu_s;       /* how long it has run, and its CPU time (set by the caller;
                                    -1 unknown) */
};

/* What ps_judge reads for one job. */
struct ps_input {
    const struct ps_proc *proc;
    const struct facts *facts;   /* the machine as the job sees it */
    const struct diagnosis *dx;  /* diagnose_run over facts */
    struct lookup *lk;           /* the loader model of the job's root (recording into facts) */
    const char *interpreter;     /* the job's interpreter, or NULL */
    const char *env_prefix;      /* the environment the scan examined, or NULL */
    const char *env_how;
};

/** Judge one job into job (which it initialises; findings in arena). */
void ps_judge(const struct ps_input *in, struct ps_job *job, struct arena *arena);

/**
 * A job gpudoctor may not read (PS_UNREADABLE) or that is gone (PS_GONE):
 * the verdict and finding without any facts.
 */
void ps_judge_unread(const struct ps_proc *p, struct ps_job *job, struct arena *arena);

/**
 * Fold the driver's per-process list (probe_result's NVML compute
 * processes) into job: the GPUs and memory it lists for the job's pid.  A
 * job the driver lists is on the GPU whatever /proc could show (another
 * user's job included).
 */
void ps_judge_probe(struct ps_job *job, const struct probe_result *pr, struct arena *arena);

/**
 * The differences between job and ref (a job on the GPU): the environment
 * and interpreter, the variables that matter, the framework and the CUDA
 * libraries mapped -- "works in the terminal, not in Jupyter" as the
 * difference between two processes.  Sets job->compared_pid and diffs.
 */
void ps_compare(struct ps_job *job, const struct ps_job *ref, struct arena *arena);

/** 1 when the job is on the GPU or has no GPU framework loaded to judge. */
int ps_job_ok(const struct ps_job *job);

const char *ps_state_name(enum ps_state s);
const char *ps_nodev_name(enum ps_nodev n);
const char *ps_match_name(enum ps_match m);

/** "hidepid=2": /proc shows gpudoctor only its own processes (GD908), into fl. */
void ps_finding_hidepid(struct findings *fl, const char *hidepid, long gid);

#endif
