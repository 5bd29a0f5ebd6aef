/*
 * diagnose.h - from facts to findings: the rules.
 *
 * diagnose_run() applies every rule to the facts (asking the knowledge base
 * and the loader model) and fills a struct diagnosis: the findings and the
 * checklist a person would otherwise walk by hand.  Rules never read files
 * and never print: what they need from the disk is in the facts (scan/),
 * and the one question they ask of the examined machine -- which file the
 * loader would pick -- goes through diagnose/lookup.h, which answers from
 * the loader model and records the answer, so that `check --from-facts`
 * reproduces the verdict without the disk.  Each finding names the facts
 * that prove it.
 * Unknown stays unknown: a rule that cannot decide emits nothing, or an
 * info finding that says what would decide it.
 */
#ifndef GD_DIAGNOSE_H
#define GD_DIAGNOSE_H

#include "diagnose/finding.h"
#include "facts/facts.h"

struct kb;

enum check_status { CHECK_PASSED = 0, CHECK_FAILED, CHECK_NOT_APPLICABLE, CHECK_UNKNOWN };

struct check_item {
    const char *step;        /* "NVIDIA driver loaded" */
    enum check_status status;
    const char *detail;      /* "535.104.05 (/proc/driver/nvidia/version)" */
};

enum gpu_verdict { GPU_UNKNOWN = -1, GPU_NO = 0, GPU_YES = 1 };

/* One library a framework install loads, and what the loader model says. */
struct need {
    const char *role;            /* "cudart", "cudnn", "cublas", ... */
    const char *library;         /* "libcudart.so.11.0" */
    const char *resolved_path;   /* the file that would be loaded, or NULL */
    const char *step;            /* "runpath", "ld_library_path", "cache", "torch_preload", ... */
    const char *version;         /* of the file that would be loaded, or NULL */
    const char *from;            /* the object it is searched from */
    const char *stale;           /* not found, but an ld.so.conf directory holds it and
                                    the cache does not list it (ldconfig not rerun) */
    int unknown;                 /* a log's facts (facts.partial) do not show what the loader
                                    answers for it: neither found nor missing */
};

/* The answer for one framework install. */
struct verdict {
    const struct python_env *env;
    const struct framework_build *fw;
    const char *subject;         /* "tensorflow 2.10.0 (/home/u/.venv)" */
    enum gpu_verdict gpu;
    const char *reason;          /* one line: why not, or what was checked */
    struct need *needs;
    size_t n_needs, alloc_needs;
    const char **codes;          /* finding codes about this install */
    size_t n_codes, alloc_codes;
};

struct diagnosis {
    struct findings findings;
    struct check_item *checklist;
    size_t n_checklist, alloc_checklist;
    struct verdict *verdicts;
    size_t n_verdicts, alloc_verdicts;
};

struct lookup;

/**
 * Run every rule; strings go into arena.  lk (borrowed, diagnose/lookup.h;
 * may be NULL: then library resolution is unknown, and so are the verdicts
 * that need it) answers which file each needed library would be -- live
 * from the loader model in `check`, from the recorded answers in
 * `check --from-facts`.  Never fails.
 */
void diagnose_run(const struct facts *facts, const struct kb *kb, struct lookup *lk,
                  struct diagnosis *dx, struct arena *arena);

/**
 * The report's next step: the finding whose fixes come first, and in *v the
 * verdict whose reason heads it, or NULL (then the finding's own title
 * does).  A machine-wide error with a fix comes first (nothing else works
 * before it: no GPU, no driver); else the first install that will not use
 * the GPU, with the first finding about that install that has a fix, so
 * the headline and the fix are about the same thing; else the first error,
 * warning or open question (GD217) with a fix.  NULL when none has one (*v
 * may still name a verdict).
 */
const struct finding *diagnosis_next_step(const struct diagnosis *dx, const struct verdict **v);

const char *gpu_verdict_name(enum gpu_verdict v);

/* The per-framework rules: the verdict loop (frameworks.c) over the
 * framework modules (fw_*.c, diagnose/fw.h). */
void rules_frameworks(const struct facts *f, const struct kb *kb, struct lookup *lk,
                      struct diagnosis *dx, struct arena *arena);
void diagnosis_release(struct diagnosis *dx);

const char *check_status_name(enum check_status s);

/* Rule groups (one file each), called by diagnose_run in this order. */
void rules_scan(const struct facts *f, struct findings *out);
void rules_driver(const struct facts *f, const struct kb *kb, struct findings *out);
void rules_env(const struct facts *f, struct findings *out);
void rules_cuda(const struct facts *f, struct findings *out);
/* dpkg's database (rules_dpkg.c): packages whose installation did not finish. */
void rules_dpkg(const struct facts *f, const struct kb *kb, struct findings *out);
/** The distribution package holding a CUDA build of framework on this
 *  release ("python3-torch-cuda" on Debian 13, data/distro_pkg.kb), or NULL. */
const char *dpkg_cuda_build(const struct facts *f, const struct kb *kb, const char *framework);
/** The fixes for a package dpkg left unfinished (dpkg --configure -a, reinstall,
 *  and the package's own command when known), added to fd. */
void rules_dpkg_fixes(const struct facts *f, const struct kb *kb, struct findings *out, struct finding *fd,
                      const struct dpkg_pkg *p);
/* Native Windows (rules_windows.c): the machine rules, before the
 * frameworks (nothing on other OSes).  Its per-install rules run inside the
 * framework verdict loop (diagnose/fw.h). */
void rules_windows_machine(const struct facts *f, const struct kb *kb, struct findings *out);

/* check --image (rules_container.c, GD8xx): the container's start on the host,
 * before the frameworks; then, after them, the start's root cause made the
 * one error its machine-level symptoms are evidence of, and every verdict
 * "no" when the container gets no usable GPU.  Nothing without
 * facts.container.present. */
void rules_container(const struct facts *f, const struct kb *kb, struct findings *out);
void rules_container_fold(const struct facts *f, struct diagnosis *dx, struct arena *arena);

/* The environment the user runs has no GPU build that another has (GD218,
 * rules_interp.c); after the framework verdicts. */
void rules_interp(const struct facts *f, const struct kb *kb, struct diagnosis *dx, struct arena *arena);
/**
 * The environment `command` ("python3", "pip", "py") runs on the examined
 * machine (facts->interp, scan/pyresolve.c), or NULL when it runs none that
 * was found.  For fixes that must say where an install goes.
 */
const struct python_env *interp_env_of_command(const struct facts *f, const char *command);
/**
 * The interpreter to name in a fix that targets e (`<it> -m pip install`):
 * the one the user's `python`/`python3` resolves to when it is in e, else
 * the one the scan found, else PREFIX/bin/python (Windows: python.exe or
 * Scripts\python.exe).  Never NULL; may be built in arena.
 */
const char *interp_python_for_env(const struct facts *f, const struct python_env *e, struct arena *arena);

/**
 * How many GPUs CUDA_VISIBLE_DEVICES leaves visible out of n_gpus (-1 when
 * n_gpus is unknown and the value names devices), following CUDA's rule
 * that the list ends at the first invalid entry.  value NULL: all.
 */
long cuda_visible_count(const char *value, long n_gpus);

/**
 * Why the nvidia module is not loaded, from the module chain's files
 * (rules_kmod.c): adds the one cause's error finding and returns 1, or 0
 * when the files show none (then GD101 says "not loaded").
 */
int rules_kmod_explain(const struct facts *f, const struct kb *kb, struct findings *out);
/**
 * The running kernel's nvidia module file (not nvidia-uvm, -modeset, ...)
 * where the module chain was read (the module not loaded), or NULL.
 */
const struct kmod_file *rules_kmod_core(const struct facts *f);
/** A next boot (the newest installed kernel) whose DKMS module is missing: GD126. */
void rules_kmod_next_boot(const struct facts *f, const struct kb *kb, struct findings *out);

/** Scheduler and container rules (rules_sched.c): GD130, GD132-GD134. */
void rules_sched(const struct facts *f, const struct kb *kb, struct findings *out);
/** After the framework verdicts: a loaded module's older CUDA first on the path (GD131). */
void rules_sched_modules(const struct facts *f, const struct kb *kb, struct diagnosis *dx);
/** 1: a container started without the NVIDIA runtime (no libcuda, no device nodes): GD132. */
int node_container_without_runtime(const struct facts *f);

struct lookup;
/** After the framework verdicts: each environment's CUDA extensions (rules_ext.c, GD140-GD142). */
void rules_ext(const struct facts *f, const struct kb *kb, struct lookup *lk, struct diagnosis *dx);

#endif
