/*
 * pyenv.h - internals of the Python observer (scan_python in scan.h).
 *
 * The observer runs in three steps, one module each:
 *  - pyenv_find.c finds environments (active ones, interpreters on PATH,
 *    conda/mamba installations and their envs, pyenv versions, user sites,
 *    a project venv, the distribution's Python) and appends one struct
 *    python_env per distinct main site-packages to facts->pyenvs;
 *  - pyenv_dists.c lists every site dir's *.dist-info / *.egg-info and the
 *    conda-meta records, reading METADATA only for the distributions that
 *    matter to GPUs (frameworks and CUDA components) or whose directory name
 *    carries no version; everything else is recorded from the directory name
 *    alone, which the packaging spec makes "{name}-{version}.dist-info";
 *  - pyenv_frameworks.c derives each framework's build facts from its own
 *    files (torch/version.py, tensorflow/.../build_info.py, local version
 *    labels, Requires-Dist pins).
 * Every file is read through ctx->fs; every failure is one scan warning.
 */
#ifndef GD_SCAN_PYENV_H
#define GD_SCAN_PYENV_H

#include "scan/metadata.h"
#include "scan/scan.h"

/* Limits per file type (CONVENTIONS 8). */
#define PYENV_METADATA_LIMIT (1u << 20)        /* METADATA / PKG-INFO header read */
#define PYENV_SMALL_LIMIT (256u << 10)         /* pyvenv.cfg, version.py, build_info.py, keras.json */
#define PYENV_CONDA_JSON_LIMIT (64u << 20)     /* conda-meta records list every file */
#define PYENV_DIR_MAX 200000                   /* entries per listed directory */

/* Parsed METADATA kept while frameworks are derived, then freed. */
struct pyenv_md {
    size_t dist;                 /* index into env->dists */
    struct metadata md;
};

struct pyenv_work {
    struct pyenv_md *mds;
    size_t n_mds, alloc_mds;
};

/** Find environments; honours ctx->opts->python / ->prefix. */
void pyenv_discover(struct scan_ctx *ctx);

/** Record env's distributions (site dirs, then conda-meta). */
void pyenv_read_dists(struct scan_ctx *ctx, struct python_env *env, struct pyenv_work *w);

/** Derive framework builds for env from its files and w's metadata. */
void pyenv_frameworks(struct scan_ctx *ctx, struct python_env *env, const struct pyenv_work *w);

/** 1 when a distribution of this (normalised) name matters to GPUs. */
int pyenv_interesting(const char *name);

/** The first distribution named name (normalised) in env, or NULL. */
const struct py_dist *pyenv_find_dist(const struct python_env *env, const char *name);

/** The parsed METADATA of dist index i, or NULL when it was not read. */
const struct metadata *pyenv_work_md(const struct pyenv_work *w, size_t i);

/** The home directories to look in ($HOME, else /root and /home/x). */
void pyenv_homes(struct scan_ctx *ctx, struct strlist *out);

/** Record a warning "<what>" about path. */
void pyenv_warn(struct scan_ctx *ctx, const char *path, const char *fmt, ...) GD_PRINTF(3, 4);

#endif
