/*
 * fw.h - the framework rules: one module per framework behind a registry,
 * and the shared judgements they call (frameworks.c).  Internal to diagnose/
 * (the CLI's completions and matrix iterate the registry through fw_at).
 *
 * A framework module (fw_tensorflow.c, fw_torch.c, fw_jax.c,
 * fw_onnxruntime.c, fw_cupy.c, fw_paddle.c, fw_xgboost.c) is a struct fw_def, one room
 * holding every stage that differs per framework:
 *   - its identity and the names a person types for it, its tables;
 *   - judge(), which says what the install loads and from where (its native
 *     module's links, or the names the knowledge base lists; on Windows, its
 *     DLL search), asks the loader model through fw_resolve_need, and calls
 *     the shared judgements (missing libraries, cuDNN, driver, GPU
 *     architecture) with its own install fixes;
 *   - candidates(), its column map for the release chooser
 *     (diagnose/choose.h): its kb rows as candidate builds, used by the fix
 *     engine and by plan alike;
 *   - requirement(), the build that reproduces an install in another
 *     environment (the chooser's wanted release and variant);
 *   - install(), the fix engine's writer of its install commands
 *     (diagnose/fixes.h).
 * The verdict loop (rules_frameworks) runs the judge of every install the
 * Python observer found, then the Windows rules (rules_windows.c), then
 * decides yes / no / unknown.
 *
 * Like every rule, a judge reads facts only: the modules and directory
 * listings come from scan/fwfiles.c, the loader's answers from
 * diagnose/lookup.h.  Every version it decides by comes from kb/.
 */
#ifndef GD_DIAGNOSE_FW_H
#define GD_DIAGNOSE_FW_H

#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "diagnose/win_dll.h"
#include "util/err.h"

struct kb;
struct lookup;
struct choose_ctx;
struct choose_in;

/* One framework install being judged. */
struct fwctx {
    const struct facts *f;
    const struct kb *kb;
    struct lookup *lk;              /* the loader model's answers (diagnose/lookup.h) */
    struct findings *out;
    struct arena *a;
    const char *os;                 /* "linux", "windows" */
    const char *driver;             /* the driver version, or NULL */
    const struct python_env *env;
    const struct framework_build *fw;
    const struct fw_def *def;       /* its framework module */
    struct verdict *v;
    int unknown;                    /* something needed could not be judged */
    const char *unknown_why;
    int windows;                    /* os is "windows": DLLs, LoadLibrary's search */
    struct win_dll_search win;      /* how this framework loads its DLLs (Windows) */
    const char *win_dirs[8];        /* storage for win.dll_dirs */
    int win_path_fallback;          /* torch: on error 126, retry with the dirs on PATH */
    struct fix_ctx fx;              /* the machine as the fix engine sees it (diagnose/fixes.h) */
};

/* Install commands for a finding whose cause is missing CUDA (cuda and
 * cudnn: what the build wants, may be NULL). */
typedef void fw_fixes_fn(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn);

/* A framework module. */
struct fw_def {
    const char *name;               /* identity, as the Python observer names it ("torch") */
    const char *const *aliases;     /* other names for it ("pytorch"), NULL-terminated, or NULL */
    const char *table;              /* its release table in data/ ("torch"), or NULL */
    const char *title;              /* its name in sentences ("TensorFlow", "onnxruntime-gpu") */
    /** matrix: its other tables, as {name, table} pairs ("tensorflow-libs", "tf_libs"), NULL-ended. */
    const char *const *matrix;
    /** Its candidate builds for the release chooser (diagnose/choose.h), from its kb rows. */
    void (*candidates)(struct choose_ctx *cx);
    /** The build reproducing install b elsewhere, as the chooser's want / variant (NULL: b's version). */
    void (*requirement)(const struct framework_build *b, struct choose_in *in, struct arena *a);
    /** Its distributions ("torch"; "tensorflow*": a prefix), NULL-ended: fw_of_dist. */
    const char *const *dists;
    /** What its install removes first ("onnxruntime onnxruntime-gpu": one module), or NULL. */
    const char *replaces;
    /** Install a CUDA build into env (NULL: the Python of a log): the fix engine's writer, 1 / 0. */
    int (*install)(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                   const struct python_env *env, const char *want);
    /** Judge one install: needs, resolution, findings (never reads a file). */
    void (*judge)(struct fwctx *c);
    /** Linux: how to install what it needs (NULL: no advice beyond the shared). */
    fw_fixes_fn *install_fixes;
    /** Native Windows: what to install when a DLL it needs is nowhere (NULL: none). */
    fw_fixes_fn *windows_fixes;
    /** Its pip NVIDIA wheels are installed but not found (GD205): its own advice (NULL: none). */
    fw_fixes_fn *pip_fixes;
};

extern const struct fw_def fw_tensorflow, fw_torch, fw_jax, fw_onnxruntime, fw_cupy, fw_paddle, fw_xgboost;

/**
 * The framework module named name, or one of its aliases ("pytorch" is
 * torch), or NULL.  The one place that maps a name a person types or a
 * package observer reports to a framework (check, plan and matrix use it).
 */
const struct fw_def *fw_find(const char *name);
/** The i-th framework module (i from 0), or NULL after the last. */
const struct fw_def *fw_at(size_t i);
/** Its shortest name (module name or alias: "tf", "ort"), for environment names. */
const char *fw_short_name(const struct fw_def *d);
/** The framework module a distribution ("tensorflow-gpu", "jaxlib") belongs to, or NULL. */
const struct fw_def *fw_of_dist(const char *dist);

/* ---- shared judgements (frameworks.c) ---- */

/** Add code to v's codes once. */
void fw_add_code(struct verdict *v, const char *code);
/** A finding about this install (an error makes its verdict "no"). */
struct finding *fw_finding(struct fwctx *c, const char *code, enum severity sev, const char *fmt, ...)
    GD_PRINTF(4, 5);
/** Something needed could not be judged: the verdict becomes "unknown" with why. */
void fw_unknown(struct fwctx *c, const char *why);
int fw_ver_ge(const char *a, const char *b);
/** "12.1.105" -> "12.1" / "12" (kb/ver_dotted.h), in a. */
const char *fw_major_minor(struct arena *a, const char *v);
const char *fw_major(struct arena *a, const char *v);
/** The version of the library file at path (its install, its name), or NULL. */
const char *fw_lib_version(struct fwctx *c, const char *role, const char *path);
/** Directories where a library may be installed although the loader does not look there. */
void fw_candidate_dirs(struct fwctx *c, struct strlist *dirs);
/** 1 if the scan saw library file name in dir. */
int fw_dir_has(struct fwctx *c, const char *dir, const char *name);
/** 1 if path is in this environment's pip NVIDIA wheels. */
int fw_in_env_wheels(struct fwctx *c, const char *path);
/** A library this install loads (role "cudart", ...), asked for by from. */
struct need *fw_add_need(struct fwctx *c, const char *role, const char *lib, const char *from);
/** Where the loader finds need n when from (NULL: the main program) asks. */
void fw_resolve_need(struct fwctx *c, struct need *n, const char *from);
/** The role of a CUDA library by its file name, or NULL. */
const char *fw_role_of(const char *lib);
/** The module at path as the scan read it, or NULL when it was not read. */
const struct fw_module *fw_module_at(struct fwctx *c, const char *path);
/** Each CUDA library module m links, resolved from it (dedupe: skip names already needed). */
void fw_module_needs(struct fwctx *c, const struct fw_module *m, int dedupe);
/** Every need not found: why, and the fixes (install_fixes for the cause). */
void fw_judge_missing(struct fwctx *c, const char *cuda, const char *cudnn, fw_fixes_fn *install_fixes);
/** The driver against CUDA runtime cuda: its GD208 finding when too old, else NULL. */
struct finding *fw_judge_driver(struct fwctx *c, const char *cuda);
/** Every GPU's compute capability against the build's architecture list. */
void fw_judge_arch(struct fwctx *c, const char *arch_list, const char *arch_source);
/** The cuDNN that would load against the one the build wants. */
void fw_judge_cudnn(struct fwctx *c, const char *want);
/** A pip wheel's runtime instead of the user's toolkit (info). */
void fw_note_own_runtime(struct fwctx *c);
/** 1 when the driver can run CUDA cuda (an unknown driver: 1). */
int fw_driver_runs(struct fwctx *c, const char *cuda);
/** A framework's own fixes for a Jetson's JetPack (fw_jetson_mismatch). */
typedef void fw_jetson_fixes_fn(struct fwctx *c, struct finding *fd);
/**
 * "JetPack 5.0 to 5.1.4 (L4T 34.1.0 to 35.6.0)": the JetPacks whose CUDA has
 * cuda's major (data/jetpack.kb), or NULL when none does.
 */
const char *fw_jetpacks_for(struct fwctx *c, const char *cuda);
/**
 * On a Jetson, the build of name (its CUDA cuda) made for another JetPack's
 * CUDA major: GD206 (an error when a CUDA library it needs is not found, a
 * warning when it is newer than the JetPack's), with fixes.  1 made, 0 not.
 */
int fw_jetson_mismatch(struct fwctx *c, const char *name, const char *cuda, fw_jetson_fixes_fn *fixes);
/** The build's version, or "(version not shown)" (a log's partial facts). */
const char *fw_version_label(const struct fwctx *c);
/** "libcudart.so.11.0" -> "11.0": the version a soname asks for, or NULL. */
const char *fw_soname_version(struct fwctx *c, const char *lib);
/** Change a finding of this install (and its verdict's codes) to another code. */
void fw_retarget(struct fwctx *c, struct finding *fd, const char *code);
/**
 * Is the driver older than need (a driver version, may be NULL) for CUDA
 * cuda?  1 yes, 0 no, -1 unknown; without the driver's version, by its
 * CUDA ceiling (facts driver.cuda_max) and CUDA's minor version
 * compatibility.
 */
int fw_driver_below(struct fwctx *c, const char *need, const char *cuda);
/** The driver for a title: its version, or "(CUDA X.Y level)" when only its ceiling is known. */
const char *fw_driver_label(struct fwctx *c);
/** Partial facts (a log): the libraries it shows the build missing become its needs. */
void fw_log_needs(struct fwctx *c);
/**
 * Partial facts, a build without its version (or a program gpudoctor has
 * no module for): its needs from the log, judged as missing libraries, the
 * driver against its CUDA when shown; the verdict stays unknown.
 */
void fw_judge_unversioned(struct fwctx *c);
/** python.exe's folder (a venv's base interpreter). */
const char *fw_win_app_dir(struct fwctx *c);

/** Windows: why each DLL is missing, with PowerShell / cmd fixes (rules_windows.c). */
void rules_windows_install(struct fwctx *c);

#endif
