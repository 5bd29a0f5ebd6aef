/*
 * fixes_intent.h - the fix engine's vocabulary: what a rule asks for, not
 * what to type.
 *
 * A rule, a probe judgement or ps says what has to happen -- read the
 * kernel log, unset a variable, use another environment, start the
 * container with the GPUs, reinstall a distribution package -- by calling
 * one of these; the engine (diagnose/fixes*.c, only there: tools/checksrc
 * refuses finding_fix elsewhere) writes the command for the machine and the
 * shell (sh and fish on POSIX, PowerShell and cmd on Windows, as one group:
 * struct fix.group) and stamps each fix with its invasiveness (enum
 * fix_rank, finding.h), by which findings_sort shows a finding's fixes
 * least invasive first.  The bigger intents (install or upgrade the driver
 * with a minimum and why, prepend or drop loader directories, reinstall a
 * framework at a chosen release in an environment, a new environment) are
 * in diagnose/fixes.h and fixes_node.h and stamp their ranks the same way.
 *
 * x may be NULL everywhere here (probe and ps judge without a scan's
 * context): then the commands are for Linux and sh/fish, strings in fl's
 * arena.  Nothing fails; nothing is read or printed.
 */
#ifndef GD_FIXES_INTENT_H
#define GD_FIXES_INTENT_H

#include <stddef.h>

#include "diagnose/finding.h"

struct fix_ctx;
struct python_env;
struct resolve_result;

/**
 * Stamp rank r on the fixes of fd from index from on that have none yet
 * (FIX_RANK_NONE): an intent made of several fixes ranks them as one.
 */
void fixes_rank(struct finding *fd, size_t from, enum fix_rank r);

/**
 * The fixes of fd from index from on are one route of several steps: the
 * first gets rank r, the others continue it (their own ranks, from nested
 * intents, are overwritten), so they stay together and in order.
 */
void fixes_rank_all(struct finding *fd, size_t from, enum fix_rank r);

/**
 * The last fix of fd continues the one before it ("If that fails, ...",
 * "Then ..."): it takes that fix's rank and stays after it.
 */
void fixes_continue(struct finding *fd);

/** Advice without a command (title says what to do), at rank r. */
void fixes_advice(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title);

/**
 * gpudoctor itself is wrong about job pid (the loader model or the
 * diagnosis disagrees with what the process did), unless why_not happened
 * (a sentence: what else explains it): report it, with the command that
 * writes ps's JSON for that job to a file to attach.
 */
void fixes_report_bug(struct findings *fl, struct finding *fd, const char *why_not, long pid);

/** A page to read (url, a primary source the engine names), at rank r. */
void fixes_link(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title, const char *url);

/**
 * Named tools: a command the engine knows by name, with its rank and the
 * shell it is for.  Arguments (arg1, arg2 in fixes_run) are quoted for sh
 * when they hold anything but safe characters.
 */
enum fix_tool {
    FIX_TOOL_DMESG_XID,          /* the driver's errors (NVRM, Xid) in the kernel log */
    FIX_TOOL_DMESG_SECURE_BOOT,  /* why the module did not load (Secure Boot) */
    FIX_TOOL_NVIDIA_SMI,         /* nvidia-smi, which uses the same NVML */
    FIX_TOOL_SMI_PERF,           /* whether the GPU answers: performance and ECC */
    FIX_TOOL_SMI_ECC,            /* memory errors and row remapping */
    FIX_TOOL_SMI_APPS,           /* the processes on the GPU */
    FIX_TOOL_SMI_BRAND,          /* the brand, driver and CUDA a container's requirement compares */
    FIX_TOOL_LS_DEV_NODES,       /* who may open /dev/nvidia* */
    FIX_TOOL_LSPCI,              /* an NVIDIA device on the PCI bus */
    FIX_TOOL_LDCONFIG_LIBCUDA,   /* every libcuda the loader's cache knows */
    FIX_TOOL_DPKG_OWNER,         /* which packages own arg1 and arg2 */
    FIX_TOOL_FACTS_TO_FILE,      /* gpudoctor check --facts into arg1 */
    FIX_TOOL_PROBE,              /* gpudoctor probe: ask the driver */
    FIX_TOOL_PS_AS_ROOT,         /* gpudoctor ps as root (arg1: a pid, or NULL: every job) */
    FIX_TOOL_GROUP_VIDEO,        /* join the video group */
    FIX_TOOL_PERSISTENCED,       /* keep the driver initialised (nvidia-persistenced) */
    FIX_TOOL_MODPROBE,           /* load the nvidia module */
    FIX_TOOL_UVM_RELOAD,         /* reload nvidia_uvm */
    FIX_TOOL_KMODS_RELOAD,       /* unload and load every NVIDIA module (stops GPU users) */
    FIX_TOOL_REBOOT,             /* sudo reboot */
    FIX_TOOL_LDCONFIG,           /* rebuild the loader's cache */
    FIX_TOOL_LDCONF_ADD,         /* arg1 into /etc/ld.so.conf.d, then ldconfig */
    FIX_TOOL_APT_REINSTALL,      /* the distribution package arg1 again */
    FIX_TOOL_DPKG_RECONFIGURE,   /* arg1's configuration questions again */
    FIX_TOOL_DPKG_CONFIGURE_ALL, /* dpkg finishes half-configured packages */
    FIX_TOOL_APT_INSTALL,        /* the distribution package arg1 */
    FIX_TOOL_BUILD_WITH_CLANG,   /* rebuild gpudoctor with clang's NVPTX back end */
    FIX_TOOL_MODULE_LOAD,        /* environment modules arg1 [arg2] */
    FIX_TOOL_PYENV_SHELL,        /* pyenv shell arg1 */
    FIX_TOOL_PY_LAUNCHER,        /* Windows' py launcher (PowerShell) */
    FIX_TOOL_PS_REMOVE_ITEM,     /* Remove-Item arg1 (PowerShell, a Windows path) */
    FIX_TOOL_FABRICMANAGER,      /* start NVIDIA's fabric manager (NVSwitch systems) */
    FIX_TOOL_CHECK,              /* gpudoctor check on the machine itself (explain: the log's machine) */
    FIX_TOOL_PLAN_CUDA,          /* gpudoctor plan --framework arg1 --cuda arg2 */
    FIX_TOOL_SLURM_GPU,          /* ask Slurm for a GPU (srun / #SBATCH) */
    /* explain's tells: what tells a cause apart from the others, read-only, at FIX_RANK_LOOK
     * (fixes_tell; a Windows log gets the Windows spelling where one is written) */
    FIX_TOOL_TELL_SMI_LSMOD,          /* nvidia-smi, and whether the module is loaded */
    FIX_TOOL_TELL_SMI_DEV_NODES,      /* nvidia-smi, and the device nodes */
    FIX_TOOL_TELL_SMI_LIBCUDA_FILES,  /* nvidia-smi, and the driver's libcuda files */
    FIX_TOOL_TELL_KMOD_VERSIONS,      /* the loaded module's version against the installed one */
    FIX_TOOL_TELL_KMOD_VERSION,       /* the loaded module's version */
    FIX_TOOL_TELL_KMOD_COMPAT,        /* the loaded module, and CUDA's forward-compatibility libraries */
    FIX_TOOL_TELL_LSMOD_NOUVEAU,      /* whether nouveau is loaded */
    FIX_TOOL_TELL_LDPATH_STUBS,       /* a stubs directory on LD_LIBRARY_PATH */
    FIX_TOOL_TELL_LDPATH_COMPAT,      /* cuda-compat on LD_LIBRARY_PATH */
    FIX_TOOL_TELL_HOST_SMI_CEILING,   /* nvidia-smi on a container's host (its CUDA Version is the ceiling) */
    FIX_TOOL_TELL_HOST_SMI_HIGHEST,   /* the same, for an image's requirement */
    FIX_TOOL_TELL_HOST_GPU,           /* a GPU and a driver on a container's host */
    FIX_TOOL_TELL_SMI_CUDA,           /* the driver's CUDA version */
    FIX_TOOL_TELL_SMI_CUDA_VS_FW,     /* the driver's CUDA against the framework's */
    FIX_TOOL_TELL_SMI_CUDA_TORCH,     /* the driver's CUDA against torch's */
    FIX_TOOL_TELL_SMI_CUDA_JAX_PLUGIN,/* the driver's CUDA against the jax-cuda plugin's */
    FIX_TOOL_TELL_SMI_CUDA_JAX_CUDA,  /* the driver's CUDA and the jax-cuda packages */
    FIX_TOOL_TELL_SMI_CVD,            /* nvidia-smi and CUDA_VISIBLE_DEVICES */
    FIX_TOOL_TELL_CVD,                /* CUDA_VISIBLE_DEVICES */
    FIX_TOOL_TELL_CVD_SMI_LIST,       /* CUDA_VISIBLE_DEVICES and the GPUs nvidia-smi lists */
    FIX_TOOL_TELL_SMI_LIST_HERE,      /* the GPUs listed in the program's shell or container */
    FIX_TOOL_TELL_SMI_LIST_WINDOWS,   /* the GPUs Windows lists (a WSL log) */
    FIX_TOOL_TELL_COMPUTE_CAP,        /* the GPU's compute capability */
    FIX_TOOL_TELL_COMPUTE_CAP_VS_FW,  /* the same, against the framework's arch list */
    FIX_TOOL_TELL_COMPUTE_CAP_JAX,    /* the same, the driver's CUDA and jax's packages */
    FIX_TOOL_TELL_CTK,                /* the NVIDIA Container Toolkit and Docker's runtimes */
    FIX_TOOL_TELL_DOCKER_GPUS,        /* nvidia-smi in a container started with the GPUs */
    FIX_TOOL_TELL_WSL_KERNEL,         /* whether the Linux is WSL2, and its driver libraries */
    FIX_TOOL_TELL_WSL_KERNEL_SMI,     /* whether the Linux is WSL2, and nvidia-smi */
    FIX_TOOL_TELL_WSL_LIBS,           /* nvidia-smi and WSL's driver libraries, inside WSL */
    FIX_TOOL_TELL_WSL_DRIVER,         /* the same, then nvidia-smi on Windows */
    FIX_TOOL_TELL_WSL_LIBS_WINDOWS,   /* WSL's driver libraries, then nvidia-smi on Windows */
    FIX_TOOL_TELL_WSL_LIBCUDA,        /* WSL's libcuda against the loader's */
    FIX_TOOL_TELL_WSL_VERSION,        /* the WSL version of each distribution */
    FIX_TOOL_TELL_WSL_INSTALL,        /* WSL2 (the way to a GPU JAX from Windows) */
    FIX_TOOL_TELL_PIP_GREP,           /* pip's distributions whose names hold arg1 */
    FIX_TOOL_TELL_PY_PIP_GREP,        /* the same, with the interpreter's own pip */
    FIX_TOOL_TELL_PIP_LIST_GPU,       /* pip's distributions: the framework's GPU package? */
    FIX_TOOL_TELL_PIP_TORCH_WHEELS,   /* the nvidia-* wheels torch pins */
    FIX_TOOL_TELL_PIP_NVIDIA_DIRS,    /* the pip nvidia-* wheels' directories, and LD_LIBRARY_PATH */
    FIX_TOOL_TELL_PIP_NVIDIA_LS,      /* the pip nvidia-* wheels' directories */
    FIX_TOOL_TELL_ORT_PIP_NVCC,       /* onnxruntime's and the nvidia-* wheels, and nvcc */
    FIX_TOOL_TELL_ORT_PROVIDER_LDD,   /* what ONNX Runtime's CUDA provider cannot load */
    FIX_TOOL_TELL_JAX_CUDNN,          /* jax's and cuDNN's wheels, and LD_LIBRARY_PATH */
    FIX_TOOL_TELL_JAX_NVIDIA,         /* jax's and the nvidia-* wheels, and LD_LIBRARY_PATH */
    FIX_TOOL_TELL_JAX_CPU,            /* a CUDA jaxlib or a jax-cuda plugin? */
    FIX_TOOL_TELL_TORCH_BUILD,        /* torch's version and CUDA */
    FIX_TOOL_TELL_TORCH_ARCHS,        /* the GPU architectures torch has code for */
    FIX_TOOL_TELL_TORCH_MPS,          /* whether torch's MPS device is available */
    FIX_TOOL_TELL_METAL_MPS,          /* Apple's Metal plugin, and torch's MPS device */
    FIX_TOOL_TELL_NVRTC,              /* torch's CUDA, and the NVRTC the loader knows */
    FIX_TOOL_TELL_TF_DSO_LOADER,      /* the libraries TensorFlow's loader tries */
    FIX_TOOL_TELL_TF_LOG_LEVEL,       /* the program with TensorFlow's (XLA's) messages switched on */
    FIX_TOOL_TELL_TF_BUILT_CUDA,      /* whether this TensorFlow is built with CUDA */
    FIX_TOOL_TELL_SYS_PLATFORM,       /* whether this Python is native Windows */
    FIX_TOOL_TELL_CONDA_TORCH,        /* conda's torch build string */
    FIX_TOOL_TELL_WHERE_CUDA_DLLS,    /* where Windows finds cuDNN and cuBLAS */
    FIX_TOOL_TELL_WHERE_RUNTIME_DLLS, /* where Windows finds the VC++ and OpenMP runtimes */
    FIX_TOOL_TELL_CUDNN_COPIES,       /* cuDNN in the loader's cache and in pip */
    FIX_TOOL_TELL_CUDNN_LDPATH,       /* cuDNN in the loader's cache, and LD_LIBRARY_PATH */
    FIX_TOOL_TELL_CUDNN_FILES,        /* cuDNN's files and pip's cuDNN */
    FIX_TOOL_TELL_CUDA_LIB_COPIES,    /* cuDNN and cuBLAS in the loader's cache, and LD_LIBRARY_PATH */
    FIX_TOOL_TELL_FIND_CUDA_LIBS,     /* every CUDA library on the disk, and LD_LIBRARY_PATH */
    FIX_TOOL_TELL_FIND_LIB,           /* library arg1 on the disk and in the loader's cache */
    FIX_TOOL_TELL_TOOLKIT_DIRS,       /* the toolkits installed, and the nvcc on PATH */
    FIX_TOOL_TELL_TOOLKIT_VERSIONS,   /* nvcc, the toolkits installed, and the nvidia-* wheels */
    FIX_TOOL_TELL_NVCC_PIP,           /* nvcc and the nvidia-* wheels */
    FIX_TOOL_TELL_SHM_SIZE,           /* the size of /dev/shm */
    FIX_TOOL_TELL_SHM_NCCL,           /* the same, for NCCL */
    FIX_TOOL_TELL_SHM_PERM,           /* who may open the segments in /dev/shm */
    FIX_TOOL_TELL_NCCL_DEBUG,         /* NCCL's own account of the call that failed */
    FIX_TOOL_TELL_CHECK_THERE,        /* gpudoctor check on the machine that wrote the log */
    FIX_TOOL_TELL_IMAGE_DRIVER_LIBS,  /* the driver libraries an image ships of its own */
    FIX_TOOL_TELL_PLATFORM,           /* the machine's OS and architecture, as Python sees them */
    FIX_TOOL_TELL_PLATFORM_METAL,     /* the same, and Apple's tensorflow-metal plugin */
    FIX_TOOL_TELL_OPENCV_BUILD,       /* whether this OpenCV was built with CUDA and its DNN CUDA backend */
    FIX_TOOL_TELL_K8S_NODE_GPUS,      /* the nvidia.com/gpu each Kubernetes node offers and has allocated */
    FIX_TOOL_TELL_PTXAS_ALL,          /* every ptxas on PATH, and the first one's version */
    FIX_TOOL_N
};

/**
 * A fix the judges wrote, copied into another finding list (explain keeps
 * the judges' fixes of a cause it confirms): title, shell, command, group
 * and rank as they are; strings are copied into fl's arena.
 */
void fixes_copy(struct findings *fl, struct finding *fd, const struct fix *src);

/**
 * What tells a cause apart from the others (explain's tell): the read-only
 * command of tool t for the machine x describes -- the tool's Windows
 * spelling when x->os is "windows" and the table writes one, else its sh
 * text -- with arg1 in it (FIX_TOOL_TELL_FIND_LIB: the library's name up
 * to its first digit or dot).  arg1 must be a name (letters, digits and
 * "._+-", as a library or package is named), never a log's raw text.
 * Returns the text in x's arena (fl's when x is NULL), or NULL when t is
 * FIX_TOOL_N (nothing tells) or arg1 is given and is not a name.
 */
const char *fixes_tell(const struct fix_ctx *x, struct findings *fl, enum fix_tool t, const char *arg1);

/**
 * A read-only command that confirms or rules out a cause (explain's "what
 * tells", a hypothesis to settle on the machine): fixes_tell's text for t
 * and arg1, at FIX_RANK_LOOK, for any shell.  Nothing is added when
 * fixes_tell gives NULL.
 */
void fixes_look(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                enum fix_tool t, const char *arg1);

/**
 * Set variables vars (NULL-terminated "NAME=VALUE" strings; values are
 * plain words) for the shell of x, at rank r: on POSIX one sh line, either
 * `export NAME=VALUE ...` (run 0) or `NAME=VALUE ... python your_script.py`
 * for one run (run 1); on Windows PowerShell and cmd forms as one group,
 * the run on a line of its own.  filter, when not NULL, keeps the run's
 * lines that hold it (grep / Select-String / findstr, stderr included).
 */
void fixes_env_run(const struct fix_ctx *x, struct findings *fl, struct finding *fd, enum fix_rank r,
                   const char *title, const char *const *vars, int run, const char *filter);

/** Add tool t's command under title (NULL: the tool's own title); arg1/arg2 as the tool names them. */
void fixes_run(const struct fix_ctx *x, struct findings *fl, struct finding *fd, enum fix_tool t,
               const char *title, const char *arg1, const char *arg2);

/** The tool's command as fixes_run writes it (for which and tests); strings in fl's arena. */
const char *fix_tool_command(struct findings *fl, enum fix_tool t, const char *arg1, const char *arg2);

/** A command the knowledge base holds (a data row's quoted command, e.g. distro_pkg redo), at rank r. */
void fixes_kb_command(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title,
                      const char *cmd);

/** Unset variable name for this shell: sh and fish (PowerShell and cmd on Windows), one group. */
void fixes_unset_var(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                     const char *name);

/**
 * CUDA_HOME, PATH and LD_LIBRARY_PATH at one toolkit (home, its library
 * directory lib) for this shell: sh and fish, one group.
 */
void fixes_toolkit_env(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                       const char *home, const char *lib);

/** How a container is to be started (fixes_container_start). */
enum fix_container_start {
    FIX_CTR_GPUS,             /* docker run --gpus all ... */
    FIX_CTR_GPUS_IMAGE,       /* docker run --gpus all IMAGE */
    FIX_CTR_RUNTIME_NVIDIA,   /* docker run --runtime=nvidia -e NVIDIA_VISIBLE_DEVICES=all IMAGE */
    FIX_CTR_IPC_HOST,         /* docker run --ipc=host ... (the host's /dev/shm: NCCL, DataLoader) */
    FIX_CTR_IPC_HOST_OR_SHM   /* the same, or a larger --shm-size */
};

/** Start the container with the GPUs, as o says (rank: a new container; PowerShell on Windows, Docker Desktop). */
void fixes_container_start(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                           enum fix_container_start o);

/** Remove pip distributions names (space-separated) from env with its own interpreter. */
void fixes_pip_uninstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *title, const char *names);

/**
 * Use another environment g, which has what this one lacks: activate it
 * (conda, venv, a pyenv version; for the system Python behind a pyenv shim
 * when pyenv_system) and, or only, run the program with its interpreter
 * python (a path; quoted here).  PowerShell forms on Windows.
 */
void fixes_use_env(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *g,
                   const char *python, int pyenv_system);

/**
 * Register g (interpreter python, display name slug) as a Jupyter kernel,
 * installing ipykernel first unless has_ipykernel.
 */
void fixes_jupyter_kernel(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const struct python_env *g, const char *python, const char *slug, int has_ipykernel);

/**
 * Windows: folders wdirs (';'-joined, Windows spelling) on PATH -- this
 * PowerShell session, the user PATH, cmd -- and, unless tf, Python's
 * os.add_dll_directory (py: which Pythons skip PATH for an extension's DLLs)
 * as a "python" fix: Python source for the program, not a command line.
 */
void fixes_windows_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *wdirs,
                        int tf, const char *py);

/**
 * What `which` suggests for res: into stale, `sudo ldconfig` when the
 * cache is stale (a file it lacks, an entry whose file is gone); into dir,
 * when nothing was found but a loadable copy is in res->suggest_dir, that
 * directory on the loader path for this shell and in ld.so.conf.d (on
 * Windows: PATH for this PowerShell session and os.add_dll_directory as a
 * "python" fix, in Windows spelling).  stale and dir are zeroed first and need not be in fl
 * (fl gives the arena); the caller frees their fixes arrays.
 */
void fixes_which(struct findings *fl, const struct resolve_result *res, struct finding *stale, struct finding *dir);

#endif
