/*
 * plan.h - `gpudoctor plan`: one consistent install set for a framework.
 *
 * plan_make() answers "which framework version, CUDA, cuDNN, Python,
 * driver and image go together, given what I have": it walks the
 * knowledge base's rows for the framework newest first and takes the first
 * build that satisfies every constraint (driver, GPU compute capability,
 * OS, Python, CUDA).  With a version it checks that version only and says
 * which constraint fails.  It is pure over the kb and the constraints:
 * nothing is read from the machine (the caller scans and passes the driver
 * and GPU it found) and nothing is printed (report/plan.c renders).
 *
 * Rules it applies, each explained in the plan's notes:
 *  - driver: TensorFlow needs the driver of its own CUDA toolkit (XLA
 *    JIT-compiles PTX, which minor-version compatibility does not cover);
 *    PyTorch, JAX and ONNX Runtime run on the minor-version-compatibility
 *    floor of their CUDA major (kb_driver_runs_cuda).
 *  - GPU: PyTorch's compiled architecture list must cover the compute
 *    capability (kb_arch_list_covers; PTX-only is accepted with a note);
 *    JAX has a lowest compute capability; TensorFlow and ONNX Runtime have
 *    no architecture table, so their CUDA toolkit must know the GPU's
 *    architecture family (an sm_MAJOR.x not newer than the GPU, per
 *    data/cuda_sm.kb): CUDA 11.2 cannot serve a compute capability 12.0.
 *  - OS: native Windows has TensorFlow GPU builds up to 2.10 only; macOS
 *    has no CUDA at all (the plan points at tensorflow-metal / MPS); WSL
 *    uses the Linux builds with the Windows driver.
 *  - Python: TensorFlow's tested range (the other tables carry none).
 *  - CUDA (--cuda X or X.Y): the build's CUDA, compared on the components
 *    given ("12" matches every 12.x).
 *
 * Strings in a struct plan live in its arena or in the kb (which must
 * outlive the plan).
 */
#ifndef GD_PLAN_H
#define GD_PLAN_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

struct kb;

enum plan_fw { PLAN_TENSORFLOW = 0, PLAN_PYTORCH, PLAN_JAX, PLAN_ONNXRUNTIME };

/* What the caller wants; every field but fw may be NULL (no constraint). */
struct plan_constraints {
    enum plan_fw fw;
    const char *version;   /* a framework version to check instead of choosing */
    const char *cuda;      /* "12" or "11.8" */
    const char *driver;    /* "535.104.05" */
    const char *gpu;       /* a GPU name ("RTX 4090") or a compute capability ("8.9") */
    const char *os;        /* "linux" (default), "windows", "wsl", "macos" */
    const char *python;    /* "3.10" */
};

/* One choice or rejection and why, with the knowledge-base row behind it. */
struct plan_note {
    const char *topic;     /* "driver", "gpu", "os", "python", "cuda", "version", ... */
    const char *text;
    const char *source;    /* may be NULL */
};

struct plan {
    int found;                 /* 1 a set exists, 0 none (why says why) */
    enum plan_fw fw;
    const char *framework;     /* "tensorflow", "pytorch", "jax", "onnxruntime" */
    const char *os;            /* as asked, default "linux" */
    const char *version;       /* the version pinned: "2.15.0", "2.4.0", "0.8.0" */
    const char *version_range; /* JAX / ONNX Runtime rows span versions: "0.8.0-0.11.99" */
    const char *variant;       /* "cu124" (torch), "cuda12" (jax), NULL */
    const char *python;        /* the supported range ("3.9-3.11"), NULL when unknown */
    const char *python_pick;   /* the Python the conda line uses ("3.11") */
    const char *cuda, *cudnn;
    const char *min_driver;    /* the minimum this set needs on this OS */
    const char *driver_rule;   /* "toolkit", "minor-version compatibility" or "GPU family"
                                  (arch_floor's driver for the GPU, higher than the MVC floor) */
    const char *gpu_name, *gpu_cc;   /* the GPU constraint resolved, or NULL */
    const char *docker_image;  /* NULL: no official image */
    const char *pip;           /* one command line */
    const char *index_url;     /* torch: https://download.pytorch.org/whl/cu124 */
    const char *pip_package;   /* the requirement line: "tensorflow[and-cuda]==2.15.0" */
    const char *conda;         /* commands, one per line; NULL none */
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

/** "tensorflow"/"tf", "pytorch"/"torch", "jax", "onnxruntime"/"ort": 0 and *fw, or -1. */
int plan_framework_parse(const char *s, enum plan_fw *fw);
/** The framework's canonical name. */
const char *plan_framework_name(enum plan_fw fw);

/**
 * Fill p (initialised, empty) with the newest set satisfying c, or the
 * verdict on c->version.  1 a set (p->found 1), 0 none (p->why and
 * p->rejects say why), -1 unusable constraints (unknown GPU name, unknown
 * version, bad OS, CUDA or Python spelling) with err (GD_ERR_USAGE); p
 * then holds nothing useful but must still be released.
 */
int plan_make(const struct kb *kb, const struct plan_constraints *c, struct plan *p,
              struct gd_err *err);

/**
 * plan --os macos (plan_macos.c): no CUDA set exists on a Mac; p->found 0,
 * p->why the Metal recipe for c->fw from the knowledge base, each fact a
 * note in p->rejects with its source.  Returns 0.
 */
int plan_macos(const struct kb *kb, const struct plan_constraints *c, struct plan *p);

#endif
