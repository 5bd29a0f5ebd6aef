/*
 * fw_tensorflow.c - TensorFlow: a CPU-only build; native Windows after the
 * last release with GPU support; the libraries it dlopens by name (per
 * release and OS, from the knowledge base's tf_libs), searched from its
 * own module (_pywrap_tensorflow_internal.so carries the RUNPATH into
 * site-packages/nvidia) or, on Windows, by LoadLibrary's standard search;
 * its cuDNN, driver and GPU architectures against the build's.
 */

#include <stdlib.h>
#include <string.h>

#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

/*
 * The newest release whose [and-cuda] wheels are found by its own RUNPATH
 * (tf_libs pip_libs "rpath") and whose CUDA the driver runs: the upgrade
 * to offer.  Its MAJOR.MINOR, or NULL.
 */
static const char *tf_pip_target(struct fwctx *c)
{
    struct kb_tf_build b;
    struct kb_tf_libs l;
    size_t i;
    for (i = 0; kb_tf_build_at(c->kb, "linux", i, &b) == 1; i++)
        if (b.cuda && kb_tf_libs(c->kb, b.version, "linux", &l) == 1 && kb_tf_pip_extra(&l) == 1 &&
            fw_driver_runs(c, b.cuda))
            return fw_major_minor(c->a, b.version);
    return NULL;
}

/* The pip line for a release (MAJOR.MINOR: its newest patch). */
static const char *tf_pip_line(struct fwctx *c, const char *minor)
{
    return arena_printf(c->a, "pip install \"tensorflow[and-cuda]==%s.*\"", minor);
}

/* Its [and-cuda] wheels are installed but not found (GD205). */
static void tf_pip_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    struct kb_tf_libs l;
    const char *target;
    (void)cuda;
    (void)cudnn;
    if (kb_tf_libs(c->kb, c->fw->version, "linux", &l) != 1 || kb_tf_pip_extra(&l) != 2 ||
        (target = tf_pip_target(c)) == NULL)
        return;
    finding_fix(c->out, fd, "sh", arena_printf(c->a, "TensorFlow %s shipped without the RUNPATH entries into "
                "site-packages/nvidia (tensorflow/tensorflow#63362); a release that has them avoids the export",
                fw_major_minor(c->a, c->fw->version)), "%s", tf_pip_line(c, target));
}

static void tf_install_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    const char *v = c->fw->version, *target, *py;
    struct kb_tf_libs l;
    struct kb_tf_build b;
    int extra = strcmp(c->os, "linux") ? 0
                : kb_tf_libs(c->kb, v, "linux", &l) == 1 ? kb_tf_pip_extra(&l) : -1;
    if (extra == 1 || extra == 3)
        finding_fix(c->out, fd, "sh", "Let pip bring the CUDA libraries this TensorFlow was built for",
                    "pip install \"tensorflow[and-cuda]==%s\"", v);
    else if (extra == 0 && (target = tf_pip_target(c)) != NULL)
        finding_fix(c->out, fd, "sh", "Upgrade to a TensorFlow whose pip extra brings its own CUDA", "%s",
                    tf_pip_line(c, target));
    /* conda-forge's cudatoolkit package carries CUDA 11 and older only
     * (https://anaconda.org/conda-forge/cudatoolkit/files): for those, a
     * conda environment keeps this release. */
    memset(&b, 0, sizeof(b));
    if (cuda && extra != 1 && extra != 3 && extra != 2 && kb_tf_build(c->kb, v, "linux", &b) == 1 &&
        (py = kb_python_newest(c->a, b.python)) != NULL)
        finding_fix(c->out, fd, "sh", "Keep this TensorFlow: isolate the CUDA it needs in a conda environment",
                    "conda create -n tf-gpu -c conda-forge python=%s cudatoolkit=%s%s%s\n"
                    "conda activate tf-gpu\n"
                    "pip install \"tensorflow==%s\"\n"
                    "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}",
                    py, cuda, cudnn ? " cudnn=" : "", cudnn ? fw_major_minor(c->a, cudnn) : "", v);
    finding_fix(c->out, fd, "sh", "Or use the official image, which has matching CUDA and cuDNN",
                "docker run --gpus all -it tensorflow/tensorflow:%s-gpu", v);
}

static void check_tensorflow(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    struct kb_tf_build b;
    struct kb_tf_libs libs;
    const char *cuda, *cudnn, *last_win;
    const char *modpath = NULL;
    int have_mod = 0;
    size_t i;

    if ((fw->variant && !strcmp(fw->variant, "cpu")) || (fw->dist && !strcmp(fw->dist, "tensorflow-cpu"))) {
        struct finding *fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s is a CPU-only build", fw->dist ? fw->dist : "tensorflow",
                                        fw->version);
        finding_evidence(c->out, fd, fw->build_source, "%s", fw->build_source ? "is_cuda_build is False" :
                         "the distribution is tensorflow-cpu");
        finding_fix(c->out, fd, "sh", "Install the GPU build (on Linux its extra brings the CUDA libraries)",
                    "pip uninstall -y %s\npip install \"tensorflow[and-cuda]\"", fw->dist ? fw->dist : "tensorflow");
        return;
    }
    if (!strcmp(c->os, "windows") && (last_win = kb_tf_last_windows_gpu(c->kb)) != NULL &&
        ver_cmp_dotted(fw_major_minor(c->a, fw->version), fw_major_minor(c->a, last_win)) > 0) {
        /* The last release with native-Windows GPU support, and its tested
         * CUDA, cuDNN and Python (tf_build.kb). */
        struct kb_tf_build w;
        const char *py;
        struct finding *fd = fw_finding(c, "GD212", SEV_ERROR,
                                        "TensorFlow %s has no GPU support on native Windows (the last one with it is %s)",
                                        fw->version, last_win);
        finding_evidence(c->out, fd, fw->location, "tensorflow %s on native Windows", fw->version);
        finding_fix(c->out, fd, NULL, "Use WSL2 (Ubuntu), where TensorFlow's Linux build uses the Windows driver", NULL);
        finding_fix(c->out, fd, "powershell", "Install WSL2, then inside it: pip install \"tensorflow[and-cuda]\"", "wsl --install");
        memset(&w, 0, sizeof(w));
        if (kb_tf_build(c->kb, last_win, "windows", &w) == 1 && w.cuda && w.cudnn &&
            (py = kb_python_newest(c->a, w.python)) != NULL)
            finding_fix(c->out, fd, "cmd", arena_printf(c->a, "Or stay native with TensorFlow %s and CUDA %s / cuDNN %s "
                        "from conda", fw_major_minor(c->a, last_win), w.cuda, w.cudnn),
                        "conda create -n tf-gpu -c conda-forge python=%s cudatoolkit=%s cudnn=%s\n"
                        "conda activate tf-gpu\npip install \"tensorflow==%s.*\"", py, w.cuda, w.cudnn,
                        fw_major_minor(c->a, last_win));
        return;
    }
    memset(&b, 0, sizeof(b));
    kb_tf_build(c->kb, fw->version, c->os, &b);
    cuda = fw->cuda ? fw->cuda : b.cuda;
    cudnn = fw->cudnn ? fw->cudnn : b.cudnn;
    /* build_info.py often says only "8"; the tested configuration says 8.1. */
    if (fw->cudnn && !strchr(fw->cudnn, '.') && b.cudnn && !strcmp(fw_major(c->a, b.cudnn), fw->cudnn))
        cudnn = b.cudnn;
    if (kb_tf_libs(c->kb, fw->version, c->os, &libs) != 1) {
        fw_unknown(c, arena_printf(c->a, "the libraries TensorFlow %s loads are not in the knowledge base",
                                    fw->version));
        return;
    }
    /* The module that calls dlopen: its RUNPATH is searched (after
     * LD_LIBRARY_PATH).  TF's .so files carry RUNPATH, not RPATH. */
    if (c->windows) {
        /* LoadLibraryExW(bare name, LOAD_WITH_ALTERED_SEARCH_PATH): the
         * standard order, PATH included, add_dll_directory not. */
        c->win.mode = WIN_DLL_STANDARD;
        c->win.app_dir = fw_win_app_dir(c);
        c->win.path = &c->f->ldenv.path;
        if (fw->location)
            modpath = arena_printf(c->a, "%s/python/_pywrap_tensorflow_internal.pyd", fw->location);
    } else {
        /* The first of its modules that the scan could read (scan/fwfiles.c). */
        for (i = 0; i < fw->n_modules && !have_mod; i++)
            if (fw->modules[i].readable) {
                modpath = fw->modules[i].path;
                have_mod = 1;
            }
    }
    {
        const struct { const char *role, *lib; } want[] = {
            { "cudart", libs.cudart }, { "cublas", libs.cublas }, { "cublaslt", libs.cublaslt },
            { "cufft", libs.cufft }, { "curand", libs.curand }, { "cusolver", libs.cusolver },
            { "cusparse", libs.cusparse }, { "cudnn", libs.cudnn },
        };
        for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
            struct need *n;
            if (!want[i].lib || !strcmp(want[i].lib, "-"))
                continue;
            n = fw_add_need(c, want[i].role, want[i].lib, modpath);
            fw_resolve_need(c, n, have_mod ? modpath : NULL);
        }
    }
    if (!have_mod && !c->windows)
        fw_unknown(c, "TensorFlow's own module could not be read, so its RUNPATH is unknown");
    fw_judge_missing(c, cuda, cudnn, tf_install_fixes);
    fw_judge_cudnn(c, cudnn);
    {
        /* The runtime that would load decides the driver floor; without
         * one, the CUDA the build wants. */
        const char *rt = cuda;
        for (i = 0; i < c->v->n_needs; i++)
            if (!strcmp(c->v->needs[i].role, "cudart") && c->v->needs[i].resolved_path && c->v->needs[i].version)
                rt = fw_major_minor(c->a, c->v->needs[i].version);
        fw_judge_driver(c, rt);
    }
    fw_judge_arch(c, fw->compute_capabilities, fw->build_source);
    fw_note_own_runtime(c);
}

/* Native Windows, a DLL nowhere (GD603): the CUDA and cuDNN this release
 * was tested with, from conda-forge or NVIDIA's installer. */
static void tf_windows_fixes(struct fwctx *c, struct finding *fd, const char *want_cuda, const char *want_cudnn)
{
    const struct framework_build *fw = c->fw;
    const char *cuda = fw->cuda, *cudnn = fw->cudnn, *py;
    struct kb_tf_build b;
    (void)want_cuda;
    (void)want_cudnn;
    memset(&b, 0, sizeof(b));
    if (kb_tf_build(c->kb, fw->version, "windows", &b) == 1) {
        cuda = b.cuda ? b.cuda : cuda;
        if (b.cudnn && (!cudnn || !strchr(cudnn, '.')))
            cudnn = b.cudnn;
    }
    if (!cuda || !cudnn)
        return;
    if ((py = kb_python_newest(c->a, b.python)) != NULL)
        finding_fix(c->out, fd, "powershell", arena_printf(c->a, "Create a conda environment with CUDA %s and cuDNN %s "
                    "(conda-forge) for this TensorFlow; activating it puts its Library\\bin on PATH", cuda, cudnn),
                    "conda create -n tf-gpu -c conda-forge python=%s cudatoolkit=%s cudnn=%s\n"
                    "conda activate tf-gpu\n"
                    "pip install \"tensorflow==%s\"", py, cuda, cudnn, fw->version);
    finding_fix(c->out, fd, "powershell", arena_printf(c->a, "Or install NVIDIA's CUDA %s (it sets CUDA_PATH_V%s) "
                "and cuDNN %s, then put its bin first on PATH", cuda,
                arena_printf(c->a, "%.*s_%s", (int)strcspn(cuda, "."), cuda,
                             strchr(cuda, '.') ? strchr(cuda, '.') + 1 : "0"),
                cudnn),
                "$env:PATH = \"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v%s\\bin;\" + $env:PATH",
                cuda);
}

static const char *const tensorflow_aliases[] = { "tf", NULL };

const struct fw_def fw_tensorflow = {
    "tensorflow", tensorflow_aliases, "tf_build", check_tensorflow, tf_install_fixes, tf_windows_fixes, tf_pip_fixes,
};
