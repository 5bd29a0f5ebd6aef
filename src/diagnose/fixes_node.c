/*
 * fixes_node.c - the node's own fixes (diagnose/fixes_node.h).
 *
 * Debian's package names are the archive's (bookworm and trixie non-free,
 * source nvidia-graphics-drivers and nvidia-graphics-drivers-tesla-535):
 * libcuda1, libnvidia-ml1, libnvidia-ptxjitcompiler1, libcudadebugger1 and
 * nvidia-smi for the default flavour ("current"), and
 * libnvidia-tesla-535-cuda1, libnvidia-tesla-535-ml1,
 * libnvidia-tesla-535-ptxjitcompiler1, libnvidia-tesla-535-cudadebugger1,
 * nvidia-tesla-535-smi for a Tesla flavour.  All binary packages of one
 * source share its version, so the component's package is pinned to the
 * installed libcuda package's version exactly.
 */
#include "diagnose/fixes_node.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_container.h"

#include <string.h>

#include "kb/kb.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

/* Debian's architecture name for a kernel's machine name. */
static const char *deb_arch(const char *arch)
{
    if (!arch)
        return NULL;
    if (!strcmp(arch, "x86_64"))
        return "amd64";
    if (!strcmp(arch, "aarch64"))
        return "arm64";
    if (!strcmp(arch, "ppc64le"))
        return "ppc64el";
    return NULL;
}

/* "550.163.01-2" (or "1:550.163.01-2") is upstream version up. */
static int upstream_is(const char *debver, const char *up)
{
    const char *colon = strchr(debver, ':');
    size_t n = strlen(up);
    if (colon)
        debver = colon + 1;
    return !strncmp(debver, up, n) && (debver[n] == '-' || debver[n] == '~' || debver[n] == '+' || !debver[n]);
}

static int pkg_installed(const struct dpkg_pkg *p)
{
    return p->state && !strcmp(p->state, "installed");
}

/* A CUDA driver library package: libcuda1, or libnvidia-<flavour>-cuda1. */
static int is_libcuda_pkg(const char *name)
{
    size_t n = strlen(name);
    return !strcmp(name, "libcuda1") || (str_starts(name, "libnvidia-") && n > 16 && !strcmp(name + n - 6, "-cuda1"));
}

/*
 * The package of component comp ("ml1", "ptxjitcompiler1", "cudadebugger1",
 * "smi") in the flavour of the libcuda package cuda_pkg.
 */
static const char *flavour_pkg(struct arena *a, const char *cuda_pkg, const char *comp)
{
    if (!strcmp(cuda_pkg, "libcuda1")) {
        if (!strcmp(comp, "smi"))
            return "nvidia-smi";
        if (!strcmp(comp, "cudadebugger1"))
            return "libcudadebugger1";
        return arena_printf(a, "libnvidia-%s", comp);
    }
    /* libnvidia-tesla-535-cuda1 -> the infix "tesla-535" */
    {
        size_t n = strlen(cuda_pkg) - strlen("libnvidia-") - strlen("-cuda1");
        const char *infix = cuda_pkg + strlen("libnvidia-");
        if (!strcmp(comp, "smi"))
            return arena_printf(a, "nvidia-%.*s-smi", (int)n, infix);
        return arena_printf(a, "libnvidia-%.*s-%s", (int)n, infix, comp);
    }
}

static void node_kmod_reload(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    if (x->container) {
        finding_fix_group(fl, fd, 0, NULL, "On the host (a container uses the host's kernel module): reboot it, "
                          "or reload the modules there, so that the module and the user-space driver are one "
                          "version again; then restart the container", NULL);
        return;
    }
    finding_fix_group(fl, fd, 0, "sh", "Reboot, so the new kernel module is loaded (the usual cause is a "
                      "driver upgrade without a reboot)", "sudo reboot");
    finding_fix_group(fl, fd, 0, "sh", "Or reload the modules without rebooting (stop every GPU process first)",
                      "sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia");
}

static void node_libcuda_abi(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    const char *native = deb_arch(x->arch);
    size_t i, j;

    if (x->container) {
        fixes_driver_install(x, fl, fd); /* the host's driver, the toolkit, --gpus */
        return;
    }
    if (x->facts && native && (x->family == FIX_FAMILY_DEBIAN || x->family == FIX_FAMILY_UBUNTU)) {
        const struct dpkg_facts *d = &x->facts->dpkg;
        for (i = 0; i < d->n_pkgs; i++) {
            const struct dpkg_pkg *p = &d->pkgs[i];
            int have_native = 0;
            if (!is_libcuda_pkg(p->name) || !pkg_installed(p) || !p->arch || !strcmp(p->arch, native) ||
                !p->version)
                continue;
            for (j = 0; j < d->n_pkgs; j++)
                have_native |= !strcmp(d->pkgs[j].name, p->name) && d->pkgs[j].arch &&
                               !strcmp(d->pkgs[j].arch, native) && pkg_installed(&d->pkgs[j]);
            if (have_native)
                continue;
            finding_fix_group(fl, fd, 0, "sh",
                              arena_printf(x->a, "Install %s for %s (only its %s copy is installed), at the "
                                           "installed version", p->name, native, p->arch),
                              arena_printf(x->a, "sudo apt-get install %s:%s=%s", p->name, native, p->version));
            return;
        }
    }
    fixes_libcuda_missing(x, fl, fd);
}

static void node_driver_component(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                            const char *name, const char *path, const char *have, const char *want)
{
    const char *comp = !strcmp(name, "libnvidia-ml") ? "ml1"
                       : !strcmp(name, "libnvidia-ptxjitcompiler") ? "ptxjitcompiler1"
                       : !strcmp(name, "libcudadebugger") ? "cudadebugger1" : NULL;
    size_t i, j;

    if (x->container) {
        finding_fix_group(fl, fd, 0, NULL, arena_printf(x->a, "The NVIDIA Container Toolkit injects the host's %s: "
                          "on the host, bring it to the driver's version %s; an image that ships its own copy "
                          "(%s) must not", name, want, path), NULL);
        return;
    }
    if (comp && x->facts && (x->family == FIX_FAMILY_DEBIAN || x->family == FIX_FAMILY_UBUNTU)) {
        const struct dpkg_facts *d = &x->facts->dpkg;
        for (i = 0; i < d->n_pkgs; i++) {
            const struct dpkg_pkg *p = &d->pkgs[i];
            const char *pkg, *smi, *cmd;
            if (!is_libcuda_pkg(p->name) || !pkg_installed(p) || !p->version || !upstream_is(p->version, want))
                continue;
            pkg = flavour_pkg(x->a, p->name, comp);
            cmd = arena_printf(x->a, "sudo apt-get install %s=%s", pkg, p->version);
            if (!strcmp(comp, "ml1")) {
                /* nvidia-smi is NVML's own client: with it, when installed (any flavour). */
                smi = flavour_pkg(x->a, p->name, "smi");
                for (j = 0; j < d->n_pkgs; j++)
                    if (pkg_installed(&d->pkgs[j]) && (str_ends(d->pkgs[j].name, "-smi") ||
                                                       !strcmp(d->pkgs[j].name, "nvidia-smi"))) {
                        cmd = arena_printf(x->a, "%s %s=%s", cmd, smi, p->version);
                        break;
                    }
            }
            finding_fix_group(fl, fd, 0, "sh",
                              arena_printf(x->a, "Bring %s to the driver's version: the package of the same "
                                           "flavour and version as %s %s", name, p->name, p->version), cmd);
            return;
        }
    }
    {
        /* The package manager's "which package owns this file". */
        const char *owner = x->family == FIX_FAMILY_DEBIAN || x->family == FIX_FAMILY_UBUNTU ? "dpkg -S"
                            : x->family == FIX_FAMILY_FEDORA || x->family == FIX_FAMILY_RHEL ||
                                      x->family == FIX_FAMILY_SUSE ? "rpm -qf"
                            : x->family == FIX_FAMILY_ARCH ? "pacman -Qo" : NULL;
        if (owner)
            finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Find the package that installed %s %s, and "
                              "install its version %s (the driver's)", name, have, want),
                              arena_printf(x->a, "%s %s", owner, path));
        else
            finding_fix_group(fl, fd, 0, NULL, arena_printf(x->a, "Install %s of the driver's version %s, or remove "
                              "the stray copy %s (a driver installed by NVIDIA's .run installer and by packages "
                              "at once leaves such copies)", name, want, path), NULL);
    }
}

static void node_device_nodes(const struct fix_ctx *x, struct findings *fl, struct finding *fd, int uvm)
{
    if (x->container) {
        finding_fix_group(fl, fd, 0, NULL, "A container gets the device nodes from the NVIDIA Container Toolkit: "
                          "start it with the GPUs (docker run --gpus all ..., podman run --device "
                          "nvidia.com/gpu=all ...)", NULL);
        return;
    }
    if (uvm) {
        finding_fix_group(fl, fd, 0, "sh", "It is created on first CUDA use by nvidia-modprobe; if CUDA fails "
                          "with 'unknown error', create it", "sudo nvidia-modprobe -u -c=0");
        return;
    }
    if (x->facts && x->facts->tegra.present) {
        finding_fix_group(fl, fd, 0, NULL, "L4T's kernel creates them at boot (nvmap, nvgpu): on the Jetson itself, "
                          "check that the L4T kernel booted (uname -r ends in -tegra); a container needs NVIDIA's "
                          "runtime (docker run --runtime nvidia ...)", NULL);
        return;
    }
    finding_fix_group(fl, fd, 0, "sh", "Create the nodes (nvidia-modprobe ships with the driver; -c=N for GPU N)",
                      "sudo nvidia-modprobe -c=0 -u");
}

static void node_device_access(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const char *user, const char *group, const char *node)
{
    if (group && user) {
        finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Add %s to the group %s, which may open %s "
                          "(log in again afterwards)", user, group, node),
                          arena_printf(x->a, "sudo usermod -aG %s %s", group, user));
        return;
    }
    finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Let every user open %s, as the driver creates it "
                      "(mode 0666; a udev rule or NVreg_DeviceFileMode changed it)", node),
                      arena_printf(x->a, "ls -l /dev/nvidia*\nsudo chmod 0666 %s", node));
}

static void node_toolkit_host(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *engine)
{
    int podman = engine && strstr(engine, "podman");
    const char *wire = podman ? "sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml"
                              : "sudo nvidia-ctk runtime configure --runtime=docker\nsudo systemctl restart docker";
    const char *route = fixes_ctk_route(x->family);
    if (route) {
        finding_fix_group(fl, fd, 0, "sh", "Install the NVIDIA Container Toolkit from NVIDIA's container "
                          "repository (its install guide's route: the repository, then the package) and register "
                          "it with the engine", arena_printf(x->a, "%s\n%s", route, wire));
        return;
    }
    finding_fix_group(fl, fd, 0, NULL, "Install the NVIDIA Container Toolkit (NVIDIA's install guide names "
                      "the repository for your distribution: https://docs.nvidia.com/datacenter/cloud-native/"
                      "container-toolkit/latest/install-guide.html), then register it with the engine", NULL);
    finding_fix_group(fl, fd, 0, "sh", "Register it", wire);
}

static void node_cdi_regenerate(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *spec)
{
    finding_fix_group(fl, fd, 0, "sh", "Generate the CDI spec again for the installed driver (its host paths name "
                      "the driver's versioned files)",
                      arena_printf(x->a, "sudo nvidia-ctk cdi generate --output=%s", spec));
}

static void node_module_swap(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *loaded,
                       const char *better)
{
    if (better)
        finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Swap the loaded module for %s", better),
                          arena_printf(x->a, "module swap %s %s", loaded, better));
    finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Or unload it (the framework brings its own CUDA "
                      "libraries)"), arena_printf(x->a, "module unload %s", loaded));
}

/* A Slurm job: request GPUs (the gres plugin then allows their devices and
 * sets CUDA_VISIBLE_DEVICES; slurm's srun(1) and sbatch(1): --gres, --gpus). */
static int node_slurm_gpus(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    const char *job = x->facts ? facts_env(x->facts, "SLURM_JOB_ID") : NULL;
    if (!job)
        return 0;
    finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Slurm job %s has no GPU: request GPUs for the job "
                      "(or the step: srun inside an allocation with GPUs)", job),
                      "srun --gres=gpu:1 --pty bash\n# or in a batch script: #SBATCH --gpus=1");
    return 1;
}

static void node_cgroup_devices(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    if (fixes_slurm_gpus(x, fl, fd))
        return;
    if (x->container) {
        finding_fix_group(fl, fd, 0, NULL, "The container's device rules come from its runtime: start it with the "
                          "GPUs (docker run --gpus all ..., podman run --device nvidia.com/gpu=all ...)", NULL);
        return;
    }
    finding_fix_group(fl, fd, 0, NULL, "The process runs in a cgroup whose device rules do not list the GPUs: "
                      "whoever started it (a scheduler, systemd's DeviceAllow=, a container manager) must "
                      "grant them", NULL);
}

void fixes_drop_loader_dir(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                           const char *title, const char *dir)
{
    struct arena *a = x && x->a ? x->a : fl->arena;
    struct strbuf q = STRBUF_INIT;
    unsigned g = finding_next_group(fd);
    const char *p;
    /* one quoted word, matched as a fixed string (a path's '.' and '+' are no patterns) */
    for (p = dir; *p; p++) {
        if (*p == '\'')
            strbuf_addstr(&q, "'\\''");
        else
            strbuf_addch(&q, *p);
    }
    finding_fix_group(fl, fd, g, "sh", title,
                      arena_printf(a, "export LD_LIBRARY_PATH=\"$(printf %%s \"$LD_LIBRARY_PATH\" | tr ':' '\\n' | "
                                   "grep -vxF '%s' | paste -sd: -)\"", q.buf));
    /* fish splits variables named *PATH on ':' into lists */
    finding_fix_group(fl, fd, g, "fish", title,
                      arena_printf(a, "set -gx LD_LIBRARY_PATH (string match -v -- '%s' $LD_LIBRARY_PATH)", q.buf));
    fixes_rank(fd, fd->n_fixes - 2, FIX_RANK_ENV);
    strbuf_release(&q);
}

static void node_kmod_reboot_into(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                            const char *newest)
{
    finding_fix_group(fl, fd, 0, "sh", newest ? arena_printf(x->a, "Reboot into the installed kernel %s, which has "
                      "its modules (the boot loader's default after an upgrade)", newest)
                      : "Reboot into an installed kernel", "sudo reboot");
}

/*
 * A Debian kernel whose headers the archive no longer has: Debian's archive
 * keeps only the current kernel ABIs (linux-headers-6.1.0-N-amd64 for the
 * newest N or two; data/distro_pkg.kb kernel_abi, read from the release's
 * Packages index), so a machine still running a superseded kernel cannot
 * install its headers -- it upgrades to the current kernel of its flavour
 * (linux-image-FLAVOUR, linux-headers-FLAVOUR) and reboots into it.  1 and
 * *flavour ("amd64", "cloud-amd64") when the kernel's ABI is not among the
 * release's; 0 when it is, when the kb has no row for the release, or when
 * kernel is not named as Debian names its kernels (ABI-FLAVOUR).
 */
static int debian_abi_gone(const struct fix_ctx *x, const char *kernel, const char **flavour)
{
    const char *abis = NULL, *p, *f;
    size_t n;
    if (x->family != FIX_FAMILY_DEBIAN || !x->kb || !x->distro || !kernel ||
        kb_distro_pkg(x->kb, x->distro, x->distro_version, "linux-headers", "kernel_abi", NULL, NULL, &abis,
                      NULL) != 1 || !abis)
        return 0;
    /* The ABI ends at the first '-' followed by a letter: 6.1.0-40-amd64, 6.12.57+deb13-cloud-amd64. */
    for (f = kernel; (f = strchr(f, '-')) && !(f[1] >= 'a' && f[1] <= 'z'); f++)
        ;
    if (!f || f == kernel)
        return 0;
    n = (size_t)(f - kernel);
    for (p = abis; *p; p += strcspn(p, ","), p += *p == ',') {
        size_t len = strcspn(p, ",");
        if (len == n && !strncmp(p, kernel, n))
            return 0;
    }
    *flavour = f + 1;
    return 1;
}

/* Upgrade to the current kernel of flavour and its headers, then reboot into it. */
static void debian_kernel_upgrade(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                                  const char *kernel, const char *flavour, const char *extra, const char *then)
{
    finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Debian's archive no longer has the headers of "
                      "kernel %s (it keeps only the current kernel ABIs): install the current %s kernel "
                      "and its headers%s", kernel, flavour, then),
                      arena_printf(x->a, "sudo apt-get update\nsudo apt-get install linux-image-%s "
                                   "linux-headers-%s%s", flavour, flavour, extra));
    finding_fix_group(fl, fd, 0, "sh", "Then reboot into it (the boot loader's default after the upgrade)",
                      "sudo reboot");
}

/* The kernel headers' package for a kernel release, per family; NULL when
 * the release does not name it (Arch, SUSE: the flavour's package). */
static const char *headers_cmd(const struct fix_ctx *x, const char *kernel)
{
    switch (x->family) {
    case FIX_FAMILY_DEBIAN:
    case FIX_FAMILY_UBUNTU:
        return arena_printf(x->a, "sudo apt-get install linux-headers-%s", kernel);
    case FIX_FAMILY_FEDORA:
    case FIX_FAMILY_RHEL:
        return arena_printf(x->a, "sudo dnf install kernel-devel-%s", kernel);
    default:
        return NULL;
    }
}

/* Returns 1 when the route reboots into another kernel (Debian, headers gone). */
static int node_dkms_build(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const char *module, const char *version, const char *kernel,
                      int headers_missing, const char *failed_log)
{
    const char *h = headers_cmd(x, kernel), *flavour;
    if (failed_log && !headers_missing)
        finding_fix_group(fl, fd, 0, "sh", "Read why the last build failed (NVIDIA's conftest errors land "
                          "there: a kernel newer than the driver supports, a compiler other than the kernel's)",
                          arena_printf(x->a, "less %s", failed_log));
    if (headers_missing && debian_abi_gone(x, kernel, &flavour)) {
        /* DKMS builds module for the new kernel when it is installed (its kernel postinst hook). */
        debian_kernel_upgrade(x, fl, fd, kernel, flavour, "", arena_printf(x->a, " (DKMS then builds %s %s "
                              "for it)", module, version));
        return 1;
    }
    if (headers_missing) {
        if (h)
            finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Install the headers of kernel %s, which DKMS "
                              "builds against", kernel), h);
        else
            finding_fix_group(fl, fd, 0, NULL, arena_printf(x->a, "Install the headers of kernel %s (your "
                              "distribution's headers package for that kernel), which DKMS builds against", kernel),
                              NULL);
    }
    finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Build and install %s %s for kernel %s with DKMS",
                      module, version, kernel),
                      arena_printf(x->a, "sudo dkms install %s/%s -k %s", module, version, kernel));
    return 0;
}

static int node_kmod_rebuild(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *kernel)
{
    const char *flavour;
    if (debian_abi_gone(x, kernel, &flavour)) {
        debian_kernel_upgrade(x, fl, fd, kernel, flavour, " nvidia-kernel-dkms",
                              " with nvidia-kernel-dkms, which DKMS builds for it");
        return 1;
    }
    switch (x->family) {
    case FIX_FAMILY_DEBIAN:
        finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Debian builds the module with DKMS "
                          "(nvidia-kernel-dkms): the headers of kernel %s, then rebuild every DKMS module", kernel),
                          arena_printf(x->a, "sudo apt-get install linux-headers-%s nvidia-kernel-dkms\n"
                                       "sudo dkms autoinstall -k %s", kernel, kernel));
        break;
    case FIX_FAMILY_UBUNTU:
        finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Ubuntu: the driver's modules for kernel %s "
                          "(ubuntu-drivers picks the signed linux-modules-nvidia package)", kernel),
                          "sudo ubuntu-drivers install");
        break;
    case FIX_FAMILY_FEDORA:
        finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "RPM Fusion's akmod builds the module for kernel %s",
                          kernel), arena_printf(x->a, "sudo dnf install kernel-devel-%s\nsudo akmods --force "
                                                "--kernels %s", kernel, kernel));
        break;
    default:
        finding_fix_group(fl, fd, 0, NULL, arena_printf(x->a, "Install the driver's kernel module for kernel %s "
                          "(the same driver version as the user-space libraries): your distribution's module "
                          "package, or NVIDIA's installer run again on this kernel", kernel), NULL);
        break;
    }
    return 0;
}

static void node_depmod(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *kernel)
{
    finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Index kernel %s's modules, then load nvidia", kernel),
                      arena_printf(x->a, "sudo depmod -a %s\nsudo modprobe nvidia", kernel));
}

static void node_secure_boot(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const char *module, const char *version, const char *kernel)
{
    /* dkms's prepare_mok: Ubuntu's key is /var/lib/shim-signed/mok/MOK.der
     * (update-secureboot-policy), elsewhere /var/lib/dkms/mok.pub, made on
     * first use and used to sign every module DKMS builds. */
    const char *pub = x->family == FIX_FAMILY_UBUNTU ? "/var/lib/shim-signed/mok/MOK.der" : "/var/lib/dkms/mok.pub";
    if (module && version)
        finding_fix_group(fl, fd, 0, "sh", arena_printf(x->a, "Rebuild %s %s through DKMS, which signs it with its "
                          "MOK key", module, version),
                          arena_printf(x->a, "sudo dkms install --force %s/%s -k %s", module, version, kernel));
    finding_fix_group(fl, fd, 0, "sh", "Enroll that key (mokutil asks for a one-time password), reboot, and "
                      "confirm the enrollment in the blue MOK manager screen",
                      arena_printf(x->a, "sudo mokutil --import %s\nsudo reboot", pub));
    finding_fix_group(fl, fd, 0, NULL, "Or turn Secure Boot off in the firmware setup", NULL);
}

static void node_nouveau(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *blacklisted_by)
{
    const char *initramfs;
    switch (x->family) {
    case FIX_FAMILY_DEBIAN:
    case FIX_FAMILY_UBUNTU:
        initramfs = "sudo update-initramfs -u";
        break;
    case FIX_FAMILY_FEDORA:
    case FIX_FAMILY_RHEL:
    case FIX_FAMILY_SUSE:
        initramfs = "sudo dracut --force";
        break;
    case FIX_FAMILY_ARCH:
        initramfs = "sudo mkinitcpio -P";
        break;
    default:
        initramfs = NULL;
        break;
    }
    if (blacklisted_by) {
        /* Blacklisted, still loaded: the initramfs has no copy of the blacklist yet. */
        finding_fix_group(fl, fd, 0, initramfs ? "sh" : NULL, arena_printf(x->a, "%s blacklists nouveau, but the "
                          "initramfs loaded it before that file counted: rebuild the initramfs, reboot",
                          blacklisted_by), initramfs ? arena_printf(x->a, "%s && sudo reboot", initramfs) : NULL);
        return;
    }
    finding_fix_group(fl, fd, 0, "sh", "Blacklist nouveau, rebuild the initramfs, reboot",
                      arena_printf(x->a, "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | "
                                   "sudo tee /etc/modprobe.d/blacklist-nouveau.conf\n%s%sreboot",
                                   initramfs ? initramfs : "", initramfs ? " && sudo " : "sudo "));
}

/* WSL's own commands, run from Windows (PowerShell and cmd alike). */
static void from_windows(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                         const char *cmd)
{
    unsigned g = finding_next_group(fd);
    finding_fix_group(fl, fd, g, "powershell", title, cmd);
    finding_fix_group(fl, fd, g, "cmd", title, cmd);
    (void)x;
}

static void node_wsl_dxg(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    from_windows(x, fl, fd, "From Windows: update WSL and its kernel, then restart it (a custom kernel= line in "
                 "%UserProfile%\\.wslconfig, built without dxgkrnl, has the same effect: remove it)",
                 "wsl --update\nwsl --shutdown");
    finding_fix_group(fl, fd, 0, NULL, "A data-center GPU in TCC mode is not offered to WSL2 either: it needs the "
                      "WDDM driver model (on Windows: nvidia-smi -dm 0, where the GPU supports it)", NULL);
}

static void node_wsl_remount(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    from_windows(x, fl, fd, "Restart WSL, which maps C:\\Windows\\System32\\lxss\\lib into /usr/lib/wsl/lib "
                 "when it starts", "wsl --shutdown");
}

static void node_ext_torch_pin(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *dist, const char *torch_version)
{
    finding_fix_group(fl, fd, 0, x->os && !strcmp(x->os, "windows") ? "powershell" : "sh",
                      "See every requirement the installed versions break", arena_printf(x->a, "%s check",
                      fix_pip(x, env)));
    finding_fix_group(fl, fd, 0, NULL, arena_printf(x->a, "Install the %s release built for %s%s (each release "
                      "names the torch it is built for), or the torch it pins", dist,
                      torch_version ? "torch " : "the installed torch", torch_version ? torch_version : ""), NULL);
}

static void node_ext_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *dist,
                    const char *cuda)
{
    finding_fix_group(fl, fd, 0, NULL, arena_printf(x->a, "Install %s's build for CUDA %s, from the same wheel "
                      "index as torch's", dist, cuda ? cuda : "(torch's)"), NULL);
}

static void node_ext_arch(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                    const struct python_env *env, const char *dist, const char *cc)
{
    finding_fix_group(fl, fd, 0, NULL, arena_printf(x->a, "Install a %s build with code for compute capability %s, "
                      "or build it from source for this GPU", dist, cc), NULL);
    finding_fix_group(fl, fd, 0, "sh", "A source build for this GPU only",
                      arena_printf(x->a, "TORCH_CUDA_ARCH_LIST=\"%s\" %s install --no-build-isolation --no-binary "
                                   "%s %s", cc, fix_pip(x, env), dist, dist));
}

/* ---- ranks: each route above is one intent, ranked as a whole (diagnose/fixes_intent.h) ---- */

/*
 * Each public intent below is its route above, ranked as one route of
 * steps (fixes_rank_all): the fixes the call adds to fd, whatever the
 * route's arguments.
 */
#define RANKED_ROUTE(fd, rank, call)                                                                                \
    do {                                                                                                           \
        size_t from_ = (fd)->n_fixes;                                                                              \
        call;                                                                                                      \
        fixes_rank_all((fd), from_, (rank));                                                                       \
    } while (0)

void fixes_kmod_reload(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    RANKED_ROUTE(fd, FIX_RANK_REBOOT, node_kmod_reload(x, fl, fd));
}

void fixes_libcuda_abi(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    RANKED_ROUTE(fd, FIX_RANK_DRIVER, node_libcuda_abi(x, fl, fd));
}

void fixes_driver_component(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                            const char *name, const char *path, const char *have, const char *want)
{
    RANKED_ROUTE(fd, FIX_RANK_DRIVER, node_driver_component(x, fl, fd, name, path, have, want));
}

void fixes_device_nodes(const struct fix_ctx *x, struct findings *fl, struct finding *fd, int uvm)
{
    RANKED_ROUTE(fd, FIX_RANK_SYSTEM, node_device_nodes(x, fl, fd, uvm));
}

void fixes_device_access(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const char *user, const char *group, const char *node)
{
    RANKED_ROUTE(fd, FIX_RANK_SYSTEM, node_device_access(x, fl, fd, user, group, node));
}

void fixes_toolkit_host(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *engine)
{
    RANKED_ROUTE(fd, FIX_RANK_SYSTEM, node_toolkit_host(x, fl, fd, engine));
}

void fixes_cdi_regenerate(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *spec)
{
    RANKED_ROUTE(fd, FIX_RANK_SYSTEM, node_cdi_regenerate(x, fl, fd, spec));
}

void fixes_module_swap(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *loaded,
                       const char *better)
{
    RANKED_ROUTE(fd, FIX_RANK_ENV, node_module_swap(x, fl, fd, loaded, better));
}

int fixes_slurm_gpus(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    int r;
    RANKED_ROUTE(fd, FIX_RANK_ENV, r = node_slurm_gpus(x, fl, fd));
    return r;
}

void fixes_cgroup_devices(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    RANKED_ROUTE(fd, FIX_RANK_SYSTEM, node_cgroup_devices(x, fl, fd));
}

void fixes_kmod_reboot_into(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                            const char *newest)
{
    RANKED_ROUTE(fd, FIX_RANK_REBOOT, node_kmod_reboot_into(x, fl, fd, newest));
}

void fixes_dkms_build(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const char *module, const char *version, const char *kernel,
                      int headers_missing, const char *failed_log)
{
    size_t from = fd->n_fixes;
    int reboot = node_dkms_build(x, fl, fd, module, version, kernel, headers_missing, failed_log);
    fixes_rank_all(fd, from, reboot ? FIX_RANK_REBOOT : FIX_RANK_DRIVER);
}

void fixes_kmod_rebuild(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *kernel)
{
    size_t from = fd->n_fixes;
    int reboot = node_kmod_rebuild(x, fl, fd, kernel);
    fixes_rank_all(fd, from, reboot ? FIX_RANK_REBOOT : FIX_RANK_DRIVER);
}

void fixes_depmod(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *kernel)
{
    RANKED_ROUTE(fd, FIX_RANK_SYSTEM, node_depmod(x, fl, fd, kernel));
}

void fixes_secure_boot(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const char *module, const char *version, const char *kernel)
{
    RANKED_ROUTE(fd, FIX_RANK_REBOOT, node_secure_boot(x, fl, fd, module, version, kernel));
}

void fixes_nouveau(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *blacklisted_by)
{
    RANKED_ROUTE(fd, FIX_RANK_REBOOT, node_nouveau(x, fl, fd, blacklisted_by));
}

void fixes_wsl_dxg(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    RANKED_ROUTE(fd, FIX_RANK_DRIVER, node_wsl_dxg(x, fl, fd));
}

void fixes_wsl_remount(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    RANKED_ROUTE(fd, FIX_RANK_SYSTEM, node_wsl_remount(x, fl, fd));
}

void fixes_ext_torch_pin(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *dist, const char *torch_version)
{
    RANKED_ROUTE(fd, FIX_RANK_USER, node_ext_torch_pin(x, fl, fd, env, dist, torch_version));
}

void fixes_ext_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *dist,
                    const char *cuda)
{
    RANKED_ROUTE(fd, FIX_RANK_USER, node_ext_cuda(x, fl, fd, dist, cuda));
}

void fixes_ext_arch(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                    const struct python_env *env, const char *dist, const char *cc)
{
    RANKED_ROUTE(fd, FIX_RANK_USER, node_ext_arch(x, fl, fd, env, dist, cc));
}
