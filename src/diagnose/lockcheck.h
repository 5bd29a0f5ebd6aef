/*
 * lockcheck.h - `plan --check FILE`: will the framework builds a dependency
 * file installs use the GPU on this machine, a node, or every node of a
 * fleet?
 *
 * lockcheck_pins() finds, among a file's requirements (scan/lockfile.h),
 * each framework build it installs: the framework module of the
 * distribution (fw_of_dist, diagnose/fw.h), the release, and the variant
 * the file decides (a PEP 440 local label, the index URL's last component
 * such as /whl/cu124, JAX's cuda12 extra or plugin, CuPy's package, Paddle's
 * .postNNN), through the module's own requirement mapping (fw_def
 * .requirement, the one the fix engine uses to reproduce an install).  A
 * distribution that is none of the framework's CUDA builds (onnxruntime,
 * tensorflow-cpu, paddlepaddle, torch+cpu, jax without a CUDA plugin) is a
 * CPU build.
 *
 * lockcheck_judge() then asks the release chooser (diagnose/choose.h) -- the
 * judge plan and check's fix engine use -- whether that build runs on a
 * target: its driver floor against the target's driver, its GPU
 * architectures against the target's GPU, its platform and Python.  A lock
 * file has no files to read, so check's file-level rules (the loader model)
 * cannot apply: what they would decide is the install itself.
 *
 * Pure: nothing is read or printed; strings in the arena passed in.
 */
#ifndef GD_DIAGNOSE_LOCKCHECK_H
#define GD_DIAGNOSE_LOCKCHECK_H

#include <stddef.h>

#include "util/arena.h"

struct kb;
struct fw_def;
struct lock_file;
struct facts;

/* One machine to judge against. */
struct lock_target {
    const char *name;         /* "this machine", a node name, a facts file */
    const char *driver;       /* NULL: no NVIDIA driver */
    const char *gpu_cc, *gpu_name;
    const char *os, *arch;    /* "linux", "x86_64" */
    const char *python;       /* X.Y of the environment the file would go into, or NULL */
    int wsl, jetson;
    const char *unusable;     /* why this target could not be read, or NULL */
};

/* One framework build the file installs. */
struct lock_pin {
    const struct fw_def *fw;
    const char *dist;         /* as the file names it: "torch", "jax", "onnxruntime-gpu" */
    const char *version;      /* exact, or NULL */
    const char *spec;         /* when not exact */
    const char *want, *variant;   /* the chooser's input */
    const char *variant_why;  /* where the variant came from ("local label", "index ...") */
    const char *index;
    size_t line;
    int dev;
    const char *cpu;          /* why it is a CPU build, or NULL */
    const char *label;        /* the kb's build, "torch 2.4 (cu124)", or NULL */
    const char *cuda;         /* the build's CUDA, or NULL */
    const char *unknown;      /* why it cannot be judged (no exact version, no kb row), or NULL */
    int unverified;           /* the kb row behind it is unverified */
};

enum lock_gpu { LOCK_GPU_UNKNOWN = -1, LOCK_GPU_NO = 0, LOCK_GPU_YES = 1 };

struct lock_verdict {
    enum lock_gpu gpu;
    const char *why;          /* one line */
    const char *min_driver;   /* the build's floor on the target, or NULL */
};

/* The whole answer, for report/lockcheck.c. */
struct lock_report {
    const char *file;             /* as given */
    const struct lock_file *lf;
    const struct lock_pin *pins;
    size_t n_pins;
    const struct lock_target *targets;
    size_t n_targets;
    const struct lock_verdict *v; /* v[pin * n_targets + target] */
    const char *against;          /* "this machine", "the node in FILE", "the fleet in DIR" */
    int exit_status;
};

/** The framework builds lf installs, into *out (xrealloc'd; free it); their count. */
size_t lockcheck_pins(const struct kb *kb, const struct lock_file *lf, struct arena *a, struct lock_pin **out);

/** The verdict on pin p for target t. */
void lockcheck_judge(const struct kb *kb, const struct lock_pin *p, const struct lock_target *t, struct arena *a,
                     struct lock_verdict *out);

/** t from a scan's (or a --facts document's) facts, named name; strings in a. */
void lockcheck_target_from_facts(struct lock_target *t, const struct facts *f, const char *name, struct arena *a);

#endif
