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
    FIX_TOOL_N
};

/**
 * A fix the judges wrote, copied into another finding list (explain keeps
 * the judges' fixes of a cause it confirms): title, shell, command, group
 * and rank as they are; strings are copied into fl's arena.
 */
void fixes_copy(struct findings *fl, struct finding *fd, const struct fix *src);

/**
 * A read-only command that confirms or rules out a cause (explain's "what
 * tells", a hypothesis to settle on the machine), at FIX_RANK_LOOK, for any
 * shell.  cmd is the caller's text, copied.
 */
void fixes_look(struct findings *fl, struct finding *fd, const char *title, const char *cmd);

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

/** Start the container with the GPUs, as o says (rank: a new container). */
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
