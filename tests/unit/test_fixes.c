/*
 * test_fixes.c - the fix engine: commands per distribution, WSL2 and
 * containers; pip through the environment's own interpreter; PEP 668; and
 * framework installs validated against the built-in knowledge base.
 */
#include <stdlib.h>
#include <string.h>

#include "diagnose/fixes.h"
#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "harness.h"

static struct kb *kb;

/* Every fix's command joined, to search. */
static const char *all_cmds(struct arena *a, const struct finding *fd)
{
    const char *s = "";
    size_t i;
    for (i = 0; i < fd->n_fixes; i++)
        s = arena_printf(a, "%s[%s|%s] %s\n", s, fd->fixes[i].shell ? fd->fixes[i].shell : "-",
                         fd->fixes[i].title, fd->fixes[i].command ? fd->fixes[i].command : "");
    return s;
}

static void test_family(void)
{
    CHECK_INT(fix_family_of("debian"), FIX_FAMILY_DEBIAN);
    CHECK_INT(fix_family_of("ubuntu"), FIX_FAMILY_UBUNTU);
    CHECK_INT(fix_family_of("rocky"), FIX_FAMILY_RHEL);
    CHECK_INT(fix_family_of("fedora"), FIX_FAMILY_FEDORA);
    CHECK_INT(fix_family_of("arch"), FIX_FAMILY_ARCH);
    CHECK_INT(fix_family_of("opensuse-tumbleweed"), FIX_FAMILY_SUSE);
    CHECK_INT(fix_family_of("gentoo"), FIX_FAMILY_UNKNOWN);
    CHECK_INT(fix_family_of(NULL), FIX_FAMILY_UNKNOWN);
}

static void test_driver_install_per_distro(void)
{
    static const struct { const char *id, *want, *never; } cases[] = {
        { "debian", "apt-get install linux-headers-amd64 nvidia-driver firmware-misc-nonfree", "ubuntu-drivers" },
        { "ubuntu", "sudo ubuntu-drivers install", "firmware-misc-nonfree" },
        { "fedora", "dnf install akmod-nvidia", "ubuntu-drivers" },
        { "rocky", "dnf install nvidia-open", "ubuntu-drivers" },
        { "arch", "pacman -S nvidia-open", "apt-get" },
        { "opensuse-leap", "zypper install-new-recommends", "apt-get" },
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct arena a;
        struct findings fl;
        struct finding *fd;
        struct fix_ctx x;
        const char *s;
        arena_init(&a);
        findings_init(&fl, &a);
        fix_ctx_init(&x, kb, &a);
        x.family = fix_family_of(cases[i].id);
        x.wsl = 0;
        fd = findings_add(&fl, "GD101", SEV_ERROR, "no driver");
        fixes_driver_install(&x, &fl, fd);
        s = all_cmds(&a, fd);
        if (!strstr(s, cases[i].want) || strstr(s, cases[i].never))
            printf("  %s: %s\n", cases[i].id, s);
        CHECK(strstr(s, cases[i].want) != NULL);
        CHECK(strstr(s, cases[i].never) == NULL);
        findings_release(&fl);
        arena_release(&a);
    }
}

static void test_wsl_never_linux_driver(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    const char *s;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, kb, &a);
    x.family = FIX_FAMILY_UBUNTU;
    x.wsl = 2;
    fd = findings_add(&fl, "GD501", SEV_ERROR, "no libcuda");
    fixes_libcuda_missing(&x, &fl, fd);
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "export LD_LIBRARY_PATH=/usr/lib/wsl/lib") != NULL);
    CHECK(strstr(s, "set -gx LD_LIBRARY_PATH /usr/lib/wsl/lib") != NULL);
    CHECK(strstr(s, "ubuntu-drivers") == NULL);
    CHECK(strstr(s, "modprobe") == NULL);
    CHECK(strstr(s, "apt-get install") == NULL);
    /* sh and fish are one group. */
    CHECK(fd->fixes[1].group != 0 && fd->fixes[1].group == fd->fixes[2].group);
    findings_release(&fl);
    arena_release(&a);
}

static void test_container(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    const char *s;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, kb, &a);
    x.family = FIX_FAMILY_UBUNTU;
    x.wsl = 0;
    x.container = "docker";
    fd = findings_add(&fl, "GD501", SEV_ERROR, "no libcuda");
    fixes_libcuda_missing(&x, &fl, fd);
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "docker run --gpus all") != NULL);
    CHECK(strstr(s, "nvidia-ctk runtime configure") != NULL);
    CHECK(strstr(s, "ubuntu-drivers") == NULL);
    findings_release(&fl);
    arena_release(&a);
}

static void test_python_range(void)
{
    CHECK(choose_python_in("3.9-3.11", "3.11"));
    CHECK(choose_python_in("3.9-3.11", "3.11.7"));
    CHECK(!choose_python_in("3.9-3.11", "3.12"));
    CHECK(!choose_python_in("3.7-3.10", "3.11"));
    CHECK(choose_python_in("2.7,3.3-3.6", "2.7"));
    CHECK(choose_python_in("2.7,3.3-3.6", "3.4"));
    CHECK(!choose_python_in("2.7,3.3-3.6", "3.7"));
    CHECK(!choose_python_in(NULL, "3.7"));
    CHECK(choose_python_in("3.12-", "3.14"));     /* no documented cap */
    CHECK(!choose_python_in("3.12-", "3.11"));
}

/* Debian 12's python3-torch 1.13.0a0 on Python 3.11: 1.13 has no 3.11 wheels,
 * so the newest release that fits is proposed, with the reason. */
static void test_choose_torch_debian(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice in;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    x.driver = "535.183.01";
    CHECK_INT(fix_choose(&x, "torch", "1.13.0a0", "3.11.2", &in), 1);
    CHECK(in.why_not && strstr(in.why_not, "torch 1.13 has no wheels for Python 3.11 (it supports 3.7-3.10)"));
    CHECK(ver_cmp_dotted(in.release, "2.0") >= 0);
    CHECK(in.driver_ok == 1);
    CHECK(!strncmp(in.variant, "cu12", 4) || !strncmp(in.variant, "cu11", 4));
    /* The kb has this variant for this release. */
    {
        struct kb_torch t;
        CHECK_INT(kb_torch(kb, in.release, in.variant, &t), 1);
    }
    /* Python 3.10: 1.13 is kept, with a variant 1.13 had (cu116/cu117, never cu121). */
    CHECK_INT(fix_choose(&x, "torch", "1.13.0a0", "3.10", &in), 1);
    CHECK_STR(in.release, "1.13");
    CHECK(!strcmp(in.variant, "cu117") || !strcmp(in.variant, "cu116"));
    CHECK(in.why_not == NULL);
    /* torch 2.6: its variants are cu118/cu124/cu126; driver 535 runs all (12.x MVC floor 525). */
    CHECK_INT(fix_choose(&x, "torch", "2.6.0+cpu", "3.11", &in), 1);
    CHECK_STR(in.release, "2.6");
    CHECK(!strcmp(in.variant, "cu126") || !strcmp(in.variant, "cu124") || !strcmp(in.variant, "cu118"));
    arena_release(&a);
}

static void test_choose_torch_old_driver(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice in;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    x.driver = "470.82.01";   /* CUDA 11.4 ceiling: a cu11x build runs through MVC, cu12x does not */
    CHECK_INT(fix_choose(&x, "torch", "2.1.0", "3.10", &in), 1);
    CHECK_STR(in.variant, "cu118");
    CHECK_INT(in.driver_ok, 1);
    /* 2.9 has only CUDA 12+ builds: the upgrade comes first. */
    CHECK_INT(fix_choose(&x, "torch", "2.9.0", "3.12", &in), 1);
    CHECK(in.driver_ok == 0 || in.why_not != NULL);
    arena_release(&a);
}

static void test_torch_install_pep668(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    struct python_env env;
    const char *s;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, kb, &a);
    x.family = FIX_FAMILY_DEBIAN;
    x.wsl = 0;
    x.driver = "535.183.01";
    memset(&env, 0, sizeof(env));
    env.prefix = "/usr";
    env.kind = "system";
    env.python_version = "3.11";
    env.interpreter = "/usr/bin/python3";
    env.externally_managed = "/usr/lib/python3.11/EXTERNALLY-MANAGED";
    fd = findings_add(&fl, "GD211", SEV_ERROR, "cpu build");
    CHECK_INT(fixes_torch_install(&x, &fl, fd, &env, "1.13.0a0"), 1);
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "/usr/bin/python3 -m venv ~/.venvs/") != NULL);
    CHECK(strstr(s, "sudo apt-get install python3-venv") != NULL);
    CHECK(strstr(s, "/bin/python -m pip install \"torch==") != NULL);
    CHECK(strstr(s, "1.13.0a0") == NULL);
    CHECK(strstr(s, "sudo pip") == NULL);
    CHECK(strstr(s, "\npip ") == NULL);
    /* Not externally managed: the environment's own interpreter, never a bare pip. */
    env.externally_managed = NULL;
    env.prefix = "/home/u/.venv";
    env.kind = "venv";
    env.interpreter = NULL;
    fd = findings_add(&fl, "GD211", SEV_ERROR, "cpu build");
    fixes_torch_install(&x, &fl, fd, &env, "2.6.0+cpu");
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "/home/u/.venv/bin/python3.11 -m pip install --force-reinstall \"torch==2.6.*\"") != NULL);
    findings_release(&fl);
    arena_release(&a);
}

static void test_tf_windows_routes(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    struct python_env env;
    const char *s;
    size_t i;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, kb, &a);
    x.os = "windows";
    x.wsl = 0;
    x.driver = "546.33";
    memset(&env, 0, sizeof(env));
    env.prefix = "/Users/dev/venv";
    env.kind = "venv";
    env.python_version = "3.11.7";
    fd = findings_add(&fl, "GD212", SEV_ERROR, "no gpu on native windows");
    fixes_tf_windows_routes(&x, &fl, fd, &env);
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "wsl --install") != NULL);
    CHECK(strstr(s, "cudatoolkit=11.2 cudnn=8.1") != NULL);
    CHECK(strstr(s, "\"numpy<2\"") != NULL);          /* 2.10 is built against NumPy 1 */
    CHECK(strstr(s, "python=3.10") != NULL);          /* 3.11 is outside 2.10's range */
    CHECK(strstr(s, "\"tensorflow==2.10.*\"") != NULL);
    CHECK(strstr(s, "tensorflow-directml-plugin") != NULL);
    /* tensorflow-cpu 2.10 has no wheel for this venv's Python 3.11 (issue 31): the
     * DirectML route makes a conda environment with a Python 2.10 supports */
    CHECK(strstr(s, "\"C:\\Users\\dev\\venv\\Scripts\\python.exe\" -m pip install \"tensorflow-cpu") == NULL);
    CHECK(strstr(s, "conda create -n tf2.10-directml python=3.10") != NULL);
    CHECK(strstr(s, "/Users/dev") == NULL);
    /* Windows-side fixes are PowerShell or cmd; the only sh one runs inside WSL. */
    for (i = 0; i < fd->n_fixes; i++)
        if (fd->fixes[i].shell && !strcmp(fd->fixes[i].shell, "sh"))
            CHECK(strstr(fd->fixes[i].title, "inside WSL") != NULL);
    findings_release(&fl);
    arena_release(&a);
}

static void test_tf_linux(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice in;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    x.driver = "535.183.01";
    /* TF 2.10 on Linux: no pip extra; CUDA 11.2 / cuDNN 8.1 from conda-forge. */
    CHECK_INT(fix_choose(&x, "tensorflow", "2.10.0", "3.10", &in), 1);
    CHECK_STR(in.release, "2.10");
    CHECK_STR(in.route, "conda");
    /* TF 2.15 on Python 3.12: not supported (3.9-3.11): a newer release with the extra. */
    CHECK_INT(fix_choose(&x, "tensorflow", "2.15.0", "3.12", &in), 1);
    CHECK(in.why_not && strstr(in.why_not, "TensorFlow 2.15 has no wheels for Python 3.12"));
    CHECK_STR(in.route, "pip");
    /* Issue 18: TensorFlow's own documented minimum decides.  2.18 (CUDA 12.5,
     * toolkit driver 555.42.02) on driver 530: TensorFlow's 525.60.13 is met. */
    x.driver = "530.30.02";
    CHECK_INT(fix_choose(&x, "tensorflow", "2.18.0", "3.12", &in), 1);
    CHECK_STR(in.release, "2.18");
    CHECK_STR(in.driver_need, "525.60.13");
    CHECK_INT(in.driver_ok, 1);
    CHECK_INT(in.unverified, 0);
    /* An H100 runs 2.18 only from compute_90 PTX: CUDA 12.5's own driver is
     * needed, so the engine moves to the newest release 530 runs there. */
    x.gpu_cc = "9.0";
    CHECK_INT(fix_choose(&x, "tensorflow", "2.18.0", "3.11", &in), 1);
    CHECK(in.why_not && strstr(in.why_not, "needs driver 555.42.02 or newer"));
    CHECK(strcmp(in.release, "2.18") != 0);
    CHECK_INT(in.driver_ok, 1);
    CHECK_INT(in.unverified, 1);   /* that floor rests on tf_arch's unverified 2.4-2.17 list */
    arena_release(&a);
}

static void test_choose_jax(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice in;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    /* Nothing known: the newest release the kb names (kb_meta: 0.11.0), in the lowest CUDA
     * major of that release (it runs on the most drivers). */
    CHECK_INT(fix_choose(&x, "jax", NULL, NULL, &in), 1);
    CHECK_STR(in.pin, "0.11.0");
    CHECK_STR(in.package, "jax[cuda12]");
    CHECK(in.index == NULL);
    /* Python 3.10: jax 0.7+ needs 3.11, so the last release for 3.10 (py_support: 0.6.99). */
    CHECK_INT(fix_choose(&x, "jax", NULL, "3.10.4", &in), 1);
    CHECK_STR(in.pin, "0.6.*");
    CHECK_STR(in.package, "jax[cuda12]");
    /* Driver 580: CUDA 13 runs, and is preferred when the driver is known. */
    x.driver = "580.65.06";
    CHECK_INT(fix_choose(&x, "jax", NULL, "3.12", &in), 1);
    CHECK_STR(in.package, "jax[cuda13]");
    CHECK_INT(in.driver_ok, 1);
    /* Driver 535: no cuda13. */
    x.driver = "535.104.05";
    CHECK_INT(fix_choose(&x, "jax", NULL, "3.12", &in), 1);
    CHECK_STR(in.package, "jax[cuda12]");
    /* A release before the plugin extra: cuda12_pip with Google's -f page, want kept. */
    CHECK_INT(fix_choose(&x, "jax", "0.4.16", "3.9", &in), 1);
    CHECK_STR(in.pin, "0.4.16");
    CHECK_STR(in.package, "jax[cuda12_pip]");
    CHECK(in.index != NULL && strstr(in.index, "jax_cuda_releases.html"));
    /* Native Windows: none. */
    x.os = "windows";
    CHECK_INT(fix_choose(&x, "jax", NULL, NULL, &in), 0);
    CHECK(in.why_not && strstr(in.why_not, "WSL2"));
    arena_release(&a);
}

static void test_choose_ort(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice in;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    /* Driver 535 runs CUDA 12 (MVC) but not 13: the newest CUDA 12 row, 1.28's
     * build on ORT's feed (issue 18; this case expected PyPI's 1.26 before that row):
     * its dependencies from PyPI first, the feed as the only index. */
    x.driver = "535.104.05";
    CHECK_INT(fix_choose(&x, "onnxruntime", NULL, NULL, &in), 1);
    CHECK_STR(in.pin, "1.28.*");
    CHECK(!strncmp(in.cuda, "12", 2));
    CHECK_INT(in.unverified, 0);
    CHECK_INT(in.index_only, 1);
    CHECK(in.index && strstr(in.index, "/onnxruntime-cuda-12/"));
    CHECK(in.deps_first && strstr(in.deps_first, "flatbuffers"));
    /* The newest release PyPI serves for CUDA 12 stays 1.26: no feed there. */
    CHECK_INT(fix_choose(&x, "onnxruntime", "1.26.0", NULL, &in), 1);
    CHECK_STR(in.pin, "1.26.0");
    CHECK(in.index == NULL && in.deps_first == NULL);
    /* 1.18.0's CUDA 12 build came from its own feed; the PyPI default was CUDA 11.8. */
    CHECK_INT(fix_choose(&x, "onnxruntime", "1.18.0", NULL, &in), 1);
    CHECK_STR(in.pin, "1.18.0");
    /* 1.22, the user's own release: kept. */
    CHECK_INT(fix_choose(&x, "onnxruntime", "1.22.0", NULL, &in), 1);
    CHECK_STR(in.pin, "1.22.0");
    CHECK_INT(in.unverified, 0);
    /* 1.29 is only in an unverified row: kept, and flagged; a verified release (1.28)
     * is preferred when nothing is wanted. */
    x.driver = "580.65.06";
    CHECK_INT(fix_choose(&x, "onnxruntime", "1.29.0", NULL, &in), 1);
    CHECK_STR(in.pin, "1.29.0");
    CHECK_INT(in.unverified, 1);
    CHECK_INT(fix_choose(&x, "onnxruntime", NULL, "3.12", &in), 1);
    CHECK_STR(in.pin, "1.28.*");
    CHECK_INT(in.unverified, 0);
    arena_release(&a);
}

static void test_choose_cupy(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice in;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    /* Driver 470 (CUDA 11.4): cupy-cuda11x, whose last release line is 13.x. */
    x.driver = "470.82.01";
    CHECK_INT(fix_choose(&x, "cupy", NULL, "3.10", &in), 1);
    CHECK(!strncmp(in.package, "cupy-cuda11x", 12));
    CHECK_STR(in.pin, "13.6.*");
    /* Driver 550: cupy-cuda12x at the newest release (kb_meta 14.2), with [ctk] (pkg_fact). */
    x.driver = "550.54.14";
    CHECK_INT(fix_choose(&x, "cupy", NULL, "3.12", &in), 1);
    CHECK_STR(in.package, "cupy-cuda12x[ctk]");
    CHECK_STR(in.pin, "14.2.*");
    /* Python 3.8: CuPy 14 needs 3.10; 12.3 is the last with 3.8. */
    CHECK_INT(fix_choose(&x, "cupy", NULL, "3.8", &in), 1);
    CHECK_STR(in.pin, "12.3.*");
    arena_release(&a);
}

static void test_torch_gpu_arch(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice in;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    /* An RTX 50xx (12.0): torch 2.6 has no build with sm_120. */
    x.gpu_cc = "12.0";
    CHECK_INT(fix_choose(&x, "torch", "2.6.0", NULL, &in), 1);
    CHECK(ver_cmp_dotted(in.release, "2.6") > 0);
    CHECK(in.why_not && strstr(in.why_not, "compute capability 12.0"));
    /* A Fermi (2.1): nothing. */
    x.gpu_cc = "2.1";
    CHECK_INT(fix_choose(&x, "torch", NULL, NULL, &in), 0);
    CHECK(in.why_not && strstr(in.why_not, "compute capability 2.1"));
    arena_release(&a);
}

static void test_pip_reinstall(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    struct python_env env;
    const char *s;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, kb, &a);
    memset(&env, 0, sizeof(env));
    env.prefix = "/envs/e";
    env.python_version = "3.11.4";
    fd = findings_add(&fl, "GD216", SEV_WARNING, "%s", "twice");
    fixes_pip_reinstall(&x, &fl, fd, &env, "numpy", "1.26.4");
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "/envs/e/bin/python3.11 -m pip uninstall -y numpy") != NULL);
    CHECK(strstr(s, "install \"numpy==1.26.4\"") != NULL);
    fd = findings_add(&fl, "GD216", SEV_WARNING, "%s", "twice");
    fixes_pip_reinstall(&x, &fl, fd, &env, "torch", "2.6.0+cu124");
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "\"torch==2.6.*\" --index-url https://download.pytorch.org/whl/cu") != NULL);
    findings_release(&fl);
    arena_release(&a);
}

/* An environment without an interpreter file of its own: the one the user's python3
 * resolves to (interp facts) runs pip, never a guessed bin/pythonX.Y. */
static void test_pip_interp_facts(void)
{
    struct arena a;
    struct fix_ctx x;
    struct facts f;
    struct python_env env;
    struct py_interpreter it;
    arena_init(&a);
    memset(&f, 0, sizeof(f));
    memset(&env, 0, sizeof(env));
    memset(&it, 0, sizeof(it));
    env.prefix = "/home/u/.pyenv/versions/3.11.7";
    env.python_version = "3.11.7";
    it.command = "python3";
    it.path = "/home/u/.pyenv/versions/3.11.7/bin/python3";
    it.env = env.prefix;
    it.env_python = "3.11.7";
    f.interp.v = &it;
    f.interp.nr = 1;
    fix_ctx_from_facts(&x, &f, kb, &a);
    CHECK_STR(fix_pip(&x, &env), "/home/u/.pyenv/versions/3.11.7/bin/python3 -m pip");
    /* Another environment's interpreter is not used. */
    it.env_python = "3.12.1";
    CHECK_STR(fix_pip(&x, &env), "/home/u/.pyenv/versions/3.11.7/bin/python3.11 -m pip");
    it.env = "/usr";
    env.prefix = "/opt/e";
    CHECK_STR(fix_pip(&x, &env), "/opt/e/bin/python3.11 -m pip");
    arena_release(&a);
}

/* TensorFlow on a Jetson (issue 20): NVIDIA's index for the JetPack, or its
 * guide; the l4t-tensorflow container; never a command, [and-cuda] or the
 * -gpu image. */
static void test_jetson_tf(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    struct tegra_facts t;
    const char *s;
    size_t i;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, kb, &a);
    memset(&t, 0, sizeof(t));
    t.present = 1;
    t.l4t = "35.4.1";
    t.jetpack = "5.1.2";
    t.jetpack_cuda = "11.4";
    fd = findings_add(&fl, "GD211", SEV_ERROR, "cpu");
    fixes_jetson_tf(&x, &fl, fd, &t, "https://developer.download.nvidia.com/compute/redist/jp/v512");
    s = all_cmds(&a, fd);
    CHECK_INT((int)fd->n_fixes, 2);
    for (i = 0; i < fd->n_fixes; i++)
        CHECK(fd->fixes[i].command == NULL);
    CHECK(strstr(s, "JetPack of L4T 35.4.1 (JetPack 5.1.2, CUDA 11.4)") != NULL);
    CHECK(strstr(s, "pip index for JetPack 5.1.2 is https://developer.download.nvidia.com/compute/redist/jp/v512") != NULL);
    CHECK(strstr(s, "nvcr.io/nvidia/l4t-tensorflow") != NULL && strstr(s, "--runtime nvidia") != NULL);
    CHECK(strstr(s, "tensorflow/tensorflow:") == NULL);
    /* No index (an L4T the kb maps to no JetPack): NVIDIA's guide. */
    t.jetpack = t.jetpack_cuda = NULL;
    fd = findings_add(&fl, "GD211", SEV_ERROR, "cpu");
    fixes_jetson_tf(&x, &fl, fd, &t, NULL);
    s = all_cmds(&a, fd);
    CHECK(strstr(s, "Install-TensorFlow-Jetson-Platform.pdf") != NULL);
    CHECK(strstr(s, "/jp/v") == NULL);
    findings_release(&fl);
    arena_release(&a);
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_family);
    RUN(test_jetson_tf);
    RUN(test_driver_install_per_distro);
    RUN(test_wsl_never_linux_driver);
    RUN(test_container);
    RUN(test_python_range);
    RUN(test_choose_torch_debian);
    RUN(test_choose_torch_old_driver);
    RUN(test_torch_install_pep668);
    RUN(test_tf_windows_routes);
    RUN(test_tf_linux);
    RUN(test_choose_jax);
    RUN(test_choose_ort);
    RUN(test_choose_cupy);
    RUN(test_torch_gpu_arch);
    RUN(test_pip_reinstall);
    RUN(test_pip_interp_facts);
    kb_free(kb);
    return harness_done();
}
