/*
 * python_facts.h - the Python part of facts: environments, installed
 * distributions, and framework builds.  Included by facts.h; filled by
 * scan/pyenv*.c (docs/python.md says where each field comes from).
 * Strings are owned by the facts arena; arrays are freed by
 * release_python() in facts.c.  Unknown stays unknown: NULL strings, -1
 * tri-state ints.
 */
#ifndef GD_PYTHON_FACTS_H
#define GD_PYTHON_FACTS_H

#include <stddef.h>

struct fact_evidence;

struct py_dist {
    const char *name;            /* normalised (PEP 503): "nvidia-cudnn-cu12" */
    const char *version;         /* "9.1.0.70" */
    const char *path;            /* the .dist-info / .egg-info / conda-meta file */
    const char *installer;       /* "pip", "conda", "uv", ... (INSTALLER file), or NULL */
    const char *site_dir;        /* the site-packages it is in; NULL for conda-meta records */
    const char *build;           /* conda build string ("py3.11_cuda12.1_cudnn8.9.2_0"), or NULL */
    int conda;                   /* 1 for a conda-meta record, 0 for Python metadata */
    int cuda_pkg;                /* an NVIDIA CUDA component (nvidia-* wheel, conda cuda-*) */
    int duplicate;               /* another record of this name in the same site dir */
};

/* A dependency a framework declares on a CUDA component, and what is there. */
struct py_requirement {
    const char *name;            /* normalised: "nvidia-cudnn-cu12" */
    const char *specifier;       /* "==8.9.2.26", or NULL */
    const char *extra;           /* the extra it belongs to ("and-cuda"), or NULL */
    const char *marker;          /* the environment marker as written, or NULL */
    const char *installed;       /* the version installed in the same environment, or NULL */
    int satisfied;               /* 1 / 0 / -1 unknown (not installed, or no specifier) */
};

/*
 * A framework's native module, read by scan/fwfiles.c: the file the
 * framework loads its CUDA libraries from, and what that file links.  The
 * diagnosis decides from these which libraries to resolve, without reading
 * the module itself.
 */
struct fw_module {
    const char *path;            /* virtual path */
    const char *format;          /* "elf" or "pe" */
    int readable;                /* 1: read and parsed; 0: absent, unreadable or not a module */
    uint64_t load_align;         /* ELF: the smallest PT_LOAD p_align; 0 unknown or none */
    unsigned machine;            /* ELF: e_machine (62 x86-64, 183 AArch64); 0 unknown */
    const char **needed;         /* ELF: DT_NEEDED; PE: imports then delay imports; in file order */
    size_t n_needed, alloc_needed;
};

struct framework_build {
    const char *name;            /* "torch", "tensorflow", "jax", "keras", "cupy", "onnxruntime",
                                    "paddle", "tensorrt" */
    const char *dist;            /* the distribution that provides it ("tensorflow-cpu") */
    const char *version;         /* "2.1.0+cu121" */
    const char *local;           /* the PEP 440 local label ("cu121", "cpu", "rocm6.0"), or NULL */
    const char *cuda;            /* CUDA it was built for ("12.1"), NULL for CPU or unknown */
    const char *cudnn;           /* cuDNN it was built for, or NULL */
    const char *hip;             /* ROCm/HIP it was built for (torch), or NULL */
    const char *variant;         /* "cuda", "cpu", "rocm", "metal", or NULL when unknown */
    const char *variant_source;  /* where variant was read when neither the local label nor
                                    build_source says it (a log's line), or NULL */
    const char *variant_said;    /* the text at variant_source (the log's line as read),
                                    or NULL */
    const char *compute_capabilities; /* "sm_50,sm_60,...,compute_90" or NULL */
    const char *backend;         /* Keras: "tensorflow", "jax", "torch", ... */
    const char *backend_source;  /* "KERAS_BACKEND", the keras.json path, or "default" */
    const char *git_version;     /* torch/version.py git_version */
    const char *wheel_tag;       /* the first Tag of its .dist-info/WHEEL
                                    ("cp312-cp312-manylinux_2_28_aarch64"), or NULL */
    const char *wheel_tag_source; /* that WHEEL file */
    int debug;                   /* torch/version.py debug: 1 / 0 / -1 */
    int device_code;             /* its CUDA library's fat binaries (scan/fwlibs.c): 1 they list the
                                    architectures in archs, 0 the library is an ELF without a
                                    fat-binary section, -1 not read */
    const char *location;        /* the package directory */
    const char *installer;       /* what installed it: "dpkg", "conda", "pip", "uv", ... or NULL */
    const char *installer_package; /* dpkg: the package ("python3-torch-cuda"); else NULL */
    const char *installer_version; /* dpkg: its version; else NULL */
    const char *installer_source;  /* the file that says so (dpkg .list, INSTALLER, conda-meta) */
    const char *archs;           /* GPU architectures read from the CUDA library's fat binaries
                                    ("sm_50,...,sm_90,compute_90"), or NULL (not read / none) */
    const char *archs_source;    /* the library they were read from */
    const char *cuda_library;    /* the framework's main CUDA library as the import reaches it
                                    (Debian: /usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0) */
    const char *extension;       /* the extension module the import loads first (torch/_C*.so) */
    struct fact_evidence *unresolved; /* names in its DT_NEEDED closure the loader model
                                    cannot find: what = the name, path = the object needing it */
    size_t n_unresolved, alloc_unresolved;
    const char *build_source;    /* the file the build facts came from, or NULL */
    const char **bundled_libs;   /* CUDA/ROCm libraries shipped inside the package (torch/lib) */
    size_t n_bundled_libs, alloc_bundled_libs;
    struct py_requirement *deps; /* CUDA-component requirements (Requires-Dist) */
    size_t n_deps, alloc_deps;
    struct py_dist *components;  /* companion dists: jaxlib, jax-cuda12-plugin, -pjrt, ... */
    size_t n_components, alloc_components;
    int version_skew;            /* components whose versions must match do not: 1 / 0 */
    struct fact_evidence *evidence;
    size_t n_evidence, alloc_evidence;
    struct fw_module *modules;   /* native modules, in the order the framework tries them */
    size_t n_modules, alloc_modules;
};

/*
 * An extension module of a distribution built against torch (flash-attn,
 * xformers, bitsandbytes, vLLM, apex, torchvision's and torchaudio's ops,
 * ...): scan/pyext.c, from the distribution's RECORD and METADATA (or an
 * .egg-info's top_level.txt and PKG-INFO).  Modules without device code are
 * recorded only for a distribution none of whose modules has any.
 */
struct py_extension {
    const char *dist, *version;  /* "flash-attn", "2.5.8" (its version, local label included) */
    const char *module;          /* the shared object (virtual path) */
    const char *archs;           /* its fat binaries' architectures ("sm_80,sm_90,compute_90"),
                                    NULL: none read (no device code in it, or unreadable) */
    const char **cuda_needed;    /* its DT_NEEDED names of CUDA libraries ("libcudart.so.12") */
    size_t n_cuda_needed, alloc_cuda_needed;
    const char *torch_pin;       /* its Requires-Dist on torch ("==2.6.0"), or NULL: none */
    const char *torch_version;   /* the torch installed in the environment, or NULL */
    int torch_pin_ok;            /* that torch satisfies the pin: 1, 0, -1 unknown */
    int device_code;             /* 1: fat binaries, a CUDA library or torch's CUDA libraries linked;
                                    0: none (its distribution is a CPU build: no module has any);
                                    -1 unknown (a facts document that does not say) */
};

struct python_env {
    const char *prefix;          /* sys.prefix equivalent */
    const char *site_packages;   /* the main site-packages / dist-packages (where pip installs) */
    const char **site_dirs;      /* every site dir of this environment, in sys.path order */
    size_t n_site_dirs, alloc_site_dirs;
    const char *python_version;  /* "3.11" or "3.11.7" */
    const char *python_version_source;
    const char *kind;            /* "venv", "conda", "system", "pyenv", "user", "other" */
    const char *name;            /* conda env name ("base", "tf"), or NULL */
    int active;                  /* named by VIRTUAL_ENV / CONDA_PREFIX */
    const char *found_by;        /* "VIRTUAL_ENV", "PATH", "conda envs", ... */
    const char *interpreter;     /* the python executable found, or NULL */
    const char *venv_home;       /* pyvenv.cfg home, or NULL */
    const char *venv_creator;    /* "venv", "virtualenv 20.25.0", "uv 0.4.1", or NULL */
    int include_system_site;     /* pyvenv.cfg include-system-site-packages: 1 / 0 / -1 */
    const char *externally_managed; /* PEP 668: the EXTERNALLY-MANAGED marker in the stdlib
                                       directory (pip refuses to install there), or NULL (none,
                                       or a venv, where pip ignores the base's marker) */
    struct py_dist *dists;       /* Python distributions, then conda-meta records */
    size_t n_dists, alloc_dists;
    size_t n_duplicates;         /* names recorded more than once in one site dir */
    struct framework_build *frameworks;
    size_t n_frameworks, alloc_frameworks;
    const char **nvidia_dirs;    /* SITE/nvidia/<pkg> of pip's NVIDIA wheels, site dirs in
                                    order (scan/fwfiles.c); their lib/ (bin/ on Windows)
                                    holds the libraries */
    size_t n_nvidia_dirs, alloc_nvidia_dirs;
    struct py_extension *exts;   /* CUDA extension modules of its other distributions */
    size_t n_exts, alloc_exts;
};

#endif
