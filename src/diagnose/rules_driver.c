/*
 * rules_driver.c - the driver and the GPU: is there one, is it loaded, do
 * its halves agree, can this user reach it, and is the WSL2 mapping intact.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"

#include <string.h>

#include "util/text.h"
#include "util/banned.h"

static int userspace_outside_wsl(const struct facts *f, const struct driver_lib **out)
{
    size_t i;
    for (i = 0; i < f->driver.n_libs; i++) {
        if (!str_starts(f->driver.libs[i].path, "/usr/lib/wsl/")) {
            *out = &f->driver.libs[i];
            return 1;
        }
    }
    return 0;
}

static void rule_no_gpu(const struct facts *f, struct findings *out)
{
    struct finding *fd;
    if (f->n_gpus || !f->pci_readable || f->system.wsl || f->tegra.present)
        return; /* a Jetson's GPU is in the SoC, never on the PCI bus */
    fd = findings_add(out, "GD102", SEV_ERROR, "no NVIDIA GPU on this machine's PCI bus");
    finding_evidence(out, fd, "/sys/bus/pci/devices",
                     "no device with vendor 0x10de and a display class");
    finding_fix(out, fd, NULL,
                "If this is a cloud or VM instance, choose a GPU instance type or pass the GPU through; "
                "in a container, start it with the GPU (docker run --gpus all ...)", NULL);
}

static void rule_no_driver(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const char *drv = facts_driver_version(f);
    struct finding *fd;

    if (f->system.wsl || f->driver.kmod_version || f->driver.nouveau_loaded || f->tegra.present)
        return; /* a Jetson has no nvidia.ko: rule_tegra judges its driver */
    if (!f->n_gpus && f->pci_readable)
        return; /* no GPU: GD102 says it; a driver would not help */
    if (!f->system.kernel) {
        /* No /proc (a container image or disk examined offline): the
         * kernel side cannot be judged. */
        return;
    }
    if (drv) {
        fd = findings_add(out, "GD101", SEV_ERROR,
                          "the NVIDIA driver %s is installed but its kernel module is not loaded", drv);
        finding_evidence(out, fd, "/proc/driver/nvidia/version", "absent: the nvidia module is not loaded");
        finding_evidence(out, fd, f->driver.libs[0].path, "user-space driver %s", drv);
        finding_fix(out, fd, "sh", "Load the module (or reboot after a driver install)", "sudo modprobe nvidia");
        finding_fix(out, fd, "sh", "If modprobe fails with Secure Boot on, the module is unsigned: "
                    "enroll the MOK key or disable Secure Boot; check the kernel log",
                    "sudo dmesg | grep -i -E 'nvidia|secure boot'");
    } else {
        fd = findings_add(out, "GD101", SEV_ERROR, "no NVIDIA driver is installed");
        finding_evidence(out, fd, "/proc/driver/nvidia/version", "absent: the nvidia module is not loaded");
        finding_evidence(out, fd, NULL, "no libcuda.so.<version> in the system library directories");
        {
            /* The command for this distribution (or container) from the fix engine. */
            struct fix_ctx fx;
            fix_ctx_from_facts(&fx, f, kb, out->arena);
            fixes_driver_install(&fx, out, fd);
        }
    }
}

static void rule_mismatch(const struct facts *f, struct findings *out)
{
    size_t i, j;
    struct finding *fd = NULL;

    if (f->driver.kmod_version) {
        for (i = 0; i < f->driver.n_libs; i++) {
            const struct driver_lib *dl = &f->driver.libs[i];
            /* A forward-compatibility libcuda differs from the module by design
             * (rules_container.c judges whether the GPU runs it). */
            if (!strcmp(dl->version, f->driver.kmod_version) || str_starts(dl->path, "/usr/lib/wsl/") ||
                (dl->origin && !strcmp(dl->origin, "compat")))
                continue;
            if (!fd) {
                fd = findings_add(out, "GD103", SEV_ERROR,
                                  "the loaded kernel module is %s but the user-space driver is %s "
                                  "(\"Driver/library version mismatch\")",
                                  f->driver.kmod_version, dl->version);
                finding_evidence(out, fd, f->driver.kmod_source, "kernel module %s", f->driver.kmod_version);
            }
            finding_evidence(out, fd, dl->path, "%s %s", dl->name, dl->version);
        }
        if (fd) {
            finding_fix(out, fd, "sh", "Reboot, so the new kernel module is loaded (the usual cause is a "
                        "driver upgrade without a reboot)", "sudo reboot");
            finding_fix(out, fd, "sh", "Or reload the modules without rebooting (stop every GPU process first)",
                        "sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia");
            return;
        }
    }
    /* Two user-space versions side by side (without a kernel module to
     * compare with, or both differing from it). */
    for (i = 0; i < f->driver.n_libs; i++) {
        for (j = i + 1; j < f->driver.n_libs; j++) {
            const struct driver_lib *a = &f->driver.libs[i], *b = &f->driver.libs[j];
            if (strcmp(a->name, b->name) || !strcmp(a->version, b->version))
                continue;
            if (str_starts(a->path, "/usr/lib/wsl/") || str_starts(b->path, "/usr/lib/wsl/"))
                continue;
            if ((a->origin && !strcmp(a->origin, "compat")) || (b->origin && !strcmp(b->origin, "compat")))
                continue;
            fd = findings_add(out, "GD111", SEV_WARNING,
                              "two versions of the user-space driver are installed: %s and %s",
                              a->version, b->version);
            finding_evidence(out, fd, a->path, "%s %s", a->name, a->version);
            finding_evidence(out, fd, b->path, "%s %s", b->name, b->version);
            finding_fix(out, fd, "sh", "Find which package owns each and remove the stale one",
                        "dpkg -S %s %s", a->path, b->path);
            return;
        }
    }
}

static void rule_nouveau(const struct facts *f, struct findings *out)
{
    struct finding *fd;
    if (!f->driver.nouveau_loaded)
        return;
    fd = findings_add(out, "GD104", f->driver.kmod_version ? SEV_WARNING : SEV_ERROR,
                      "the nouveau driver is loaded; CUDA needs NVIDIA's driver");
    finding_evidence(out, fd, NULL, "%s", f->driver.nouveau_evidence);
    finding_fix(out, fd, "sh", "Blacklist nouveau, rebuild the initramfs, reboot",
                "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | "
                "sudo tee /etc/modprobe.d/blacklist-nouveau.conf\n"
                "sudo update-initramfs -u && sudo reboot");
}

static void rule_nodes(const struct facts *f, struct findings *out)
{
    struct finding *fd = NULL;
    size_t i;

    if (!f->driver.kmod_version || f->system.wsl)
        return;
    for (i = 0; i < f->driver.n_nodes; i++) {
        const struct dev_node *dn = &f->driver.nodes[i];
        int uvm = !strcmp(dn->path, "/dev/nvidia-uvm");
        if (dn->exists && dn->readable && dn->writable)
            continue;
        if (!dn->exists && uvm) {
            struct finding *w = findings_add(out, "GD105", SEV_WARNING,
                                             "/dev/nvidia-uvm does not exist yet");
            finding_evidence(out, w, dn->path, "absent");
            finding_fix(out, w, "sh", "It is created on first CUDA use by nvidia-modprobe; if CUDA fails "
                        "with 'unknown error', create it", "sudo nvidia-modprobe -u -c=0");
            continue;
        }
        if (!fd) {
            fd = findings_add(out, "GD105", SEV_ERROR,
                              "the NVIDIA device nodes are missing or not read/write for this user");
            finding_fix(out, fd, "sh", "Create the nodes (nvidia-modprobe ships with the driver)",
                        "sudo nvidia-modprobe -c=0 -u");
            finding_fix(out, fd, "sh", "If they exist but are not accessible, check their group and add "
                        "yourself to it (log in again afterwards)",
                        "ls -l /dev/nvidia*\nsudo usermod -aG video \"$USER\"");
        }
        finding_evidence(out, fd, dn->path, "%s", !dn->exists ? "absent"
                         : !dn->readable ? "not readable" : "not writable");
    }
}

static void rule_stub(const struct facts *f, struct findings *out)
{
    struct finding *fd;
    size_t i;
    int chosen = f->driver.libcuda_resolved && strstr(f->driver.libcuda_resolved, "/stubs/");
    if (!f->driver.n_stubs && !chosen)
        return;
    /* An error when the loader model says dlopen("libcuda.so.1") gets the
     * stub; a warning when a stub only sits in a searched directory. */
    if (chosen) {
        fd = findings_add(out, "GD106", SEV_ERROR,
                          "dlopen(\"libcuda.so.1\") gets the CUDA toolkit's stub, not the driver "
                          "(CUDA_ERROR_STUB_LIBRARY)");
        finding_evidence(out, fd, f->driver.libcuda_resolved, "found through %s", f->driver.libcuda_step);
    } else {
        fd = findings_add(out, "GD106", SEV_WARNING,
                          "the CUDA toolkit's stub libcuda is in a directory the loader searches");
    }
    for (i = 0; i < f->driver.n_stubs; i++)
        finding_evidence(out, fd, f->driver.stubs[i], "link-time stub in a searched directory");
    finding_fix(out, fd, "sh", "Remove the stubs directory from LD_LIBRARY_PATH (it is for linking only)",
                "export LD_LIBRARY_PATH=$(printf %%s \"$LD_LIBRARY_PATH\" | tr ':' '\\n' | "
                "grep -v '/stubs' | paste -sd:)");
    finding_fix(out, fd, "sh", "If an ld.so.conf file names it, remove that line and rebuild the cache",
                "grep -r stubs /etc/ld.so.conf /etc/ld.so.conf.d/ && sudo ldconfig");
}

static void rule_wsl(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct driver_lib *dl;
    struct finding *fd;
    struct fix_ctx fx;

    if (f->system.wsl != 2)
        return;
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    if (!f->driver.wsl_libcuda) {
        fd = findings_add(out, "GD110", SEV_ERROR,
                          "WSL2, but the Windows driver's CUDA library is not mapped into /usr/lib/wsl/lib");
        finding_evidence(out, fd, "/usr/lib/wsl/lib/libcuda.so.1", "absent");
        finding_evidence(out, fd, NULL, "WSL2: %s", f->system.wsl_evidence);
        fixes_driver_install(&fx, out, fd);
    }
    if (f->driver.libcuda_resolved && !str_starts(f->driver.libcuda_resolved, "/usr/lib/wsl/")) {
        fd = findings_add(out, "GD107", SEV_ERROR,
                          "WSL2: dlopen(\"libcuda.so.1\") gets %s, not the Windows driver's library",
                          f->driver.libcuda_resolved);
        finding_evidence(out, fd, f->driver.libcuda_resolved, "found through %s", f->driver.libcuda_step);
        fixes_wsl_linux_driver(&fx, out, fd);
    } else if (userspace_outside_wsl(f, &dl)) {
        fd = findings_add(out, "GD107", SEV_ERROR,
                          "a Linux NVIDIA driver is installed inside WSL2 and can shadow the Windows driver");
        finding_evidence(out, fd, dl->path, "%s %s inside WSL2", dl->name, dl->version);
        if (f->driver.wsl_libcuda)
            finding_evidence(out, fd, f->driver.wsl_libcuda, "the Windows driver's library");
        fixes_wsl_linux_driver(&fx, out, fd);
    }
}

/* A Jetson (L4T): no nvidia.ko and no PCI device; the GPU driver is the L4T
 * kernel's and its CUDA driver is tegra/libcuda.so.1, which must be where
 * dlopen("libcuda.so.1") looks. */
static void rule_tegra(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct tegra_facts *t = &f->tegra;
    const char *rel = t->l4t ? arena_printf(out->arena, "L4T %s", t->l4t) : "L4T, release unknown";
    struct finding *fd;
    struct fix_ctx fx;

    if (!t->present || (t->libcuda && t->libcuda_on_path))
        return;
    if (!t->libcuda) {
        fd = findings_add(out, "GD113", SEV_ERROR, "this Jetson (%s) has no CUDA driver: "
                          "/usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1 is missing", rel);
        finding_evidence(out, fd, "/usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1", "absent");
    } else {
        fd = findings_add(out, "GD113", SEV_ERROR, "this Jetson's CUDA driver %s is not on the loader's "
                          "path: dlopen(\"libcuda.so.1\") does not find it", t->libcuda);
        finding_evidence(out, fd, t->libcuda, "present (nvidia-l4t-cuda)");
        finding_evidence(out, fd, f->driver.libcuda_resolved ? f->driver.libcuda_resolved : NULL,
                         "%s", f->driver.libcuda_resolved ? "the loader model's libcuda.so.1 is this one"
                                                          : "the loader model finds no libcuda.so.1");
    }
    if (t->l4t_source)
        finding_evidence(out, fd, t->l4t_source, "Jetson, %s", rel);
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    fixes_jetson_driver(&fx, out, fd, t);
}

void rules_driver(const struct facts *f, const struct kb *kb, struct findings *out)
{
    rule_no_gpu(f, out);
    rule_no_driver(f, kb, out);
    rule_mismatch(f, out);
    rule_nouveau(f, out);
    rule_nodes(f, out);
    rule_stub(f, out);
    rule_wsl(f, kb, out);
    rule_tegra(f, kb, out);
}
