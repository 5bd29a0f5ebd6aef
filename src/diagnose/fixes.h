/*
 * fixes.h - the fix engine: commands built from facts and checked against
 * the knowledge base before anyone pastes them.
 *
 * check, probe, explain and plan each end with "what to type".  A fix that
 * cannot work where it is pasted is a bug, so the commands are not strings
 * in the rules: a rule says what has to happen (install the driver, put a
 * directory on the loader path, install a CUDA build of torch) and this
 * module writes the command for the machine at hand:
 *
 *  - the OS and the distribution family (Debian apt, Ubuntu's
 *    ubuntu-drivers, Fedora / RHEL dnf, Arch pacman, SUSE zypper; macOS;
 *    native Windows), each driver command from the distribution's own
 *    documentation (fixes.c cites it);
 *  - WSL2, where a Linux driver is never installed (NVIDIA's CUDA on WSL
 *    guide): the Windows driver provides /usr/lib/wsl/lib/libcuda.so.1;
 *  - a container, where the GPU comes from the host (NVIDIA Container
 *    Toolkit, `docker run --gpus all`);
 *  - the environment's own interpreter (`/env/bin/python -m pip`, never a
 *    bare `pip`, which may belong to another Python on PATH), and PEP 668:
 *    an externally managed prefix gets a new venv first;
 *  - the shell: a command that sets variables comes for sh and fish on
 *    POSIX, PowerShell and cmd on Windows, as alternatives of one group
 *    (struct fix.group), so a report can show the reader's shell only.
 *
 * Framework installs are validated before they are printed: the release
 * chooser (diagnose/choose.h, the same one plan uses) takes a build the
 * knowledge base has whose variant exists for the release, whose Python is
 * one that release supports, whose GPU code covers the GPU and whose driver
 * floor the driver meets (else the driver upgrade is the first fix, and
 * says so).  Versions are pinned as MAJOR.MINOR.* (the kb knows releases,
 * not every patch).  When nothing valid exists the fix says so and why;
 * there is no fallback variant.
 *
 * Each building block below is one intent (the small ones -- named tools,
 * variables, another environment, containers, advice -- are in
 * diagnose/fixes_intent.h) and stamps its fixes with an invasiveness rank
 * (enum fix_rank, finding.h): the driver routes FIX_RANK_DRIVER, loader
 * paths FIX_RANK_ENV, a reinstall in the environment FIX_RANK_USER (a new
 * venv or conda environment FIX_RANK_NEW_ENV), and an install that needs
 * the driver upgraded first is ranked with the driver; findings_sort then
 * shows the least invasive first.  No other file writes a command
 * (tools/checksrc).
 *
 * Everything here is pure over (facts or hints, kb): nothing is read,
 * nothing printed.  Strings go into the arena given at init.
 */
#ifndef GD_FIXES_H
#define GD_FIXES_H

#include <stddef.h>

#include "diagnose/choose.h"
#include "diagnose/finding.h"
#include "facts/facts.h"
#include "util/arena.h"

struct kb;

/* Distribution families, by how they install the NVIDIA driver. */
enum fix_family {
    FIX_FAMILY_UNKNOWN = 0,
    FIX_FAMILY_DEBIAN,   /* apt-get install nvidia-driver (non-free) */
    FIX_FAMILY_UBUNTU,   /* ubuntu-drivers */
    FIX_FAMILY_FEDORA,   /* RPM Fusion akmod-nvidia */
    FIX_FAMILY_RHEL,     /* NVIDIA's repository: dnf module / nvidia-open */
    FIX_FAMILY_ARCH,     /* pacman */
    FIX_FAMILY_SUSE      /* zypper, NVIDIA's openSUSE repository */
};

/* What a fix depends on.  Fill with fix_ctx_init / fix_ctx_from_facts. */
struct fix_ctx {
    const struct kb *kb;        /* borrowed; NULL: framework installs are not offered */
    struct arena *a;            /* borrowed: every string built goes here */
    const char *os;             /* "linux", "windows", "macos" */
    enum fix_family family;
    const char *distro;         /* os-release ID as found ("debian"), or NULL */
    const char *distro_version; /* os-release VERSION_ID ("11"), or NULL */
    int wsl;                    /* 2: WSL2, 1: WSL1, 0: no, -1: unknown */
    const char *container;      /* "docker", ... or NULL */
    const char *driver;         /* the installed driver version, or NULL */
    const char *arch;           /* "x86_64", "aarch64", or NULL */
    const char *gpu_cc;         /* the GPU's compute capability ("8.9"): a torch build must
                                   have code for it; NULL: any */
    const struct facts *facts;  /* borrowed, must outlive x: the interpreter facts that name
                                   an environment's python (interp_python_for_env); NULL */
};

/** The family of an os-release ID ("debian", "ubuntu", "rocky", ...). */
enum fix_family fix_family_of(const char *os_release_id);
/** "debian", "ubuntu", ... or "unknown". */
const char *fix_family_name(enum fix_family fam);

/** Nothing known: os "linux", family unknown, wsl -1.  Never fails. */
void fix_ctx_init(struct fix_ctx *x, const struct kb *kb, struct arena *a);
/** Everything from a scan's facts (f borrowed: it must outlive x). */
void fix_ctx_from_facts(struct fix_ctx *x, const struct facts *f, const struct kb *kb,
                        struct arena *a);

/*
 * Building blocks.  Each adds fixes to fd (findings fl) and never fails.
 */

/** No NVIDIA driver: the distribution's install command, or WSL2 / container advice. */
void fixes_driver_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/**
 * The driver is older than need ("525.60.13"); why says for what ("torch
 * 2.6's cu124 build").  Upgrade advice first, then the distribution's
 * command (on WSL2 and Windows: the Windows driver) -- unless the
 * distribution's archive installs a driver still older than need
 * (data/distro_pkg.kb driver_version: Debian 11's 470): then that route is
 * not printed, and the advice says where a new enough driver comes from.
 */
void fixes_driver_upgrade(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const char *need, const char *why);

/**
 * dlopen("libcuda.so.1") finds nothing.  WSL2: the Windows driver and
 * /usr/lib/wsl/lib on the loader path (never a Linux driver); a container:
 * start it with the GPUs; else: the driver install.
 */
void fixes_libcuda_missing(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/**
 * WSL2 with a Linux NVIDIA driver installed inside it (it shadows the
 * Windows driver's libcuda): remove the distribution's driver packages,
 * and until then put /usr/lib/wsl/lib first (sh and fish).
 */
void fixes_wsl_linux_driver(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/**
 * Put dirs (':'-separated, virtual paths on Windows) first on the loader
 * path for this shell: LD_LIBRARY_PATH in sh and fish, PATH in PowerShell
 * and cmd on Windows.  title may be NULL.
 */
void fixes_loader_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const char *title, const char *dirs);

/**
 * How to run pip in env: "/env/bin/python3 -m pip" (its own interpreter,
 * Windows form on Windows), "python -m pip" when env is NULL (a log: the
 * Python that wrote it).  Never NULL.
 */
const char *fix_pip(const struct fix_ctx *x, const struct python_env *env);

/** The interpreter of env, as a path to paste (Windows form on Windows). */
const char *fix_python(const struct fix_ctx *x, const struct python_env *env);

/**
 * The build the engine installs (diagnose/choose.h): framework (a module
 * name, "torch") on x's machine -- its OS, WSL2, architecture, Jetson,
 * driver and GPU -- keeping want ("1.13.0a0", "2.6.0+cpu" or NULL: any)
 * when a build of it fits, else the best that does, with out->why_not
 * saying why want was dropped; python X.Y (NULL: unknown).  A driver too old
 * for every build leaves driver_ok 0: the upgrade comes first.  1 chosen,
 * 0 nothing valid (out->why_not says why).  Strings in x->a.
 */
int fix_choose(const struct fix_ctx *x, const char *framework, const char *want, const char *python,
               struct choice *out);

/* The commands that install a choice where no environment exists yet (plan). */
struct fix_set {
    const char *pip;          /* pip lines with the interpreter on PATH (python3; python on Windows) */
    const char *conda;        /* conda create / activate / pip lines, or NULL (none the kb can write) */
    const char *docker;       /* docker run of the official image, or NULL */
    const char *requirement;  /* the pinned requirement ("torch==2.4.0+cu124") */
    const char *requirements; /* a requirements.txt body: index lines, pins, extra requirements */
    const char *dockerfile;   /* a whole Dockerfile (FROM ... RUN ... WORKDIR, CMD); without a way to
                                 install the set in an image, a comment saying so (never NULL) */
    const char *image_build;  /* how to build that Dockerfile's image ("docker build -t gpu-app .") */
    const char *image_run;    /* and run it with the GPUs ("docker run --gpus all -it gpu-app") */
    const char *python_pick;  /* the Python a new environment gets, or NULL (unknown) */
};

/**
 * Fill out with c's commands, the conda environment named env; exact: pin
 * the release itself (c->version, as plan does) instead of c->pin.  The
 * requirement line is always exact.  Never fails; strings in x->a.
 */
void fix_set_commands(const struct fix_ctx *x, const struct choice *c, const char *env, int exact,
                      struct fix_set *out);

/**
 * Or the framework's official container image for the build fix_choose
 * takes (want, env's Python), as a `docker run --gpus all` fix; nothing on
 * native Windows, on aarch64 or when it has none.
 */
void fixes_official_image(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *framework,
                          const char *want, const struct python_env *env);

/**
 * Install a CUDA build of torch into env (NULL: the Python of a log):
 * validated by fix_choose, the driver upgrade first when needed, a
 * venv first when env is externally managed (PEP 668).  1 when an install
 * was proposed, 0 when nothing valid exists (an advice fix says why).
 */
int fixes_torch_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct python_env *env, const char *want);

/** The same for TensorFlow on Linux / WSL2. */
/**
 * A CPU build of torchvision or torchaudio beside a CUDA torch (GD143):
 * reinstall it at its version from the index of the variant the chooser
 * gives the torch installed (torch_version, its local label kept), with
 * --no-deps; a new venv with both under PEP 668.  Any other distribution,
 * or no CUDA variant of that torch: an advice fix.  Ranked user (a new venv:
 * new_env).
 */
void fixes_torch_companion(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                           const struct python_env *env, const char *dist, const char *version,
                           const char *torch_version);

int fixes_tf_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct python_env *env, const char *want);

/**
 * TensorFlow on native Windows after its last GPU release (GD212): the
 * three routes that work -- WSL2 with the Linux build, TensorFlow 2.10 with
 * CUDA 11.2 / cuDNN 8.1 in a conda environment, or tensorflow-cpu 2.10 with
 * Microsoft's DirectML plugin -- each validated against the kb's Windows
 * rows, in PowerShell and cmd.
 */
void fixes_tf_windows_routes(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                             const struct python_env *env);

/**
 * Native Windows, TensorFlow version's CUDA DLLs nowhere (GD603): a conda
 * environment with its tested CUDA and cuDNN (Python: the newest of
 * python_range, the kb's; none when NULL) and the release pinned with the
 * NumPy major its wheels are compiled against (pkg_fact numpy_abi_major),
 * or NVIDIA's CUDA installer and its bin on PATH (PowerShell).
 */
void fixes_tf_windows_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *version,
                           const char *cuda, const char *cudnn, const char *python_range);

/** Install JAX with CUDA into env (NULL: the log's Python), as fixes_torch_install. */
int fixes_jax_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want);
/** Install onnxruntime-gpu into env (the CPU package onnxruntime removed first). */
int fixes_ort_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want);
/** Install the CuPy wheel for this driver into env. */
int fixes_cupy_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const struct python_env *env, const char *want);
/**
 * A build that loads CUDA and cuDNN from the system (route "system"), kept:
 * an advice fix naming the CUDA major and cuDNN to install on the loader
 * path, and the plan that writes a conda environment with them.
 */
void fixes_system_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct choice *c);
/** Install XGBoost's CUDA wheel for this driver into env (xgboost-cpu removed first). */
int fixes_xgboost_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const struct python_env *env, const char *want);
/** Install paddlepaddle-gpu into env (the CPU package paddlepaddle removed first). */
int fixes_paddle_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *want);

/**
 * Install into env the GPU build b that another environment has (GD218):
 * b's release and variant (its module's requirement stage, diagnose/fw.h)
 * as the release chooser validates them for env's Python and this driver,
 * pinned exactly, with env's own interpreter (env->interpreter when set);
 * else an advice fix saying why it is not suggested (unknown build, another
 * Python, an externally managed env).  1 / 0.
 */
int fixes_install_build(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env,
                        const struct framework_build *b);

/**
 * Reinstall one distribution in env at one version (two records of it, GD216):
 * for a distribution of a framework module (fw_of_dist), the build its
 * chooser validates for version; else version itself (one the environment
 * had installed).
 */
void fixes_pip_reinstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *name, const char *version);

/**
 * A Jetson whose CUDA driver (L4T's tegra/libcuda.so.1) is missing or not
 * on the loader's path: the ld.so.conf.d line, NVIDIA's container runtime
 * in a container, else nvidia-l4t-cuda from L4T's apt repository (issue 20).
 */
void fixes_jetson_driver(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct tegra_facts *t);

/**
 * A Jetson (f->tegra present): the torch to install is NVIDIA's build for
 * its JetPack / L4T release, or an L4T container, never the package
 * index's aarch64 wheel or download.pytorch.org's CUDA wheels (issue 20).
 * Text fixes naming the L4T release, its JetPack and CUDA (t->jetpack,
 * t->jetpack_cuda when the kb knows them) and the module; wheels: NVIDIA's
 * wheel index for that JetPack (data/jetpack.kb), or NULL (then NVIDIA's
 * per-release list is named).  Never fails.
 */
void fixes_jetson_torch(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct tegra_facts *t, const char *wheels);

/**
 * A Jetson (f->tegra present): the TensorFlow to install is NVIDIA's build
 * for its JetPack (NVIDIA's per-JetPack pip index; index: that index for
 * t->jetpack, from pkg_fact tensorflow jetson_index, or NULL: NVIDIA's guide
 * is named), or an L4T container (nvcr.io/nvidia/l4t-tensorflow,
 * --runtime nvidia); never tensorflow[and-cuda] or the -gpu image.  Text
 * fixes only (issue 20).  Never fails.
 */
void fixes_jetson_tf(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct tegra_facts *t, const char *index);

/*
 * The machine rules' fixes (rules_driver.c, rules_env.c), shared with
 * explain, which finds the same causes in logs (the driver node's others
 * are in fixes_node.h).  Each never fails; x may be
 * NULL (the commands do not depend on the machine yet).
 */

/** The user-space driver is installed, its kernel module is not loaded: modprobe, Secure Boot. */
void fixes_driver_load_module(const struct fix_ctx *x, struct findings *fl, struct finding *fd);
/** The toolkit's stub libcuda is on the loader path: take lib64/stubs off it. */
void fixes_stub_off_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd);
/** CUDA_VISIBLE_DEVICES hides the GPUs: unset it (sh, fish, PowerShell), or ask the scheduler. */
void fixes_visible_devices(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/*
 * macOS (check --os macos; rules_macos.c): Apple's GPU is reached through
 * Metal, never CUDA.
 */

/** 1 on an aarch64 machine that is not a Jetson (Grace, Arm servers with a PCI GPU). */
int fix_machine_sbsa(const struct fix_ctx *x);

/** An x86_64 Python on Apple Silicon (Rosetta): the arm64 / universal2 installers, arch -arm64. */
void fixes_macos_native_python(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/** `<env's python> -m pip install PKGS` under title (pkgs already quoted for sh). */
void fixes_macos_pip(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct python_env *env, const char *title, const char *pkgs);

#endif
