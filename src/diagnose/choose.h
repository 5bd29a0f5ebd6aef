/*
 * choose.h - the release chooser: which build of a framework to install,
 * for a machine (the fix engine) or for a set of constraints (plan).
 *
 * Each framework module lists its candidates as a column map over its
 * knowledge-base rows (fw_def.candidates, diagnose/fw.h): one struct choice
 * per release, variant and install route, with the CUDA and cuDNN it was
 * built with, the Python range of that release itself, its driver floor and
 * the rule that gave it, its GPU architectures, and the requirement that
 * installs it.  choose() then judges every candidate by one set of rules,
 * in one order, and keeps the best by one ranking:
 *
 *   platform   the OS has CUDA builds of the framework; an aarch64 machine
 *              that is not a Jetson takes only builds pkg_fact cuda_aarch64
 *              says were published for it;
 *   want       the release (and the +variant, the route) asked for;
 *   cuda       a CUDA constraint ("12" or "12.4"), held to what the route
 *              accepts (data/cuda_compat.kb: exact, any minor of the major,
 *              or at least the build's minor);
 *   python     the release's own range (py_support.kb, torch_python.kb,
 *              tf_build.kb); an unknown range passes and says so;
 *   driver     the candidate's floor (plan: a requirement; the fix engine:
 *              a driver too old ranks last and its upgrade comes first);
 *   gpu        the compute capability against the build's architecture
 *              list, its lowest compute capability, or the CUDA toolkit's
 *              own (data/cuda_sm.kb), and the GPU family's CUDA floor.
 *
 * Ranking: a build the driver runs, a Python known to fit, the route the
 * framework prefers, no known defect (choice.caveat), a verified row, the
 * newest release, the variant the framework's own index serves by default,
 * then the highest CUDA when the driver is known (the lowest when it is
 * not: it runs on the most drivers).
 *
 * Pure over the kb and the input: nothing is read or printed.  Every
 * string, candidate and note lives in the arena passed in (it must outlive
 * the result), so a struct choice needs no release.
 */
#ifndef GD_DIAGNOSE_CHOOSE_H
#define GD_DIAGNOSE_CHOOSE_H

#include "util/arena.h"

struct kb;
struct fw_def;

/* What the caller wants and what the machine is; NULL fields are unknown. */
struct choose_in {
    const struct fw_def *fw;
    const char *want;      /* a release to keep ("2.6", "0.6.0", "2.6.0+cu124"), or NULL */
    int strict;            /* 1 (plan): want and the driver are requirements; 0 (fix
                              engine): want is kept when it fits, else the best with
                              why_not, and a driver too old only ranks lower */
    const char *variant;   /* a variant to require ("cu124"); strict: else want's +local label */
    const char *route;     /* a route to require ("pip", "conda", "system"), or NULL */
    const char *python;    /* "3.10" (X.Y is compared) */
    const char *driver;    /* the driver version */
    const char *gpu_cc;    /* the GPU's compute capability ("8.9") */
    const char *os;        /* "linux" (default), "windows", "macos" */
    int wsl;               /* 1: WSL2 (Linux builds, the Windows driver) */
    const char *arch;      /* "x86_64", "aarch64" */
    int jetson;            /* an L4T machine: NVIDIA's builds, none of these */
    const char *cuda;      /* the CUDA the set must use: "12" or "12.4" */
};

/* A note on a choice, or a candidate rejected and the constraint it failed. */
struct choose_note {
    const char *topic;     /* "os", "version", "cuda", "python", "driver", "gpu", "install", ... */
    const char *text;
    const char *source;    /* the kb row behind it, or NULL */
    struct choose_note *next;
};

/* One candidate build, and the result. */
struct choice {
    const char *framework;    /* the module's name ("torch") */
    const char *label;        /* "torch 2.6 (cu124)", for messages */
    const char *package;      /* the requirement's name with extras: "tensorflow[and-cuda]" */
    const char *release;      /* the kb's release: "2.6", "0.7.2", "1.28" */
    const char *version;      /* a published release to pin exactly: "2.6.0", "0.11.0" */
    const char *pin;          /* the fix engine's pin: "2.6.*", "0.7.*", "1.18.1" */
    const char *range;        /* the row's releases when it spans several ("0.8.0-0.11.99") */
    const char *variant;      /* "cu124", "cuda12", "and-cuda" / "conda", "post120" */
    const char *route;        /* "pip": its wheels bring CUDA; "conda"; "system" */
    const char *local;        /* a local label the pin needs on a find-links page ("cu113") */
    const char *index;        /* the index or -f page it is on, or NULL (PyPI) */
    int index_only;           /* 1: --index-url (the only index), 0: -f / extra index */
    int index_local;          /* its index names each build VERSION+variant (torch==2.4.0+cu124),
                                 so a requirements file can keep PyPI as the main index */
    const char *deps_first;   /* installed from PyPI before it, or NULL */
    const char *extra_reqs;   /* other requirements of this release ("numpy<2"), or NULL */
    const char *extra_why;    /* why, and its source */
    const char *extra_source;
    const char *image;        /* the official container image, or NULL */
    const char *conda_libs;   /* conda-forge's CUDA packages it loads (CUDA 12 on), or NULL */
    const char *warning;      /* a caution its install line carries, or NULL */
    const char *cuda, *cudnn; /* built with (or the minimum it needs) */
    const char *cuda_max;     /* the newest CUDA it takes, when the row says */
    const char *accepts;      /* the route's rule (data/cuda_compat.kb), or NULL */
    const char *accepts_source;
    const char *python;       /* the Python asked (X.Y), or NULL */
    const char *python_range; /* the release's own: "3.9-3.11", "2.7,3.3-3.6", "3.12-" (no cap) */
    const char *python_source;
    const char *driver_need;  /* its driver floor on this OS, or NULL */
    const char *driver_rule;  /* "minor-version compatibility", "toolkit", "GPU family",
                                 "TensorFlow", "PTX JIT", "release" (the row's own) */
    const char *driver_source;
    int driver_ok;            /* 1 met, 0 older, -1 driver or floor unknown */
    int python_ok;            /* 1 in range, 0 out, -1 unknown */
    const char *arch;         /* the compute capabilities it has code for, or NULL */
    const char *arch_source;
    const char *cc_min;       /* its lowest compute capability, or NULL */
    const char *kernel_cuda;  /* the CUDA whose compiler makes its GPU code when not cuda (CuPy
                                 compiles at run time with the CUDA it finds), or NULL */
    const char *platform_why; /* why it cannot be installed on this platform at all, or NULL */
    int is_default;           /* the variant its own index serves by default */
    int rank;                 /* route preference within the framework (higher first) */
    int unverified;           /* a row behind it is marked unverified */
    const char *caveat;       /* a known defect that ranks it last ("its wheel lacks ..."), or NULL */
    const char *source;       /* the candidate's kb row */
    const char *why_not;      /* result: why want was not kept, or why nothing fits */
    int n_wanted;             /* result: how many candidates were the release asked for */
    struct choose_note *notes;   /* result: why each choice was made (the candidate's own first) */
    struct choose_note *rejects; /* result: candidates ranked above it (strict: all), and why not */
    struct choice *next;      /* the candidate list */
};

/* The state a column map adds candidates to. */
struct choose_ctx {
    const struct kb *kb;
    struct arena *a;
    const struct choose_in *in;
    const char *want;          /* in->want without its local label, or NULL */
    const char *want_local;    /* its local label ("cu124"), or NULL */
    const char *drv_os;        /* whose driver tables apply: "windows" on Windows and WSL2 */
    struct choice *head, *tail;
    struct choose_note *rejects, *rejects_tail;   /* framework-wide ("no CUDA build on Windows") */
    const char *why_none;      /* the column map's reason when it adds nothing */
};

/**
 * Choose a build of in->fw for in.  1 chosen (*out), 0 none (out->why_not,
 * out->rejects say why).  Never fails otherwise; strings in a.
 */
int choose(const struct kb *kb, const struct choose_in *in, struct arena *a, struct choice *out);

/* ---- for column maps (fw_*.c) ---- */

/** A new candidate of the framework, appended; fill its fields. */
struct choice *choose_add(struct choose_ctx *cx);
/** A note on candidate c (shown with the plan when c is chosen). */
void choose_note(struct choose_ctx *cx, struct choice *c, const char *topic, const char *text,
                 const char *source);
/** A framework-wide rejection (no CUDA build for this OS, ...). */
void choose_reject(struct choose_ctx *cx, const char *topic, const char *text, const char *source);
/**
 * The releases to propose from a row that spans first..last of a framework
 * whose newest release is table's kb_meta row: the row's newest, the last of
 * every Python range of py_support.kb's pyfw rows inside it (an older release
 * may support an older Python), or want when the row covers it.  Calls
 * point(cx, release, arg) for each, newest first, each once.
 */
void choose_points(struct choose_ctx *cx, const char *pyfw, const char *table, const char *first,
                   const char *last, void (*point)(struct choose_ctx *cx, const char *release, void *arg),
                   void *arg);
/** c's Python range from py_support.kb (pyfw "jax", "pytorch", ...) at c->release. */
void choose_python_support(struct choose_ctx *cx, struct choice *c, const char *pyfw);
/** A requirement's version: "0.7.99" and "1.20" as "0.7.*" and "1.20.*", "0.4.16" itself. */
const char *choose_pin(struct arena *a, const char *release);
/** 1 when want (cx->want) selects release (compared on release's components). */
int choose_wants(const struct choose_ctx *cx, const char *release);
/** cx->want when it selects release and names a patch ("2.4.1"), else NULL. */
const char *choose_want_exact(const struct choose_ctx *cx, const char *release);
/** first <= v <= last, each on its own number of components (NULL: open). */
int choose_within(const char *v, const char *first, const char *last);
/** The driver floor of a CUDA runtime on cx's OS by NVIDIA's rules (MVC from CUDA 11), into c. */
void choose_cuda_floor(struct choose_ctx *cx, struct choice *c);
/** 1 when the comma-separated list ("cuda12_pip,cuda12") holds item. */
int choose_list_has(const char *list, const char *item);
/** A Python range for people: "3.12-" as "3.12 or newer", others as written (NULL stays NULL). */
const char *choose_python_text(struct arena *a, const char *range);
/** 1 if python ("3.11" or "3.11.7") is inside range ("3.9-3.11", "2.7,3.3-3.6", "3.12-"). */
int choose_python_in(const char *range, const char *python);

#endif
