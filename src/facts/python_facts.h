/*
 * python_facts.h - the Python part of facts: environments, installed
 * distributions, and framework builds.  Included by facts.h; filled by
 * scan/pyenv.  Strings are owned by the facts arena.
 */
#ifndef GD_PYTHON_FACTS_H
#define GD_PYTHON_FACTS_H

#include <stddef.h>

struct fact_evidence;

struct py_dist {
    const char *name;            /* normalised (PEP 503): "nvidia-cudnn-cu12" */
    const char *version;         /* "9.1.0.70" */
    const char *path;            /* the .dist-info / .egg-info / conda-meta file */
    const char *installer;       /* "pip", "conda", or NULL */
};

struct framework_build {
    const char *name;            /* "torch", "tensorflow", "jax", "keras", "cupy", "onnxruntime", ... */
    const char *dist;            /* the distribution that provides it ("tensorflow-cpu") */
    const char *version;         /* "2.1.0+cu121" */
    const char *cuda;            /* CUDA it was built for ("12.1"), NULL for CPU or unknown */
    const char *cudnn;           /* cuDNN it was built for, or NULL */
    const char *variant;         /* "cuda", "cpu", "rocm", "metal", or NULL when unknown */
    const char *compute_capabilities; /* "sm_50,sm_60,...,compute_90" or NULL */
    const char *backend;         /* Keras: "tensorflow", "jax", "torch" */
    const char *location;        /* the package directory */
    struct fact_evidence *evidence;
    size_t n_evidence, alloc_evidence;
};

struct python_env {
    const char *prefix;          /* sys.prefix equivalent */
    const char *site_packages;   /* the main site-packages / dist-packages */
    const char *python_version;  /* "3.11" or "3.11.7" */
    const char *kind;            /* "venv", "conda", "system", "pyenv", "user" */
    int active;                  /* named by VIRTUAL_ENV / CONDA_PREFIX */
    const char *found_by;        /* "VIRTUAL_ENV", "PATH", "conda envs", ... */
    struct py_dist *dists;
    size_t n_dists, alloc_dists;
    struct framework_build *frameworks;
    size_t n_frameworks, alloc_frameworks;
};

#endif
