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
 * Framework installs are validated before they are printed: the release is
 * in the knowledge base, the CUDA variant exists for it, the Python is one
 * the release supports, the driver meets the variant's floor (else the
 * driver upgrade is the first fix, and says so).  Versions are pinned as
 * MAJOR.MINOR.* (the kb knows releases, not every patch).  When nothing
 * valid exists the fix says so and why; there is no fallback variant.
 *
 * Everything here is pure over (facts or hints, kb): nothing is read,
 * nothing printed.  Strings go into the arena given at init.
 */
#ifndef GD_FIXES_H
#define GD_FIXES_H

#include <stddef.h>

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
 * command (on WSL2 and Windows: the Windows driver).
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

/** 1 if python ("3.11" or "3.11.7") is inside range ("3.9-3.11", "2.7,3.3-3.6"). */
int fix_python_in_range(const char *range, const char *python);

/* A framework build the engine checked against the kb. */
struct fix_install {
    const char *framework;      /* "torch", "tensorflow" */
    const char *release;        /* "2.6" (pinned as release.*) */
    const char *variant;        /* torch: "cu126"; tensorflow: "and-cuda", "conda" */
    const char *cuda, *cudnn;   /* what the build brings or needs */
    const char *python;         /* the Python it is for ("3.11"), or NULL */
    const char *python_range;   /* the release's range, or NULL (unknown) */
    const char *driver_need;    /* the driver floor of the build, or NULL */
    int driver_ok;              /* 1 met, 0 older (upgrade first), -1 driver unknown */
    const char *source;         /* the kb row */
    const char *why_not;        /* why the wanted release could not be kept, or NULL */
    const char *pin;            /* jax, onnxruntime-gpu, cupy: the requirement's version
                                   ("0.7.*", "1.18.1"), a release the kb names */
    const char *package;        /* the pip requirement ("jax[cuda12]", "cupy-cuda12x[ctk]") */
    const char *find_links;     /* a -f page or an index it needs, or NULL */
    int find_links_index;       /* 1: find_links is the only index (--index-url): ORT's own
                                   feed, whose onnxruntime-gpu of the same version number
                                   is another build than PyPI's; 0: -f */
    const char *deps_first;     /* what to install from PyPI before it ("coloredlogs
                                   flatbuffers ..."), or NULL */
    int unverified;             /* 1: a kb row behind the choice is marked unverified */
};

/**
 * The CUDA build of torch to propose: want ("1.13.0a0", "2.6.0+cpu" or
 * NULL: any) by its MAJOR.MINOR when a build of it fits, else the newest
 * release that fits, with why_not saying why want was dropped.  Fits: a cu*
 * variant of that release, python (X.Y, NULL: unknown) in its range, and
 * the driver runs it (a variant the driver runs is preferred; without one,
 * driver_ok 0).  1 chosen, 0 nothing valid (out->why_not says why).
 */
int fix_choose_torch(const struct fix_ctx *x, const char *want, const char *python,
                     struct fix_install *out);

/**
 * The CUDA build of TensorFlow to propose on Linux (and WSL2): want's
 * release if it fits, else the newest that does.  A release whose pip
 * package brings CUDA ("tensorflow[and-cuda]", per data/tf_libs.kb's
 * pip_libs) is preferred; an older one gets variant "conda" (CUDA and cuDNN
 * from conda-forge).  1 / 0 as fix_choose_torch.
 */
int fix_choose_tf(const struct fix_ctx *x, const char *want, const char *python,
                  struct fix_install *out);

/**
 * Install a CUDA build of torch into env (NULL: the Python of a log):
 * validated by fix_choose_torch, the driver upgrade first when needed, a
 * venv first when env is externally managed (PEP 668).  1 when an install
 * was proposed, 0 when nothing valid exists (an advice fix says why).
 */
int fixes_torch_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct python_env *env, const char *want);

/** The same for TensorFlow on Linux / WSL2. */
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
 * JAX with CUDA on Linux / WSL2 (data/jax.kb, py_support.kb, kb_meta's
 * newest release): want (a jax or jaxlib version, or NULL) when a CUDA row
 * covers it, else the newest release whose Python floor python (X.Y, NULL:
 * unknown) meets, in the flavour (cuda12 / cuda13) the driver runs (the
 * row's driver_min; unknown driver: the lowest CUDA major, which runs on
 * most drivers).  The requirement is jax[cudaNN] (a plugin on PyPI) or
 * jax[cudaNN_pip] with Google's -f page, per the row's extras.  1 / 0 as
 * fix_choose_torch (native Windows and macOS: 0).
 */
int fix_choose_jax(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out);

/**
 * onnxruntime-gpu (data/onnxruntime.kb): want's release when a row covers
 * it (its CUDA major), else the newest release whose CUDA the driver runs;
 * builds off PyPI (the CUDA 12 builds of 1.17-1.18) get their feed as an
 * extra index.  1 / 0; out->unverified when the row is.
 */
int fix_choose_ort(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out);

/**
 * The CuPy wheel (cupy-cudaXXx, data/cupy.kb) for the newest CUDA the
 * driver runs, at the newest CuPy release that wheel and python have
 * (py_support.kb); "[ctk]" where pkg_fact says the release has it.  want:
 * a CuPy version to keep when its wheel fits, or NULL.  1 / 0.
 */
int fix_choose_cupy(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out);

/**
 * The release to propose from a kb row that spans first..last (JAX, ONNX
 * Runtime): last, or the table's newest release (kb_meta) when that is
 * older; NULL when the row starts after it.  *pin (may be NULL) gets the
 * requirement's version: "0.7.99" / "1.20" as "0.7.*" / "1.20.*", a
 * three-part release as itself.
 */
const char *fix_row_release(const struct fix_ctx *x, const char *table, const char *first, const char *last,
                            const char **pin);

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
 * Reinstall one distribution in env at one version (two records of it, GD216):
 * for a framework the engine knows, the build its chooser validates for
 * version; else version itself (one the environment had installed).
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

/**
 * On an aarch64 machine that is not a Jetson: the compute capabilities of
 * torch release's variant's Linux aarch64 build (pkg_fact
 * cuda_aarch64_arch_VARIANT, *source its citation), or NULL when the machine
 * is not such a machine or the knowledge base has no aarch64 list (then
 * torch.kb's list is the one to judge with).
 */
const char *fix_torch_aarch64_arch(const struct fix_ctx *x, const char *release, const char *variant,
                                   const char **source);

/** An x86_64 Python on Apple Silicon (Rosetta): the arm64 / universal2 installers, arch -arm64. */
void fixes_macos_native_python(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/** `<env's python> -m pip install PKGS` under title (pkgs already quoted for sh). */
void fixes_macos_pip(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct python_env *env, const char *title, const char *pkgs);

#endif
