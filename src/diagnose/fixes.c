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
 */
#include "diagnose/fixes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "kb/ver_dotted.h"
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
    fix_ctx_init(x, kb, a);
    if (f->system.os && (!strcmp(f->system.os, "windows") || !strcmp(f->system.os, "macos")))
        x->os = f->system.os;
    x->distro = f->system.distro_id;
    x->family = fix_family_of(f->system.distro_id);
    x->wsl = f->system.wsl;
    x->container = f->system.container;
    x->driver = facts_driver_version(f);
    x->arch = f->system.arch;
}

static int windows(const struct fix_ctx *x)
{
    return !strcmp(x->os, "windows");
}

/* ---- grouped fixes: one command, several shells ---- */

static unsigned next_group(const struct finding *fd)
{
    unsigned g = 0;
    size_t i;
    for (i = 0; i < fd->n_fixes; i++)
        if (fd->fixes[i].group > g)
            g = fd->fixes[i].group;
    return g + 1;
}

/* Add a fix (command already built) that belongs to group g. */
static void add(struct findings *fl, struct finding *fd, unsigned g, const char *shell,
                const char *title, const char *command)
{
    if (command)
        finding_fix(fl, fd, shell, title, "%s", command);
    else
        finding_fix(fl, fd, shell, title, NULL);
    fd->fixes[fd->n_fixes - 1].group = g;
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
        add(fl, fd, 0, "sh", t,
            "sudo apt-get update\n"
            "sudo apt-get install linux-headers-amd64 nvidia-driver firmware-misc-nonfree");
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
    const char *t = arena_printf(x->a, "Upgrade the NVIDIA driver to %s or newer%s%s", need ? need : "a newer release",
                                 why ? ": " : "", why ? why : "");
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
                      int *py_rejected)
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
        c.py_ok = -1;
        if (kb_torch_python(x->kb, c.release, &lo, &hi, &psrc) == 1) {
            c.range = arena_printf(x->a, "%s-%s", lo, hi);
            if (python)
                c.py_ok = fix_python_in_range(c.range, python);
        }
        if (c.py_ok == 0) {
            (*py_rejected)++;
            continue;
        }
        c.drv = torch_driver(x, c.release, c.variant, &c.need);
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
    int rej = 0, found = 0;

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
        found = torch_best(x, rel, py, &c, &rej);
        if (!found) {
            const char *lo, *hi, *src;
            if (rej && kb_torch_python(x->kb, rel, &lo, &hi, &src) == 1)
                out->why_not = arena_printf(x->a, "torch %s has no wheels for Python %s (it supports %s-%s)", rel, py,
                                            lo, hi);
            else
                out->why_not = arena_printf(x->a, "the knowledge base has no CUDA build of torch %s", rel);
        } else if (c.drv == 0) {
            /* Keep the release unless a newer one runs on this driver. */
            struct torch_cand n;
            int r2 = 0;
            if (torch_best(x, NULL, py, &n, &r2) && n.drv != 0) {
                out->why_not = arena_printf(x->a, "every CUDA build of torch %s needs driver %s or newer", rel,
                                            c.need ? c.need : "?");
                c = n;
            }
        }
    }
    if (!found)
        found = torch_best(x, NULL, py, &c, &rej);
    if (!found) {
        out->why_not = arena_printf(x->a, "%s%sno CUDA build of torch in the knowledge base supports Python %s",
                                    out->why_not ? out->why_not : "", out->why_not ? "; " : "", py ? py : "?");
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

struct tf_cand {
    const char *release, *cuda, *cudnn, *python, *source, *need;
    int drv, extra, broken, verified, py_ok;
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
        c.release = ver_dotted_prefix(x->a, c.release, 2);
        c.drv = driver_runs(x, c.cuda, &c.need);
        c.extra = tf_extra(x, c.release, &c.broken, &c.verified);
        if (!c.extra) {
            /* The conda route installs the CUDA and cuDNN of TensorFlow's own tested
             * configuration (the row); conda-forge's "cudatoolkit" package exists for
             * CUDA 11 and older only (CUDA 12 is split into cuda-* packages). */
            if (ver_cmp_dotted(c.cuda, "12") >= 0 || !c.cudnn)
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
    return arena_printf(x->a, "%s%s%s%s%s", what, in->python ? arena_printf(x->a, " (Python %s", in->python) : "",
                        in->python && in->python_range ? arena_printf(x->a, "; %s %s supports %s", in->framework,
                                                                      in->release, in->python_range) : "",
                        in->python ? ")" : "",
                        in->python_range ? "" : arena_printf(x->a, " -- the knowledge base has no Python range for "
                                                             "%s %s: check that your Python has wheels",
                                                             in->framework, in->release));
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
                     arena_printf(x->a, "install torch %s's %s build (CUDA %s; its wheels bring the CUDA "
                                  "libraries)", in.release, in.variant, in.cuda));
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
                        "conda create -n %s -c conda-forge python=%s cudatoolkit=%s cudnn=%s\n"
                        "conda activate %s\n"
                        "python -m pip install \"tensorflow==%s.*\"\n"
                        "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}",
                        env_name(x, in), in->python ? in->python : "3.10", in->cuda, in->cudnn, env_name(x, in),
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

/* ---- Jetson (issue 20) ---- */

void fixes_jetson_torch(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                        const struct tegra_facts *t)
{
    /* A Jetson's GPU is the SoC's (L4T, no PCI device): the package
     * index's aarch64 torch and download.pytorch.org's CUDA wheels are not
     * built for it.  NVIDIA publishes torch builds per JetPack / L4T
     * release (its "PyTorch for Jetson" announcement thread lists each with
     * its L4T release) and L4T containers; both must match this L4T. */
    const char *rel = t->l4t ? arena_printf(x->a, "L4T %s", t->l4t) : "its L4T release";
    const char *dev = arena_printf(x->a, "%s%s%s%s%s%s",
                                   t->gpu_name ? t->gpu_name : (t->soc ? t->soc : "SoC unknown"),
                                   t->gpu_cc ? ", compute capability " : "", t->gpu_cc ? t->gpu_cc : "",
                                   t->l4t ? "; " : "; L4T release unknown: no /etc/nv_tegra_release or nvidia-l4t-core",
                                   t->l4t ? rel : "",
                                   t->l4t_source ? arena_printf(x->a, " from %s", t->l4t_source) : "");
    unsigned g = next_group(fd);
    add(fl, fd, g, NULL,
        cap(x, arena_printf(x->a, "on this Jetson (%s) install NVIDIA's PyTorch build for the JetPack of %s -- "
                            "NVIDIA lists one per JetPack / L4T release at "
                            "https://forums.developer.nvidia.com/t/pytorch-for-jetson/72048 -- in place of the "
                            "package index's aarch64 wheel, which has no Jetson GPU support", dev, rel)),
        NULL);
    add(fl, fd, g, NULL,
        cap(x, arena_printf(x->a, "or run it in an L4T container made for %s (NGC's nvcr.io/nvidia/l4t-pytorch, "
                            "tagged by L4T release) with `--runtime nvidia`, which mounts the tegra driver "
                            "libraries into it", rel)),
        NULL);
}
