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

#include "diagnose/choose.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

/* Its [and-cuda] wheels are installed but not found (GD205): a release
 * whose wheels ship without the RUNPATH into site-packages/nvidia
 * (tf_libs pip_libs; 2.16.1, tensorflow/tensorflow#63362) gets the engine's
 * install of one that has them. */
static void tf_pip_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    struct kb_tf_libs l;
    (void)cuda;
    (void)cudnn;
    if (kb_tf_libs(c->kb, c->fw->version, "linux", &l) != 1 || kb_tf_pip_extra(&l) != 2)
        return;
    fixes_tf_install(&c->fx, c->out, fd, c->env, NULL);
}

/* NVIDIA's pip index of TensorFlow builds for this Jetson's JetPack: the
 * knowledge base's pattern (pkg_fact tensorflow jetson_index) with "{jp}"
 * the JetPack release without its dots (5.1.2: 512), or NULL. */
static const char *tf_jetson_index(struct fwctx *c)
{
    const char *jetpack = c->f->tegra.jetpack, *pat, *at;
    char *jp, *o;
    const char *s;

    if (!jetpack || kb_pkg_fact_current(c->kb, "tensorflow", "jetson_index", &pat, NULL) != 1 || !pat ||
        (at = strstr(pat, "{jp}")) == NULL)
        return NULL;
    jp = arena_strdup(c->a, jetpack);
    for (s = jetpack, o = jp; *s; s++)
        if (*s != '.')
            *o++ = *s;
    *o = '\0';
    return arena_printf(c->a, "%.*s%s%s", (int)(at - pat), pat, jp, at + 4);
}

/* A Jetson: NVIDIA's TensorFlow for its JetPack, or an L4T container. */
static void tf_jetson_fixes(struct fwctx *c, struct finding *fd)
{
    fixes_jetson_tf(&c->fx, c->out, fd, &c->f->tegra, tf_jetson_index(c));
}

/* Install a CUDA build: the fix engine chooses a release the knowledge base
 * has for this Python and driver, [and-cuda] where the release has it, its
 * tested CUDA / cuDNN from conda-forge where not, and offers its official
 * image (diagnose/fixes.h). */
static void tf_install_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    (void)cuda;
    (void)cudnn;
    if (c->f->tegra.present) {
        /* not PyPI's aarch64 wheel, [and-cuda] or the -gpu image (issue 20) */
        tf_jetson_fixes(c, fd);
        return;
    }
    fixes_tf_install(&c->fx, c->out, fd, c->env, c->fw->version);
    if (c->fw->version)   /* a log may not show it */
        fixes_official_image(&c->fx, c->out, fd, "tensorflow", c->fw->version, c->env);
}

/* The driver against what TensorFlow itself documents (kb_tf_driver_floor:
 * tf_driver's minimum; the toolkit's own driver where a GPU runs the release
 * only from PTX; the GPU family's floor).  1 judged, 0 no such floor: the
 * caller judges the runtime by the toolkit's rules (fw_judge_driver). */
static int tf_judge_driver(struct fwctx *c, const char *cuda)
{
    const struct framework_build *fw = c->fw;
    const char *os = c->f->system.wsl == 2 ? "wsl" : c->os;
    const char *gpu_cc = NULL, *gpu_src = NULL;
    struct kb_tf_floor best, tf;
    struct finding *fd;
    size_t i;
    int have;

    if (!c->driver || !fw->version)
        return 0;
    have = kb_tf_driver_floor(c->kb, fw->version, cuda, NULL, NULL, os, &best) == 1;
    for (i = 0; i < c->f->n_gpus; i++) {
        const struct gpu *g = &c->f->gpus[i];
        /* The build's own architectures (build_info) before tf_arch's row. */
        if (g->compute_capability &&
            kb_tf_driver_floor(c->kb, fw->version, cuda, g->compute_capability,
                               fw->compute_capabilities && *fw->compute_capabilities ? fw->compute_capabilities : NULL,
                               os, &tf) == 1 &&
            (!have || ver_cmp_driver(tf.driver, best.driver) > 0)) {
            best = tf;
            have = 1;
            gpu_cc = g->compute_capability;
            gpu_src = g->cc_source;
        }
    }
    if (!have || !strcmp(best.rule, "toolkit"))
        return 0;
    if (ver_cmp_driver(c->driver, best.driver) >= 0)
        return 1;
    fd = fw_finding(c, "GD208", SEV_ERROR, "the driver %s is too old for TensorFlow %s (needs %s or newer: %s)",
                    c->driver, fw->version, best.driver,
                    !strcmp(best.rule, "TensorFlow") ? "TensorFlow's own documented minimum"
                    : !strcmp(best.rule, "PTX JIT") ? "its PTX is JIT-compiled for this GPU, which needs the CUDA "
                                                      "toolkit's own driver"
                                                    : "the GPU family's floor");
    finding_evidence(c->out, fd, c->f->driver.kmod_source ? c->f->driver.kmod_source
                     : (c->f->driver.n_libs ? c->f->driver.libs[0].path : NULL),
                     "driver %s%s%s", c->driver, c->f->driver.cuda_max ? ", supports CUDA up to " : "",
                     c->f->driver.cuda_max ? c->f->driver.cuda_max : "");
    if (gpu_cc && strcmp(best.rule, "TensorFlow"))
        finding_evidence(c->out, fd, gpu_src, "compute capability %s", gpu_cc);
    if (gpu_cc && !strcmp(best.rule, "PTX JIT") && fw->compute_capabilities && *fw->compute_capabilities)
        finding_evidence(c->out, fd, fw->build_source, "built for %s: PTX only for compute capability %s",
                         fw->compute_capabilities, gpu_cc);
    finding_evidence(c->out, fd, best.source, "TensorFlow %s (CUDA %s) needs driver >= %s on %s", fw->version,
                     cuda ? cuda : "?", best.driver, os);
    fixes_driver_upgrade(&c->fx, c->out, fd, best.driver,
                         arena_printf(c->a, "TensorFlow %s needs it", fw->version));
    return 1;
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

    /* Native Windows after the last GPU release comes first: every wheel there is a
     * CPU build (tensorflow pulls tensorflow-intel; tensorflow-cpu), and the cause is
     * the platform, not the package (GD212, not GD211). */
    if (!strcmp(c->os, "windows") && fw->version && (last_win = kb_tf_last_windows_gpu(c->kb)) != NULL &&
        ver_cmp_dotted_n(fw->version, last_win, 2) > 0) {   /* 2.10.1 is still 2.10 */
        struct finding *fd = fw_finding(c, "GD212", SEV_ERROR,
                                        "TensorFlow %s has no GPU support on native Windows (the last one with it is %s)",
                                        fw->version, last_win);
        finding_evidence(c->out, fd, fw->location, "%s %s on native Windows%s", fw->dist ? fw->dist : "tensorflow",
                         fw->version, fw->variant && !strcmp(fw->variant, "cpu") ? " (a CPU-only build)" : "");
        fixes_tf_windows_routes(&c->fx, c->out, fd, c->env);
        return;
    }
    if ((fw->variant && !strcmp(fw->variant, "cpu")) || (fw->dist && !strcmp(fw->dist, "tensorflow-cpu"))) {
        struct finding *fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s is a CPU-only build", fw->dist ? fw->dist : "tensorflow",
                                        fw_version_label(c));
        finding_evidence(c->out, fd, fw->build_source, "%s", fw->build_source ? "is_cuda_build is False" :
                         "the distribution is tensorflow-cpu");
        if (fw->dist && strcmp(fw->dist, "tensorflow") && !c->env->externally_managed && !fix_machine_sbsa(&c->fx))
            fixes_pip_uninstall(&c->fx, c->out, fd, c->env, arena_printf(c->a, "Remove the CPU-only package %s first",
                                                                         fw->dist), fw->dist);
        tf_install_fixes(c, fd, NULL, NULL);
        return;
    }
    if (!fw->version) {
        fw_judge_unversioned(c);   /* a log that does not show it */
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
        if (c->f->partial) {
            fw_judge_unversioned(c);   /* a log: what it shows missing */
            return;
        }
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
    if (c->f->partial) {
        fw_log_needs(c);   /* a log: what else it shows missing */
        for (i = 0; i < c->v->n_needs && !c->v->needs[i].unknown; i++)
            ;
        if (i < c->v->n_needs && !c->windows && kb_tf_pip_extra(&libs) == 2) {
            /* the log does not show what loads; this release's own wheels cannot be found */
            struct finding *fd = fw_finding(c, "GD205", SEV_WARNING, "TensorFlow %s does not find the nvidia-* pip "
                                            "libraries it installs by itself: if its CUDA came from pip, that is "
                                            "why it skips the GPU", fw->version);
            finding_evidence(c->out, fd, libs.source, "TensorFlow %s's wheels lack the RUNPATH into "
                             "site-packages/nvidia", fw->version);
            tf_pip_fixes(c, fd, NULL, NULL);
        }
    } else if (!have_mod && !c->windows)
        fw_unknown(c, "TensorFlow's own module could not be read, so its RUNPATH is unknown");
    /* On a Jetson, a build for another JetPack's CUDA (the build's own
     * build_info, not tf_build's x86-64 row) is the cause, NVIDIA's build for
     * this JetPack its fix; the missing libraries are then its symptoms. */
    fw_judge_missing(c, cuda, cudnn,
                     fw_jetson_mismatch(c, "TensorFlow", fw->cuda, tf_jetson_fixes) ? NULL : tf_install_fixes);
    fw_judge_cudnn(c, cudnn);
    {
        /* The runtime that would load decides the driver floor; without
         * one, the CUDA the build wants. */
        const char *rt = cuda;
        for (i = 0; i < c->v->n_needs; i++)
            if (!strcmp(c->v->needs[i].role, "cudart") && c->v->needs[i].resolved_path && c->v->needs[i].version)
                rt = fw_major_minor(c->a, c->v->needs[i].version);
        if (!tf_judge_driver(c, cuda))
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
    const char *cuda = fw->cuda, *cudnn = fw->cudnn;
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
    fixes_tf_windows_cuda(&c->fx, c->out, fd, fw->version, cuda, cudnn, b.python);
}

/*
 * The chooser's column map: tf_build.kb's rows for the OS (WSL2 takes the
 * Linux builds), each on the routes it has: pip with [and-cuda] where
 * tf_libs' pip_libs says the release finds its nvidia-* wheels (its own
 * pins: tested CUDA exactly), else conda-forge's cudatoolkit and cudnn of
 * the tested configuration (while conda-forge has a cudatoolkit for it);
 * and, when the caller names the CUDA to use, the system's CUDA, which
 * TensorFlow loads by its major soname (data/cuda_compat.kb).  Driver:
 * kb_tf_driver_floor (TensorFlow's own minimum; the toolkit's where the GPU
 * runs the release only from PTX).  NumPy: pkg_fact numpy_abi_major.
 */
static void tf_route(struct choose_ctx *cx, const struct choice *base, const char *route, const char *package,
                     int rank)
{
    struct choice *c = choose_add(cx), *next = c->next;
    *c = *base;
    c->next = next;
    c->route = route;
    c->package = package;
    c->rank = rank;
}

static void tf_candidates(struct choose_ctx *cx)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_tf_build);
    const struct choose_in *in = cx->in;
    int native = in->os && !strcmp(in->os, "windows") && !in->wsl;
    const char *os = native ? "windows" : "linux", *last_win = kb_tf_last_windows_gpu(cx->kb);
    size_t r;

    for (r = 0; t && r < t->nrows; r++) {
        struct choice b;
        struct kb_row_tf_build row;
        struct kb_tf_libs l;
        struct kb_tf_floor tf;
        const char *gp = NULL, *gsrc = NULL, *np = NULL, *nsrc = NULL, *tk = NULL, *pkg = "tensorflow";
        kb_row(t, r, tf_build, &row);
        if (strcmp(row.os, os))
            continue;
        memset(&b, 0, sizeof(b));
        b.framework = "tensorflow";
        b.driver_ok = b.python_ok = -1;
        b.version = row.version;
        b.release = ver_dotted_prefix(cx->a, b.version, 2);
        b.label = arena_printf(cx->a, "tensorflow %s", b.version);
        b.python_range = row.python;
        b.cuda = row.cuda;
        b.cudnn = row.cudnn;
        b.source = b.python_source = row.source;
        b.unverified = kbdata_source_unverified(b.source);
        if (!b.cuda) {
            struct choice *c;
            if (!native)
                continue;
            c = choose_add(cx);
            *c = (struct choice){ .framework = "tensorflow", .release = b.release, .version = b.version,
                                  .label = b.label, .source = b.source, .driver_ok = -1, .python_ok = -1 };
            c->platform_why = last_win ? arena_printf(cx->a, "%s has no GPU build on native Windows (the last is %s); "
                                                      "use WSL2", b.label, last_win)
                                       : arena_printf(cx->a, "%s has no GPU build on native Windows; use WSL2", b.label);
            continue;
        }
        b.pin = choose_pin(cx->a, b.release);
        b.image = arena_printf(cx->a, "tensorflow/tensorflow:%s-gpu", b.version);
        /* Before 2.1 the GPU build was its own package (pkg_fact gpu_package). */
        if (kb_pkg_fact(cx->kb, "tensorflow", "gpu_package", b.release, &gp, &gsrc) == 1) {
            pkg = gp;
            choose_note(cx, &b, "install", arena_printf(cx->a, "TensorFlow %s's GPU build is the %s package",
                                                        b.release, gp), gsrc);
        }
        if (kb_pkg_fact(cx->kb, "tensorflow", "numpy_abi_major", b.release, &np, &nsrc) == 1 && !strcmp(np, "1")) {
            b.extra_reqs = "numpy<2";
            b.extra_why = arena_printf(cx->a, "TensorFlow %s was built against NumPy 1", b.release);
            b.extra_source = nsrc;
        }
        if (kb_tf_driver_floor(cx->kb, b.version, b.cuda, in->gpu_cc, NULL, in->wsl ? "wsl" : os, &tf) == 1) {
            b.driver_need = tf.driver;
            b.driver_rule = tf.rule;
            b.driver_source = tf.source;
            if (tf.arch_source && kbdata_source_unverified(tf.arch_source))
                b.unverified = 1;   /* the floor rests on tf_arch's unverified build list */
            if (!strcmp(tf.rule, "PTX JIT") && tf.arch)
                choose_note(cx, &b, "gpu", arena_printf(cx->a, "%s has machine code for %s only: compute capability "
                                                        "%s runs its PTX, which the driver JIT-compiles", b.label,
                                                        tf.arch, in->gpu_cc), tf.arch_source);
            /* Between TensorFlow's floor and the toolkit's own driver XLA runs,
             * but says so and compiles serially (xla nvptx_compiler.cc). */
            if (!strcmp(tf.rule, "TensorFlow") && tf.toolkit && ver_cmp_driver(tf.toolkit, tf.driver) > 0 &&
                (!in->driver || ver_cmp_driver(in->driver, tf.toolkit) < 0))
                choose_note(cx, &b, "driver", arena_printf(cx->a, "from %s up to CUDA %s's own release driver %s, "
                                                           "TensorFlow runs through minor-version compatibility; "
                                                           "where XLA's ptxas is newer than the driver, XLA says so "
                                                           "and compiles serially", tf.driver, b.cuda, tf.toolkit),
                            "https://github.com/tensorflow/tensorflow/blob/01b163ce081786728e90f039cf86b41ce3a7b5c3/"
                            "third_party/xla/xla/service/gpu/nvptx_compiler.cc (ChooseLinkingMethod: \"Because the "
                            "driver is older than the ptxas version, XLA is disabling parallel compilation\")");
        } else {
            choose_cuda_floor(cx, &b);
        }
        if (!native && kb_tf_libs(cx->kb, b.release, "linux", &l) == 1 && kb_tf_pip_extra(&l)) {
            if (kb_tf_pip_extra(&l) == 2)
                b.caveat = arena_printf(cx->a, "TensorFlow %s's wheel lacks the RUNPATH into site-packages/nvidia "
                                        "(tensorflow/tensorflow#63362)", b.release);
            tf_route(cx, &b, "pip", "tensorflow[and-cuda]", 2);
        } else if (b.cudnn && !(kb_pkg_fact(cx->kb, "cuda", "conda_cudatoolkit", b.cuda, &tk, NULL) == 1 &&
                                !strcmp(tk, "no"))) {
            tf_route(cx, &b, "conda", pkg, 1);
        }
        if (in->cuda && !native)
            tf_route(cx, &b, "system", pkg, 0);
    }
}

static const char *const tensorflow_aliases[] = { "tf", NULL };

static const char *const tensorflow_matrix[] = {
    "tensorflow-libs", "tf_libs", "tensorflow-metal", "tf_metal", "tensorflow-driver", "tf_driver",
    "tensorflow-arch", "tf_arch", NULL,
};

const struct fw_def fw_tensorflow = {
    .name = "tensorflow",
    .aliases = tensorflow_aliases,
    .table = "tf_build",
    .title = "TensorFlow",
    .matrix = tensorflow_matrix,
    .dists = (const char *const[]){ "tensorflow*", NULL },
    .candidates = tf_candidates,
    .install = fixes_tf_install,
    .judge = check_tensorflow,
    .install_fixes = tf_install_fixes,
    .windows_fixes = tf_windows_fixes,
    .pip_fixes = tf_pip_fixes,
};
