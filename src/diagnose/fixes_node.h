/*
 * fixes_node.h - the fix engine's commands for the node itself: the driver
 * the loader really gets, its components, the device nodes and who may
 * open them, the kernel module chain, schedulers and container runtimes.
 *
 * The same contract as diagnose/fixes.h (whose struct fix_ctx these take):
 * a rule says what has to happen, these write the command for the machine
 * at hand (the distribution family, its package names and versions as
 * dpkg's database records them, a container, WSL2), never a command that
 * cannot work there.  Where the facts do not name the package or the
 * distribution, the fix says what to find and how, without guessing a
 * name.  Pure: nothing is read, nothing printed; strings go into x->a.
 */
#ifndef GD_FIXES_NODE_H
#define GD_FIXES_NODE_H

#include "diagnose/fixes.h"

/**
 * The loaded kernel module is not the user-space driver's version: load
 * the new module (reboot, or unload and reload with no GPU process
 * running).  In a container: the host does it.
 */
void fixes_kmod_reload(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/**
 * dlopen("libcuda.so.1") finds nothing the examined process's loader can
 * load.  When dpkg's database holds a CUDA driver package of another
 * architecture only (Debian's libcuda1:i386 on amd64), its native
 * architecture at the same version; in a container, the NVIDIA runtime;
 * else the driver install (fixes_libcuda_missing).
 */
void fixes_libcuda_abi(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/**
 * A driver component (name: "libnvidia-ml", "libnvidia-ptxjitcompiler",
 * "libcudadebugger") is at version have, the driver (kernel module and
 * libcuda) at want.  Debian: the component's package of the driver's
 * flavour at exactly the installed libcuda package's version (and
 * nvidia-smi with NVML); elsewhere how to find the package that owns path.
 */
void fixes_driver_component(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                            const char *name, const char *path, const char *have, const char *want);

/**
 * The device nodes of the loaded driver are missing: create them as the
 * driver's own helper does (nvidia-modprobe, shipped with the driver), and
 * in a container the runtime that injects them.  uvm: only
 * /dev/nvidia-uvm is missing.
 */
void fixes_device_nodes(const struct fix_ctx *x, struct findings *fl, struct finding *fd, int uvm);

/**
 * The nodes exist but user may not open them: add user to group (the
 * node's group, read from the examined machine), or NULL when the node's
 * group gives no access (then its mode is the fix).
 */
void fixes_device_access(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const char *user, const char *group, const char *node);

/**
 * The cgroup's device rules deny the GPUs: a Slurm job without GPUs
 * (request them: --gres=gpu:N or --gpus=N), a container started without
 * them (the runtime's --gpus), else the cgroup's owner decides.
 */
void fixes_cgroup_devices(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/**
 * Take dir off LD_LIBRARY_PATH for this shell (sh and fish, one group):
 * a directory there comes before a library's DT_RUNPATH (and before
 * nothing set by DT_RPATH), so it can hand a process the wrong copy.
 * title says why.  The one pipeline of the project for it: dir is matched
 * as a fixed string, quoted.  x may be NULL (probe: fl's arena).
 */
void fixes_drop_loader_dir(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                           const char *title, const char *dir);

/** Boot the newest installed kernel (newest, or NULL: unknown) whose module is there. */
void fixes_kmod_reboot_into(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                            const char *newest);

/**
 * DKMS has module/version but no installed build for kernel: its headers
 * first (headers_missing), a failed build's log (failed_log, or NULL) to
 * read, then `dkms install`.
 */
void fixes_dkms_build(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const char *module, const char *version, const char *kernel,
                      int headers_missing, const char *failed_log);

/** The driver's module must be built again for kernel (no DKMS record says how). */
void fixes_kmod_rebuild(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const char *kernel);

/** depmod for kernel, then load the module. */
void fixes_depmod(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *kernel);

/**
 * An unsigned module under Secure Boot: DKMS signs what it builds with its
 * MOK key (module/version: rebuild through it), the key enrolled with
 * mokutil; or Secure Boot off in the firmware.
 */
void fixes_secure_boot(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const char *module, const char *version, const char *kernel);

/**
 * nouveau holds the GPU: blacklist it (unless blacklisted_by already
 * does), rebuild the initramfs with the distribution's tool, reboot.
 */
void fixes_nouveau(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                   const char *blacklisted_by);

/**
 * A Slurm job (SLURM_JOB_ID) without GPUs: ask for them (--gres=gpu:N or
 * --gpus=N, srun(1) and sbatch(1)).  1 when it added the fix, 0 when the
 * facts show no Slurm job.
 */
int fixes_slurm_gpus(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/** A GPU host with a container engine (engine: its binary) but no NVIDIA Container Toolkit. */
void fixes_toolkit_host(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *engine);

/** A CDI spec generated for another driver: generate it again at spec. */
void fixes_cdi_regenerate(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *spec);

/** A loaded environment module of another CUDA: swap it for better (or NULL), or unload it. */
void fixes_module_swap(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *loaded,
                       const char *better);

/** WSL2 without /dev/dxg: update WSL and its kernel (a custom kernel= drops dxgkrnl), WDDM for TCC GPUs. */
void fixes_wsl_dxg(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/** Windows has WSL's libraries (lxss\lib) but the distribution does not see them: restart WSL. */
void fixes_wsl_remount(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/** An extension built for another torch (torch_version: the installed one, or NULL): pip's own check, then the matching release. */
void fixes_ext_torch_pin(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *dist, const char *torch_version);

/** An extension built for another CUDA (major) than torch's cuda. */
void fixes_ext_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *dist,
                    const char *cuda);

/** An extension without code for compute capability cc. */
void fixes_ext_arch(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                    const struct python_env *env, const char *dist, const char *cc);

#endif
