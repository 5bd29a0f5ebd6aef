/*
 * lockfile.h - what a project's dependency file installs: requirements.txt,
 * pyproject.toml (PEP 621, Poetry, uv's sources and indexes), uv.lock,
 * poetry.lock, Pipfile.lock, conda's environment.yml and explicit lock, and
 * a Dockerfile's FROM and pip / conda lines (`plan --check FILE`).
 *
 * lock_read() turns the bytes of one file into requirements: the
 * distribution (PEP 503-normalised), its extras, the exact version when the
 * file pins or locks one (PEP 440 local label kept: "2.4.1+cu124"), the
 * specifier as written otherwise, and the index or registry the file says it
 * comes from (a requirements file's --index-url / --extra-index-url / -f,
 * uv's [tool.uv.sources] + [[tool.uv.index]], uv.lock's source.registry,
 * poetry.lock's [package.source], Pipfile.lock's "index" + _meta.sources,
 * conda's channel).  Nothing is resolved against an index and nothing is
 * fetched: a file that names no version leaves it unknown.
 *
 * Pure and bounded (LOCK_MAX_BYTES of input, LOCK_MAX_REQS requirements,
 * nesting and string limits in each reader), hostile-input safe, fuzzed by
 * fuzz/fuzz_lockfile.c.  TOML is read by a small reader of its own (the
 * line reader scan/toml.h skips arrays and inline tables, which lock files
 * are made of); JSON by jansson, YAML by libyaml (both already linked).
 */
#ifndef GD_SCAN_LOCKFILE_H
#define GD_SCAN_LOCKFILE_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

#define LOCK_MAX_BYTES (16u << 20)
#define LOCK_MAX_REQS 20000

enum lock_format {
    LOCK_UNKNOWN = 0,
    LOCK_REQUIREMENTS,   /* requirements.txt, constraints.txt, pip freeze output */
    LOCK_PYPROJECT,      /* pyproject.toml */
    LOCK_UV,             /* uv.lock */
    LOCK_POETRY,         /* poetry.lock */
    LOCK_PIPFILE,        /* Pipfile.lock */
    LOCK_CONDA_ENV,      /* environment.yml */
    LOCK_CONDA_EXPLICIT, /* conda list --explicit, conda-lock's *.lock (@EXPLICIT) */
    LOCK_DOCKERFILE      /* Dockerfile, Containerfile */
};

struct lock_req {
    const char *name;     /* normalised: "torch", "onnxruntime-gpu"; conda: conda's name ("pytorch-cuda") */
    const char *extras;   /* "and-cuda", "cuda12,cudnn": comma-separated, or NULL */
    const char *version;  /* the exact version pinned or locked, or NULL */
    const char *spec;     /* the specifier as written when not exact (">=2.1,<2.5"), or NULL */
    const char *index;    /* the index, registry or find-links URL it comes from, or NULL (PyPI) */
    const char *marker;   /* the environment marker as written, or NULL */
    int conda;            /* 1: a conda package (channel in index) */
    int dev;              /* 1: a development / optional group, not the main dependencies */
    size_t line;          /* 1-based, 0 unknown */
};

struct lock_file {
    enum lock_format format;
    struct arena arena;
    struct lock_req *reqs;
    size_t n_reqs, alloc_reqs;
    const char *index_url;     /* the file's main index (requirements --index-url, uv's default), or NULL */
    const char **indexes;      /* every other index or find-links page it names */
    size_t n_indexes, alloc_indexes;
    const char *python;        /* requires-python / python= / the image's Python, or NULL */
    const char *image;         /* a Dockerfile's last FROM image, or NULL */
    const char **notes;        /* what was not followed (-r other.txt, ARG in FROM, ...) */
    size_t n_notes, alloc_notes;
    const char **args;         /* a Dockerfile's ARG defaults, "NAME=VALUE", substituted in FROM and RUN */
    size_t n_args, alloc_args;
};

void lock_file_init(struct lock_file *lf);
void lock_file_release(struct lock_file *lf);

/** The format a file name (its last path component) and its first bytes say. */
enum lock_format lock_format_guess(const char *path, const char *buf, size_t len);
/** "requirements", "pyproject", "uv.lock", ... (for messages and JSON). */
const char *lock_format_name(enum lock_format f);
/** The format called name (lock_format_name's words), or LOCK_UNKNOWN. */
enum lock_format lock_format_named(const char *name);

/**
 * Read buf[0..len) as format fmt into lf (initialised, empty).  0, or -1
 * with err (GD_ERR_FORMAT: not that format at all; GD_ERR_LIMIT: over a
 * bound); a line it cannot read is a note, not an error.
 */
int lock_read(struct lock_file *lf, enum lock_format fmt, const char *buf, size_t len, struct gd_err *err);

/**
 * One PEP 508 requirement ("torch[extra]==2.4.1+cu124 ; python_version>'3.8'",
 * "torch @ https://.../torch-2.4.1%2Bcu124-cp311-...whl") into r (strings in
 * a).  1 read, 0 not a requirement.
 */
int lock_parse_pep508(struct arena *a, const char *s, size_t n, struct lock_req *r);

/**
 * Whether a PEP 508 environment marker holds on Linux x86_64 (the platform
 * plan --check judges for): 1 yes, 0 no, -1 cannot say (other variables,
 * "or", parentheses).  Clauses on sys_platform, platform_system,
 * platform_machine, os_name and extra ("extra" clauses: -1), joined by "and".
 */
int lock_marker_linux(const char *marker);

/** PEP 503's normal form of name[0..n) into a. */
const char *lock_normalize(struct arena *a, const char *name, size_t n);

#endif
