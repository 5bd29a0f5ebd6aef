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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    x->family = fix_family_of(f->system.distro_id);
    x->wsl = f->system.wsl;
    x->container = f->system.container;
    x->driver = facts_driver_version(f);
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

void fixes_driver_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
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
        add(fl, fd, 0, "sh", "On the host (Debian/Ubuntu with NVIDIA's container repository): install "
            "the toolkit and register it with Docker",
            "sudo apt-get install nvidia-container-toolkit\n"
            "sudo nvidia-ctk runtime configure --runtime=docker\n"
            "sudo systemctl restart docker");
        add(fl, fd, 0, "sh", "Start the container with every GPU (and shared memory for data loaders)",
            "docker run --gpus all --ipc=host IMAGE");
        return;
    }
    driver_cmd(x, fl, fd, "");
}

void fixes_driver_upgrade(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
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
    add(fl, fd, 0, NULL, t, NULL);
    if (x->family == FIX_FAMILY_DEBIAN)
        add(fl, fd, 0, "sh", "Debian: see which driver version the archive offers before installing it "
            "(a stable release may be older than needed: then backports or NVIDIA's repository)",
            "apt-cache policy nvidia-driver");
    driver_cmd(x, fl, fd, "");
}

void fixes_libcuda_missing(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
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

void fixes_wsl_linux_driver(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
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

void fixes_loader_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
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

/* "3.11.7" -> "3.11" */
static const char *py_xy(struct arena *a, const char *v)
{
    return v ? ver_dotted_prefix(a, v, 2) : NULL;
}

int fix_python_in_range(const char *range, const char *py)
{
    const char *p = range;
    char xy[16];
    size_t n;
    const char *dot;

    if (!range || !py)
        return 0;
    /* Compare X.Y only: "3.11.7" is in "3.9-3.11". */
    dot = strchr(py, '.');
    n = dot ? (size_t)(strchr(dot + 1, '.') ? (size_t)(strchr(dot + 1, '.') - py) : strlen(py)) : strlen(py);
    if (n >= sizeof(xy))
        return 0;
    memcpy(xy, py, n);
    xy[n] = '\0';
    while (*p) {
        char part[32], lo[16], hi[16];
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        const char *dash;
        if (len >= sizeof(part))
            return 0;
        memcpy(part, p, len);
        part[len] = '\0';
        dash = strchr(part, '-');
        if (dash) {
            size_t ll = (size_t)(dash - part);
            if (ll >= sizeof(lo) || strlen(dash + 1) >= sizeof(hi))
                return 0;
            memcpy(lo, part, ll);
            lo[ll] = '\0';
            memcpy(hi, dash + 1, strlen(dash + 1) + 1);
        } else {
            memcpy(lo, part, len + 1);
            memcpy(hi, part, len + 1);
        }
        if (ver_cmp_dotted(xy, lo) >= 0 && ver_cmp_dotted(xy, hi) <= 0)
            return 1;
        p = comma ? comma + 1 : p + len;
    }
    return 0;
}

/* ---- choosing a build ---- */

static const char *release_of(struct arena *a, const char *v)
{
    struct ver_pep440 pv;
    /* "1.13.0a0" / "2.6.0+cu124" -> "1.13" / "2.6" */
    if (!v || ver_pep440_parse(v, &pv) != 0)
        return NULL;
    return ver_dotted_prefix(a, v, 2);
}

/* Does a comma-separated list hold item? */
static int list_has(const char *list, const char *item)
{
    size_t n = strlen(item);
    const char *s = list;
    while (s && *s) {
        const char *c = strchr(s, ',');
        size_t len = c ? (size_t)(c - s) : strlen(s);
        if (len == n && !strncmp(s, item, n))
            return 1;
        s = c ? c + 1 : NULL;
    }
    return 0;
}

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

const char *fix_torch_aarch64_arch(const struct fix_ctx *x, const char *release, const char *variant,
                                   const char **source)
{
    const char *v = NULL, *src = NULL;
    if (!sbsa(x) || !x->kb || !release || !variant || strncmp(variant, "cu", 2) ||
        kb_pkg_fact(x->kb, "torch", arena_printf(x->a, "cuda_aarch64_arch_%s", variant), release, &v, &src) != 1 ||
        !v || !strcmp(v, "unknown"))
        return NULL;
    if (source)
        *source = src;
    return v;
}

/* Which CUDA builds of framework's release were published for Linux aarch64
 * (pkg_fact cuda_aarch64): 1 and *value (a comma list of variants, or
 * "yes"), 0 none ("none"), -1 the knowledge base does not say ("unknown",
 * or no row). */
static int aarch64_cuda(const struct fix_ctx *x, const char *framework, const char *release, const char **value)
{
    const char *v = NULL;
    *value = NULL;
    if (!release || kb_pkg_fact(x->kb, framework, "cuda_aarch64", release, &v, NULL) != 1 || !v ||
        !strcmp(v, "unknown"))
        return -1;
    if (!strcmp(v, "none"))
        return 0;
    *value = v;
    return 1;
}

/* 1 the driver runs cuda, 0 it is too old (*need the floor), -1 unknown driver. */
static int driver_runs(const struct fix_ctx *x, const char *cuda, const char **need)
{
    enum kb_drv_verdict dv;
    const char *src;
    *need = NULL;
    if (!cuda)
        return -1;
    if (kb_driver_runs_cuda(x->kb, x->driver ? x->driver : "0", cuda, windows(x) ? "windows" : "linux", &dv, need,
                            &src) != 1)
        return -1;
    if (!x->driver)
        return -1;
    return dv != KB_DRV_TOO_OLD;
}

/* torch: the driver floor of one build and whether the driver meets it. */
static int torch_driver(const struct fix_ctx *x, const char *release, const char *variant, const char **need)
{
    const char *src;
    *need = NULL;
    if (kb_torch_min_driver(x->kb, release, variant, windows(x) ? "windows" : "linux", need, &src) != 1)
        return -1;
    if (!x->driver)
        return -1;
    return ver_cmp_dotted(x->driver, *need) >= 0;
}

struct torch_cand {
    const char *release, *variant, *cuda, *cudnn, *source, *need, *range;
    int drv;      /* 1 / 0 / -1 */
    int py_ok;    /* 1 in range, 0 out, -1 unknown */
};

/* Is a better than b? The driver first, then the release, then the CUDA. */
static int torch_better(const struct torch_cand *a, const struct torch_cand *b)
{
    int c;
    if ((a->drv != 0) != (b->drv != 0))
        return a->drv != 0;
    if ((a->py_ok == 1) != (b->py_ok == 1))
        return a->py_ok == 1;
    c = ver_cmp_dotted(a->release, b->release);
    if (c)
        return c > 0;
    return ver_cmp_dotted(a->cuda, b->cuda) > 0;
}

/* The best cu* build of release (NULL: any); 1 found. */
static int torch_best(const struct fix_ctx *x, const char *release, const char *python, struct torch_cand *best,
                      int *py_rejected, int *arch_rejected, int *a64_rejected)
{
    const struct kb_table *t = kb_table(x->kb, "torch");
    int have = 0;
    size_t r;
    if (!t)
        return 0;
    for (r = 0; r < t->nrows; r++) {
        struct torch_cand c;
        const char *lo, *hi, *psrc;
        memset(&c, 0, sizeof(c));
        c.release = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "version"));
        c.variant = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "variant"));
        c.cuda = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "cuda"));
        c.cudnn = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "cudnn"));
        c.source = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "source"));
        if (!c.variant || strncmp(c.variant, "cu", 2) || !c.cuda)
            continue;
        if (release && ver_cmp_dotted_n(c.release, release, 2) != 0)
            continue;
        if (sbsa(x)) {
            /* Only a variant PyTorch published for aarch64; a release the kb
             * says nothing about is not offered (its command may not work). */
            const char *v;
            if (aarch64_cuda(x, "torch", c.release, &v) != 1 || !list_has(v, c.variant)) {
                (*a64_rejected)++;
                continue;
            }
        }
        c.py_ok = -1;
        if (kb_torch_python(x->kb, c.release, &lo, &hi, &psrc) == 1) {
            c.range = arena_printf(x->a, "%s-%s", lo, hi);
            if (python)
                c.py_ok = fix_python_in_range(c.range, python);
        } else {
            /* Releases newer than torch_python.kb: py_support's PyTorch ranges. */
            struct kb_py kp;
            if (kb_python_support(x->kb, "pytorch", c.release, &kp) == 1 && kp.python_max) {
                c.range = arena_printf(x->a, "%s-%s", kp.python_min, kp.python_max);
                if (python)
                    c.py_ok = fix_python_in_range(c.range, python);
            }
        }
        if (c.py_ok == 0) {
            (*py_rejected)++;
            continue;
        }
        if (x->gpu_cc) {
            /* The GPU must be in the build's architecture list (native or PTX), and the
             * driver floor is the GPU family's when that is higher (kb_build_min_driver). */
            const char *arch = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "arch"));
            const char *a64 = fix_torch_aarch64_arch(x, c.release, c.variant, NULL);
            const char *d, *dsrc;
            if (a64)
                arch = a64; /* the aarch64 build's own list */
            int build_ok = 1;
            if (arch && kb_arch_list_covers(arch, x->gpu_cc) == 0) {
                (*arch_rejected)++;
                continue;
            }
            if (kb_build_min_driver(x->kb, c.cuda, x->gpu_cc, windows(x) ? "windows" : "linux", &d, &dsrc,
                                    &build_ok) == 1) {
                if (!build_ok) {
                    (*arch_rejected)++;
                    continue;
                }
                c.need = d;
                c.drv = x->driver ? ver_cmp_driver(x->driver, d) >= 0 : -1;
            } else {
                c.drv = torch_driver(x, c.release, c.variant, &c.need);
            }
        } else {
            c.drv = torch_driver(x, c.release, c.variant, &c.need);
        }
        if (!have || torch_better(&c, best))
            *best = c;
        have = 1;
    }
    return have;
}

int fix_choose_torch(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out)
{
    struct torch_cand c;
    const char *rel = release_of(x->a, want), *py = py_xy(x->a, python);
    int rej = 0, found = 0, arej = 0, a64 = 0;

    memset(out, 0, sizeof(*out));
    out->framework = "torch";
    if (!x->kb) {
        out->why_not = "no knowledge base";
        return 0;
    }
    if (!strcmp(x->os, "macos")) {
        out->why_not = "PyTorch has no CUDA builds for macOS (use MPS)";
        return 0;
    }
    if (rel) {
        found = torch_best(x, rel, py, &c, &rej, &arej, &a64);
        if (!found) {
            const char *lo, *hi, *src;
            if (a64 && !rej && !arej)
                out->why_not = arena_printf(x->a, "the knowledge base knows no CUDA build of torch %s published for "
                                            "Linux aarch64", rel);
            else if (arej && !rej)
                out->why_not = arena_printf(x->a, "no CUDA build of torch %s has code for compute capability %s", rel,
                                            x->gpu_cc);
            else if (rej && kb_torch_python(x->kb, rel, &lo, &hi, &src) == 1)
                out->why_not = arena_printf(x->a, "torch %s has no wheels for Python %s (it supports %s-%s)", rel, py,
                                            lo, hi);
            else
                out->why_not = arena_printf(x->a, "the knowledge base has no CUDA build of torch %s", rel);
        } else if (c.drv == 0) {
            /* Keep the release unless a newer one runs on this driver. */
            struct torch_cand n;
            int r2 = 0, a2 = 0, b2 = 0;
            if (torch_best(x, NULL, py, &n, &r2, &a2, &b2) && n.drv != 0) {
                out->why_not = arena_printf(x->a, "every CUDA build of torch %s needs driver %s or newer", rel,
                                            c.need ? c.need : "?");
                c = n;
            }
        }
    }
    if (!found)
        found = torch_best(x, NULL, py, &c, &rej, &arej, &a64);
    if (!found) {
        out->why_not = arena_printf(x->a, "%s%sno CUDA build of torch in the knowledge base %s",
                                    out->why_not ? out->why_not : "", out->why_not ? "; " : "",
                                    rej ? arena_printf(x->a, "supports Python %s", py ? py : "?")
                                    : arej ? arena_printf(x->a, "has code for compute capability %s", x->gpu_cc)
                                    : a64 ? "is known to be published for Linux aarch64"
                                          : arena_printf(x->a, "supports Python %s", py ? py : "?"));
        return 0;
    }
    out->release = c.release;
    out->variant = c.variant;
    out->cuda = c.cuda;
    out->cudnn = c.cudnn;
    out->python = py;
    out->python_range = c.range;
    out->driver_need = c.need;
    out->driver_ok = c.drv;
    out->source = c.source;
    out->unverified = kbdata_source_unverified(c.source);
    return 1;
}

/* TensorFlow: does release's pip package bring CUDA ("[and-cuda]")?  From
 * tf_libs' pip_libs: "rpath"/"rpath-broken"/"unknown" rows are the releases
 * whose nvidia-* wheels TensorFlow finds itself, which is what the extra
 * installs; "no" and "ld_library_path" predate it. */
static int tf_extra(const struct fix_ctx *x, const char *release, int *broken, int *verified)
{
    struct kb_tf_libs l;
    *broken = 0;
    *verified = 0;
    if (kb_tf_libs(x->kb, release, "linux", &l) != 1 || !l.pip_libs)
        return 0;
    *broken = !strcmp(l.pip_libs, "rpath-broken");
    *verified = !strcmp(l.pip_libs, "rpath");
    return strcmp(l.pip_libs, "no") && strcmp(l.pip_libs, "ld_library_path");
}

/* TensorFlow release (CUDA cuda): the driver it needs (kb_tf_driver_floor:
 * TensorFlow's own documented minimum; the toolkit's for a GPU that runs it
 * only from PTX) and whether the driver meets it; the toolkit's rules
 * (driver_runs) where the kb has no TensorFlow-documented floor. */
static int tf_driver(const struct fix_ctx *x, const char *release, const char *cuda, const char **need,
                     int *unverified)
{
    struct kb_tf_floor tf;
    if (kb_tf_driver_floor(x->kb, release, cuda, x->gpu_cc, NULL, windows(x) || x->wsl == 2 ? "wsl" : "linux", &tf) != 1 ||
        !strcmp(tf.rule, "toolkit"))
        return driver_runs(x, cuda, need);
    if (tf.arch_source && kbdata_source_unverified(tf.arch_source))
        *unverified = 1;   /* the floor rests on tf_arch's unverified build list */
    *need = tf.driver;
    if (!x->driver)
        return -1;
    return ver_cmp_driver(x->driver, tf.driver) >= 0;
}

struct tf_cand {
    const char *release, *cuda, *cudnn, *python, *source, *need;
    int drv, extra, broken, verified, py_ok, unverified;
};

static int tf_better(const struct tf_cand *a, const struct tf_cand *b)
{
    int c;
    if ((a->drv != 0) != (b->drv != 0))
        return a->drv != 0;
    if ((a->py_ok != 0) != (b->py_ok != 0))
        return a->py_ok != 0;
    if (a->extra != b->extra)
        return a->extra;
    if (a->broken != b->broken)
        return !a->broken;
    if (a->verified != b->verified)
        return a->verified;     /* its wheels are known to find site-packages/nvidia */
    c = ver_cmp_dotted(a->release, b->release);
    return c > 0;
}

static int tf_best(const struct fix_ctx *x, const char *release, const char *python, struct tf_cand *best,
                   int *py_rejected)
{
    const struct kb_table *t = kb_table(x->kb, "tf_build");
    int have = 0;
    size_t r;
    if (!t)
        return 0;
    for (r = 0; r < t->nrows; r++) {
        struct tf_cand c;
        const char *os = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "os"));
        memset(&c, 0, sizeof(c));
        c.release = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "version"));
        c.python = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "python"));
        c.cuda = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "cuda"));
        c.cudnn = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "cudnn"));
        c.source = kb_table_cell(t, r, (size_t)kb_schema_col(t->schema, "source"));
        if (!os || strcmp(os, "linux") || !c.cuda)
            continue;
        if (release && ver_cmp_dotted_n(c.release, release, 2) != 0)
            continue;
        c.py_ok = python ? fix_python_in_range(c.python, python) : -1;
        if (c.py_ok == 0) {
            (*py_rejected)++;
            continue;
        }
        c.unverified = kbdata_source_unverified(c.source);
        c.drv = tf_driver(x, c.release, c.cuda, &c.need, &c.unverified);
        c.release = ver_dotted_prefix(x->a, c.release, 2);
        c.extra = tf_extra(x, c.release, &c.broken, &c.verified);
        if (!c.extra) {
            /* The conda route installs the CUDA and cuDNN of TensorFlow's own tested
             * configuration (the row); conda-forge's "cudatoolkit" package ends where
             * the kb's pkg_fact conda_cudatoolkit says "no" (CUDA 12 is split into
             * cuda-* packages). */
            const char *tk = NULL;
            if (!c.cudnn || (kb_pkg_fact(x->kb, "cuda", "conda_cudatoolkit", c.cuda, &tk, NULL) == 1 &&
                             !strcmp(tk, "no")))
                continue;
        }
        if (!have || tf_better(&c, best))
            *best = c;
        have = 1;
    }
    return have;
}

int fix_choose_tf(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out)
{
    struct tf_cand c;
    const char *rel = release_of(x->a, want), *py = py_xy(x->a, python);
    int rej = 0, found = 0;

    memset(out, 0, sizeof(*out));
    out->framework = "tensorflow";
    if (!x->kb) {
        out->why_not = "no knowledge base";
        return 0;
    }
    if (rel) {
        found = tf_best(x, rel, py, &c, &rej);
        if (!found)
            out->why_not = rej ? arena_printf(x->a, "TensorFlow %s does not support Python %s", rel, py)
                               : arena_printf(x->a, "the knowledge base has no installable CUDA build of "
                                              "TensorFlow %s for Linux", rel);
        else if (c.drv == 0 || c.broken) {
            /* A driver too old, or a release whose wheel does not find its own CUDA
             * wheels: the newest release without that problem, if there is one. */
            struct tf_cand n;
            int r2 = 0;
            if (tf_best(x, NULL, py, &n, &r2) && n.drv != 0 && !n.broken) {
                out->why_not = c.broken ? arena_printf(x->a, "TensorFlow %s's wheel lacks the RUNPATH into "
                                                       "site-packages/nvidia (tensorflow/tensorflow#63362)", rel)
                                        : arena_printf(x->a, "TensorFlow %s's CUDA %s needs driver %s or newer", rel,
                                                       c.cuda, c.need ? c.need : "?");
                c = n;
            }
        }
    }
    if (!found)
        found = tf_best(x, NULL, py, &c, &rej);
    if (!found) {
        out->why_not = arena_printf(x->a, "%s%sno CUDA build of TensorFlow in the knowledge base supports Python %s",
                                    out->why_not ? out->why_not : "", out->why_not ? "; " : "", py ? py : "?");
        return 0;
    }
    out->release = c.release;
    out->variant = c.extra ? "and-cuda" : "conda";
    out->cuda = c.cuda;
    out->cudnn = c.cudnn;
    out->python = py;
    out->python_range = c.python;
    out->driver_need = c.need;
    out->driver_ok = c.drv;
    out->source = c.source;
    out->unverified = c.unverified;
    return 1;
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
static const char *env_name(const struct fix_ctx *x, const struct fix_install *in)
{
    return arena_printf(x->a, "%s%s-%s", !strcmp(in->framework, "torch") ? "torch" : "tf", in->release,
                        in->variant && !strcmp(in->variant, "and-cuda") ? "cuda" : in->variant ? in->variant : "gpu");
}

static void driver_first(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct fix_install *in)
{
    if (in->driver_ok != 0)
        return;
    fixes_driver_upgrade(x, fl, fd, in->driver_need,
                         arena_printf(x->a, "%s %s's %s build needs it, so upgrade the driver first", in->framework,
                                      in->release, in->variant));
}

static const char *install_title(const struct fix_ctx *x, const struct fix_install *in, const char *what)
{
    if (in->driver_ok == -1 && in->driver_need)
        what = arena_printf(x->a, "%s (needs driver %s or newer)", what, in->driver_need);
    return arena_printf(x->a, "%s%s%s%s%s%s", what, in->python ? arena_printf(x->a, " (Python %s", in->python) : "",
                        in->python && in->python_range ? arena_printf(x->a, "; %s %s supports %s", in->framework,
                                                                      in->release, in->python_range) : "",
                        in->python ? ")" : "",
                        in->python_range ? "" : arena_printf(x->a, " -- the knowledge base has no Python range for "
                                                             "%s %s: check that your Python has wheels",
                                                             in->framework, in->release),
                        in->unverified ? " -- UNVERIFIED: a knowledge-base row behind this choice is not confirmed "
                                         "from a primary source ('gpudoctor matrix --unverified')" : "");
}

int fixes_torch_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct python_env *env, const char *want)
{
    struct fix_install in;
    const char *pkg, *pip, *t;

    if (!fix_choose_torch(x, want, env ? env->python_version : NULL, &in)) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "No CUDA build of PyTorch fits this machine: %s", in.why_not), NULL);
        return 0;
    }
    driver_first(x, fl, fd, &in);
    pkg = arena_printf(x->a, "\"torch==%s.*\" --index-url https://download.pytorch.org/whl/%s", in.release, in.variant);
    t = arena_printf(x->a, "%s%s", in.why_not ? arena_printf(x->a, "%s; ", in.why_not) : "",
                     arena_printf(x->a, "install torch %s's %s build%s (CUDA %s; its wheels bring the CUDA "
                                  "libraries)", in.release, in.variant,
                                  sbsa(x) ? " for Linux aarch64 (PyTorch's own index; the package index's aarch64 "
                                            "wheel has no CUDA)" : "", in.cuda));
    if (sbsa(x) && x->gpu_cc && !fix_torch_aarch64_arch(x, in.release, in.variant, NULL))
        t = arena_printf(x->a, "%s -- the knowledge base lacks the GPU architecture list of this aarch64 build "
                         "(judged by the x86_64 build's): check that it has compute capability %s", t, x->gpu_cc);
    t = cap(x, install_title(x, &in, t));
    if (externally_managed(env) && !windows(x)) {
        const char *name = env_name(x, &in);
        add(fl, fd, 0, "sh", cap(x, arena_printf(x->a, "%s%s is externally managed (PEP 668: pip refuses it), "
                                                 "so in a new venv: %s", in.why_not ? arena_printf(x->a, "%s; ", in.why_not) : "",
                                                 env->prefix, install_title(x, &in, arena_printf(x->a,
                                                 "install torch %s's %s build (CUDA %s; its wheels bring the CUDA libraries)",
                                                 in.release, in.variant, in.cuda)))),
            arena_printf(x->a, "%s\n~/.venvs/%s/bin/python -m pip install %s", venv_lines(x, env, name), name, pkg));
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

static const char *tf_cmds(const struct fix_ctx *x, const struct python_env *env, const struct fix_install *in,
                           const char *pip)
{
    if (!strcmp(in->variant, "and-cuda"))
        return arena_printf(x->a, "%s install \"tensorflow[and-cuda]==%s.*\"", pip, in->release);
    (void)env;
    return arena_printf(x->a,
                        "conda create -n %s -c conda-forge %s cudatoolkit=%s cudnn=%s\n"
                        "conda activate %s\n"
                        "python -m pip install \"tensorflow==%s.*\"\n"
                        "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}",
                        env_name(x, in), in->python ? arena_printf(x->a, "python=%s", in->python) : "python", in->cuda,
                        in->cudnn, env_name(x, in),
                        in->release);
}

int fixes_tf_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                     const struct python_env *env, const char *want)
{
    struct fix_install in;
    const char *t, *py = env ? env->python_version : NULL;

    if (windows(x)) {
        fixes_tf_windows_routes(x, fl, fd, env);
        return 1;
    }
    if (sbsa(x)) {
        /* No cited source in the knowledge base for TensorFlow's Linux aarch64
         * CUDA wheels (tf_build is x86_64's): no command that may not work. */
        add(fl, fd, 0, NULL, "No command: the knowledge base does not know of a Linux aarch64 CUDA wheel of "
            "TensorFlow (this machine is aarch64); see tensorflow.org/install", NULL);
        return 0;
    }
    if (!fix_choose_tf(x, want, py, &in)) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "No CUDA build of TensorFlow fits this machine: %s", in.why_not), NULL);
        return 0;
    }
    if (!strcmp(in.variant, "conda") && !in.python) {
        /* conda brings its own Python: the newest the release supports. */
        const char *r = in.python_range, *last = r ? strrchr(r, '-') : NULL;
        in.python = last ? last + 1 : NULL;
    }
    driver_first(x, fl, fd, &in);
    t = arena_printf(x->a, "%s%s", in.why_not ? arena_printf(x->a, "%s; ", in.why_not) : "",
                     !strcmp(in.variant, "and-cuda")
                         ? arena_printf(x->a, "install TensorFlow %s with the CUDA %s libraries from pip", in.release, in.cuda)
                         : arena_printf(x->a, "keep TensorFlow %s: CUDA %s and cuDNN %s from conda-forge in their own "
                                        "environment", in.release, in.cuda, in.cudnn));
    t = cap(x, install_title(x, &in, t));
    if (!strcmp(in.variant, "and-cuda") && externally_managed(env)) {
        const char *name = env_name(x, &in);
        add(fl, fd, 0, "sh", cap(x, arena_printf(x->a, "%s%s is externally managed (PEP 668: pip refuses it), so in "
                                                 "a new venv: %s", in.why_not ? arena_printf(x->a, "%s; ", in.why_not) : "",
                                                 env->prefix, install_title(x, &in, arena_printf(x->a,
                                                 "install TensorFlow %s with the CUDA %s libraries from pip", in.release,
                                                 in.cuda)))),
            arena_printf(x->a, "%s\n~/.venvs/%s/bin/python -m pip install \"tensorflow[and-cuda]==%s.*\"",
                         venv_lines(x, env, name), name, in.release));
        return 1;
    }
    add(fl, fd, 0, "sh", t, tf_cmds(x, env, &in, fix_pip(x, env)));
    return 1;
}

void fixes_tf_windows_routes(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                             const struct python_env *env)
{
    struct kb_tf_build b;
    struct fix_install lin;
    const char *last = x->kb ? kb_tf_last_windows_gpu(x->kb) : NULL;
    const char *py = env ? py_xy(x->a, env->python_version) : NULL;
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
        if (x->kb && fix_choose_tf(&wx, NULL, NULL, &lin) && !strcmp(lin.variant, "and-cuda"))
            add(fl, fd, 0, "sh", arena_printf(x->a, "Then inside WSL's Ubuntu (bash): TensorFlow %s with its CUDA "
                                              "libraries, in a venv", lin.release),
                arena_printf(x->a, "sudo apt-get install python3-venv\npython3 -m venv ~/.venvs/tf\n"
                             "~/.venvs/tf/bin/python -m pip install \"tensorflow[and-cuda]==%s.*\"", lin.release));
    }
    if (!last || kb_tf_build(x->kb, last, "windows", &b) != 1 || !b.cuda || !b.cudnn) {
        add(fl, fd, 0, NULL, "The knowledge base has no native-Windows GPU release of TensorFlow to offer", NULL);
        return;
    }
    /* 2. Native: the last GPU release with its CUDA and cuDNN from conda-forge. */
    {
        const char *rel = ver_dotted_prefix(x->a, b.version, 2);
        const char *pick = py && fix_python_in_range(b.python, py) ? py : strrchr(b.python, '-') ? strrchr(b.python, '-') + 1 : b.python;
        const char *need = NULL;
        const char *cudnn = b.cudnn;
        const char *cmd;
        int drv = driver_runs(x, b.cuda, &need);
        /* conda-forge's cudnn has three-part versions ("8.1.0"). */
        if (!strchr(strchr(cudnn, '.') ? strchr(cudnn, '.') + 1 : "", '.'))
            cudnn = arena_printf(x->a, "%s.0", cudnn);
        if (drv == 0)
            fixes_driver_upgrade(x, fl, fd, need, arena_printf(x->a, "CUDA %s needs it (route 2)", b.cuda));
        cmd = arena_printf(x->a, "conda create -n tf%s -c conda-forge python=%s cudatoolkit=%s cudnn=%s\n"
                           "conda activate tf%s\n"
                           "python -m pip install \"tensorflow==%s.*\" \"numpy<2\"",
                           rel, pick, b.cuda, cudnn, rel, rel);
        g = next_group(fd);
        {
            const char *t = arena_printf(x->a, "Route 2: stay native with TensorFlow %s (its last GPU release on Windows; "
                                         "Python %s) and CUDA %s / cuDNN %s in a conda environment (numpy<2: "
                                         "TensorFlow %s was built against NumPy 1)", rel, b.python, b.cuda, b.cudnn, rel);
            add(fl, fd, g, "powershell", t, cmd);
            add(fl, fd, g, "cmd", t, cmd);
        }
        /* 3. DirectML: any DirectX 12 GPU, through Microsoft's plugin. */
        g = next_group(fd);
        {
            const char *t = arena_printf(x->a, "Route 3: tensorflow-cpu %s with Microsoft's DirectML plugin (any DirectX 12 "
                                         "GPU; Microsoft has paused the plugin's development)", rel);
            const char *pip = env ? fix_python(x, env) : "python";
            add(fl, fd, g, "powershell", t,
                arena_printf(x->a, "%s%s -m pip install \"tensorflow-cpu==%s.*\" tensorflow-directml-plugin",
                             env ? "& " : "", pip, rel));
            add(fl, fd, g, "cmd", t,
                arena_printf(x->a, "%s -m pip install \"tensorflow-cpu==%s.*\" tensorflow-directml-plugin", pip, rel));
        }
    }
}

/* ---- JAX, ONNX Runtime, CuPy ---- */

static int valid_version(const char *v)
{
    struct ver_pep440 pv;
    return v && ver_pep440_parse(v, &pv) == 0;
}

#define JAX_RELEASES "https://storage.googleapis.com/jax-releases/jax_cuda_releases.html"
#define ORT_CUDA12_FEED "https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/pypi/simple/"
/* onnxruntime-gpu's dependencies, installed from PyPI before the package from ORT's
 * feed as the only index: microsoft/onnxruntime#19356 (its maintainer: "python -m pip
 * install coloredlogs flatbuffers numpy packaging protobuf sympy", then "pip install
 * onnxruntime-gpu --index-url .../onnxruntime-cuda-12/pypi/simple"); with the feed as
 * an extra index pip may take PyPI's build of the same version (#20745: it installed
 * the CUDA 11 build). */
#define ORT_FEED_DEPS "coloredlogs flatbuffers numpy packaging protobuf sympy"

static int ncomp(const char *v)
{
    int n = 1;
    for (; v && *v; v++)
        n += *v == '.';
    return n;
}

/* first <= v <= last, each compared on its own number of components (last NULL: open). */
static int within(const char *v, const char *first, const char *last)
{
    if (first && ver_cmp_dotted_n(v, first, ncomp(first)) < 0)
        return 0;
    return !last || ver_cmp_dotted_n(v, last, ncomp(last)) <= 0;
}

/* The newest release the kb knows of a table (kb_meta), or NULL. */
static const char *newest_of(const struct fix_ctx *x, const char *table)
{
    const char *checked, *newest, *src;
    return kb_meta(x->kb, table, &checked, &newest, &src) == 1 ? newest : NULL;
}

/* The release to propose from a row first..last: last, or the newest the kb knows when
 * that is older; NULL when the row starts after the newest release. */
static const char *row_point(const char *first, const char *last, const char *newest)
{
    if (newest && first && ver_cmp_dotted(newest, first) < 0)
        return NULL;
    if (!last || (newest && ver_cmp_dotted_n(newest, last, ncomp(last)) < 0))
        return newest;
    return last;
}

/* A requirement's version: "0.7.99" and "1.20" are ranges ("0.7.*", "1.20.*"), "0.4.16" is itself. */
static const char *pin_of(struct arena *a, const char *v)
{
    size_t n = strlen(v);
    if (n > 3 && !strcmp(v + n - 3, ".99"))
        return arena_printf(a, "%.*s.*", (int)(n - 3), v);
    if (ncomp(v) < 3)
        return arena_printf(a, "%s.*", v);
    return v;
}

/* "1.2.3+cuda12" -> "1.2.3" */
static const char *public_version(struct arena *a, const char *v)
{
    const char *plus = v ? strchr(v, '+') : NULL;
    return plus ? arena_strndup(a, v, (size_t)(plus - v)) : v;
}

/* Python py in framework's range at release v: 1 in, 0 out, -1 unknown (*range the range). */
static int py_fits(const struct fix_ctx *x, const char *framework, const char *v, const char *py,
                   const char **range, int *unverified)
{
    struct kb_py kp;
    *range = NULL;
    if (kb_python_support(x->kb, framework, v, &kp) != 1)
        return -1;
    *range = arena_printf(x->a, "%s-%s", kp.python_min, kp.python_max ? kp.python_max : "");
    if (kbdata_source_unverified(kp.source))
        *unverified = 1;
    return py ? kb_python_in(&kp, py) : -1;
}

struct pkg_cand {
    const char *point, *range, *cuda, *cudnn, *need, *source, *package, *find_links;
    int drv, py_ok, unverified, is_default, find_links_index;
};

/* Is a better than b? The driver, the Python, a verified row, the release, then the CUDA
 * (the highest when the driver is known, else the lowest: it runs on the most drivers). */
static int pkg_better(const struct fix_ctx *x, const struct pkg_cand *a, const struct pkg_cand *b)
{
    int c;
    if ((a->drv != 0) != (b->drv != 0))
        return a->drv != 0;
    if ((a->py_ok != 0) != (b->py_ok != 0))
        return a->py_ok != 0;
    if (a->unverified != b->unverified)
        return !a->unverified;
    if ((c = ver_cmp_dotted(a->point, b->point)) != 0)
        return c > 0;
    if (a->is_default != b->is_default)
        return a->is_default;
    c = ver_cmp_dotted(a->cuda, b->cuda);
    return x->driver ? c > 0 : c < 0;
}

static void pkg_out(const struct fix_ctx *x, const char *framework, const struct pkg_cand *c, const char *py,
                    struct fix_install *out)
{
    out->framework = framework;
    out->release = c->point;
    out->pin = pin_of(x->a, c->point);
    out->package = c->package;
    out->find_links = c->find_links;
    out->find_links_index = c->find_links_index;
    out->deps_first = c->find_links_index ? ORT_FEED_DEPS : NULL;
    out->cuda = c->cuda;
    out->cudnn = c->cudnn;
    out->python = py;
    out->python_range = c->range;
    out->driver_need = c->need;
    out->driver_ok = c->drv;
    out->source = c->source;
    out->unverified = c->unverified;
}

/* The why_not of a chooser that found nothing for want, or NULL. */
static const char *nothing_for(const struct fix_ctx *x, const char *what, const char *want, const char *py,
                               int py_rejected)
{
    if (py_rejected && py)
        return arena_printf(x->a, "%s%s%s has no release in the knowledge base for Python %s", what,
                            want ? " " : "", want ? want : "", py);
    return arena_printf(x->a, "the knowledge base has no CUDA build of %s%s%s", what, want ? " " : "",
                        want ? want : "");
}

/* Native Windows and macOS have no CUDA build of framework (JAX, CuPy's wheels aside). */
static int no_cuda_os(const struct fix_ctx *x, const char *framework, struct fix_install *out)
{
    if (!strcmp(x->os, "macos")) {
        out->why_not = arena_printf(x->a, "%s has no CUDA build for macOS (macOS has no CUDA)", framework);
        return 1;
    }
    if (windows(x) && !strcmp(framework, "JAX")) {
        out->why_not = "JAX has no CUDA build for native Windows: use WSL2";
        return 1;
    }
    return 0;
}

const char *fix_row_release(const struct fix_ctx *x, const char *table, const char *first, const char *last,
                            const char **pin)
{
    const char *v = row_point(first, last, x->kb ? newest_of(x, table) : NULL);
    if (pin)
        *pin = v ? pin_of(x->a, v) : NULL;
    return v;
}

int fix_choose_jax(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out)
{
    const struct kb_table *t;
    const char *newest, *py = py_xy(x->a, python), *w = public_version(x->a, want);
    struct pkg_cand best;
    int have = 0, rej = 0, pass;
    size_t r;

    memset(out, 0, sizeof(*out));
    memset(&best, 0, sizeof(best));
    out->framework = "jax";
    if (!x->kb || !(t = kb_table(x->kb, "jax"))) {
        out->why_not = "no knowledge base";
        return 0;
    }
    if (no_cuda_os(x, "JAX", out))
        return 0;
    newest = newest_of(x, "jax");
    /* Pass 0 keeps want's release; pass 1 (nothing fits it) takes any. */
    for (pass = w && valid_version(w) ? 0 : 1; pass < 2 && !have; pass++) {
        for (r = 0; r < t->nrows; r++) {
            struct pkg_cand c;
            const char *first = kb_table_get(t, r, "first"), *last = kb_table_get(t, r, "last");
            const char *flavor = kb_table_get(t, r, "flavor"), *extras = kb_table_get(t, r, "extras");
            const char *dmin = kb_table_get(t, r, "driver_min");
            memset(&c, 0, sizeof(c));
            if (!flavor || strncmp(flavor, "cuda", 4) || !first)
                continue;
            if (pass == 0) {
                if (!within(w, first, last))
                    continue;
                c.point = w;
            } else if (!(c.point = row_point(first, last, newest))) {
                continue;
            }
            c.py_ok = py_fits(x, "jax", c.point, py, &c.range, &c.unverified);
            if (c.py_ok == 0 && pass == 1) {
                /* An older release of this row may still support this Python. */
                const struct kb_table *ps = kb_table(x->kb, "py_support");
                size_t i;
                const char *alt = NULL;
                for (i = 0; ps && i < ps->nrows; i++) {
                    const char *pl = kb_table_get(ps, i, "last"), *pmin = kb_table_get(ps, i, "python_min");
                    const char *pf = kb_table_get(ps, i, "first");
                    const char *cand;
                    if (strcmp(kb_table_get(ps, i, "framework"), "jax") || !pl || !pmin ||
                        ver_cmp_dotted_n(py, pmin, 2) < 0)
                        continue;
                    cand = ver_cmp_dotted(pl, c.point) < 0 ? pl : c.point;
                    if (!within(cand, first, last) || !within(cand, pf, pl))
                        continue;
                    if (!alt || ver_cmp_dotted(cand, alt) > 0)
                        alt = cand;
                }
                if (alt) {
                    c.point = alt;
                    c.py_ok = py_fits(x, "jax", c.point, py, &c.range, &c.unverified);
                }
            }
            if (c.py_ok == 0) {
                rej++;
                continue;
            }
            if (list_has(extras, flavor)) {
                c.package = arena_printf(x->a, "jax[%s]", flavor);
            } else if (list_has(extras, arena_printf(x->a, "%s_pip", flavor))) {
                c.package = arena_printf(x->a, "jax[%s_pip]", flavor);
                c.find_links = JAX_RELEASES;
            } else {
                continue;
            }
            c.cuda = kb_table_get(t, r, "cuda_min");
            c.cudnn = kb_table_get(t, r, "cudnn_min");
            c.need = dmin;
            c.source = kb_table_get(t, r, "source");
            c.drv = !x->driver || !dmin ? -1 : ver_cmp_driver(x->driver, dmin) >= 0;
            if (kbdata_source_unverified(c.source))
                c.unverified = 1;
            if (!have || pkg_better(x, &c, &best))
                best = c;
            have = 1;
        }
        if (!have && pass == 0)
            out->why_not = arena_printf(x->a, "%s", nothing_for(x, "jax", w, py, rej));
    }
    if (!have) {
        out->why_not = arena_printf(x->a, "%s%s%s", out->why_not ? out->why_not : "", out->why_not ? "; " : "",
                                    nothing_for(x, "JAX", NULL, py, rej));
        return 0;
    }
    pkg_out(x, "jax", &best, py, out);
    return 1;
}

int fix_choose_ort(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out)
{
    const struct kb_table *t;
    const char *newest, *py = py_xy(x->a, python), *w = public_version(x->a, want);
    struct pkg_cand best;
    int have = 0, rej = 0, pass;
    size_t r;

    memset(out, 0, sizeof(*out));
    memset(&best, 0, sizeof(best));
    out->framework = "onnxruntime-gpu";
    if (!x->kb || !(t = kb_table(x->kb, "onnxruntime"))) {
        out->why_not = "no knowledge base";
        return 0;
    }
    if (no_cuda_os(x, "onnxruntime-gpu", out))
        return 0;
    newest = newest_of(x, "onnxruntime");
    for (pass = w && valid_version(w) ? 0 : 1; pass < 2 && !have; pass++) {
        for (r = 0; r < t->nrows; r++) {
            struct pkg_cand c;
            const char *first = kb_table_get(t, r, "first"), *last = kb_table_get(t, r, "last"), *pypi = kb_table_get(t, r, "pypi");
            memset(&c, 0, sizeof(c));
            c.cuda = kb_table_get(t, r, "cuda");
            if (!first || !c.cuda)
                continue;
            if (pass == 0) {
                if (!within(w, first, last))
                    continue;
                c.point = w;     /* the user's own release, as published */
            } else if (!(c.point = row_point(first, last, newest))) {
                continue;
            }
            c.py_ok = py_fits(x, "onnxruntime", c.point, py, &c.range, &c.unverified);
            if (c.py_ok == 0 && pass == 1) {
                /* The Python floor starts inside this row: the release before it. */
                struct kb_py kp;
                if (kb_python_support(x->kb, "onnxruntime", c.point, &kp) == 1 && ncomp(kp.first) == 2) {
                    long maj = strtol(kp.first, NULL, 10), min = strtol(strchr(kp.first, '.') + 1, NULL, 10);
                    const char *prev = min > 0 ? arena_printf(x->a, "%ld.%ld", maj, min - 1) : NULL;
                    if (prev && within(prev, first, last)) {
                        c.point = prev;
                        c.unverified = 0;
                        c.py_ok = py_fits(x, "onnxruntime", c.point, py, &c.range, &c.unverified);
                    }
                }
            }
            if (c.py_ok == 0) {
                rej++;
                continue;
            }
            c.cudnn = kb_table_get(t, r, "cudnn");
            c.source = kb_table_get(t, r, "source");
            c.is_default = pypi && !strcmp(pypi, "yes");
            if (!c.is_default) {
                /* The only feed the kb's sources name is ORT's onnxruntime-cuda-N one for N 12:
                 * a build off PyPI for another CUDA major has no index to offer. */
                if (!strstr(ORT_CUDA12_FEED, arena_printf(x->a, "/onnxruntime-cuda-%ld/", strtol(c.cuda, NULL, 10))))
                    continue;
                c.find_links = ORT_CUDA12_FEED;
                c.find_links_index = 1;
            }
            c.package = "onnxruntime-gpu";
            c.drv = driver_runs(x, c.cuda, &c.need);
            if (kbdata_source_unverified(c.source))
                c.unverified = 1;
            if (!have || pkg_better(x, &c, &best))
                best = c;
            have = 1;
        }
        if (!have && pass == 0)
            out->why_not = nothing_for(x, "onnxruntime-gpu", w, py, rej);
    }
    if (!have) {
        out->why_not = arena_printf(x->a, "%s%s%s", out->why_not ? out->why_not : "", out->why_not ? "; " : "",
                                    nothing_for(x, "onnxruntime-gpu", NULL, py, rej));
        return 0;
    }
    pkg_out(x, "onnxruntime-gpu", &best, py, out);
    return 1;
}

int fix_choose_cupy(const struct fix_ctx *x, const char *want, const char *python, struct fix_install *out)
{
    const struct kb_table *t, *ps;
    const char *newest, *py = py_xy(x->a, python), *w = public_version(x->a, want);
    struct pkg_cand best;
    int have = 0, rej = 0, pass;
    size_t r, i;

    memset(out, 0, sizeof(*out));
    memset(&best, 0, sizeof(best));
    out->framework = "cupy";
    if (!x->kb || !(t = kb_table(x->kb, "cupy")) || !(ps = kb_table(x->kb, "py_support"))) {
        out->why_not = "no knowledge base";
        return 0;
    }
    if (no_cuda_os(x, "CuPy", out))
        return 0;
    newest = newest_of(x, "cupy");
    for (pass = w && valid_version(w) ? 0 : 1; pass < 2 && !have; pass++) {
        for (r = 0; r < t->nrows; r++) {
            const char *pkg = kb_table_get(t, r, "package"), *first = kb_table_get(t, r, "first"), *last = kb_table_get(t, r, "last");
            const char *cmin = kb_table_get(t, r, "cuda_min");
            if (!pkg || !first || !cmin)
                continue;
            /* The releases: py_support's rows name every CuPy release range with its Python. */
            for (i = 0; i < ps->nrows; i++) {
                struct pkg_cand c;
                const char *ctk = NULL;
                memset(&c, 0, sizeof(c));
                if (strcmp(kb_table_get(ps, i, "framework"), "cupy"))
                    continue;
                if (pass == 0) {
                    if (!within(w, kb_table_get(ps, i, "first"), kb_table_get(ps, i, "last")) || !within(w, first, last))
                        continue;
                    c.point = ver_dotted_prefix(x->a, w, 2);
                } else {
                    c.point = kb_table_get(ps, i, "last");
                    if (!c.point || !within(c.point, first, last) || (newest && ver_cmp_dotted(c.point, newest) > 0))
                        continue;
                }
                c.py_ok = py_fits(x, "cupy", c.point, py, &c.range, &c.unverified);
                if (c.py_ok == 0) {
                    rej++;
                    continue;
                }
                c.cuda = cmin;
                c.source = kb_table_get(t, r, "source");
                c.drv = driver_runs(x, cmin, &c.need);
                c.package = pkg;
                if (kb_pkg_fact(x->kb, "cupy", "extra_ctk", c.point, &ctk, NULL) == 1 && !strcmp(ctk, "yes"))
                    c.package = arena_printf(x->a, "%s[ctk]", pkg);
                if (kbdata_source_unverified(c.source))
                    c.unverified = 1;
                if (!have || pkg_better(x, &c, &best))
                    best = c;
                have = 1;
            }
        }
        if (!have && pass == 0)
            out->why_not = nothing_for(x, "CuPy", w, py, rej);
    }
    if (!have) {
        out->why_not = arena_printf(x->a, "%s%s%s", out->why_not ? out->why_not : "", out->why_not ? "; " : "",
                                    nothing_for(x, "CuPy", NULL, py, rej));
        return 0;
    }
    pkg_out(x, "cupy", &best, py, out);
    return 1;
}

/* "jax[cuda12]==0.7.*" -f URL, quoted for every shell the fix is written in. */
static const char *requirement(const struct fix_ctx *x, const struct fix_install *in)
{
    return arena_printf(x->a, "\"%s==%s\"%s%s", in->package, in->pin,
                        in->find_links ? (in->find_links_index ? " --index-url " : " -f ") : "",
                        in->find_links ? in->find_links : "");
}

/* "PIP install DEPS\n" when the package comes from an index of its own (deps_first). */
static const char *deps_line(const struct fix_ctx *x, const struct fix_install *in, const char *pip)
{
    return in->deps_first ? arena_printf(x->a, "%s install %s\n", pip, in->deps_first) : "";
}

/* What the title says about the choice: its CUDA, the Python, the driver floor, unverified rows. */
static const char *pkg_title(const struct fix_ctx *x, const struct fix_install *in, const char *what)
{
    const char *t = arena_printf(x->a, "%s%s %s %s (CUDA %s%s%s)", in->why_not ? arena_printf(x->a, "%s; ", in->why_not) : "",
                                 what, in->package, in->pin, in->cuda ? in->cuda : "?",
                                 !strcmp(in->framework, "onnxruntime-gpu") && in->cudnn
                                     ? arena_printf(x->a, ", cuDNN %s", in->cudnn) : "",
                                 in->driver_need && in->driver_ok != 0
                                     ? arena_printf(x->a, "; needs driver %s or newer", in->driver_need) : "");
    if (in->python && in->python_range)
        t = arena_printf(x->a, "%s (Python %s; %s %s supports %s)", t, in->python, in->framework, in->pin,
                         in->python_range);
    else if (!in->python_range)
        t = arena_printf(x->a, "%s -- the knowledge base has no Python range for %s %s: check that your Python "
                         "has wheels", t, in->framework, in->pin);
    if (in->unverified)
        t = arena_printf(x->a, "%s -- UNVERIFIED: a knowledge-base row behind this choice is not confirmed from a "
                         "primary source ('gpudoctor matrix --unverified')", t);
    return cap(x, t);
}

/* pip lines for env (a venv first under PEP 668; PowerShell and cmd on Windows). pre: uninstalls, or NULL. */
static void pkg_emit(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env,
                     const struct fix_install *in, const char *title, const char *pre)
{
    const char *req = requirement(x, in);
    if (externally_managed(env) && !windows(x)) {
        const char *name = arena_printf(x->a, "%s-%s", !strcmp(in->framework, "onnxruntime-gpu") ? "ort" : in->framework,
                                        in->release);
        const char *vpip = arena_printf(x->a, "~/.venvs/%s/bin/python -m pip", name);
        add(fl, fd, 0, "sh", cap(x, arena_printf(x->a, "%s is externally managed (PEP 668: pip refuses it), so in a "
                                                 "new venv: %s", env->prefix, title)),
            arena_printf(x->a, "%s\n%s%s install %s", venv_lines(x, env, name), deps_line(x, in, vpip), vpip, req));
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
                       int (*choose)(const struct fix_ctx *, const char *, const char *, struct fix_install *),
                       const char *want, const char *name, const char *pre)
{
    struct fix_install in;
    const char *v;
    if (!choose(x, want, env ? env->python_version : NULL, &in)) {
        add(fl, fd, 0, NULL, arena_printf(x->a, "No CUDA build of %s fits this machine: %s", name, in.why_not), NULL);
        return 0;
    }
    if (sbsa(x) && aarch64_cuda(x, in.framework, in.release, &v) != 1) {
        /* A Linux aarch64 machine: only a release the kb says has aarch64 CUDA wheels. */
        add(fl, fd, 0, NULL, arena_printf(x->a, "No command: the knowledge base does not know of a Linux aarch64 "
                                          "CUDA wheel of %s %s (this machine is aarch64); see the project's own "
                                          "installation page", name, in.release), NULL);
        return 0;
    }
    driver_first(x, fl, fd, &in);
    pkg_emit(x, fl, fd, env, &in, pkg_title(x, &in, "install"), pre);
    return 1;
}

int fixes_jax_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want)
{
    if (windows(x)) {
        /* No CUDA JAX on native Windows: the Linux build inside WSL2. */
        struct fix_ctx wx = *x;
        struct fix_install in;
        unsigned g;
        wx.os = "linux";
        wx.wsl = 2;
        wx.family = FIX_FAMILY_UBUNTU;
        g = next_group(fd);
        add(fl, fd, g, "powershell", "JAX has no CUDA build for native Windows: install WSL with Ubuntu (as "
            "administrator, then restart)", "wsl --install -d Ubuntu");
        add(fl, fd, g, "cmd", "JAX has no CUDA build for native Windows: install WSL with Ubuntu (as "
            "administrator, then restart)", "wsl --install -d Ubuntu");
        if (fix_choose_jax(&wx, want, NULL, &in))
            add(fl, fd, 0, "sh", arena_printf(x->a, "Then inside WSL's Ubuntu (bash), in a venv: %s",
                                              pkg_title(&wx, &in, "install")),
                arena_printf(x->a, "sudo apt-get install python3-venv\npython3 -m venv ~/.venvs/jax\n"
                             "~/.venvs/jax/bin/python -m pip install %s", requirement(x, &in)));
        return 1;
    }
    return pkg_install(x, fl, fd, env, fix_choose_jax, want, "JAX", NULL);
}

int fixes_ort_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                      const struct python_env *env, const char *want)
{
    /* onnxruntime and onnxruntime-gpu share the module's files: the CPU package goes first. */
    return pkg_install(x, fl, fd, env, fix_choose_ort, want, "onnxruntime-gpu", "onnxruntime onnxruntime-gpu");
}

int fixes_cupy_install(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                       const struct python_env *env, const char *want)
{
    return pkg_install(x, fl, fd, env, fix_choose_cupy, want, "CuPy", NULL);
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

void fixes_pip_reinstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *name, const char *version)
{
    const char *t = arena_printf(x->a, "Remove both records of %s", name);
    if (!strcmp(name, "torch")) {
        uninstall(x, fl, fd, env, t, name);
        fixes_torch_install(x, fl, fd, env, version);
    } else if (!strncmp(name, "tensorflow", 10)) {
        uninstall(x, fl, fd, env, t, name);
        fixes_tf_install(x, fl, fd, env, version);
    } else if (!strcmp(name, "jax") || !strcmp(name, "jaxlib") || !strncmp(name, "jax-cuda", 8)) {
        uninstall(x, fl, fd, env, t, name);
        fixes_jax_install(x, fl, fd, env, !strncmp(name, "jax-cuda", 8) ? NULL : version);
    } else if (!strncmp(name, "onnxruntime", 11)) {
        fixes_ort_install(x, fl, fd, env, version);     /* uninstalls both packages first */
    } else if (!strncmp(name, "cupy-cuda", 9)) {
        uninstall(x, fl, fd, env, t, name);
        fixes_cupy_install(x, fl, fd, env, version);
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
