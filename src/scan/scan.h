/*
 * scan.h - the observers: read the examined machine, fill struct facts.
 *
 * Every observer takes the scan context, reads files through ctx->fs (so
 * --root applies), reads environment variables from ctx->env (so --env
 * applies), and never fails: a file it cannot read becomes a warning in
 * facts (scan_warn) and the scan goes on.  Observers never print and never
 * execute or load anything from the examined machine.
 *
 * Order matters where one observer uses another's facts: system first (arch,
 * libc), then the loader environment, python (site-packages are where pip's
 * CUDA wheels live), driver, GPUs, CUDA toolkits, cuDNN.
 */
#ifndef GD_SCAN_H
#define GD_SCAN_H

#include "facts/facts.h"
#include "util/env.h"
#include "util/err.h"
#include "util/fs.h"

struct kb;
struct resolver;

struct scan_options {
    const char *python;      /* --python PATH: only this interpreter's environment */
    const char *prefix;      /* --prefix DIR: only this environment */
    const char *os;          /* --os: "windows" runs the Windows observers
                                (scan/win_scan.h), "macos" the macOS ones
                                (scan/mac_scan.h); NULL or "linux": Linux */
    const char *cwd;         /* --cwd DIR: where .python-version is looked up
                                (NULL: the current directory; under --root "/") */
    int mark_steps;          /* bench only (GPUDOCTOR_BENCH_STEPS): before each
                                step, access("/gpudoctor-bench-step/STEP") on this
                                machine, which fails and which strace shows, so
                                bench/run.sh counts each step's system calls */
};

struct scan_ctx {
    struct fs *fs;                  /* borrowed */
    const struct env *env;          /* borrowed */
    const struct kb *kb;            /* borrowed */
    const struct scan_options *opts;
    struct resolver *resolver;      /* borrowed, may be NULL: the loader model of the
                                       examined machine, for "which libcuda.so.1 would a
                                       program get" */
    struct facts *facts;            /* filled */
};

/** Run every observer in order. */
void scan_all(struct scan_ctx *ctx);

void scan_system(struct scan_ctx *ctx);
void scan_ldenv(struct scan_ctx *ctx);
void scan_python(struct scan_ctx *ctx);
void scan_driver(struct scan_ctx *ctx);
/** WSL2: the Windows driver packages WSL maps in (scan/wsl.c); called by scan_driver. */
void scan_wsl_driver(struct scan_ctx *ctx);
void scan_gpus(struct scan_ctx *ctx);
/**
 * After scan_gpus (scan/driver.c): whether nouveau is loaded, asked only
 * where a GPU is not bound to the nvidia driver (driver.nouveau_unasked
 * says why not), and the driver's device nodes: /dev/nvidiactl, each
 * GPU's /dev/nvidiaN (by its Device Minor where every GPU's is known,
 * else from a listing of /dev), /dev/nvidia-uvm, WSL 2's /dev/dxg, a
 * Jetson's nodes.
 */
void scan_driver_nodes(struct scan_ctx *ctx);
/** After scan_driver_nodes: who may open the device nodes (scan/node_access.c). */
void scan_node_access(struct scan_ctx *ctx);
/** After scan_tegra: the NVIDIA kernel module chain on disk (scan/kmod.c). */
void scan_kmod(struct scan_ctx *ctx);
/** After scan_gpus: the host's container runtime setup (scan/node_runtime.c). */
void scan_node_runtime(struct scan_ctx *ctx);
void scan_cuda(struct scan_ctx *ctx);
void scan_cudnn(struct scan_ctx *ctx);
/** dpkg's database: the GPU-related packages and their states (scan/dpkg.h). */
void scan_dpkg(struct scan_ctx *ctx);
/** After scan_python and scan_dpkg: which dpkg package installed each framework. */
void scan_dpkg_owners(struct scan_ctx *ctx);
/** After scan_python: each framework's CUDA library, reached as the import reaches it,
 *  and the GPU architectures compiled into it (scan/fwlibs.c). */
void scan_fw_libs(struct scan_ctx *ctx);
/** After scan_python: the CUDA extension modules of distributions built against torch (scan/pyext.c). */
void scan_pyext(struct scan_ctx *ctx);
/**
 * The files the framework rules need (scan/fwfiles.c): each framework's
 * native modules and what they link, each environment's pip NVIDIA wheels,
 * and the library files of every toolkit, cuDNN and wheel directory.  Runs
 * last: it reads what the other observers found.
 */
void scan_fwfiles(struct scan_ctx *ctx);

/** The NVIDIA Container Toolkit and the engines wired to it (scan/ctk.c), after
 *  scan_driver (the driver version selects the files it would mount) and scan_dpkg. */
void scan_ctk(struct scan_ctx *ctx);

/** Record err (about path) as a scan warning. */
void scan_warn(struct scan_ctx *ctx, const char *path, const struct gd_err *err);

/**
 * Read a small text file (at most limit bytes) into out.  1 read, 0 absent,
 * -1 unreadable or too big (already recorded as a warning).
 */
int scan_read_text(struct scan_ctx *ctx, const char *path, size_t limit, struct strbuf *out);

#endif
