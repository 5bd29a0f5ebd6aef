#include "scan/scan.h"
#include "scan/tegra.h"
#include "scan/modules.h"
#include "scan/win_scan.h"
#include "scan/mac_scan.h"

#include <stdio.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

/* Variables that change what a GPU program sees; recorded in the facts so
 * every verdict can cite them. */
static const char *const gpu_env_vars[] = {
    "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
    "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", "CUDA_TOOLKIT_ROOT_DIR", "CUDNN_PATH",
    "LD_LIBRARY_PATH", "LD_PRELOAD", "PATH", "VIRTUAL_ENV", "CONDA_PREFIX",
    "CONDA_DEFAULT_ENV", "CONDA_EXE", "PYTHONPATH", "PYTHONHOME", "KERAS_BACKEND",
    "KERAS_HOME", "TF_CPP_MIN_LOG_LEVEL", "XLA_FLAGS", "HIP_VISIBLE_DEVICES",
    "ROCR_VISIBLE_DEVICES", "WSL_DISTRO_NAME", "WSL_INTEROP", "HOME",
    /* macOS: dyld's search paths, PyTorch's MPS settings */
    "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "PYTORCH_ENABLE_MPS_FALLBACK",
    /* the user whose access is judged (scan/node_access.c) */
    "SUDO_USER", "USER", "LOGNAME",
    /* Slurm's job and its GPUs (SchedMD/slurm src/plugins/gres/common/gres_common.c,
     * gres_common_gpu_set_env: set when GPUs are allocated, unset when not) */
    "SLURM_JOB_ID", "SLURM_STEP_ID", "SLURM_JOB_GPUS", "SLURM_STEP_GPUS", "SLURM_GPUS_ON_NODE",
    "GPU_DEVICE_ORDINAL",
    /* the environment modules loaded (Lmod and Tcl modules both set them) */
    "LOADEDMODULES", "_LMFILES_", NULL
};

static void record_env(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *const *n;
    for (n = gpu_env_vars; *n; n++) {
        const char *v = env_get(ctx->env, *n);
        if (!v)
            continue;
        ALLOC_GROW(f->env, f->n_env + 1, f->alloc_env);
        f->env[f->n_env].name = *n;
        f->env[f->n_env].value = facts_str(f, v);
        f->n_env++;
    }
}

/* bench/run.sh's marks (scan_options.mark_steps): a name nothing has, asked
 * of this machine, never of the examined one. */
static void mark(const struct scan_ctx *ctx, const char *step)
{
    char p[96];
    if (!ctx->opts || !ctx->opts->mark_steps)
        return;
    snprintf(p, sizeof(p), "/gpudoctor-bench-step/%s", step);
    (void)compat_access(p, COMPAT_R_OK);
}
#define STEP(fn, ...) (mark(ctx, #fn), fn(__VA_ARGS__))

/*
 * The top of the tree, listed once before the scans: every scan asks for
 * names below /, /usr and /etc, most of them absent (/opt, /usr/local,
 * /etc/containerd, /etc/nv_tegra_release...), and walks merged /usr's links
 * (/lib, /lib64, /bin, /sbin).  With the three listings remembered, fs
 * answers those questions and takes each component's type from them
 * (util/fs.h): a GPU node's check 481 -> 452 system calls, Debian's torch
 * tree 385 -> 351 (docs/performance.md).  A directory over the limit is
 * refused once and asked name by name as before.
 */
static void scan_top(struct scan_ctx *ctx)
{
    static const char *const top[] = { "/", "/usr", "/etc" };
    size_t i;
    for (i = 0; i < sizeof(top) / sizeof(top[0]); i++) {
        const struct fs_dirent *const *ents;
        size_t n;
        struct gd_err err;
        err_init(&err);
        (void)fs_list_dir_sorted(ctx->fs, top[i], 4096, &ents, &n, &err);
    }
}

void scan_all(struct scan_ctx *ctx)
{
    record_env(ctx);
    if (ctx->opts && ctx->opts->os && !strcmp(ctx->opts->os, "windows")) {
        scan_windows(ctx);
        scan_fwfiles(ctx);
        return;
    }
    if (scan_is_macos(ctx)) {
        scan_macos(ctx);
        return;
    }
    STEP(scan_top, ctx);
    STEP(scan_system, ctx);
    STEP(scan_ldenv, ctx);
    STEP(scan_dpkg, ctx);
    STEP(scan_python, ctx);
    STEP(scan_dpkg_owners, ctx);
    STEP(scan_fw_libs, ctx);
    STEP(scan_pyext, ctx);
    STEP(scan_driver, ctx);
    STEP(scan_ctk, ctx);
    STEP(scan_gpus, ctx);
    STEP(scan_driver_nodes, ctx);
    STEP(scan_node_access, ctx);
    STEP(scan_tegra, ctx);
    STEP(scan_kmod, ctx);
    STEP(scan_node_runtime, ctx);
    STEP(scan_cuda, ctx);
    STEP(scan_cudnn, ctx);
    STEP(scan_modules_into, ctx, &ctx->facts->modules);
    STEP(scan_fwfiles, ctx);
    mark(ctx, "end");
}

void scan_warn(struct scan_ctx *ctx, const char *path, const struct gd_err *err)
{
    facts_warn(ctx->facts, path, err->msg[0] ? err->msg : "unknown error");
}

int scan_read_text(struct scan_ctx *ctx, const char *path, size_t limit, struct strbuf *out)
{
    struct gd_err err;
    int r;
    err_init(&err);
    strbuf_reset(out);
    r = fs_read_file(ctx->fs, path, limit, out, &err);
    if (r < 0)
        scan_warn(ctx, path, &err);
    return r;
}
