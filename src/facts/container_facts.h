/*
 * container_facts.h - the two records `check --image` adds to the facts.
 *
 * struct ctk_facts: the NVIDIA Container Toolkit as installed and wired on
 * a machine (scan/ctk.c), observed by every Linux `check` so that a node's
 * `check --facts` carries it to `check --image --host-facts`: the hook and
 * CLI binaries, /etc/nvidia-container-runtime/config.toml, the engines'
 * configuration (Docker, containerd, CRI-O), the CDI specs and the driver
 * files libnvidia-container would mount, per capability, as it finds them
 * in the host's ld.so.cache.
 *
 * struct container_facts: check --image only (image/ctk.c): the image's
 * identity and process, the host it is judged against, and what the
 * toolkit does when the container starts: GPU container or not, the
 * devices and capabilities it grants, each NVIDIA_REQUIRE_* requirement
 * evaluated, a refused start with nvidia-container-cli's own message, the
 * files it injects (host path -> container path), the image's CUDA
 * forward-compatibility libraries and whether they are used.
 *
 * Included by facts.h; described for the JSON writer, the reader and
 * facts_release by the field tables in facts_fields.c ("container_toolkit"
 * and "container").  Strings live in the facts arena, arrays (ALLOC_GROW)
 * are freed by facts_release.  Unknown stays unknown: NULL strings, -1
 * tri-states.
 */
#ifndef GD_CONTAINER_FACTS_H
#define GD_CONTAINER_FACTS_H

#include <stddef.h>

/* A driver file the toolkit mounts for a capability. */
struct ctk_lib {
    const char *cap;             /* "utility", "compute", "video", "graphics", "ngx", "display" */
    const char *path;            /* on the host: the file the ld.so.cache entry resolves to */
    const char *name;            /* its file name ("libcuda.so.550.54.15") */
    const char *soname;          /* the cache key it was found by ("libcuda.so.1") */
};

/* One CDI spec file (tags.cncf.io/container-device-interface). */
struct cdi_spec {
    const char *path;            /* /etc/cdi/nvidia.yaml */
    const char *kind;            /* "nvidia.com/gpu", or NULL: unreadable */
    const char **devices;        /* device names ("all", "0", "GPU-...") */
    size_t n_devices, alloc_devices;
    int mounts_libcuda;          /* its container edits mount a libcuda: 1 / 0 / -1 unknown */
    const char *problem;         /* why it could not be read, or NULL */
};

struct ctk_facts {
    int scanned;                 /* 1: the observer ran (a Linux check) */
    const char *hook;            /* nvidia-container-runtime-hook, as found, or NULL */
    const char *cli;             /* nvidia-container-cli */
    const char *runtime;         /* nvidia-container-runtime */
    const char *nvidia_ctk;      /* nvidia-ctk */
    const char *cdi_hook;        /* nvidia-cdi-hook */
    const char *libnvc;          /* libnvidia-container.so.1 */
    const char *version;         /* the nvidia-container-toolkit package's (dpkg), or NULL */
    /* config.toml (CTK api/config/v1/config.go); NULL / -1: not set there */
    const char *config;          /* its path, or NULL: none */
    const char *mode;            /* [nvidia-container-runtime] mode */
    const char *compat_mode;     /* [nvidia-container-runtime.modes.legacy] cuda-compat-mode */
    const char *supported_caps;  /* supported-driver-capabilities */
    const char *ldconfig;        /* [nvidia-container-cli] ldconfig */
    int disable_require;         /* disable-require */
    int accept_envvar;           /* accept-nvidia-visible-devices-envvar-when-unprivileged */
    int allow_compat;            /* [features] allow-cuda-compat-libs-from-container */
    /* Engines: which of them know the nvidia runtime or CDI */
    const char *docker_config;   /* /etc/docker/daemon.json when read */
    int docker_runtime;          /* runtimes.nvidia: 1 / 0 / -1 no file */
    int docker_default;          /* default-runtime is nvidia */
    int docker_cdi;              /* features.cdi */
    const char *containerd_config;
    int containerd_runtime;      /* a runtime whose BinaryName is nvidia-container-runtime */
    int containerd_cdi;          /* enable_cdi = true */
    const char *crio_config;
    int crio_runtime;
    struct cdi_spec *cdi;
    size_t n_cdi, alloc_cdi;
    struct ctk_lib *libs;        /* what `configure` would mount (from the host's ld.so.cache) */
    size_t n_libs, alloc_libs;
    const char *libs_source;     /* the ld.so.cache read, or NULL: not read */
    const char *libs_version;    /* the driver version the files were selected by */
};

/* One NVIDIA_REQUIRE_* value, evaluated as nvidia-container-cli does. */
struct ctk_requirement {
    const char *var;             /* "NVIDIA_REQUIRE_CUDA", or "CUDA_VERSION" (a legacy image) */
    const char *expr;            /* the --require value */
    int result;                  /* 1 satisfied, 0 refused, -1 cannot tell (unknown brand...) */
    const char *failed;          /* the first term that failed ("cuda>=12.8"), or NULL */
    const char *unknown;         /* the first term that could not be evaluated, or NULL */
};

/* A file the runtime puts in the container. */
struct ctk_inject {
    const char *cap;             /* capability, or "compat" for the image's own compat libraries */
    const char *host;            /* host path (compat: the image's path) */
    const char *target;          /* path in the container */
    const char *version;         /* driver version in the name, or NULL */
};

struct container_facts {
    int present;                 /* 1: check --image */
    /* the image */
    const char *ref, *format, *name, *manifest_digest, *config_digest, *platform;
    unsigned n_layers;
    const char **entrypoint;     /* Entrypoint + Cmd as the runtime joins them */
    size_t n_entrypoint, alloc_entrypoint;
    const char *workdir, *user;
    const char *entry_python;    /* the interpreter the entrypoint runs, or NULL */
    const char *entry_env;       /* its environment's prefix, or NULL */
    const char *entry_note;      /* why it is unknown ("the entrypoint runs /bin/bash"), or NULL */
    const char *base_image;      /* org.opencontainers.image.base.name / ref.name label, or NULL */
    const char **labels;         /* "key=value" */
    size_t n_labels, alloc_labels;
    /* the host */
    const char *host;            /* "this machine", a --root directory, a facts file */
    const char *host_name;       /* its hostname, or NULL */
    const char *host_distro;     /* its os-release ID (host-side fixes are written for it), or NULL */
    /* the start */
    const char *runtime_path;    /* "legacy" (the hook: docker --gpus, --runtime=nvidia), "cdi",
                                    or NULL: nothing on the host injects the GPU */
    int gpu_container;           /* 1: the toolkit treats it as a GPU container; 0: not
                                    (NVIDIA_VISIBLE_DEVICES unset or void) */
    int legacy_image;            /* CUDA_VERSION set, NVIDIA_REQUIRE_CUDA not */
    const char *visible_devices; /* as the toolkit resolves it ("all", "0,1", "none") */
    const char *visible_source;  /* "NVIDIA_VISIBLE_DEVICES=...", "legacy image default" */
    const char *capabilities;    /* the capability set it grants ("compute,utility") */
    const char *caps_source;
    const char *hook_error;      /* the hook or CLI fails before the requirements: its message */
    struct ctk_requirement *reqs;
    size_t n_reqs, alloc_reqs;
    int disable_require;         /* NVIDIA_DISABLE_REQUIRE or config.toml disable-require */
    const char *refused;         /* nvidia-container-cli's message when the start fails, or NULL */
    int started;                 /* 1 the container starts with its GPUs, 0 it does not, -1 unknown */
    struct ctk_inject *inject;
    size_t n_inject, alloc_inject;
    const char *libs_dir;        /* where libraries go: /usr/lib/x86_64-linux-gnu or /usr/lib64 */
    /* CUDA forward compatibility (/usr/local/cuda/compat) */
    const char **compat_libs;    /* the image's compat/lib*.so.* */
    size_t n_compat_libs, alloc_compat_libs;
    const char *compat_mode;     /* "ldconfig", "mount", "disabled" */
    const char *compat_version;  /* the compat libcuda's driver version, or NULL */
    int compat_used;             /* 1 the container's libcuda is the compat one, 0 not, -1 unknown */
    const char *compat_reason;   /* why (filtered by major, mode disabled, ...) */
    int compat_gpu_ok;           /* the GPU supports forward compatibility: 1 / 0 / -1 unknown */
    const char *image_driver;    /* a libcuda the image ships outside compat/, or NULL */
};

#endif
