/*
 * plan.h - `gpudoctor plan`: one consistent install set for a framework.
 *
 * plan_make() answers "which framework version, CUDA, cuDNN, Python,
 * driver and image go together, given what I have".  It is an adapter: the
 * constraints become the release chooser's input (diagnose/choose.h, the
 * chooser the fix engine uses, strict: a version asked for, the Python and
 * the driver are requirements), the framework module's candidates are
 * judged there, and the commands are written by the fix engine
 * (fix_set_commands: pip, conda, docker run, requirements.txt, the
 * Dockerfile and how to build and run it), so a plan and
 * check's fix for the same machine name the same build.  Every framework
 * of the registry (diagnose/fw.h) plans.  On macOS there is no CUDA set: the
 * plan is the Metal recipe (plan_macos.c).
 *
 * It is pure over the kb and the constraints: nothing is read from the
 * machine (the caller scans and passes the driver and GPU it found) and
 * nothing is printed (report/plan.c renders).  Strings in a struct plan
 * live in its arena or in the kb (which must outlive the plan).
 */
#ifndef GD_PLAN_H
#define GD_PLAN_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

struct kb;

/* What the caller wants; every field but framework may be NULL (no constraint). */
struct plan_constraints {
    const char *framework; /* a framework module's name or alias ("pytorch") */
    const char *version;   /* a framework version to check instead of choosing */
    const char *cuda;      /* "12" or "11.8": the CUDA the set must use */
    const char *driver;    /* "535.104.05" */
    const char *gpu;       /* a GPU name ("RTX 4090") or a compute capability ("8.9") */
    const char *os;        /* "linux" (default), "windows", "wsl", "macos" */
    const char *python;    /* "3.10" */
    const char *arch;      /* "aarch64": its aarch64 builds (from a scan), NULL x86_64 */
    int jetson;            /* the machine is a Jetson (from a scan): none of these builds */
};

/* One choice or rejection and why, with the knowledge-base row behind it. */
struct plan_note {
    const char *topic;     /* "driver", "gpu", "os", "python", "cuda", "version", ... */
    const char *text;
    const char *source;    /* may be NULL */
};

struct plan {
    int found;                 /* 1 a set exists, 0 none (why says why) */
    const char *framework;     /* the framework module's name ("torch") */
    const char *os;            /* as asked, default "linux" */
    const char *version;       /* the version pinned: "2.15.0", "2.4.0", "0.8.0" */
    const char *version_range; /* JAX / ONNX Runtime rows span versions: "0.8.0-0.11.99" */
    const char *variant;       /* "cu124" (torch), "cuda12" (jax), NULL */
    const char *route;         /* "pip" (its wheels bring CUDA), "conda", "system" */
    const char *python;        /* the supported range ("3.9-3.11"), NULL when unknown */
    const char *python_pick;   /* the Python the conda line uses ("3.11") */
    const char *cuda, *cudnn;
    const char *cuda_note;     /* what else the build takes ("or newer (pip wheels)"), or NULL */
    const char *min_driver;    /* the minimum this set needs on this OS */
    const char *driver_rule;   /* "toolkit", "minor-version compatibility", "GPU family",
                                  "TensorFlow", "PTX JIT" or "release" (choose.h) */
    const char *gpu_name, *gpu_cc;   /* the GPU constraint resolved, or NULL */
    const char *docker_image;  /* NULL: no official image */
    const char *docker;        /* the command that runs it with the GPUs, NULL: none */
    const char *pip;           /* one command line (or lines) */
    const char *index_url;     /* the index or -f page it comes from, or NULL */
    int index_only;            /* 1: that index is the only one (after the dependencies) */
    const char *pip_package;   /* the requirement line: "tensorflow[and-cuda]==2.15.0" */
    const char *conda;         /* commands, one per line; NULL none */
    const char *requirements;  /* a requirements.txt body */
    const char *dockerfile;    /* a whole Dockerfile (a comment when none can install the set) */
    const char *image_build;   /* the command that builds it, and the one that runs it with the GPUs */
    const char *image_run;
    const char *why;           /* found == 0: the one-line reason */
    const char *from_machine;  /* set by the caller when constraints came from a scan */
    struct plan_note *notes;   /* why each choice was made */
    size_t n_notes, alloc_notes;
    struct plan_note *rejects; /* candidates (or the asked version) and the failed constraint */
    size_t n_rejects, alloc_rejects;
    struct arena arena;
};

/** An empty plan.  Never fails. */
void plan_init(struct plan *p);
/** Free p's contents; p is empty (plan_init state) afterwards. */
void plan_release(struct plan *p);

/**
 * Fill p (initialised, empty) with the best set satisfying c, or the
 * verdict on c->version.  1 a set (p->found 1), 0 none (p->why and
 * p->rejects say why), -1 unusable constraints (unknown framework, GPU name
 * or version, bad OS, CUDA or Python spelling) with err (GD_ERR_USAGE); p
 * then holds nothing useful but must still be released.
 */
int plan_make(const struct kb *kb, const struct plan_constraints *c, struct plan *p,
              struct gd_err *err);

/**
 * plan --os macos (plan_macos.c): no CUDA set exists on a Mac; p->found 0,
 * p->why the Metal recipe for framework (a module name) from the knowledge
 * base, each fact a note in p->rejects with its source.  Returns 0.
 */
int plan_macos(const struct kb *kb, const char *framework, const struct plan_constraints *c, struct plan *p);

#endif
