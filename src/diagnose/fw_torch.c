/*
 * fw_torch.c - PyTorch ("torch", also "pytorch"): a CPU-only or ROCm
 * build; the CUDA libraries lib/libtorch_cuda.so links (torch_cuda.dll's
 * imports on Windows), resolved from it, plus torch's own preloading from
 * site-packages/nvidia; on Windows, the DLL folders torch/__init__.py adds;
 * its minimum driver per CUDA variant and its compiled architectures
 * (torch.kb); reinstall commands for a variant the driver can run.
 */

#include <stdlib.h>
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_node.h"
#include "diagnose/fw.h"
#include "diagnose/lookup.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

static const char *const torch_aliases[] = { "pytorch", NULL };

#define TORCH_INDEX "https://download.pytorch.org/whl/"
#define TORCH_STABLE "https://download.pytorch.org/whl/torch_stable.html"

/*
 * On an aarch64 machine that is not a Jetson (sbsa): the compute
 * capabilities of release's variant's Linux aarch64 build (pkg_fact
 * cuda_aarch64_arch_VARIANT, *source its citation), or NULL when the kb has
 * no such list (torch.kb's x86_64 list is then the one to judge with).
 */
static const char *torch_aarch64_arch(const struct kb *kb, struct arena *a, int sbsa, const char *release,
                                      const char *variant, const char **source)
{
    const char *v = NULL, *src = NULL;
    if (!sbsa || !kb || !release || !variant || strncmp(variant, "cu", 2) ||
        kb_pkg_fact(kb, "torch", arena_printf(a, "cuda_aarch64_arch_%s", variant), release, &v, &src) != 1 || !v ||
        !strcmp(v, "unknown"))
        return NULL;
    if (source)
        *source = src;
    return v;
}

/* NVIDIA's PyTorch wheel index for this Jetson's JetPack (data/jetpack.kb), or NULL. */
static const char *jetson_wheels(const struct fwctx *c)
{
    struct kb_jetpack j;
    if (c->f->tegra.l4t && kb_jetpack(c->kb, c->f->tegra.l4t, &j) == 1)
        return j.wheels;
    return NULL;
}

/* Install a CUDA build of torch.  What apt installed into the system
 * Python gets the distribution's route (Debian's python3-torch-cuda where
 * the release has it, else PyTorch's wheels in a venv); everything the
 * fix engine's release and variant, chosen from the knowledge base for this
 * Python and this driver (diagnose/fixes.h). */
static void torch_install_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    (void)cudnn;
    (void)cuda;
    if (c->f->tegra.present) {
        /* A Jetson: NVIDIA's builds for its L4T release, not PyPI's. */
        if (c->f->tegra.l4t)
            finding_evidence(c->out, fd, c->f->tegra.l4t_source, "Jetson, L4T %s%s%s", c->f->tegra.l4t,
                             c->f->tegra.model ? ": " : "", c->f->tegra.model ? c->f->tegra.model : "");
        fixes_jetson_torch(&c->fx, c->out, fd, &c->f->tegra, jetson_wheels(c));
        return;
    }
    if (c->fw->installer && !strcmp(c->fw->installer, "dpkg")) {
        /* apt installed it into the system Python, which pip must not
         * change (PEP 668, "externally-managed-environment", even where the
         * marker's package is not unpacked): apt for the distribution's CUDA
         * build where the release has one, then the engine's venv route with
         * a release and variant PyTorch published. */
        const char *pkg = dpkg_cuda_build(c->f, c->kb, "torch");
        struct python_env managed = *c->env;
        if (pkg)
            fixes_run(&c->fx, c->out, fd, FIX_TOOL_APT_INSTALL,
                      arena_printf(c->a, "Install the distribution's CUDA build (%s) and what it depends on (the NVIDIA "
                                   "driver, nvidia-cudnn)", pkg), pkg, NULL);
        if (!managed.externally_managed)
            managed.externally_managed = c->fw->installer_source ? c->fw->installer_source : "dpkg";
        fixes_torch_install(&c->fx, c->out, fd, &managed, c->fw->version);
        return;
    }
    fixes_torch_install(&c->fx, c->out, fd, c->env, c->fw->version);
}

/*
 * torch/__init__.py: when loading libtorch_global_deps fails on a missing
 * CUDA library, torch preloads every site-packages/nvidia/<pkg>/lib/<lib>
 * it finds (_preload_cuda_deps), so a wheel there is found even off the
 * loader path.
 */
static void torch_preload(struct fwctx *c, struct need *n, const struct strlist *dirs)
{
    size_t i;
    for (i = 0; i < dirs->nr; i++) {
        struct lookup_answer a;
        const char *path;
        int r;
        if (!fw_in_env_wheels(c, dirs->v[i]) || !fw_dir_has(c, dirs->v[i], n->library))
            continue;
        path = arena_printf(c->a, "%s/%s", dirs->v[i], n->library);
        /* dlopen fails on an empty, truncated or foreign-machine file: the preload too */
        r = lookup_loadable(c->lk, path, &a);
        if (r < 0)
            fw_unknown(c, arena_printf(c->a, "whether %s loads was not recorded", path));
        if (r != 1)
            continue;
        n->resolved_path = path;
        n->step = "torch_preload";
        n->version = fw_lib_version(c, n->role, n->resolved_path);
        return;
    }
}

/* 1 if dir (virtual, any case) holds a cudart64_*.dll (scan/fwfiles.c listed it). */
static int win_has_cudart(struct fwctx *c, const char *dir)
{
    const struct lib_dir *ld = facts_libdir(c->f, dir, 1);
    size_t i;
    for (i = 0; ld && i < ld->n_names; i++)
        if (!strncmp(ld->names[i], "cudart64", 8))
            return 1;
    return 0;
}

/*
 * torch on Windows (torch/__init__.py _load_dll_libraries): os.add_dll_directory
 * for torch\lib, the environment's Library\bin (and the base install's for a
 * venv), and -- only for a CUDA build with no cudart64*.dll in those --
 * %CUDA_PATH_V<maj>_<min>%\bin; then every torch\lib\*.dll is loaded with
 * LoadLibraryExW(path, DEFAULT_DIRS | DLL_LOAD_DIR), retried on error 126
 * with the directories prepended to PATH.  The CUDA DLLs asked for are
 * torch_cuda.dll's imports.
 */
static void torch_windows(struct fwctx *c, const char *cuda)
{
    const struct framework_build *fw = c->fw;
    const char *modpath, *lib, *base;
    const struct fw_module *m;
    size_t i, nd = 0;

    if (!fw->location) {
        fw_unknown(c, "torch's package folder was not found");
        return;
    }
    lib = arena_printf(c->a, "%s/lib", fw->location);
    c->win_dirs[nd++] = lib;
    c->win_dirs[nd++] = arena_printf(c->a, "%s/Library/bin", c->env->prefix);
    base = fw_win_app_dir(c);
    if (strcmp(base, c->env->prefix))
        c->win_dirs[nd++] = arena_printf(c->a, "%s/Library/bin", base);
    if (cuda) {
        int have = 0;
        for (i = 0; i < nd; i++)
            have |= win_has_cudart(c, c->win_dirs[i]);
        if (!have) {
            const char *mm = fw_major_minor(c->a, cuda), *dot = strchr(mm, '.');
            const char *var = dot ? arena_printf(c->a, "CUDA_PATH_V%.*s_%s", (int)(dot - mm), mm, dot + 1) : NULL;
            const char *val = var ? facts_env(c->f, var) : NULL;
            struct strbuf v = STRBUF_INIT;
            if (val && winpath_to_virtual(val, &v) == 1)
                c->win_dirs[nd++] = arena_printf(c->a, "%s/bin", v.buf);
            else if (!val)
                c->win_dirs[nd++] = arena_printf(c->a, "/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v%s/bin", mm);
            strbuf_release(&v);
        }
    }
    c->win.mode = WIN_DLL_SEARCH_DEFAULT;
    c->win.dll_load_dir = lib;
    c->win.app_dir = base;
    c->win.dll_dirs = c->win_dirs;
    c->win.n_dll_dirs = nd;
    c->win_path_fallback = 1;

    modpath = arena_printf(c->a, "%s/torch_cuda.dll", lib);
    c->win.importer = modpath;
    if ((m = fw_module_at(c, modpath)) == NULL) {
        if (cuda)
            fw_unknown(c, arena_printf(c->a, "%s could not be read", modpath));
        return;
    }
    for (i = 0; i < m->n_needed; i++) {
        const char *role = fw_role_of(m->needed[i]);
        if (role)
            fw_resolve_need(c, fw_add_need(c, role, m->needed[i], modpath), NULL);
    }
    if (!c->v->n_needs)
        fw_unknown(c, arena_printf(c->a, "%s imports no CUDA DLL by name", modpath));
}

/*
 * The sub-libraries cuDNN dlopens by soname at run time: cuDNN 8's six
 * (the libraries pytorch/builder's manywheel/build_cuda.sh bundles with
 * libcudnn.so.8 on release/1.12), cuDNN 9's engines (the set
 * onnxruntime's maintainers list for its preload, microsoft/onnxruntime
 * PR #22506).
 */
static const char *const cudnn8_subs[] = {
    "libcudnn_ops_infer.so.8", "libcudnn_ops_train.so.8", "libcudnn_cnn_infer.so.8",
    "libcudnn_cnn_train.so.8", "libcudnn_adv_infer.so.8", "libcudnn_adv_train.so.8", NULL
};
static const char *const cudnn9_subs[] = {
    "libcudnn_graph.so.9", "libcudnn_ops.so.9", "libcudnn_cnn.so.9", "libcudnn_adv.so.9",
    "libcudnn_engines_precompiled.so.9", "libcudnn_engines_runtime_compiled.so.9",
    "libcudnn_heuristic.so.9", NULL
};

static const char *dir_of(struct fwctx *c, const char *path)
{
    const char *real = lookup_realpath(c->lk, path);
    const char *p = real ? real : path;
    return arena_strndup(c->a, p, (size_t)(path_basename(p) - p) - 1);
}

/* "(9, 1, 0)": how torch prints a cuDNN version. */
static const char *tuple3(struct fwctx *c, const char *v)
{
    unsigned x[3] = { 0, 0, 0 };
    const char *p = v;
    size_t i;
    for (i = 0; i < 3; i++) {
        while (*p >= '0' && *p <= '9' && x[i] < 100000u)
            x[i] = x[i] * 10u + (unsigned)(*p++ - '0');
        if (*p != '.')
            break;
        p++;
    }
    return arena_printf(c->a, "(%u, %u, %u)", x[0], x[1], x[2]);
}

/*
 * cuDNN as torch really loads it (torch/backends/cudnn/__init__.py _init:
 * the runtime's major must be the compiled one's and its minor not older,
 * else "cuDNN version incompatibility"), from the libcudnn the loader gives
 * libtorch_cuda -- an older cuDNN first on LD_LIBRARY_PATH wins over a
 * DT_RUNPATH (the bundled, hermetic wheels: patchelf --set-rpath without
 * --force-rpath, pytorch/builder manywheel/build_common.sh) but not over
 * the DT_RPATH of the wheels with pip CUDA dependencies (build_cuda.sh
 * exports FORCE_RPATH=--force-rpath) -- and then the sub-libraries that
 * libcudnn itself dlopens by soname: its own DT_RUNPATH ($ORIGIN) comes
 * after LD_LIBRARY_PATH, so another cuDNN there hands it foreign engines
 * (pytorch/pytorch#119989 on cuDNN 8, #188892 on cuDNN 9).
 */
static void torch_judge_cudnn(struct fwctx *c, const char *want, const char *modpath)
{
    const char *llp = facts_env(c->f, "LD_LIBRARY_PATH");
    size_t i;

    for (i = 0; i < c->v->n_needs; i++) {
        const struct need *n = &c->v->needs[i];
        const char *got = n->version, *dir, *const *subs, *chain[2];
        struct finding *fd = NULL;
        size_t k;

        if (strcmp(n->role, "cudnn") || !n->resolved_path || !str_starts(n->library, "libcudnn.so."))
            continue;
        dir = dir_of(c, n->resolved_path);
        if (want && got && strchr(got, '.') && strchr(want, '.') &&
            (strcmp(fw_major(c->a, got), fw_major(c->a, want)) ||
             !fw_ver_ge(fw_major_minor(c->a, got), fw_major_minor(c->a, want)))) {
            fd = fw_finding(c, "GD207", SEV_ERROR,
                            "torch %s was compiled against cuDNN %s but would load cuDNN %s (\"cuDNN version "
                            "incompatibility: PyTorch was compiled against %s but found runtime version %s\")",
                            c->fw->version, want, got, tuple3(c, want), tuple3(c, got));
            finding_evidence(c->out, fd, n->resolved_path, "%s found through %s, version %s", n->library, n->step, got);
            if (!strcmp(n->step, "ld_library_path"))
                fixes_drop_loader_dir(&c->fx, c->out, fd, arena_printf(c->a, "LD_LIBRARY_PATH puts this cuDNN before "
                                      "torch's own: take %s off it", dir), dir);
            continue;
        }
        /* The sub-libraries, dlopened by libcudnn (loaded by libtorch_cuda):
         * only LD_LIBRARY_PATH comes before libcudnn's own DT_RUNPATH ($ORIGIN)
         * or its loaders' DT_RPATH, so without it there is nothing to mix. */
        if (!llp || !*llp)
            continue;
        subs = !strcmp(n->library, "libcudnn.so.8") ? cudnn8_subs : !strcmp(n->library, "libcudnn.so.9") ? cudnn9_subs : NULL;
        chain[0] = n->resolved_path;
        chain[1] = modpath;
        for (k = 0; subs && subs[k]; k++) {
            struct lookup_answer a;
            const char *odir, *over;
            if (!fw_dir_has(c, dir, subs[k]))
                continue; /* not beside libcudnn: nothing of its own to be shadowed */
            if (lookup_library_chain(c->lk, subs[k], chain, modpath ? 2 : 1, llp, &a) != 1)
                continue;
            odir = dir_of(c, a.path);
            if (!strcmp(odir, dir))
                continue;
            over = fw_lib_version(c, "cudnn", a.path);
            if (over && got && !strcmp(over, got))
                continue; /* the same cuDNN twice: nothing mixes */
            if (!fd) {
                fd = fw_finding(c, "GD207", over && got ? SEV_ERROR : SEV_WARNING,
                                "torch's cuDNN %s (%s) would load its sub-libraries from %s%s%s%s: mixed cuDNN "
                                "versions fail at the first cuDNN call (%s)", got ? got : "?", dir, odir,
                                over ? " (cuDNN " : "", over ? over : "", over ? ")" : "",
                                subs == cudnn8_subs ? "\"undefined symbol ... version libcudnn_ops_infer.so.8\""
                                                    : "CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH");
                finding_evidence(c->out, fd, n->resolved_path, "%s found through %s%s%s", n->library, n->step,
                                 got ? ", version " : "", got ? got : "");
                if (!strcmp(a.step, "ld_library_path"))
                    fixes_drop_loader_dir(&c->fx, c->out, fd, arena_printf(c->a, "LD_LIBRARY_PATH comes before "
                                          "cuDNN's own DT_RUNPATH ($ORIGIN): take %s off it", odir), odir);
            }
            finding_evidence(c->out, fd, a.path, "%s dlopened by libcudnn, found through %s (%s has its own)",
                             subs[k], a.step, dir);
        }
    }
}

/* Torch's Jetson fixes: NVIDIA's build for this JetPack, or an L4T container. */
static void torch_jetson_fixes(struct fwctx *c, struct finding *fd)
{
    fixes_jetson_torch(&c->fx, c->out, fd, &c->f->tegra, jetson_wheels(c));
}

static void check_torch(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    struct kb_torch t;
    const char *variant = fw->local, *cuda, *arch = NULL, *arch_src = NULL, *need_drv, *src;
    const struct fw_module *m;
    const char *modpath;
    struct strlist dirs = { NULL, 0, 0 };
    int have_kb;
    size_t i;

    if ((variant && !strcmp(variant, "cpu")) || (fw->variant && !strcmp(fw->variant, "cpu"))) {
        struct finding *fd = fw_finding(c, "GD211", SEV_ERROR, "torch %s is a CPU-only build", fw_version_label(c));
        if (variant && !strcmp(variant, "cpu"))
            finding_evidence(c->out, fd, fw->build_source, "local version label +cpu");
        else if (fw->variant_source)
            finding_evidence(c->out, fd, fw->variant_source, "%s", fw->variant_said ? fw->variant_said : "a CPU-only build");
        else
            finding_evidence(c->out, fd, fw->build_source, "version.py: cuda = None");
        if (fw->installer && !strcmp(fw->installer, "dpkg"))
            finding_evidence(c->out, fd, fw->installer_source, "installed by the package %s %s", fw->installer_package,
                             fw->installer_version ? fw->installer_version : "");
        torch_install_fixes(c, fd, NULL, NULL);
        return;
    }
    if ((variant && str_starts(variant, "rocm")) || (fw->variant && !strcmp(fw->variant, "rocm")) || fw->hip) {
        struct finding *fd = fw_finding(c, "GD211", SEV_ERROR,
                                        "torch %s is built for ROCm (AMD GPUs), not for NVIDIA's CUDA", fw_version_label(c));
        finding_evidence(c->out, fd, fw->build_source, "hip = %s", fw->hip ? fw->hip : variant);
        torch_install_fixes(c, fd, NULL, NULL);
        return;
    }
    if (!fw->version) {
        fw_judge_unversioned(c);   /* a log that does not show it */
        return;
    }
    have_kb = kb_torch(c->kb, fw->version, variant, &t) == 1;
    cuda = fw->cuda ? fw->cuda : (have_kb ? t.cuda : NULL);
    if (have_kb && t.arch && strcmp(t.arch, "-")) {
        const char *a64src, *a64 = torch_aarch64_arch(c->kb, c->a, fix_machine_sbsa(&c->fx), t.version, t.variant,
                                                      &a64src);
        arch = a64 ? a64 : t.arch;   /* an aarch64 build's own list where the kb has one */
        arch_src = a64 ? a64src : t.source;
    }
    if (!cuda) {
        fw_unknown(c, arena_printf(c->a, "the CUDA version torch %s was built for is unknown", fw->version));
    }
    /* What libtorch_cuda.so links: resolve each CUDA library from it. */
    /* libtorch_cuda as the import reaches it (scan/fwlibs.c: torch/_C's
     * DT_NEEDED closure; Debian keeps it outside torch/lib), else the wheel's. */
    modpath = fw->cuda_library ? fw->cuda_library
              : fw->location ? arena_printf(c->a, "%s/lib/libtorch_cuda.so", fw->location) : NULL;
    if (c->windows) {
        torch_windows(c, cuda);
    } else if (modpath && (m = fw_module_at(c, modpath)) != NULL) {
        fw_candidate_dirs(c, &dirs);
        for (i = 0; i < m->n_needed; i++) {
            const char *role = fw_role_of(m->needed[i]);
            struct need *n;
            if (!role)
                continue;
            n = fw_add_need(c, role, m->needed[i], modpath);
            fw_resolve_need(c, n, modpath);
            if (!n->resolved_path && !n->unknown)
                torch_preload(c, n, &dirs);
        }
        free(dirs.v);
        if (!c->v->n_needs)
            fw_unknown(c, arena_printf(c->a, "%s links no CUDA library by name", modpath));
    } else if (c->f->partial && fw->n_unresolved) {
        fw_log_needs(c);   /* a log: what it shows the loader missing */
    } else if (cuda && fw->n_unresolved) {
        /* The import's own closure breaks before libtorch_cuda (a package
         * of the chain removed, a library missing): what the loader cannot
         * find is the finding, with its fixes, not an unknown. */
        for (i = 0; i < fw->n_unresolved; i++) {
            const char *role = fw_role_of(fw->unresolved[i].what);
            fw_add_need(c, role ? role : "other", fw->unresolved[i].what, fw->unresolved[i].path);
        }
    } else if (cuda) {
        fw_unknown(c, arena_printf(c->a, "%s could not be read", modpath ? modpath : "torch/lib/libtorch_cuda.so"));
    }
    /* On a Jetson, a build for another JetPack's CUDA is the cause, with the
     * JetPack build as its fix; the missing libraries are then its symptoms. */
    fw_judge_missing(c, cuda, have_kb ? t.cudnn : NULL,
                     fw_jetson_mismatch(c, "torch", cuda, torch_jetson_fixes) ? NULL : torch_install_fixes);
    if (kb_torch_min_driver(c->kb, fw->version, variant, c->os, &need_drv, &src) == 1 &&
        fw_driver_below(c, need_drv, cuda) == 1) {
        struct finding *fd = fw_finding(c, "GD208", SEV_ERROR,
                                        "the driver %s is too old for torch %s (CUDA %s needs driver %s or newer)",
                                        fw_driver_label(c), fw->version, cuda ? cuda : "?", need_drv);
        finding_evidence(c->out, fd, c->f->driver.kmod_source ? c->f->driver.kmod_source
                         : c->f->driver.n_libs ? c->f->driver.libs[0].path : c->f->driver.cuda_max_source,
                         "driver %s%s%s", fw_driver_label(c),
                         c->f->driver.cuda_max ? ", supports CUDA up to " : "", c->f->driver.cuda_max ? c->f->driver.cuda_max : "");
        finding_evidence(c->out, fd, src, "torch %s: minimum driver %s (minor-version compatibility of CUDA %s)",
                         fw->version, need_drv, cuda ? fw_major(c->a, cuda) : "?");
        {
            /* The driver upgrade keeps this build; a build of the same release the driver
             * already runs is the other way, offered only when one exists. */
            struct choice in;
            fixes_driver_upgrade(&c->fx, c->out, fd, need_drv,
                                 arena_printf(c->a, "torch %s's CUDA %s build needs it", fw->version, cuda ? cuda : "?"));
            if (fix_choose(&c->fx, "torch", fw->version, c->env->python_version, &in) == 1 && in.driver_ok == 1)
                torch_install_fixes(c, fd, cuda, NULL);
        }
    } else if (cuda && !have_kb) {
        fw_judge_driver(c, fw_major_minor(c->a, cuda));
    }
    if (!c->windows)
        torch_judge_cudnn(c, have_kb && t.cudnn && strcmp(t.cudnn, "-") ? t.cudnn : NULL, modpath);
    fw_judge_arch(c, arch, arch_src);
    fw_note_own_runtime(c);
}

/* Native Windows, a DLL nowhere (GD603): PyTorch's wheels bring them; the
 * engine writes the reinstall for PowerShell and cmd with the environment's
 * own python.exe. */
static void torch_windows_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    (void)cuda;
    (void)cudnn;
    fixes_torch_install(&c->fx, c->out, fd, c->env, c->fw->version);
}

/*
 * The chooser's column map (diagnose/choose.h): every cu* row of torch.kb,
 * its wheels bringing their own CUDA (route pip) from PyTorch's index for
 * the variant, or torch_stable.html with a +cuXYZ pin up to the release
 * pkg_fact pip_index says (pytorch.org's previous-versions page).  Python:
 * torch_python.kb, else py_support.kb.  Driver: the minor-version floor of
 * its CUDA major, the GPU family's when higher (kb_build_min_driver).  On
 * an aarch64 server the aarch64 build's own architecture list.
 */
static void torch_candidates(struct choose_ctx *cx)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_torch);
    const struct choose_in *in = cx->in;
    int sbsa = in->arch && !strcmp(in->arch, "aarch64") && !in->jetson;
    size_t r;

    for (r = 0; t && r < t->nrows; r++) {
        struct kb_row_torch row;
        const char *variant, *cuda, *rel, *lo, *hi, *psrc, *idx = NULL, *d, *dsrc, *a64, *a64src, *dflt;
        struct choice *c;
        struct kb_py kp;
        int ok = 1;
        kb_row(t, r, torch, &row);
        variant = row.variant;
        cuda = row.cuda;
        rel = row.version;
        dflt = row.dflt;
        if (!variant || strncmp(variant, "cu", 2) || !cuda)
            continue;   /* CPU and ROCm builds are no CUDA candidates */
        c = choose_add(cx);
        c->release = rel;
        c->variant = variant;
        c->label = arena_printf(cx->a, "torch %s (%s)", rel, variant);
        c->cuda = cuda;
        c->cudnn = row.cudnn;
        c->arch = row.arch;
        c->source = c->arch_source = row.source;
        if ((a64 = torch_aarch64_arch(cx->kb, cx->a, sbsa, rel, variant, &a64src)) != NULL) {
            c->arch = a64;
            c->arch_source = a64src;
        }
        c->unverified = kbdata_source_unverified(c->source);
        c->is_default = dflt && !strcmp(dflt, "yes");
        c->route = "pip";
        c->package = "torch";
        if (kb_torch_python(cx->kb, rel, &lo, &hi, &psrc) == 1) {
            c->python_range = arena_printf(cx->a, "%s-%s", lo, hi);
            c->python_source = psrc;
        } else if (kb_python_support(cx->kb, "pytorch", rel, &kp) == 1 && kp.python_max) {
            c->python_range = arena_printf(cx->a, "%s-%s", kp.python_min, kp.python_max);
            c->python_source = kp.source;
        }
        if (kb_torch_min_driver(cx->kb, rel, variant, cx->drv_os, &c->driver_need, &c->driver_source) == 1)
            c->driver_rule = kb_cuda_mvc_floor(cx->kb, cuda, cx->drv_os, &d, &dsrc) == 1 ? "minor-version compatibility"
                                                                                        : "toolkit";
        if (in->gpu_cc && kb_build_min_driver(cx->kb, cuda, in->gpu_cc, cx->drv_os, &d, &dsrc, &ok) == 1 && ok && d &&
            (!c->driver_need || ver_cmp_driver(d, c->driver_need) > 0)) {
            c->driver_need = d;
            c->driver_source = dsrc;
            c->driver_rule = "GPU family";
        }
        if (!(c->version = choose_want_exact(cx, rel)))
            c->version = arena_printf(cx->a, "%s.0", rel);
        if (kb_pkg_fact(cx->kb, "torch", "pip_index", rel, &idx, NULL) == 1 && !strcmp(idx, "find_links")) {
            /* -f torch_stable.html serves every variant: the pin names it */
            c->index = TORCH_STABLE;
            c->local = variant;
            c->pin = c->version;
        } else {
            c->index = arena_printf(cx->a, TORCH_INDEX "%s", variant);
            c->index_only = 1;
            c->index_local = 1;
            c->pin = choose_pin(cx->a, rel);
        }
        if (c->cudnn)
            c->image = arena_printf(cx->a, "pytorch/pytorch:%s-cuda%s-cudnn%s-runtime", c->version, cuda,
                                    ver_dotted_prefix(cx->a, c->cudnn, 1));
        if (dflt && !strcmp(dflt, "unknown"))
            choose_note(cx, c, "install", arena_printf(cx->a, "whether PyPI's plain torch %s is this %s build is "
                                                       "unknown (the knowledge base's default column): install it "
                                                       "from the index URL, as the lines above do", rel, variant),
                        c->source);
        if (sbsa && in->gpu_cc && !a64)
            c->warning = arena_printf(cx->a, "the knowledge base lacks the GPU architecture list of this aarch64 build "
                                      "(judged by the x86_64 build's): check that it has compute capability %s",
                                      in->gpu_cc);
    }
}

const struct fw_def fw_torch = {
    .name = "torch",
    .aliases = torch_aliases,
    .table = "torch",
    .title = "torch",
    .dists = (const char *const[]){ "torch", NULL },
    .candidates = torch_candidates,
    .install = fixes_torch_install,
    .judge = check_torch,
    .install_fixes = torch_install_fixes,
    .windows_fixes = torch_windows_fixes,
};
