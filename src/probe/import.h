/*
 * import.h - `gpudoctor probe --import`: each framework's own answer, in
 * its own environment's interpreter, held against check's prediction.
 *
 * Opt-in (it RUNS the examined environment's Python and the framework's
 * import code).  For each framework install the diagnosis judged (one
 * struct verdict), probe_import_plan() notes the environment's interpreter
 * (python_env.interpreter) and the verdict; probe_import_execute() then
 * runs, per install, in a child process (compat_child_run):
 *
 *     INTERPRETER -I -B -c SCRIPT FRAMEWORK
 *
 * -I: isolated mode (no PYTHON* variables, no user site, not the current
 * directory), -B: no .pyc written into the environment; the environment
 * variables are exactly the examined environment check judged with
 * (--env / --clear-env apply); the network is cut off first
 * (compat_isolate_network: a network namespace of its own, or the child
 * says why not); the whole run is bounded by the timeout.  SCRIPT
 * (src/probe/import_script.py, embedded at build time) imports the
 * framework, asks it the framework's own questions (torch.cuda.is_available,
 * tf.config.list_physical_devices, jax.devices, ORT's providers, CuPy's
 * device count, ...), reads /proc/self/maps for the CUDA libraries the
 * process mapped, and writes one JSON object to descriptor 3.  The
 * questions per framework live in the script, which is the one place that
 * knows how to ask each framework.
 *
 * The comparison (probe_import_compare, run by execute):
 *   - the GPU: check's verdict (yes / no) against the framework's own
 *     (a failed import is "no GPU"); unknown on either side: not compared;
 *   - the libraries: for each library the loader model resolved, the file
 *     of that name the process mapped, by real path: the same file
 *     (agrees), another file (disagrees), or not mapped (the import does
 *     not load it now: not compared);
 *   - a failed import that names a missing library ("libX: cannot open
 *     shared object file"): agrees when the model did not find it either,
 *     disagrees when the model found it.
 * A disagreement is a finding (GD525, GD526) naming both sides: a gpudoctor
 * bug to report with `check --facts`.  A run that fails (no interpreter,
 * exec error, timeout, crash, no answer) is GD527.
 *
 * Nothing here prints; report/probe.c renders struct probe_import.
 */
#ifndef GD_PROBE_IMPORT_H
#define GD_PROBE_IMPORT_H

#include <stddef.h>
#include <stdint.h>

#include "diagnose/diagnose.h"
#include "probe/probe.h"
#include "util/arena.h"
#include "util/env.h"
#include "util/err.h"
#include "util/fs.h"

/* The script (build/gen/probe_import_script.c, from src/probe/import_script.py). */
extern const char probe_import_script[];

#define PROBE_IMPORT_ANSWER_MAX (256u * 1024u)
#define PROBE_IMPORT_MAX_MAPPED 64
#define PROBE_IMPORT_MAX_LIBS 64
#define PROBE_IMPORT_DEFAULT_TIMEOUT_MS 120000u

enum probe_import_cmp {
    PI_NOT_COMPARED = 0,
    PI_AGREE,
    PI_DISAGREE
};

/* One library the model resolved, and what the process mapped. */
struct probe_import_lib {
    const char *library;          /* "libcudart.so.12" */
    const char *predicted;        /* the model's file (real path, arena), or NULL: not found */
    const char *mapped;           /* the mapped file of that name, or NULL */
    enum probe_import_cmp cmp;
};

struct probe_import_run {
    const char *subject;          /* the verdict's subject */
    const char *framework;        /* "torch" */
    const char *interpreter;      /* host path of the interpreter, or NULL: none known */
    enum gpu_verdict predicted;   /* check's verdict */
    const char *predicted_reason;

    /* The child. */
    int ran;
    enum probe_child_end child_end;
    int child_code;
    uint64_t child_ns;
    int net_isolated;             /* 1, 0 (net_error says why), -1 unknown */
    const char *net_error;
    const char *run_error;        /* exec failed, no answer, malformed answer, ... or NULL */

    /* The framework's answer (NULL / -1 when it did not say). */
    int import_ok;                /* 1, 0, -1 */
    const char *import_error;     /* "OSError: libcudnn.so.9: cannot open shared object file: ..." */
    const char *version;
    int gpu;                      /* 1, 0, -1 */
    int device_count;             /* -1 unknown */
    const char *cuda;             /* the CUDA it says it was built with */
    const char *cudnn;
    const char *question;         /* what gpu came from: "torch.cuda.is_available()" */
    const char *details;          /* the rest of its answer, "k=v; k=v" */
    const char *mapped[PROBE_IMPORT_MAX_MAPPED];
    size_t n_mapped;

    /* The comparison. */
    enum probe_import_cmp gpu_cmp;
    struct probe_import_lib libs[PROBE_IMPORT_MAX_LIBS];
    size_t n_libs;
    const char *missing_lib;      /* the library a failed import names as missing, or NULL */
    enum probe_import_cmp missing_cmp;
};

struct probe_import {
    struct arena arena;
    struct probe_import_run *runs;
    size_t n_runs, alloc_runs;
    unsigned timeout_ms;          /* per install */
};

/** Empty ("not asked").  Never fails. */
void probe_import_init(struct probe_import *pi);
void probe_import_release(struct probe_import *pi);

/**
 * One run per verdict in dx: its framework, the environment's interpreter
 * (mapped to this machine through fs), check's verdict and the predicted
 * files.  Nothing is run.  Never fails.
 */
void probe_import_plan(struct probe_import *pi, const struct diagnosis *dx, struct fs *fs);

/**
 * Run every planned interpreter (see above) within timeout_ms each, with
 * env as its whole environment, parse each answer and compare.  fs must be
 * this machine (root "/"): otherwise -1 with err and nothing runs.  -1 with
 * err also when a child could not be started (what ran before is kept).
 */
int probe_import_execute(struct probe_import *pi, const struct env *env, struct fs *fs,
                         unsigned timeout_ms, struct gd_err *err);

/**
 * Parse one child's output into ir: the child's header line
 * ("GDI1 net=1\n" or "GDI1 net=0 errno=N\n"), then the script's JSON
 * object.  Strings go into a.  0, with ir->run_error set when the answer is
 * missing or malformed (never reads outside buf); the comparison is
 * probe_import_compare's.
 */
int probe_import_parse(const uint8_t *buf, size_t len, struct probe_import_run *ir, struct arena *a);

/** Compare ir's answer with its prediction (the fields above); the missing
 *  library's name goes into a.  Never fails. */
void probe_import_compare(struct probe_import_run *ir, struct arena *a);

/** GD525 / GD526 for disagreements, GD527 for runs that did not answer. */
void probe_import_findings(const struct probe_import *pi, struct findings *fl);

/* The child's entry point (compat_child_run): args are [0] the interpreter,
 * [1] the framework, [2] the script, then the environment's "K=V"s. */
int probe_import_child_main(int wfd, const char *const *args, size_t nargs);

#endif
