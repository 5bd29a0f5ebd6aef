/*
 * verify.h - `--verify-libs`: load, in a child process, exactly the library
 * files the loader model predicted for each framework install, and report
 * what the real dynamic loader says: a second, real opinion on the static
 * verdict.
 *
 * Input is the diagnosis (diagnose.h): for each verdict, its needs[] with a
 * resolved_path.  For each install one child (compat_child_run) loads those
 * files by full path with RTLD_NOW | RTLD_LOCAL, in a dependency-safe order
 * (the CUDA runtime and nvJitLink before the libraries that link them, cuDNN
 * after cuBLAS; see verify.c), because a library already loaded satisfies a
 * later DT_NEEDED of the same soname, as it does in the framework's own
 * process.  One child per install, so two installs never satisfy each
 * other's dependencies.  The child streams BEGIN / LOADED / DLERROR records
 * for PF_VERIFY_LIB with the library's index as the device byte
 * (probewire.h), so a constructor that crashes or hangs is pinned on its
 * library.
 *
 * This runs the libraries' constructors: callers offer it only behind an
 * explicit option, and it refuses any tree but this machine's ("/"): the
 * files of another root would run on this machine.  Transitive dependencies
 * are searched by the real loader from gpudoctor's own process environment
 * (LD_LIBRARY_PATH is read once at process start, so --env cannot change
 * it) plus the libraries' RUNPATH/RPATH.
 *
 * Libraries the model found no file for are listed, not loaded.  Nothing
 * here prints; report/probe.c renders struct probe_verify.
 */
#ifndef GD_PROBE_VERIFY_H
#define GD_PROBE_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "diagnose/diagnose.h"
#include "probe/probe.h"

/* Per install; the index rides in the wire's device byte. */
#define PROBE_VERIFY_MAX PROBE_MAX_DEVICES

struct probe_verify_lib {
    const char *role;            /* "cudart", ... (arena) */
    const char *library;         /* "libcudart.so.12" */
    const char *path;            /* the predicted file, or NULL: not found by the model */
    const char *step;            /* how the model found it: "runpath", ... */
    /* PROBE_LIB_NOT_FOUND: nothing to load; PROBE_LIB_SELECTED: not reached
     * (the child ended first); PROBE_LIB_LOADED; PROBE_LIB_LOAD_FAILED. */
    enum probe_lib_state state;
    const char *error;           /* dlerror() when the load failed */
};

struct probe_verify_install {
    const char *subject;         /* the verdict's "torch 2.4.0 (/home/u/pt)" */
    enum gpu_verdict gpu;        /* the static verdict */
    struct probe_verify_lib libs[PROBE_VERIFY_MAX];
    size_t n_libs;               /* the ones to load first, in load order, then the rest */
    size_t n_load;               /* how many have a path (the first n_load) */
    size_t n_dropped;            /* needs beyond PROBE_VERIFY_MAX, not checked */
    enum probe_child_end child_end;
    int child_code;
    uint64_t child_ns;
    int complete;                /* the END record arrived */
    int in_flight;               /* index being loaded when the child ended, or -1 */
    const char *wire_error;      /* malformed output, or NULL */
};

struct probe_verify {
    struct arena arena;
    struct probe_verify_install *installs;
    size_t n_installs, alloc_installs;
    unsigned timeout_ms;         /* per install */
};

/** Empty ("not asked").  Never fails. */
void probe_verify_init(struct probe_verify *v);
void probe_verify_release(struct probe_verify *v);

/**
 * Plan and run: for each verdict in dx with at least one need, one child
 * loads its predicted files (see above) within timeout_ms.  fs must be this
 * machine (root "/"): otherwise -1 with err and nothing is loaded.  -1 with
 * err also when a child could not be started (what ran before is kept).
 * A failed load, a crash or a hang is an outcome in v, never an error.
 */
int probe_verify_run(struct probe_verify *v, const struct diagnosis *dx, struct fs *fs,
                     unsigned timeout_ms, struct gd_err *err);

/**
 * The plan only, no child: fill v from dx (used by probe_verify_run and by
 * tests).  Never fails.
 */
void probe_verify_plan(struct probe_verify *v, const struct diagnosis *dx);

/**
 * Findings: GD516 for each library the model finds that does not load
 * (dlerror as evidence), GD517 for an install whose child crashed, hung or
 * overflowed while loading.
 */
void probe_verify_findings(const struct probe_verify *v, struct findings *fl);

/** The load order rank of a role (lower loads first). */
int probe_verify_rank(const char *role);

/* The child's entry point (compat_child_run): args are the full paths to
 * load, in order. */
int probe_verify_child_main(int wfd, const char *const *args, size_t nargs);

#endif
