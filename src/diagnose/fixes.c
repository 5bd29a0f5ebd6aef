/*
 * fixes.c - the fix engine (fixes.h).
 *
 * Driver commands per distribution, from each distribution's own guide:
 *  - Debian: https://wiki.debian.org/NvidiaGraphicsDrivers -- "apt install
 *    nvidia-driver firmware-misc-nonfree" after enabling contrib non-free
 *    (non-free-firmware from bookworm), with linux-headers for DKMS.
 *  - Ubuntu: https://documentation.ubuntu.com/server/how-to/graphics/install-nvidia-drivers/
 *    -- "sudo ubuntu-drivers install" (ubuntu-drivers-common; Ubuntu only:
 *    Debian has no such command).
 *  - Fedora: https://rpmfusion.org/Howto/NVIDIA -- RPM Fusion nonfree, then
 *    "dnf install akmod-nvidia" and "xorg-x11-drv-nvidia-cuda" (CUDA, nvidia-smi).
 *  - RHEL, Rocky, Alma, Oracle Linux: NVIDIA Driver Installation Guide,
 *    https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/
 *    ("Kernel Modules": "dnf module enable nvidia-driver:open-dkms",
 *    "dnf install nvidia-open", with NVIDIA's CUDA repository added).
 *  - Arch: https://wiki.archlinux.org/title/NVIDIA -- "nvidia-open" (Turing
 *    and newer) with nvidia-utils; older GPUs need a legacy branch (AUR).
 *  - openSUSE / SLES: https://en.opensuse.org/SDB:NVIDIA_drivers -- NVIDIA's
 *    repository, then "zypper install-new-recommends --repo NVIDIA".
 *  - WSL2: https://docs.nvidia.com/cuda/wsl-user-guide/ -- the Windows
 *    driver is the driver; "users must not install any NVIDIA GPU Linux
 *    driver within WSL 2"; libcuda.so is mapped at /usr/lib/wsl/lib.
 *  - Containers: https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html
 *    -- nvidia-container-toolkit, "nvidia-ctk runtime configure
 *    --runtime=docker", then "docker run --gpus all".  PyTorch's DataLoader
 *    workers need shared memory: "--ipc=host" or "--shm-size"
 *    (https://github.com/pytorch/pytorch#docker-image).
 * Python:
 *  - PEP 668 (https://peps.python.org/pep-0668/): pip refuses an externally
 *    managed prefix; the remedy it names is a virtual environment.  Debian
 *    and Ubuntu split venv's ensurepip into python3-venv.
 *  - PyTorch's per-variant indexes: https://pytorch.org/get-started/previous-versions/
 *    ("pip install torch==X --index-url https://download.pytorch.org/whl/cuXYZ").
 *  - TensorFlow: https://www.tensorflow.org/install/pip -- Linux
 *    "tensorflow[and-cuda]"; native Windows: "conda install -c conda-forge
 *    cudatoolkit=11.2 cudnn=8.1.0" and "tensorflow<2.11" (its last GPU
 *    release); WSL2 for anything newer.  DirectML:
 *    https://learn.microsoft.com/windows/ai/directml/gpu-tensorflow-plugin --
 *    "tensorflow-cpu==2.10" plus "tensorflow-directml-plugin".
 *  - JAX: https://docs.jax.dev/en/latest/installation.html -- "pip install
 *    -U "jax[cuda12]"" (or cuda13); releases before the plugin extra use
 *    "jax[cuda12_pip]" with -f https://storage.googleapis.com/jax-releases/jax_cuda_releases.html.
 *  - ONNX Runtime: https://onnxruntime.ai/docs/install/ -- "pip install
 *    onnxruntime-gpu"; the CUDA 12 builds of 1.17, 1.18 and 1.28 come from
 *    ORT's onnxruntime-cuda-12 feed.  The install page gave that feed as
 *    --extra-index-url, but PyPI's onnxruntime-gpu of the same version is
 *    another build, which pip may then take (microsoft/onnxruntime#20745: a
 *    CUDA 11 build installed that way), so the
 *    dependencies come from PyPI first and the feed is the only index, as
 *    ORT's maintainers install it (#19356, the release-candidate issues).
 *  - CuPy: https://docs.cupy.dev/en/stable/install.html -- one wheel per
 *    CUDA generation ("pip install cupy-cuda12x"), "[ctk]" for the CUDA
 *    components from PyPI.
 */
#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_container.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

/* ---- the context ---- */

enum fix_family fix_family_of(const char *id)
{
    static const struct { const char *id; enum fix_family fam; } ids[] = {
        { "debian", FIX_FAMILY_DEBIAN }, { "raspbian", FIX_FAMILY_DEBIAN },
        { "ubuntu", FIX_FAMILY_UBUNTU }, { "pop", FIX_FAMILY_UBUNTU },
        { "linuxmint", FIX_FAMILY_UBUNTU }, { "elementary", FIX_FAMILY_UBUNTU },
        { "zorin", FIX_FAMILY_UBUNTU }, { "neon", FIX_FAMILY_UBUNTU },
        { "fedora", FIX_FAMILY_FEDORA },
        { "rhel", FIX_FAMILY_RHEL }, { "centos", FIX_FAMILY_RHEL }, { "rocky", FIX_FAMILY_RHEL },
        { "almalinux", FIX_FAMILY_RHEL }, { "ol", FIX_FAMILY_RHEL }, { "amzn", FIX_FAMILY_RHEL },
        { "arch", FIX_FAMILY_ARCH }, { "manjaro", FIX_FAMILY_ARCH },
        { "endeavouros", FIX_FAMILY_ARCH },
        { "opensuse", FIX_FAMILY_SUSE }, { "opensuse-leap", FIX_FAMILY_SUSE },
        { "opensuse-tumbleweed", FIX_FAMILY_SUSE }, { "sles", FIX_FAMILY_SUSE },
        { "sled", FIX_FAMILY_SUSE },
    };
    size_t i;
    if (!id)
        return FIX_FAMILY_UNKNOWN;
    for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
        if (!strcmp(ids[i].id, id))
            return ids[i].fam;
    return FIX_FAMILY_UNKNOWN;
}

const char *fix_family_name(enum fix_family fam)
{
    switch (fam) {
    case FIX_FAMILY_DEBIAN: return "debian";
    case FIX_FAMILY_UBUNTU: return "ubuntu";
    case FIX_FAMILY_FEDORA: return "fedora";
    case FIX_FAMILY_RHEL: return "rhel";
    case FIX_FAMILY_ARCH: return "arch";
    case FIX_FAMILY_SUSE: return "suse";
    case FIX_FAMILY_UNKNOWN: break;
    }
    return "unknown";
}

void fix_ctx_init(struct fix_ctx *x, const struct kb *kb, struct arena *a)
{
    memset(x, 0, sizeof(*x));
    x->kb = kb;
    x->a = a;
    x->os = "linux";
    x->wsl = -1;
}

void fix_ctx_from_facts(struct fix_ctx *x, const struct facts *f, const struct kb *kb,
                        struct arena *a)
{
    size_t i;
    fix_ctx_init(x, kb, a);
    if (f->system.os && (!strcmp(f->system.os, "windows") || !strcmp(f->system.os, "macos")))
        x->os = f->system.os;
    x->distro = f->system.distro_id;
    x->distro_version = f->system.distro_version;
    x->family = fix_family_of(f->system.distro_id);
    x->wsl = f->system.wsl;
    x->container = f->system.container;
    x->driver = facts_driver_version(f);
    if (f->partial) {
        /* A log's facts: no OS shown leaves WSL unknown; a driver known only by its
         * CUDA ceiling is at least the first driver with that ceiling. */
        const char *src;
        if (!f->system.os)
            x->wsl = -1;
        if (!x->driver && kb && f->driver.cuda_max &&
            kb_cuda_min_driver(kb, f->driver.cuda_max, x->os, &x->driver, &src) != 1)
            x->driver = NULL;
    }
    x->arch = f->system.arch;
    x->facts = f;
    /* The GPU a build must have code for: when every GPU whose compute
     * capability is known has the same one (several kinds: no filter). */
    for (i = 0; i < f->n_gpus; i++) {
        const char *cc = f->gpus[i].compute_capability;
        if (!cc)
            continue;
        if (x->gpu_cc && strcmp(x->gpu_cc, cc)) {
            x->gpu_cc = NULL;
            break;
        }
        x->gpu_cc = cc;
    }
}

static int windows(const struct fix_ctx *x)
{
    return !strcmp(x->os, "windows");
}

/* ---- grouped fixes: one command, several shells ---- */

static unsigned next_group(const struct finding *fd)
{
    return finding_next_group(fd);
}

/* Add a fix (command already built) that belongs to group g. */
static void add(struct findings *fl, struct finding *fd, unsigned g, const char *shell,
                const char *title, const char *command)
{
    finding_fix_group(fl, fd, g, shell, title, command);
}

/* ---- the driver ---- */

static void driver_cmd(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const char *title_prefix)
{
    const char *t;
    switch (x->family) {
    case FIX_FAMILY_DEBIAN:
        t = arena_printf(x->a, "%sDebian: install the driver from non-free (enable contrib, non-free "
                         "and non-free-firmware in /etc/apt/sources.list first; reboot after)",
                         title_prefix);
        /* The kernel headers' metapackage is named by Debian's architecture:
         * linux-headers-arm64 on aarch64 (Grace and other Arm servers; Debian
         * builds nvidia-driver for arm64 in non-free too). */
        add(fl, fd, 0, "sh", t,
            arena_printf(x->a, "sudo apt-get update\n"
                         "sudo apt-get install linux-headers-%s nvidia-driver firmware-misc-nonfree",
                         x->arch && !strcmp(x->arch, "aarch64") ? "arm64" : "amd64"));
        return;
    case FIX_FAMILY_UBUNTU:
        t = arena_printf(x->a, "%sUbuntu: install the recommended driver (reboot after)", title_prefix);
        add(fl, fd, 0, "sh", t, "sudo ubuntu-drivers install");
        return;
    case FIX_FAMILY_FEDORA:
        t = arena_printf(x->a, "%sFedora: install the driver from RPM Fusion nonfree (enable RPM Fusion "
                         "first; wait for akmods to build the module, then reboot)", title_prefix);
        add(fl, fd, 0, "sh", t, "sudo dnf install akmod-nvidia xorg-x11-drv-nvidia-cuda");
        return;
    case FIX_FAMILY_RHEL:
        t = arena_printf(x->a, "%sRHEL family: install the driver from NVIDIA's CUDA repository "
                         "(add the repository for your release first; reboot after)", title_prefix);
        add(fl, fd, 0, "sh", t, "sudo dnf module enable nvidia-driver:open-dkms\nsudo dnf install nvidia-open");
        return;
    case FIX_FAMILY_ARCH:
        t = arena_printf(x->a, "%sArch: install the driver (nvidia-open is for Turing and newer GPUs; "
                         "older ones need a legacy branch from the AUR; reboot after)", title_prefix);
        add(fl, fd, 0, "sh", t, "sudo pacman -S nvidia-open nvidia-utils");
        return;
    case FIX_FAMILY_SUSE:
        t = arena_printf(x->a, "%sopenSUSE / SLES: install the driver from NVIDIA's repository "
                         "(add it first, see en.opensuse.org/SDB:NVIDIA_drivers; reboot after)",
                         title_prefix);
        add(fl, fd, 0, "sh", t, "sudo zypper install-new-recommends --repo NVIDIA");
        return;
    case FIX_FAMILY_UNKNOWN:
        break;
    }
    t = arena_printf(x->a, "%sInstall NVIDIA's driver with your distribution's package manager, or "
                     "NVIDIA's for your GPU from https://www.nvidia.com/Download/index.aspx", title_prefix);
    add(fl, fd, 0, NULL, t, NULL);
}

static void windows_driver(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                           const char *what)
{
    (void)x;
    add(fl, fd, 0, NULL, what, NULL);
    add(fl, fd, 0, NULL, "NVIDIA's driver download page (on Windows)", "https://www.nvidia.com/Download/index.aspx");
}

static void route_driver_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    unsigned g;
    if (windows(x)) {
        windows_driver(x, fl, fd, "Install the NVIDIA driver for your GPU (Windows)");
        return;
    }
    if (!strcmp(x->os, "macos")) {
        add(fl, fd, 0, NULL, "macOS has no CUDA driver: use Apple's GPU through Metal (MPS, tensorflow-metal)",
            NULL);
        return;
    }
    if (x->wsl == 2) {
        windows_driver(x, fl, fd, "WSL2: install or update the NVIDIA driver on Windows, never a Linux "
                       "driver inside WSL (NVIDIA's CUDA on WSL guide); it appears in /usr/lib/wsl/lib");
        g = next_group(fd);
        add(fl, fd, g, "powershell", "Then update and restart WSL (from Windows)", "wsl --update\nwsl --shutdown");
        add(fl, fd, g, "cmd", "Then update and restart WSL (from Windows)", "wsl --update\nwsl --shutdown");
        return;
    }
    if (x->container) {
        add(fl, fd, 0, NULL, "In a container the driver comes from the host: install it there, with the "
            "NVIDIA Container Toolkit, and start the container with the GPUs", NULL);
        add(fl, fd, 0, "sh", "On the host (Debian/Ubuntu): add NVIDIA's container repository, install "
            "the toolkit and register it with Docker",
            arena_printf(x->a, "%s\nsudo nvidia-ctk runtime configure --runtime=docker\n"
                         "sudo systemctl restart docker", fixes_ctk_route(FIX_FAMILY_DEBIAN)));
        add(fl, fd, 0, "sh", "Start the container with every GPU (and shared memory for data loaders)",
            "docker run --gpus all --ipc=host IMAGE");
        return;
    }
    driver_cmd(x, fl, fd, "");
}

/*
 * 1 when the distribution's own archive installs a driver older than need
 * (data/distro_pkg.kb, driver_version): its install command would leave the
 * machine where it is, so *title (the upgrade advice) gets where a new
 * enough one comes from instead.
 */
static int archive_too_old(const struct fix_ctx *x, const char *need, const char **title)
{
    const char *have = NULL, *src = NULL;
    if (kb_distro_pkg(x->kb, x->distro, x->distro_version, "nvidia-driver", "driver_version", NULL, NULL, &have,
                      &src) != 1 || !have || ver_cmp_driver(have, need) >= 0)
        return 0;
    (void)src;
    *title = arena_printf(x->a, "%s -- %s %s's own archive installs driver %s, older than that, so its "
                          "nvidia-driver package is no route here: use NVIDIA's CUDA repository for %s "
                          "(https://developer.nvidia.com/cuda-downloads) or a newer release of %s", *title, x->distro,
                          x->distro_version ? x->distro_version : "", have, x->distro, x->distro);
    return 1;
}

static void route_driver_upgrade(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const char *need, const char *why)
{
    const char *t = arena_printf(x->a, "Upgrade the NVIDIA driver to %s%s%s%s", need ? need : "a newer release",
                                 need ? " or newer" : "", why ? ": " : "", why ? why : "");
    if (windows(x) || x->wsl == 2) {
        windows_driver(x, fl, fd, x->wsl == 2 ? arena_printf(x->a, "%s (on Windows: WSL2 uses the Windows "
                                                             "driver)", t) : t);
        return;
    }
    if (x->container) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "%s (on the host: a container uses the host's driver)", t), NULL);
        return;
    }
    if (need && x->kb && x->distro && archive_too_old(x, need, &t)) {
        add(fl, fd, 0, NULL, t, NULL);
        return;
    }
    add(fl, fd, 0, NULL, t, NULL);
    if (x->family == FIX_FAMILY_DEBIAN)
        add(fl, fd, 0, "sh", "Debian: see which driver version the archive offers before installing it "
            "(a stable release may be older than needed: then backports or NVIDIA's repository)",
            "apt-cache policy nvidia-driver");
    driver_cmd(x, fl, fd, "");
}

static void route_libcuda_missing(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    unsigned g;
    if (x->wsl == 2) {
        add(fl, fd, 0, NULL, "WSL2: libcuda comes from the Windows driver, mapped at /usr/lib/wsl/lib; "
            "never install a Linux driver inside WSL (NVIDIA's CUDA on WSL guide)", NULL);
        g = next_group(fd);
        add(fl, fd, g, "sh", "Put the Windows driver's directory on the loader path",
            "export LD_LIBRARY_PATH=/usr/lib/wsl/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}");
        add(fl, fd, g, "fish", "Put the Windows driver's directory on the loader path",
            "set -gx LD_LIBRARY_PATH /usr/lib/wsl/lib $LD_LIBRARY_PATH");
        windows_driver(x, fl, fd, "If /usr/lib/wsl/lib/libcuda.so.1 is missing: install or update the "
                       "NVIDIA driver on Windows, then restart WSL (wsl --shutdown)");
        return;
    }
    fixes_driver_install(x, fl, fd);
}

static void route_wsl_linux_driver(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    const char *t = "Remove the Linux driver packages (NVIDIA: never install a Linux driver inside WSL2; "
                    "the CUDA toolkit for WSL is the WSL-Ubuntu installer, without a driver)";
    switch (x->family) {
    case FIX_FAMILY_DEBIAN:
    case FIX_FAMILY_UBUNTU:
        add(fl, fd, 0, "sh", t, "sudo apt-get remove --purge '^nvidia-driver-.*' '^libnvidia-.*'\nsudo ldconfig");
        break;
    case FIX_FAMILY_FEDORA:
    case FIX_FAMILY_RHEL:
        add(fl, fd, 0, "sh", t, "sudo dnf remove 'nvidia-driver*' 'akmod-nvidia*' 'xorg-x11-drv-nvidia*'\nsudo ldconfig");
        break;
    case FIX_FAMILY_ARCH:
        add(fl, fd, 0, "sh", t, "sudo pacman -Rns nvidia-open nvidia-utils\nsudo ldconfig");
        break;
    default:
        add(fl, fd, 0, NULL, arena_printf(x->a, "%s with your distribution's package manager, then run ldconfig", t),
            NULL);
        break;
    }
    fixes_loader_path(x, fl, fd, "Until then, put the Windows driver's directory first", "/usr/lib/wsl/lib");
}

static void route_loader_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const char *title, const char *dirs)
{
    unsigned g = next_group(fd);
    if (windows(x)) {
        /* One directory per PATH entry, in Windows form. */
        struct strbuf w = STRBUF_INIT, one = STRBUF_INIT, v = STRBUF_INIT;
        const char *p = dirs;
        while (p && *p) {
            const char *c = strchr(p, ':');
            size_t n = c ? (size_t)(c - p) : strlen(p);
            strbuf_reset(&v);
            strbuf_add(&v, p, n);
            winpath_from_virtual(v.buf, &one);
            if (w.len)
                strbuf_addch(&w, ';');
            strbuf_addstr(&w, one.buf);
            p = c ? c + 1 : NULL;
        }
        add(fl, fd, g, "powershell", title ? title : "Put the directory first on PATH for this session",
            arena_printf(x->a, "$env:PATH = \"%s;\" + $env:PATH", w.buf));
        add(fl, fd, g, "cmd", title ? title : "Put the directory first on PATH for this session",
            arena_printf(x->a, "set \"PATH=%s;%%PATH%%\"", w.buf));
        strbuf_release(&w);
        strbuf_release(&one);
        strbuf_release(&v);
        return;
    }
    if (!title)
        title = "Put the directory on the loader path for this shell (add the line to your shell's startup "
                "file, or the environment's activate script, to keep it)";
    add(fl, fd, g, "sh", title,
        arena_printf(x->a, "export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}", dirs));
    {
        /* fish: a list, not a colon string. */
        struct strbuf sp = STRBUF_INIT;
        const char *p;
        for (p = dirs; *p; p++)
            strbuf_addch(&sp, *p == ':' ? ' ' : *p);
        add(fl, fd, g, "fish", title, arena_printf(x->a, "set -gx LD_LIBRARY_PATH %s $LD_LIBRARY_PATH", sp.buf));
        strbuf_release(&sp);
    }
}

/* ---- Python ---- */

/* A path to paste into sh: quoted when it holds anything but safe characters. */
static const char *sh_word(struct arena *a, const char *s)
{
    const char *p;
    for (p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("/._-+=:,@%", *p)))
            break;
    if (!*p && *s)
        return s;
    {
        struct strbuf q = STRBUF_INIT;
        const char *r;
        strbuf_addch(&q, '\'');
        for (p = s; *p; p++) {
            if (*p == '\'')
                strbuf_addstr(&q, "'\\''");
            else
                strbuf_addch(&q, *p);
        }
        strbuf_addch(&q, '\'');
        r = arena_strdup(a, q.buf);
        strbuf_release(&q);
        return r;
    }
}

const char *fix_python(const struct fix_ctx *x, const struct python_env *env)
{
    if (!env || !env->prefix)
        return windows(x) ? "python" : "python3";
    if (windows(x)) {
        struct strbuf w = STRBUF_INIT;
        const char *v = env->interpreter;
        const char *r;
        if (!v)
            v = !strcmp(env->kind ? env->kind : "", "venv") ? arena_printf(x->a, "%s/Scripts/python.exe", env->prefix)
                                                             : arena_printf(x->a, "%s/python.exe", env->prefix);
        if (v[0] == '/')
            winpath_from_virtual(v, &w);
        else
            strbuf_addstr(&w, v);
        r = arena_printf(x->a, "\"%s\"", w.buf);
        strbuf_release(&w);
        return r;
    }
    if (env->interpreter)
        return sh_word(x->a, env->interpreter);
    if (x->facts) {
        /* The scan found no interpreter file in env, but a command the user runs
         * (python3 on PATH, a pyenv shim) resolves to one of env's (interp facts). */
        const struct interp_facts *in = &x->facts->interp;
        size_t i;
        for (i = 0; i < in->nr; i++) {
            const struct py_interpreter *it = &in->v[i];
            if (it->path && it->command && !strncmp(it->command, "python", 6) && it->env &&
                !strcmp(it->env, env->prefix) &&
                ((!it->env_python && !env->python_version) ||
                 (it->env_python && env->python_version && !strcmp(it->env_python, env->python_version))))
                return sh_word(x->a, it->path);
        }
    }
    if (env->python_version) {
        const char *xy = ver_dotted_prefix(x->a, env->python_version, 2);
        return sh_word(x->a, arena_printf(x->a, "%s/bin/python%s", strcmp(env->prefix, "/") ? env->prefix : "", xy));
    }
    return sh_word(x->a, arena_printf(x->a, "%s/bin/python3", env->prefix));
}

const char *fix_pip(const struct fix_ctx *x, const struct python_env *env)
{
    const char *py = fix_python(x, env);
    if (windows(x) && env && env->prefix)
        return arena_printf(x->a, "& %s -m pip", py);   /* PowerShell runs a quoted path with & */
    return arena_printf(x->a, "%s -m pip", py);
}

/* ---- choosing a build (diagnose/choose.h) ---- */

/* An aarch64 machine that is not a Jetson (Grace, Arm servers with a PCI GPU):
 * the frameworks' aarch64 CUDA wheels, not the x86_64 ones and not NVIDIA's
 * Jetson builds (fixes_jetson_torch). */
static int sbsa(const struct fix_ctx *x)
{
    return x->arch && !strcmp(x->arch, "aarch64") && !(x->facts && x->facts->tegra.present);
}

int fix_machine_sbsa(const struct fix_ctx *x)
{
    return sbsa(x);
}

/* The chooser's input for framework d on x's machine. */
static void machine_in(const struct fix_ctx *x, const struct fw_def *d, const char *python, struct choose_in *in)
{
    memset(in, 0, sizeof(*in));
    in->fw = d;
    in->python = python;
    in->driver = x->driver;
    in->gpu_cc = x->gpu_cc;
    in->os = x->os;
    in->wsl = x->wsl == 2;
    in->arch = x->arch;
    in->jetson = x->facts && x->facts->tegra.present;
}

int fix_choose(const struct fix_ctx *x, const char *framework, const char *want, const char *python,
               struct choice *out)
{
    struct choose_in in;
    const struct fw_def *d = fw_find(framework);
    if (!d)
        BUG("fix_choose: no framework module '%s'", framework);
    machine_in(x, d, python, &in);
    in.want = want;
    if (!x->kb) {
        memset(out, 0, sizeof(*out));
        out->framework = in.fw->name;
        out->why_not = "no knowledge base";
        return 0;
    }
    return choose(x->kb, &in, x->a, out);
}

/* ---- requirements ---- */

/* `"PKG==PIN[+LOCAL]" [--index-url URL | -f URL] ["EXTRA"]`, quoted for every shell.
 * exact: pin the release itself (plan) instead of the engine's X.Y.*. */
static const char *requirement(const struct fix_ctx *x, const struct choice *in, int exact)
{
    const char *pin = exact || in->local ? in->version : in->pin;
    return arena_printf(x->a, "\"%s==%s%s%s\"%s%s%s%s%s", in->package, pin, in->local ? "+" : "",
                        in->local ? in->local : "",
                        in->index ? (in->index_only ? " --index-url " : " -f ") : "", in->index ? in->index : "",
                        in->extra_reqs ? " \"" : "", in->extra_reqs ? in->extra_reqs : "", in->extra_reqs ? "\"" : "");
}

/* "PIP install DEPS\n" when the package comes from an index of its own (deps_first). */
static const char *deps_line(const struct fix_ctx *x, const struct choice *in, const char *pip)
{
    return in->deps_first ? arena_printf(x->a, "%s install %s\n", pip, in->deps_first) : "";
}

/* conda-forge's CUDA and cuDNN for a build that loads them from its environment:
 * cudatoolkit while conda-forge has it (pkg_fact conda_cudatoolkit), then
 * cuda-version and the split cuda-* / libcu* packages; NULL when not known. */
static const char *conda_cuda(const struct fix_ctx *x, const struct choice *in)
{
    const char *tk = NULL;
    if (!in->cuda || !in->cudnn)
        return NULL;
    if (kb_pkg_fact(x->kb, "cuda", "conda_cudatoolkit", in->cuda, &tk, NULL) == 1 && !strcmp(tk, "no"))
        return in->conda_libs ? arena_printf(x->a, "cuda-version=%s %s cudnn=%s", ver_dotted_prefix(x->a, in->cuda, 1),
                                             in->conda_libs, ver_dotted_prefix(x->a, in->cudnn, 1))
                              : NULL;
    return arena_printf(x->a, "cudatoolkit=%s cudnn=%s", ver_dotted_prefix(x->a, in->cuda, 2),
                        ver_dotted_prefix(x->a, in->cudnn, 2));
}

/* The Python a new environment gets: python when the release takes it, else its newest (or floor). */
static const char *pick_python(const struct fix_ctx *x, const struct choice *in)
{
    const char *r = in->python_range, *last, *dash;
    if (in->python && (!r || choose_python_in(r, in->python)))
        return in->python;
    if (!r)
        return NULL;
    last = strrchr(r, ',') ? strrchr(r, ',') + 1 : r;
    dash = strchr(last, '-');
    if (dash && dash[1])
        return arena_strdup(x->a, dash + 1);
    return dash ? arena_strndup(x->a, last, (size_t)(dash - last)) : last;
}

void fix_set_commands(const struct fix_ctx *x, const struct choice *in, const char *env, int exact,
                      struct fix_set *out)
{
    const char *py = windows(x) ? "python" : "python3", *req = requirement(x, in, exact), *cuda = NULL, *line;
    int conda_route = in->route && !strcmp(in->route, "conda");
    struct strbuf sb = STRBUF_INIT;

    memset(out, 0, sizeof(*out));
    out->python_pick = pick_python(x, in);
    out->requirement = arena_printf(x->a, "%s==%s%s%s", in->package, in->version,
                                    in->local || in->index_local ? "+" : "",
                                    in->local ? in->local : in->index_local ? in->variant : "");
    out->pip = arena_printf(x->a, "%s%s -m pip install %s", deps_line(x, in, arena_printf(x->a, "%s -m pip", py)), py,
                            req);
    if (in->route && (conda_route || !strcmp(in->route, "system")))
        cuda = conda_cuda(x, in);
    if (!in->route || strcmp(in->route, "system") || cuda) {
        line = arena_printf(x->a, "%spython -m pip install %s", deps_line(x, in, "python -m pip"), req);
        out->conda = arena_printf(x->a, "conda create -n %s -c conda-forge %s%s%s\nconda activate %s\n%s%s", env,
                                  out->python_pick ? arena_printf(x->a, "python=%s", out->python_pick) : "python",
                                  cuda ? " " : "", cuda ? cuda : "", env, line,
                                  conda_route && !windows(x)
                                      ? "\nexport LD_LIBRARY_PATH=$CONDA_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
                                      : "");
    }
    if (in->image)
        out->docker = arena_printf(x->a, "docker run --gpus all -it %s", in->image);
    /* requirements.txt: the index first -- -f for find-links pages; an extra index
     * where its builds carry the variant as a local label (PyPI stays the index of
     * every other requirement); else the only index, after the dependencies it
     * lacks (ORT's feed: PyPI's build of the same version is another one) */
    if (in->index && !in->index_only)
        strbuf_addf(&sb, "-f %s\n", in->index);
    else if (in->index && in->index_local)
        strbuf_addf(&sb, "--extra-index-url %s\n", in->index);
    else if (in->index && in->deps_first)
        strbuf_addf(&sb, "# %s comes from its own index, the only one here; first:\n#   %s -m pip install %s\n"
                    "--index-url %s\n", in->package, py, in->deps_first, in->index);
    else if (in->index)
        strbuf_addf(&sb, "# %s comes from its own index, the only one here\n--index-url %s\n", in->package, in->index);
    strbuf_addf(&sb, "%s\n", out->requirement);
    if (in->extra_reqs)
        strbuf_addf(&sb, "# %s\n%s\n", in->extra_why ? in->extra_why : "", in->extra_reqs);
    out->requirements = arena_strndup(x->a, sb.buf, sb.len - 1);   /* without its last newline */
    strbuf_reset(&sb);
    /* A Dockerfile: the official image; the wheels on a slim Python when they bring
     * CUDA; else a conda environment, whose own pip installs (conda run's shell). */
    if (in->image) {
        strbuf_addf(&sb, "FROM %s\n# the image already holds %s with CUDA %s and cuDNN %s\n", in->image, in->framework,
                    in->cuda ? in->cuda : "-", in->cudnn ? in->cudnn : "-");
    } else if (in->route && !strcmp(in->route, "pip")) {
        strbuf_addf(&sb, "FROM python:%s-slim\n", out->python_pick ? out->python_pick : "3");
        if (in->deps_first)
            strbuf_addf(&sb, "RUN python -m pip install --no-cache-dir %s\n", in->deps_first);
        strbuf_addf(&sb, "RUN python -m pip install --no-cache-dir %s\n", req);
    } else if (out->conda) {
        const char *nl = strchr(out->conda, '\n');
        strbuf_addf(&sb, "FROM condaforge/miniforge3\nRUN %.*s -y\n", (int)(nl - out->conda), out->conda);
        strbuf_addf(&sb, "SHELL [\"conda\", \"run\", \"--no-capture-output\", \"-n\", \"%s\", \"/bin/bash\", \"-c\"]\n",
                    env);
        if (in->deps_first)
            strbuf_addf(&sb, "RUN python -m pip install %s\n", in->deps_first);
        strbuf_addf(&sb, "RUN python -m pip install %s\n", req);
        if (conda_route)   /* the conda line's export, for the image's runs */
            strbuf_addf(&sb, "ENV LD_LIBRARY_PATH=/opt/conda/envs/%s/lib\n", env);
    }
    if (!sb.len)
        strbuf_addstr(&sb, "# the knowledge base knows no way to install this set in an image\n");
    strbuf_addstr(&sb, "WORKDIR /app\nCMD [\"bash\"]");
    out->dockerfile = arena_strndup(x->a, sb.buf, sb.len);
    out->image_build = "docker build -t gpu-app .";
    out->image_run = "docker run --gpus all -it gpu-app";
    strbuf_release(&sb);
}

/* ---- installing into an environment ---- */

static int externally_managed(const struct python_env *env)
{
    return env && env->externally_managed;
}

/* A title begins with a capital unless it begins with a package's name. */
static const char *cap(const struct fix_ctx *x, const char *s)
{
    char *t;
    if (!(s[0] >= 'a' && s[0] <= 'z') || str_starts(s, "torch ") || str_starts(s, "tensorflow"))
        return s;
    t = arena_strdup(x->a, s);
    t[0] = (char)(t[0] - 'a' + 'A');
    return t;
}

/* A venv next to nothing else: ~/.venvs/NAME, created by env's interpreter. */
static const char *venv_lines(const struct fix_ctx *x, const struct python_env *env, const char *name)
{
    const char *py = fix_python(x, env);
    const char *pre = "";
    if (x->family == FIX_FAMILY_DEBIAN || x->family == FIX_FAMILY_UBUNTU)
        pre = "sudo apt-get install python3-venv\n";   /* ensurepip is split out on Debian/Ubuntu */
    return arena_printf(x->a, "%s%s -m venv ~/.venvs/%s", pre, py, name);
}

/* The environment name a venv or conda env gets. */
static const char *env_name(const struct fix_ctx *x, const struct choice *in)
{
    const char *name = fw_short_name(fw_find(in->framework));
    if (strcmp(in->framework, "torch") && strcmp(in->framework, "tensorflow"))
        return arena_printf(x->a, "%s-%s", name, in->release);
    return arena_printf(x->a, "%s%s-%s", name, in->release,
                        in->variant ? in->variant : in->route && !strcmp(in->route, "pip") ? "cuda"
                        : in->route ? in->route : "gpu");
}

static void driver_first(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct choice *in)
{
    if (in->driver_ok != 0)
        return;
    fixes_driver_upgrade(x, fl, fd, in->driver_need,
                         arena_printf(x->a, "%s %s's %s build needs it, so upgrade the driver first", in->framework,
                                      in->release, in->variant ? in->variant : "CUDA"));
}

static const char *install_title(const struct fix_ctx *x, const struct choice *in, const char *what)
{
    const char *range = choose_python_text(x->a, in->python_range);
    if (in->driver_ok == -1 && in->driver_need)
        what = arena_printf(x->a, "%s (needs driver %s or newer)", what, in->driver_need);
    return arena_printf(x->a, "%s%s%s%s%s%s%s", what, in->python ? arena_printf(x->a, " (Python %s", in->python) : "",
                        in->python && range ? arena_printf(x->a, "; %s %s supports %s", in->framework, in->release,
                                                           range) : "",
                        in->python ? ")" : "",
                        range ? "" : arena_printf(x->a, " -- the knowledge base has no Python range for %s %s: check "
                                                  "that your Python has wheels", in->framework, in->release),
                        in->warning ? arena_printf(x->a, " -- %s", in->warning) : "",
                        in->unverified ? " -- UNVERIFIED: a knowledge-base row behind this choice is not confirmed "
                                         "from a primary source ('gpudoctor matrix --unverified')" : "");
}

/* The release it chose and why it left want. */
static const char *lead(const struct fix_ctx *x, const struct choice *in)
{
    return in->why_not ? arena_printf(x->a, "%s; ", in->why_not) : "";
}

static int route_torch_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct python_env *env, const char *want)
{
    struct choice in;
    const char *pkg, *pip, *t, *what;

    if (!fix_choose(x, "torch", want, env ? env->python_version : NULL, &in)) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "No CUDA build of PyTorch fits this machine: %s", in.why_not), NULL);
        return 0;
    }
    driver_first(x, fl, fd, &in);
    pkg = requirement(x, &in, 0);
    what = arena_printf(x->a, "install torch %s's %s build%s (CUDA %s; its wheels bring the CUDA libraries)", in.release,
                        in.variant, sbsa(x) ? " for Linux aarch64 (PyTorch's own index; the package index's aarch64 "
                                              "wheel has no CUDA)" : "", in.cuda);
    t = cap(x, install_title(x, &in, arena_printf(x->a, "%s%s", lead(x, &in), what)));
    if (externally_managed(env) && !windows(x)) {
        const char *name = env_name(x, &in);
        add(fl, fd, 0, "sh", cap(x, arena_printf(x->a, "%s%s is externally managed (PEP 668: pip refuses it), "
                                                 "so in a new venv: %s", lead(x, &in), env->prefix,
                                                 install_title(x, &in, what))),
            arena_printf(x->a, "%s\n~/.venvs/%s/bin/python -m pip install %s", venv_lines(x, env, name), name, pkg));
        fixes_rank(fd, fd->n_fixes - 1, FIX_RANK_NEW_ENV);
        return 1;
    }
    pip = fix_pip(x, env);
    if (windows(x)) {
        unsigned g = next_group(fd);
        add(fl, fd, g, "powershell", t, arena_printf(x->a, "%s install --force-reinstall %s", pip, pkg));
        add(fl, fd, g, "cmd", t, arena_printf(x->a, "%s -m pip install --force-reinstall %s", fix_python(x, env), pkg));
        return 1;
    }
    add(fl, fd, 0, "sh", t, arena_printf(x->a, "%s install --force-reinstall %s", pip, pkg));
    return 1;
}

/*
 * A companion of torch (torchvision, torchaudio) built for torch's own
 * variant: PyTorch's index for each CUDA variant serves them beside torch
 * (https://pytorch.org/get-started/previous-versions/ installs torch,
 * torchvision and torchaudio from the same --index-url).  The variant and
 * index are the chooser's for the torch installed; the companion keeps its
 * version, without its local label.  Reinstalled with --no-deps, so that
 * pip does not touch the torch that already works.
 */
static int route_torch_companion(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                                 const struct python_env *env, const char *dist, const char *version,
                                 const char *torch_version)
{
    struct choice in;
    const char *ver, *req, *idx, *t, *pip;

    if ((strcmp(dist, "torchvision") && strcmp(dist, "torchaudio")) || !version || !torch_version ||
        !fix_choose(x, "torch", torch_version, env ? env->python_version : NULL, &in) || !in.variant ||
        strncmp(in.variant, "cu", 2))
        return 0;
    ver = arena_strndup(x->a, version, strcspn(version, "+"));
    req = arena_printf(x->a, "\"%s==%s%s%s\"", dist, ver, in.local ? "+" : "", in.local ? in.local : "");
    idx = in.index ? arena_printf(x->a, "%s%s", in.index_only ? " --index-url " : " -f ", in.index) : "";
    driver_first(x, fl, fd, &in);
    if (externally_managed(env) && !windows(x)) {
        const char *name = env_name(x, &in);
        add(fl, fd, 0, "sh", cap(x, arena_printf(x->a, "%s is externally managed (PEP 668: pip refuses it) and its %s "
                                                 "is a CPU build, so in a new venv: torch %s's %s build with %s %s "
                                                 "from the same index", env->prefix, dist, in.release, in.variant,
                                                 dist, ver)),
            arena_printf(x->a, "%s\n~/.venvs/%s/bin/python -m pip install %s %s%s", venv_lines(x, env, name), name,
                         arena_printf(x->a, "\"torch==%s%s%s\"", in.local ? in.version : in.pin, in.local ? "+" : "",
                                      in.local ? in.local : ""), req, idx));
        fixes_rank(fd, fd->n_fixes - 1, FIX_RANK_NEW_ENV);
        return 1;
    }
    t = cap(x, arena_printf(x->a, "reinstall %s %s built for torch %s's %s (the same index as torch; --no-deps "
                            "keeps torch as it is)", dist, ver, in.release, in.variant));
    pip = fix_pip(x, env);
    if (windows(x)) {
        unsigned g = next_group(fd);
        add(fl, fd, g, "powershell", t, arena_printf(x->a, "%s install --force-reinstall --no-deps %s%s", pip, req, idx));
        add(fl, fd, g, "cmd", t, arena_printf(x->a, "%s -m pip install --force-reinstall --no-deps %s%s",
                                              fix_python(x, env), req, idx));
        return 1;
    }
    add(fl, fd, 0, "sh", t, arena_printf(x->a, "%s install --force-reinstall --no-deps %s%s", pip, req, idx));
    return 1;
}

/* TensorFlow's lines: [and-cuda] with pip, or CUDA and cuDNN from conda-forge in their own
 * environment, whose lib directory goes on the loader path in the shell's own words (fish: a list). */
static const char *tf_cmds(const struct fix_ctx *x, const struct choice *in, const char *pip, int fish)
{
    struct fix_set set;
    if (!strcmp(in->route, "pip"))
        return arena_printf(x->a, "%s install %s", pip, requirement(x, in, 0));
    fix_set_commands(x, in, env_name(x, in), 0, &set);
    return arena_printf(x->a, "conda create -n %s -c conda-forge %s %s\nconda activate %s\npython -m pip install %s\n%s",
                        env_name(x, in), set.python_pick ? arena_printf(x->a, "python=%s", set.python_pick) : "python",
                        conda_cuda(x, in), env_name(x, in), requirement(x, in, 0),
                        fish ? "set -gx LD_LIBRARY_PATH $CONDA_PREFIX/lib $LD_LIBRARY_PATH"
                             : "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}");
}

static int route_tf_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct python_env *env, const char *want)
{
    struct choice in;
    const char *t, *what;

    if (windows(x)) {
        fixes_tf_windows_routes(x, fl, fd, env);
        return 1;
    }
    if (!fix_choose(x, "tensorflow", want, env ? env->python_version : NULL, &in)) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "No CUDA build of TensorFlow fits this machine: %s", in.why_not), NULL);
        return 0;
    }
    if (!strcmp(in.route, "conda") && !in.python)
        in.python = pick_python(x, &in);   /* conda brings its own Python: the newest the release supports */
    driver_first(x, fl, fd, &in);
    what = !strcmp(in.route, "pip")
               ? arena_printf(x->a, "install TensorFlow %s with the CUDA %s libraries from pip", in.release, in.cuda)
               : arena_printf(x->a, "keep TensorFlow %s: CUDA %s and cuDNN %s from conda-forge in their own "
                              "environment", in.release, in.cuda, in.cudnn);
    if (in.extra_reqs)
        what = arena_printf(x->a, "%s, with %s (%s)", what, in.extra_reqs, in.extra_why);
    t = cap(x, install_title(x, &in, arena_printf(x->a, "%s%s", lead(x, &in), what)));
    if (!strcmp(in.route, "pip") && externally_managed(env)) {
        const char *name = env_name(x, &in);
        add(fl, fd, 0, "sh", cap(x, arena_printf(x->a, "%s%s is externally managed (PEP 668: pip refuses it), so in "
                                                 "a new venv: %s", lead(x, &in), env->prefix,
                                                 install_title(x, &in, what))),
            arena_printf(x->a, "%s\n~/.venvs/%s/bin/python -m pip install %s", venv_lines(x, env, name), name,
                         requirement(x, &in, 0)));
        fixes_rank(fd, fd->n_fixes - 1, FIX_RANK_NEW_ENV);
        return 1;
    }
    if (!strcmp(in.route, "pip")) {
        add(fl, fd, 0, "sh", t, tf_cmds(x, &in, fix_pip(x, env), 0));
        fixes_rank(fd, fd->n_fixes - 1, FIX_RANK_USER);
    } else {
        unsigned g = next_group(fd);
        add(fl, fd, g, "sh", t, tf_cmds(x, &in, NULL, 0));
        add(fl, fd, g, "fish", t, tf_cmds(x, &in, NULL, 1));
        fixes_rank(fd, fd->n_fixes - 2, FIX_RANK_NEW_ENV);
    }
    return 1;
}

static void route_official_image(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *framework,
                          const char *want, const struct python_env *env)
{
    struct choice in;
    /* not on native Windows; not on aarch64: no cited source says the images exist for it */
    if (windows(x) || sbsa(x) || !fix_choose(x, framework, want, env ? env->python_version : NULL, &in) || !in.image)
        return;
    add(fl, fd, 0, "sh", "Or use the official image, which has matching CUDA and cuDNN",
        arena_printf(x->a, "docker run --gpus all -it %s", in.image));
}

static void route_tf_windows_routes(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                             const struct python_env *env)
{
    struct choice lin, win;
    const char *py = env ? env->python_version : NULL;
    unsigned g;

    /* 1. WSL2: the Linux build, with the Windows driver. */
    {
        struct fix_ctx wx = *x;
        wx.os = "linux";
        wx.wsl = 2;
        wx.family = FIX_FAMILY_UBUNTU;
        wx.distro = "ubuntu";
        g = next_group(fd);
        add(fl, fd, g, "powershell", "Route 1: WSL2, where TensorFlow's Linux build uses the Windows driver -- "
            "install WSL with Ubuntu (as administrator, then restart)", "wsl --install -d Ubuntu");
        add(fl, fd, g, "cmd", "Route 1: WSL2, where TensorFlow's Linux build uses the Windows driver -- "
            "install WSL with Ubuntu (as administrator, then restart)", "wsl --install -d Ubuntu");
        if (x->kb && fix_choose(&wx, "tensorflow", NULL, NULL, &lin) && !strcmp(lin.route, "pip"))
            add(fl, fd, 0, "sh", arena_printf(x->a, "Then inside WSL's Ubuntu (bash): TensorFlow %s with its CUDA "
                                              "libraries, in a venv", lin.release),
                arena_printf(x->a, "sudo apt-get install python3-venv\npython3 -m venv ~/.venvs/tf\n"
                             "~/.venvs/tf/bin/python -m pip install %s", requirement(x, &lin, 0)));
    }
    /* 2. Native: the last GPU release with its CUDA and cuDNN from conda-forge. */
    {
        const char *last = x->kb ? kb_tf_last_windows_gpu(x->kb) : NULL;
        struct fix_set set;
        const char *t;
        if (!last || !fix_choose(x, "tensorflow", last, NULL, &win) || strcmp(win.route, "conda")) {
            add(fl, fd, 0, NULL, "The knowledge base has no native-Windows GPU release of TensorFlow to offer", NULL);
            return;
        }
        if (py)
            win.python = ver_dotted_prefix(x->a, py, 2);
        driver_first(x, fl, fd, &win);
        fix_set_commands(x, &win, arena_printf(x->a, "tf%s", win.release), 0, &set);
        g = next_group(fd);
        t = arena_printf(x->a, "Route 2: stay native with TensorFlow %s (its last GPU release on Windows; Python %s) "
                         "and CUDA %s / cuDNN %s in a conda environment%s", win.release,
                         choose_python_text(x->a, win.python_range), win.cuda, win.cudnn,
                         win.extra_reqs ? arena_printf(x->a, " (%s: %s)", win.extra_reqs, win.extra_why) : "");
        add(fl, fd, g, "powershell", t, set.conda);
        add(fl, fd, g, "cmd", t, set.conda);
        /* 3. DirectML: any DirectX 12 GPU, through Microsoft's plugin.  The
         * release's wheels exist for its Python range only (the kb's): a
         * Python outside it gets a conda environment with one inside; the
         * release's extra requirements (numpy<2) hold for its CPU wheel too. */
        const char *extra = win.extra_reqs ? arena_printf(x->a, " \"%s\"", win.extra_reqs) : "";
        g = next_group(fd);
        t = arena_printf(x->a, "Route 3: tensorflow-cpu %s with Microsoft's DirectML plugin (any DirectX 12 GPU; "
                         "Microsoft has paused the plugin's development)", win.release);
        if (py && win.python_range && !choose_python_in(win.python_range, ver_dotted_prefix(x->a, py, 2))) {
            const char *pick = pick_python(x, &(struct choice){ .python_range = win.python_range });
            const char *cmd;
            t = arena_printf(x->a, "%s -- Python %s has no tensorflow-cpu %s wheel (%s), so in a conda environment "
                             "with Python %s", t, ver_dotted_prefix(x->a, py, 2), win.release,
                             choose_python_text(x->a, win.python_range), pick ? pick : "?");
            cmd = arena_printf(x->a, "conda create -n tf%s-directml python=%s\nconda activate tf%s-directml\n"
                               "python -m pip install \"tensorflow-cpu==%s\" tensorflow-directml-plugin%s", win.release,
                               pick ? pick : "3", win.release, win.pin, extra);
            add(fl, fd, g, "powershell", t, cmd);
            add(fl, fd, g, "cmd", t, cmd);
        } else {
            add(fl, fd, g, "powershell", t,
                arena_printf(x->a, "%s%s -m pip install \"tensorflow-cpu==%s\" tensorflow-directml-plugin%s",
                             env ? "& " : "", env ? fix_python(x, env) : "python", win.pin, extra));
            add(fl, fd, g, "cmd", t,
                arena_printf(x->a, "%s -m pip install \"tensorflow-cpu==%s\" tensorflow-directml-plugin%s",
                             env ? fix_python(x, env) : "python", win.pin, extra));
        }
    }
}

void fixes_tf_windows_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *version,
                           const char *cuda, const char *cudnn, const char *python_range)
{
    const char *py, *np = NULL;
    size_t from = fd->n_fixes;
    /* The NumPy major the release is compiled against (a newer one breaks its C modules). */
    if (x->kb && kb_pkg_fact(x->kb, "tensorflow", "numpy_abi_major", version, &np, NULL) == 1)
        np = arena_printf(x->a, " \"numpy<%ld\"", ver_major(np) + 1);
    else
        np = "";
    if ((py = kb_python_newest(x->a, python_range)) != NULL)
        add(fl, fd, 0, "powershell", arena_printf(x->a, "Create a conda environment with CUDA %s and cuDNN %s "
                                                  "(conda-forge) for this TensorFlow; activating it puts its Library\\bin "
                                                  "on PATH", cuda, cudnn),
            arena_printf(x->a, "conda create -n tf-gpu -c conda-forge python=%s cudatoolkit=%s cudnn=%s\n"
                         "conda activate tf-gpu\n"
                         "python -m pip install \"tensorflow==%s.*\"%s", py, cuda, cudnn,
                         ver_dotted_prefix(x->a, version, 2), np));
    fixes_rank(fd, from, FIX_RANK_NEW_ENV);
    from = fd->n_fixes;
    add(fl, fd, 0, "powershell", arena_printf(x->a, "Or install NVIDIA's CUDA %s (it sets CUDA_PATH_V%s) "
                                              "and cuDNN %s, then put its bin first on PATH", cuda,
                                              arena_printf(x->a, "%.*s_%s", (int)strcspn(cuda, "."), cuda,
                                                           strchr(cuda, '.') ? strchr(cuda, '.') + 1 : "0"),
                                              cudnn),
        arena_printf(x->a, "$env:PATH = \"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v%s\\bin;\" + $env:PATH",
                     cuda));
    fixes_rank(fd, from, FIX_RANK_SYSTEM);
}

/* ---- JAX, ONNX Runtime, CuPy, Paddle, XGBoost ---- */

static int valid_version(const char *v)
{
    struct ver_pep440 pv;
    return v && ver_pep440_parse(v, &pv) == 0;
}

/* What the title says about the choice: its CUDA, the Python, the driver floor, unverified rows. */
static const char *pkg_title(const struct fix_ctx *x, const struct choice *in, const char *what)
{
    const char *range = choose_python_text(x->a, in->python_range);
    const char *t = arena_printf(x->a, "%s%s %s %s (CUDA %s%s%s)%s", lead(x, in), what, in->package, in->pin,
                                 in->cuda ? in->cuda : "?",
                                 !strcmp(in->framework, "onnxruntime") && in->cudnn
                                     ? arena_printf(x->a, ", cuDNN %s", in->cudnn) : "",
                                 in->driver_need && in->driver_ok != 0
                                     ? arena_printf(x->a, "; needs driver %s or newer", in->driver_need) : "",
                                 in->route && !strcmp(in->route, "system") && in->cuda
                                     ? arena_printf(x->a, " -- it loads CUDA %s.x%s%s from the system: install them "
                                                    "first, on the loader path", ver_dotted_prefix(x->a, in->cuda, 1),
                                                    in->cudnn ? " and cuDNN " : "",
                                                    in->cudnn ? ver_dotted_prefix(x->a, in->cudnn, 1) : "")
                                     : "");
    if (in->python && range)
        t = arena_printf(x->a, "%s (Python %s; %s %s supports %s)", t, in->python, in->package, in->pin, range);
    else if (!range)
        t = arena_printf(x->a, "%s -- the knowledge base has no Python range for %s %s: check that your Python "
                         "has wheels", t, in->package, in->pin);
    if (in->unverified)
        t = arena_printf(x->a, "%s -- UNVERIFIED: a knowledge-base row behind this choice is not confirmed from a "
                         "primary source ('gpudoctor matrix --unverified')", t);
    return cap(x, t);
}

/* pip lines for env (a venv first under PEP 668; PowerShell and cmd on Windows). pre: uninstalls, or NULL. */
static void pkg_emit(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env,
                     const struct choice *in, const char *title, const char *pre)
{
    const char *req = requirement(x, in, 0);
    if (externally_managed(env) && !windows(x)) {
        const char *name = env_name(x, in);
        const char *vpip = arena_printf(x->a, "~/.venvs/%s/bin/python -m pip", name);
        add(fl, fd, 0, "sh", cap(x, arena_printf(x->a, "%s is externally managed (PEP 668: pip refuses it), so in a "
                                                 "new venv: %s", env->prefix, title)),
            arena_printf(x->a, "%s\n%s%s install %s", venv_lines(x, env, name), deps_line(x, in, vpip), vpip, req));
        fixes_rank(fd, fd->n_fixes - 1, FIX_RANK_NEW_ENV);
        return;
    }
    if (windows(x)) {
        unsigned g = next_group(fd);
        const char *ps = fix_pip(x, env), *cm = arena_printf(x->a, "%s -m pip", fix_python(x, env));
        add(fl, fd, g, "powershell", title,
            arena_printf(x->a, "%s%s%s install %s", pre ? arena_printf(x->a, "%s uninstall -y %s\n", ps, pre) : "",
                         deps_line(x, in, ps), ps, req));
        add(fl, fd, g, "cmd", title,
            arena_printf(x->a, "%s%s%s install %s", pre ? arena_printf(x->a, "%s uninstall -y %s\n", cm, pre) : "",
                         deps_line(x, in, cm), cm, req));
        return;
    }
    {
        const char *pip = fix_pip(x, env);
        add(fl, fd, 0, "sh", title,
            arena_printf(x->a, "%s%s%s install %s", pre ? arena_printf(x->a, "%s uninstall -y %s\n", pip, pre) : "",
                         deps_line(x, in, pip), pip, req));
    }
}

static int pkg_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env,
                       const char *framework, const char *want, const char *name)
{
    const char *pre = fw_find(framework)->replaces;
    struct choice in;
    if (!fix_choose(x, framework, want, env ? env->python_version : NULL, &in)) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "No CUDA build of %s fits this machine: %s", name, in.why_not), NULL);
        return 0;
    }
    driver_first(x, fl, fd, &in);
    pkg_emit(x, fl, fd, env, &in, pkg_title(x, &in, "install"), pre);
    return 1;
}

static void route_system_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct choice *in)
{
    add(fl, fd, 0, NULL,
        arena_printf(x->a, "%s %s loads CUDA %s.x%s%s from the system: install them on the loader path (NVIDIA's "
                     "CUDA toolkit and cuDNN, or the conda environment `gpudoctor plan --framework %s --version %s` "
                     "writes)", in->package, in->version, ver_dotted_prefix(x->a, in->cuda, 1),
                     in->cudnn ? " and cuDNN " : "", in->cudnn ? ver_dotted_prefix(x->a, in->cudnn, 1) : "",
                     in->framework, in->version),
        NULL);
}

static int route_jax_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want)
{
    if (windows(x)) {
        /* No CUDA JAX on native Windows: the Linux build inside WSL2. */
        struct fix_ctx wx = *x;
        struct choice in;
        unsigned g;
        wx.os = "linux";
        wx.wsl = 2;
        wx.family = FIX_FAMILY_UBUNTU;
        g = next_group(fd);
        add(fl, fd, g, "powershell", "JAX has no CUDA build for native Windows: install WSL with Ubuntu (as "
            "administrator, then restart)", "wsl --install -d Ubuntu");
        add(fl, fd, g, "cmd", "JAX has no CUDA build for native Windows: install WSL with Ubuntu (as "
            "administrator, then restart)", "wsl --install -d Ubuntu");
        if (fix_choose(&wx, "jax", want, NULL, &in))
            add(fl, fd, 0, "sh", arena_printf(x->a, "Then inside WSL's Ubuntu (bash), in a venv: %s",
                                              pkg_title(&wx, &in, "install")),
                arena_printf(x->a, "sudo apt-get install python3-venv\npython3 -m venv ~/.venvs/jax\n"
                             "~/.venvs/jax/bin/python -m pip install %s", requirement(x, &in, 0)));
        return 1;
    }
    return pkg_install(x, fl, fd, env, "jax", want, "JAX");
}

static int route_ort_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want)
{
    return pkg_install(x, fl, fd, env, "onnxruntime", want, "onnxruntime-gpu");
}

static int route_cupy_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const struct python_env *env, const char *want)
{
    return pkg_install(x, fl, fd, env, "cupy", want, "CuPy");
}

static int route_paddle_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *want)
{
    return pkg_install(x, fl, fd, env, "paddle", want, "paddlepaddle-gpu");
}

static int route_xgboost_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                                 const struct python_env *env, const char *want)
{
    return pkg_install(x, fl, fd, env, "xgboost", want, "XGBoost");
}

/* "pip uninstall -y NAMES" in the shells of this OS. */
static void uninstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env,
                      const char *title, const char *names)
{
    if (windows(x)) {
        unsigned g = next_group(fd);
        add(fl, fd, g, "powershell", title, arena_printf(x->a, "%s uninstall -y %s", fix_pip(x, env), names));
        add(fl, fd, g, "cmd", title, arena_printf(x->a, "%s -m pip uninstall -y %s", fix_python(x, env), names));
        return;
    }
    add(fl, fd, 0, "sh", title, arena_printf(x->a, "%s uninstall -y %s", fix_pip(x, env), names));
}

static int route_install_build(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env,
                        const struct framework_build *b)
{
    const struct fw_def *d = fw_find(b->name);
    struct choose_in in;
    struct choice ch;
    const char *why = NULL;

    machine_in(x, d, env->python_version, &in);
    in.strict = 1;   /* that release and variant, or none */
    if (!d || !d->candidates || !x->kb)
        why = "no install rule for this framework";
    else if (!b->version)
        why = "its version is unknown";
    else if (d->requirement)
        d->requirement(b, &in, x->a);
    else
        in.want = b->version;
    if (!why && choose(x->kb, &in, x->a, &ch) != 1)
        why = ch.why_not;
    if (!why && externally_managed(env))
        why = arena_printf(x->a, "%s is externally managed (PEP 668: pip refuses it)", env->prefix);
    if (why) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "Installing the same build into %s is not suggested: %s", env->prefix,
                                          why), NULL);
        return 0;
    }
    add(fl, fd, 0, windows(x) ? "powershell" : "sh",
        arena_printf(x->a, "Or install the GPU build into %s, with its own interpreter: %s", env->prefix,
                     install_title(x, &ch, arena_printf(x->a, "%s %s (%s%sCUDA %s)", ch.package, ch.version,
                                                        ch.variant ? ch.variant : "", ch.variant ? ", " : "",
                                                        ch.cuda ? ch.cuda : "?"))),
        arena_printf(x->a, "%s%s install --force-reinstall %s", deps_line(x, &ch, fix_pip(x, env)), fix_pip(x, env),
                     requirement(x, &ch, 1)));
    return 1;
}

static void route_pip_reinstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *name, const char *version)
{
    const struct fw_def *d = fw_of_dist(name);
    const char *t = arena_printf(x->a, "Remove both records of %s", name);
    if (d && d->install) {
        /* a framework: the build its chooser validates for version (its own writer
         * removes what it replaces) */
        if (!d->replaces)
            uninstall(x, fl, fd, env, t, name);
        d->install(x, fl, fd, env, version);
    } else if (version && valid_version(version)) {
        /* Not a framework: the version the environment had (one pip installed once). */
        uninstall(x, fl, fd, env, t, name);
        if (windows(x)) {
            unsigned g = next_group(fd);
            add(fl, fd, g, "powershell", "Install it once", arena_printf(x->a, "%s install \"%s==%s\"", fix_pip(x, env), name, version));
            add(fl, fd, g, "cmd", "Install it once", arena_printf(x->a, "%s -m pip install \"%s==%s\"", fix_python(x, env), name, version));
        } else {
            add(fl, fd, 0, "sh", "Install it once", arena_printf(x->a, "%s install \"%s==%s\"", fix_pip(x, env), name, version));
        }
    } else {
        uninstall(x, fl, fd, env, arena_printf(x->a, "%s, then install the version you need", t), name);
    }
}

/* ---- Jetson (issue 20) ---- */

/* "Jetson AGX Orin, compute capability 8.7; L4T 36.4.3 from /etc/nv_tegra_release". */
static const char *jetson_dev(const struct fix_ctx *x, const struct tegra_facts *t, const char *rel)
{
    return arena_printf(x->a, "%s%s%s%s%s%s",
                        t->gpu_name ? t->gpu_name : (t->soc ? t->soc : "SoC unknown"),
                        t->gpu_cc ? ", compute capability " : "", t->gpu_cc ? t->gpu_cc : "",
                        t->l4t ? "; " : "; L4T release unknown: no /etc/nv_tegra_release or nvidia-l4t-core",
                        t->l4t ? rel : "",
                        t->l4t_source ? arena_printf(x->a, " from %s", t->l4t_source) : "");
}

/* " (JetPack 6.2, CUDA 12.6)": the JetPack and CUDA of that release, from
 * data/jetpack.kb (scan/tegra.c). */
static const char *jetson_jp(const struct fix_ctx *x, const struct tegra_facts *t)
{
    return t->jetpack
               ? arena_printf(x->a, " (JetPack %s%s%s)", t->jetpack, t->jetpack_cuda ? ", CUDA " : "",
                              t->jetpack_cuda ? t->jetpack_cuda : "")
               : t->l4t ? " (a release the knowledge base does not map to a JetPack)" : "";
}

void fixes_jetson_torch(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct tegra_facts *t, const char *wheels)
{
    /* A Jetson's GPU is the SoC's (L4T, no PCI device): the package
     * index's aarch64 torch and download.pytorch.org's CUDA wheels are not
     * built for it.  NVIDIA publishes torch builds per JetPack / L4T
     * release (its "PyTorch for Jetson" announcement thread lists each with
     * its L4T release) and L4T containers; both must match this L4T. */
    const char *rel = t->l4t ? arena_printf(x->a, "L4T %s", t->l4t) : "its L4T release";
    const char *dev = jetson_dev(x, t, rel);
    const char *jp = jetson_jp(x, t);
    const char *where = wheels ? arena_printf(x->a, "NVIDIA's wheel index for that JetPack is %s", wheels)
                               : "NVIDIA lists one per JetPack / L4T release at "
                                 "https://forums.developer.nvidia.com/t/pytorch-for-jetson/72048";
    unsigned g = next_group(fd);
    add(fl, fd, g, NULL,
        cap(x, arena_printf(x->a, "on this Jetson (%s) install NVIDIA's PyTorch build for the JetPack of %s%s -- "
                            "%s -- in place of the package index's aarch64 wheel or a build for another JetPack, "
                            "neither of which has this Jetson's GPU support", dev, rel, jp, where)),
        NULL);
    add(fl, fd, g, NULL,
        cap(x, arena_printf(x->a, "or run it in an L4T container made for %s (NGC's nvcr.io/nvidia/l4t-pytorch, "
                            "tagged by L4T release) with `--runtime nvidia`, which mounts the tegra driver "
                            "libraries into it", rel)),
        NULL);
}

void fixes_jetson_tf(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct tegra_facts *t, const char *index)
{
    /* NVIDIA builds TensorFlow for Jetson per JetPack ("Installing
     * TensorFlow for Jetson Platform": one pip index per JetPack, versions
     * "TF+nvYY.MM"); PyPI's aarch64 tensorflow is CPU-only there, and
     * tensorflow[and-cuda] installs the x86-64 / sbsa CUDA wheels, not
     * Jetson's.  No command: the +nv build to pin is the index's. */
    const char *rel = t->l4t ? arena_printf(x->a, "L4T %s", t->l4t) : "its L4T release";
    const char *where = index ? arena_printf(x->a, "NVIDIA's pip index for JetPack %s is %s (pip's "
                                             "--extra-index-url), its builds versioned tensorflow==VERSION+nvYY.MM",
                                             t->jetpack, index)
                              : "NVIDIA's guide \"Installing TensorFlow for Jetson Platform\" "
                                "(https://docs.nvidia.com/deeplearning/frameworks/pdf/Install-TensorFlow-Jetson-Platform.pdf) "
                                "names the pip index of each JetPack";
    unsigned g = next_group(fd);
    add(fl, fd, g, NULL,
        cap(x, arena_printf(x->a, "on this Jetson (%s) install NVIDIA's TensorFlow build for the JetPack of %s%s -- "
                            "%s -- in place of the package index's aarch64 wheel, tensorflow[and-cuda] (CUDA "
                            "wheels for x86-64 and Arm servers, not Jetson) or a build for another JetPack",
                            jetson_dev(x, t, rel), rel, jetson_jp(x, t), where)),
        NULL);
    add(fl, fd, g, NULL,
        cap(x, arena_printf(x->a, "or run it in an L4T container made for %s (NGC's nvcr.io/nvidia/l4t-tensorflow, "
                            "tagged by L4T release) with `--runtime nvidia`, which mounts the tegra driver "
                            "libraries into it", rel)),
        NULL);
}

void fixes_jetson_driver(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct tegra_facts *t)
{
    /* L4T's CUDA driver is the nvidia-l4t-cuda package's
     * /usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1; nvidia-l4t-core's
     * /etc/ld.so.conf.d/nvidia-tegra.conf puts that folder on the loader's
     * path.  An L4T container gets both from the host through NVIDIA's
     * container runtime (`--runtime nvidia`, NGC's l4t-base instructions). */
    const char *dir = "/usr/lib/aarch64-linux-gnu/tegra";
    unsigned g = next_group(fd);
    if (t->libcuda && !t->libcuda_on_path) {
        add(fl, fd, g, "sh", "Put L4T's driver folder on the loader's path (what nvidia-l4t-core's "
            "nvidia-tegra.conf does) and rebuild the cache",
            arena_printf(x->a, "echo %s | sudo tee /etc/ld.so.conf.d/nvidia-tegra.conf\nsudo ldconfig", dir));
        return;
    }
    if (x->container) {
        add(fl, fd, g, "sh", "Start the container with NVIDIA's runtime, which mounts the host's L4T "
            "driver libraries (tegra/) into it; on the Jetson itself:",
            "docker run --runtime nvidia -it IMAGE");
        return;
    }
    add(fl, fd, g, "sh", "Reinstall L4T's CUDA driver package (from NVIDIA's L4T apt repository, "
        "configured by JetPack)",
        "sudo apt-get install --reinstall nvidia-l4t-cuda\nsudo ldconfig");
}

/* ---- macOS (issue #21): Apple's GPU is reached through Metal ---- */

void fixes_macos_native_python(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    unsigned g = next_group(fd);
    /* conda-forge's Miniforge publishes an arm64 installer for macOS
     * (github.com/conda-forge/miniforge, "Miniforge3-MacOSX-arm64"); Apple's
     * PyTorch page uses Miniconda's MacOSX-arm64 installer the same way. */
    add(fl, fd, g, "sh", "Install an arm64 (Apple Silicon) Python: Miniforge's arm64 installer, then "
        "reinstall the packages in its environment (an x86_64 environment's wheels are x86_64 too)",
        "curl -fsSLO https://github.com/conda-forge/miniforge/releases/latest/download/Miniforge3-MacOSX-arm64.sh\n"
        "bash Miniforge3-MacOSX-arm64.sh");
    add(fl, fd, g, NULL, "Or python.org's macOS installer (universal2: it runs natively on Apple Silicon)",
        "https://www.python.org/downloads/macos/");
    g = next_group(fd);
    add(fl, fd, g, "sh", "Check that the new interpreter runs natively (prints arm64; a universal2 Python "
        "started from a Rosetta terminal can be forced with arch -arm64)",
        "arch -arm64 python3 -c 'import platform; print(platform.machine())'");
    (void)x;
}

void fixes_macos_pip(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct python_env *env, const char *title, const char *pkgs)
{
    add(fl, fd, next_group(fd), "sh", title,
        arena_printf(x->a, "%s -m pip install %s", fix_python(x, env), pkgs));
}

/* ---- the machine rules' fixes (rules_driver.c, rules_env.c), shared with explain ---- */

static void route_driver_load_module(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    /* WSL2 has no nvidia kernel module to load: its GPU comes through the Windows driver and
     * dxgkrnl (NVIDIA's CUDA on WSL User Guide); the driver install route says what to do there.
     * x may be NULL (the machine rules' callers without a fix context). */
    if (x && x->wsl == 2)
        return;
    finding_fix(fl, fd, "sh", "Load the module (or reboot after a driver install)", "sudo modprobe nvidia");
    finding_fix(fl, fd, "sh", "If modprobe fails with Secure Boot on, the module is unsigned: "
                "enroll the MOK key or disable Secure Boot; check the kernel log",
                "sudo dmesg | grep -i -E 'nvidia|secure boot'");
}

static void route_stub_off_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    (void)x;
    finding_fix(fl, fd, "sh", "Remove the stubs directory from LD_LIBRARY_PATH (it is for linking only)",
                "export LD_LIBRARY_PATH=$(printf %%s \"$LD_LIBRARY_PATH\" | tr ':' '\\n' | "
                "grep -v '/stubs' | paste -sd:)");
    finding_fix(fl, fd, "sh", "If an ld.so.conf file names it, remove that line and rebuild the cache",
                "grep -r stubs /etc/ld.so.conf /etc/ld.so.conf.d/ && sudo ldconfig");
}

static void route_visible_devices(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    (void)x;
    finding_fix(fl, fd, "sh", "Unset it (or list the devices to use, e.g. 0)", "unset CUDA_VISIBLE_DEVICES");
    finding_fix(fl, fd, "fish", "Unset it", "set -e CUDA_VISIBLE_DEVICES");
    finding_fix(fl, fd, "powershell", "Unset it", "Remove-Item Env:CUDA_VISIBLE_DEVICES");
    finding_fix(fl, fd, NULL, "If a job scheduler set it (Slurm, Kubernetes), request GPUs from the "
                "scheduler instead (e.g. srun --gpus=1)", NULL);
}

/* ---- ranks: each route above is one intent (diagnose/fixes_intent.h) ---- */

/* An install whose fixes hold a driver upgrade needs it first: the whole route is the driver's. */
static void rank_install(struct finding *fd, size_t from)
{
    size_t i;
    for (i = from; i < fd->n_fixes; i++)
        if (fd->fixes[i].rank == FIX_RANK_DRIVER) {
            fixes_rank(fd, from, FIX_RANK_DRIVER);
            return;
        }
    fixes_rank(fd, from, FIX_RANK_USER);
}

/* The install routes of the frameworks: one shape, ranked as one install. */
typedef int install_route_fn(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                             const struct python_env *env, const char *want);

static int ranked_install(install_route_fn *route, const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const struct python_env *env, const char *want)
{
    size_t from = fd->n_fixes;
    int r = route(x, fl, fd, env, want);
    rank_install(fd, from);
    return r;
}

/* A route of the plain shape, its fixes ranked r (all: as one route of steps, fixes_rank_all). */
typedef void plain_route_fn(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

static void ranked(plain_route_fn *route, const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                   enum fix_rank r, int all)
{
    size_t from = fd->n_fixes;
    route(x, fl, fd);
    if (all)
        fixes_rank_all(fd, from, r);
    else
        fixes_rank(fd, from, r);
}

void fixes_driver_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    ranked(route_driver_install, x, fl, fd, FIX_RANK_DRIVER, 1);
}

void fixes_driver_upgrade(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const char *need, const char *why)
{
    size_t from = fd->n_fixes;
    route_driver_upgrade(x, fl, fd, need, why);
    fixes_rank_all(fd, from, FIX_RANK_DRIVER);
}

void fixes_libcuda_missing(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    ranked(route_libcuda_missing, x, fl, fd, FIX_RANK_DRIVER, 1);
}

void fixes_wsl_linux_driver(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    ranked(route_wsl_linux_driver, x, fl, fd, FIX_RANK_SYSTEM, 1);
}

void fixes_loader_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const char *title, const char *dirs)
{
    size_t from = fd->n_fixes;
    route_loader_path(x, fl, fd, title, dirs);
    fixes_rank(fd, from, FIX_RANK_ENV);
}

void fixes_official_image(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *framework,
                          const char *want, const struct python_env *env)
{
    size_t from = fd->n_fixes;
    route_official_image(x, fl, fd, framework, want, env);
    fixes_rank(fd, from, FIX_RANK_NEW_ENV);
}

void fixes_tf_windows_routes(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                             const struct python_env *env)
{
    size_t from = fd->n_fixes;
    route_tf_windows_routes(x, fl, fd, env);
    fixes_rank_all(fd, from, FIX_RANK_NEW_ENV);
}

int fixes_torch_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct python_env *env, const char *want)
{
    return ranked_install(route_torch_install, x, fl, fd, env, want);
}

void fixes_torch_companion(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                           const struct python_env *env, const char *dist, const char *version,
                           const char *torch_version)
{
    size_t from = fd->n_fixes;
    if (!route_torch_companion(x, fl, fd, env, dist, version, torch_version))
        add(fl, fd, 0, NULL, arena_printf(x->a, "Install %s's CUDA build for the torch installed (torch %s), from the "
                                          "same wheel index as torch's", dist, torch_version ? torch_version : "?"),
            NULL);
    rank_install(fd, from);
}

int fixes_tf_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct python_env *env, const char *want)
{
    return ranked_install(route_tf_install, x, fl, fd, env, want);
}

int fixes_jax_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want)
{
    return ranked_install(route_jax_install, x, fl, fd, env, want);
}

int fixes_ort_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want)
{
    return ranked_install(route_ort_install, x, fl, fd, env, want);
}

int fixes_cupy_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const struct python_env *env, const char *want)
{
    return ranked_install(route_cupy_install, x, fl, fd, env, want);
}

int fixes_paddle_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *want)
{
    return ranked_install(route_paddle_install, x, fl, fd, env, want);
}

int fixes_xgboost_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const struct python_env *env, const char *want)
{
    return ranked_install(route_xgboost_install, x, fl, fd, env, want);
}

int fixes_install_build(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env,
                        const struct framework_build *b)
{
    size_t from = fd->n_fixes;
    int r = route_install_build(x, fl, fd, env, b);
    rank_install(fd, from);
    return r;
}

void fixes_pip_reinstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *name, const char *version)
{
    size_t from = fd->n_fixes;
    route_pip_reinstall(x, fl, fd, env, name, version);
    rank_install(fd, from);
}

void fixes_system_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct choice *in)
{
    size_t from = fd->n_fixes;
    route_system_cuda(x, fl, fd, in);
    fixes_rank(fd, from, FIX_RANK_SYSTEM);
}

void fixes_driver_load_module(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    ranked(route_driver_load_module, x, fl, fd, FIX_RANK_SYSTEM, 0);
}

void fixes_stub_off_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    ranked(route_stub_off_path, x, fl, fd, FIX_RANK_ENV, 0);
}

void fixes_visible_devices(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    ranked(route_visible_devices, x, fl, fd, FIX_RANK_ENV, 0);
}
