/*
 * rules_macos.c - the diagnosis of a macOS machine (check --os macos).
 *
 * There is no CUDA on macOS (NVIDIA's last CUDA for macOS was 10.2, and no
 * Apple Silicon Mac has an NVIDIA GPU); the GPU is Apple's, reached through
 * Metal:
 *   - PyTorch through its MPS backend: "MPS not available because the
 *     current PyTorch install was not built with MPS enabled" or "because
 *     the current MacOS version is not 12.3+ and/or you do not have an
 *     MPS-enabled device" (pytorch.org/docs/stable/notes/mps.html);
 *   - TensorFlow through Apple's tensorflow-metal PluggableDevice, paired
 *     with a TensorFlow release (tensorflow-macos up to 2.12, tensorflow from
 *     2.13: developer.apple.com/metal/tensorflow-plugin/), macOS 12.0 or
 *     later;
 *   - JAX through Apple's experimental jax-metal plugin
 *     (developer.apple.com/metal/jax/).
 * Apple's pages require "Mac computers with Apple silicon or AMD GPUs"; an
 * x86_64 interpreter on Apple Silicon runs under Rosetta 2, which
 * translates Intel code and presents an Intel CPU to it, so the arm64 MPS and
 * Metal builds are not what it loads.
 *
 * Codes: GD214 (CUDA-only packages or a CUDA-only framework on a Mac),
 * GD213 (tensorflow-metal paired with another TensorFlow), GD701-GD705
 * (codes_macos.c).  Release knowledge comes from data/ (pkg_fact:
 * mps_min_macos, metal_min_macos, macos_dist; tf_metal), none is written
 * here.  Like every rule: facts in, findings out, no file read.
 */
#include "diagnose/rules_macos.h"
#include "diagnose/fixes_intent.h"

#include <string.h>

#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "util/alloc.h"
#include "util/banned.h"

int rules_is_macos(const struct facts *f)
{
    return f->system.os && !strcmp(f->system.os, "macos");
}

/* The first binary of role for env (prefix), or NULL. */
static const struct mac_binary *bin_of(const struct facts *f, const char *env, const char *role)
{
    size_t i;
    for (i = 0; i < f->macos.n_bins; i++) {
        const struct mac_binary *b = &f->macos.bins[i];
        if (b->env && env && !strcmp(b->env, env) && !strcmp(b->role, role))
            return b;
    }
    return NULL;
}

/* 1 when the comma-separated archs list has arch (arm64e counts as arm64). */
static int has_arch(const char *archs, const char *arch)
{
    const char *p = archs;
    size_t n = strlen(arch);
    while (p && *p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if ((len == n || (len == n + 1 && p[n] == 'e')) && !strncmp(p, arch, n))
            return 1;
        p = e ? e + 1 : NULL;
    }
    return 0;
}

static int links(const struct mac_binary *b, const char *what)
{
    size_t i;
    for (i = 0; b && i < b->n_dylibs; i++)
        if (strstr(b->dylibs[i], what))
            return 1;
    return 0;
}

static const struct py_dist *dist_of(const struct python_env *env, const char *name)
{
    size_t i;
    for (i = 0; i < env->n_dists; i++)
        if (!strcmp(env->dists[i].name, name))
            return &env->dists[i];
    return NULL;
}

/* A distribution that only makes sense with CUDA (what CUDA install
 * instructions leave behind on a Mac). */
static int cuda_only(const struct py_dist *d)
{
    const char *n = d->name;
    return d->cuda_pkg || !strcmp(n, "tensorflow-gpu") || !strcmp(n, "onnxruntime-gpu") ||
           !strcmp(n, "cudatoolkit") || !strcmp(n, "cupy") || !strncmp(n, "cupy-cuda", 9) ||
           !strncmp(n, "jax-cuda", 8) ||
           !strcmp(n, "paddlepaddle-gpu");
}

/* GD214, machine part: per environment, the CUDA packages installed on a
 * Mac (nvidia-* wheels, cudatoolkit from conda, tensorflow-gpu...), and CUDA
 * variables in the environment: CUDA instructions were followed here. */
void rules_macos_machine(const struct facts *f, struct findings *out)
{
    static const char *const vars[] = { "CUDA_HOME", "CUDA_PATH", "CUDA_VISIBLE_DEVICES", NULL };
    size_t e, i;
    const char *const *v;
    if (!rules_is_macos(f))
        return;
    for (e = 0; e < f->n_pyenvs; e++) {
        const struct python_env *env = &f->pyenvs[e];
        struct finding *fd = NULL;
        struct strbuf names = STRBUF_INIT;
        for (i = 0; i < env->n_dists; i++) {
            const struct py_dist *d = &env->dists[i];
            if (!cuda_only(d))
                continue;
            if (!fd) {
                fd = findings_add(out, "GD214", SEV_WARNING, "CUDA packages are installed in %s, but macOS has no "
                                  "CUDA: they cannot be used (CUDA install instructions were followed on a Mac)",
                                  env->prefix);
                fd->subject = env->prefix;
            }
            finding_evidence(out, fd, d->path, "%s %s%s", d->name, d->version ? d->version : "?",
                             d->conda ? " (conda)" : "");
            if (names.len)
                strbuf_addch(&names, ' ');
            strbuf_addstr(&names, d->name);
        }
        if (fd) {
            struct fix_ctx x;
            fix_ctx_init(&x, NULL, out->arena);
            x.os = "macos";
            fixes_pip_uninstall(&x, out, fd, env, "Remove them (pip's; conda's with conda remove): Apple's GPU is "
                                "used through Metal -- PyTorch's MPS backend, tensorflow-metal, jax-metal", names.buf);
            fixes_link(out, fd, FIX_RANK_NONE, "Apple's setup pages for Metal (PyTorch, TensorFlow, JAX)",
                       "https://developer.apple.com/metal/");
        }
        strbuf_release(&names);
    }
    for (v = vars; *v; v++) {
        const char *val = facts_env(f, *v);
        struct finding *fd;
        if (!val)
            continue;
        fd = findings_add(out, "GD214", SEV_INFO, "%s is set, but macOS has no CUDA: it changes nothing here", *v);
        finding_evidence(out, fd, NULL, "%s=%s", *v, val);
    }
}

/* The interpreter verdict shared by every framework of an environment:
 * 1 native (or unknown), 0 x86_64 under Rosetta on Apple Silicon (GD701,
 * reported once per environment). */
static int native_interpreter(struct macos_ctx *m)
{
    struct fwctx *c = m->c;
    const struct facts *f = c->f;
    const struct mac_binary *py = bin_of(f, c->env->prefix, "interpreter");
    struct finding *fd;
    size_t i;
    if (!py || !py->archs || !f->macos.cpu || strcmp(f->macos.cpu, "arm64") || has_arch(py->archs, "arm64"))
        return 1;
    for (i = 0; i < c->out->nr; i++)
        if (!strcmp(c->out->v[i].code, "GD701") && c->out->v[i].n_evidence &&
            c->out->v[i].evidence[0].path && !strcmp(c->out->v[i].evidence[0].path, py->real ? py->real : py->path)) {
            /* One root cause, one finding: the other frameworks of this
             * environment cite it. */
            fw_add_code(c->v, "GD701");
            c->v->gpu = GPU_NO;
            c->v->reason = c->out->v[i].title;
            return 0;
        }
    fd = fw_finding(c, "GD701", SEV_ERROR, "the Python of %s is x86_64 only: on this Apple Silicon Mac it runs "
                    "under Rosetta 2, where the Metal GPU path is not available", c->env->prefix);
    finding_evidence(c->out, fd, py->real ? py->real : py->path, "Mach-O slices: %s (no arm64)", py->archs);
    finding_evidence(c->out, fd, f->macos.cpu_source, "Apple Silicon: %s", f->macos.cpu_evidence);
    fixes_macos_native_python(&c->fx, c->out, fd);
    return 0;
}

/* The framework's module must load into the interpreter (its arm64 slice
 * on Apple Silicon) and not need a newer macOS than the tree's (GD704).
 * 1 fine or unknown, 0 reported. */
static int module_loads(struct macos_ctx *m, const struct mac_binary *mod)
{
    struct fwctx *c = m->c;
    const struct facts *f = c->f;
    const struct mac_binary *py = bin_of(f, c->env->prefix, "interpreter");
    struct finding *fd;
    if (!mod || !mod->archs)
        return 1;
    if (py && py->archs && f->macos.cpu && !strcmp(f->macos.cpu, "arm64") && has_arch(py->archs, "arm64") &&
        !has_arch(mod->archs, "arm64")) {
        fd = fw_finding(c, "GD704", SEV_ERROR, "%s's native module has no arm64 code: the arm64 Python of %s cannot "
                        "load it", c->fw->name, c->env->prefix);
        finding_evidence(c->out, fd, mod->path, "Mach-O slices: %s", mod->archs);
        finding_evidence(c->out, fd, py->real ? py->real : py->path, "interpreter slices: %s", py->archs);
        fixes_macos_pip(&c->fx, c->out, fd, c->env, "Reinstall it with the arm64 Python (pip picks the arm64 wheel)",
                        c->fw->version ? arena_printf(c->a, "--force-reinstall --no-cache-dir \"%s==%s\"",
                                                      c->fw->dist ? c->fw->dist : c->fw->name, c->fw->version)
                                       : arena_printf(c->a, "--force-reinstall --no-cache-dir %s",
                                                      c->fw->dist ? c->fw->dist : c->fw->name));
        return 0;
    }
    if (mod->minos && f->macos.version && ver_cmp_dotted(mod->minos, f->macos.version) > 0) {
        fd = fw_finding(c, "GD704", SEV_ERROR, "%s was built for macOS %s or later; this Mac runs macOS %s",
                        c->fw->name, mod->minos, f->macos.version);
        finding_evidence(c->out, fd, mod->path, "minimum macOS (LC_BUILD_VERSION): %s", mod->minos);
        finding_evidence(c->out, fd, f->macos.version_source, "ProductVersion %s", f->macos.version);
        fixes_advice(c->out, fd, FIX_RANK_REBOOT, "Update macOS (System Settings > General > Software Update), or "
                     "install a release whose wheel supports this macOS");
        return 0;
    }
    return 1;
}

/* macOS older than the kb's minimum for fact (GD702).  1 fine, 0 too
 * old, -1 unknown (the reason recorded). */
static int macos_new_enough(struct macos_ctx *m, const char *fw, const char *fact, const char *what)
{
    struct fwctx *c = m->c;
    const struct facts *f = c->f;
    const char *min = NULL, *src = NULL;
    struct finding *fd;
    if (!c->fw->version || kb_pkg_fact(c->kb, fw, fact, c->fw->version, &min, &src) != 1)
        return 1;
    if (!f->macos.version) {
        fw_unknown(c, arena_printf(c->a, "the macOS release is unknown (no readable SystemVersion.plist); "
                                   "%s needs macOS %s or later", what, min));
        return -1;
    }
    if (ver_cmp_dotted(f->macos.version, min) >= 0)
        return 1;
    fd = fw_finding(c, "GD702", SEV_ERROR, "%s needs macOS %s or later; this Mac runs macOS %s", what, min,
                    f->macos.version);
    finding_evidence(c->out, fd, f->macos.version_source, "ProductVersion %s", f->macos.version);
    finding_evidence(c->out, fd, NULL, "source: %s", src);
    fixes_advice(c->out, fd, FIX_RANK_REBOOT, arena_printf(c->a, "Update macOS to %s or later (System Settings > "
                 "General > Software Update); until then %s runs on the CPU", min, c->fw->name));
    return 0;
}

static void judge_torch(struct macos_ctx *m)
{
    struct fwctx *c = m->c;
    const struct facts *f = c->f;
    const struct mac_binary *lib = bin_of(f, c->env->prefix, "torch_cpu");
    const struct mac_binary *ext = bin_of(f, c->env->prefix, "torch");
    struct finding *fd;
    if (!module_loads(m, ext) || !module_loads(m, lib))
        return;
    if (!lib || !lib->archs) {
        fw_unknown(c, "torch/lib/libtorch_cpu.dylib could not be read, so whether torch was built with MPS is "
                   "unknown");
        return;
    }
    /* USE_MPS builds link Apple's MetalPerformanceShaders(Graph) frameworks
     * into libtorch_cpu (PyTorch's cmake: MPS_FRAMEWORK, MPSGRAPH_FRAMEWORK). */
    if (!links(lib, "MetalPerformanceShaders")) {
        fd = fw_finding(c, "GD703", SEV_ERROR, "torch %s was built without MPS: it cannot use the Mac's GPU",
                        c->fw->version ? c->fw->version : "");
        finding_evidence(c->out, fd, lib->path, "links no MetalPerformanceShaders framework (Mach-O LC_LOAD_DYLIB)");
        fixes_macos_pip(&c->fx, c->out, fd, c->env, "Install PyTorch's macOS wheel of this release from PyPI "
                        "(built with MPS)", c->fw->version ? arena_printf(c->a, "--force-reinstall \"torch==%s\"",
                                                                         c->fw->version)
                                                           : "--force-reinstall torch");
        return;
    }
    if (macos_new_enough(m, "torch", "mps_min_macos", "PyTorch's MPS backend") != 1)
        return;
    if (f->macos.cpu && !strcmp(f->macos.cpu, "x86_64")) {
        fw_unknown(c, "an Intel Mac: MPS needs an AMD GPU there, which files do not show");
        return;
    }
    if (!f->macos.cpu) {
        fw_unknown(c, "whether this Mac is Apple Silicon could not be told from its files");
        return;
    }
    c->v->reason = arena_printf(c->a, "MPS: torch built with MPS, %s Python, macOS %s",
                                bin_of(f, c->env->prefix, "interpreter") ? "an arm64" : "the",
                                f->macos.version ? f->macos.version : "?");
}

static void judge_tensorflow(struct macos_ctx *m)
{
    struct fwctx *c = m->c;
    const struct facts *f = c->f;
    const struct py_dist *metal = dist_of(c->env, "tensorflow-metal");
    const char *want_dist = NULL, *src = NULL, *tf = NULL, *tsrc = NULL;
    const char *ver = c->fw->version;
    struct finding *fd;

    if (!module_loads(m, bin_of(f, c->env->prefix, "tensorflow")))
        return;
    /* Apple's page names the distribution per release. */
    if (ver && c->fw->dist && kb_pkg_fact(c->kb, "tensorflow", "macos_dist", ver, &want_dist, &src) == 1 &&
        strcmp(want_dist, c->fw->dist) && (!strcmp(c->fw->dist, "tensorflow") || !strcmp(c->fw->dist, "tensorflow-macos"))) {
        fd = fw_finding(c, "GD705", SEV_WARNING, "%s %s is installed; for TensorFlow %s Apple's tensorflow-metal "
                        "instructions install %s", c->fw->dist, ver, fw_major_minor(c->a, ver), want_dist);
        finding_evidence(c->out, fd, NULL, "source: %s", src);
        fixes_macos_pip(&c->fx, c->out, fd, c->env, arena_printf(c->a, "Install %s instead", want_dist),
                        arena_printf(c->a, "\"%s==%s\"", want_dist, ver));
    }
    if (!metal && f->partial) {
        fw_unknown(c, "the log does not show whether tensorflow-metal is installed");
        return;
    }
    if (!metal) {
        fd = fw_finding(c, "GD703", SEV_ERROR, "TensorFlow on macOS uses the GPU only through Apple's "
                        "tensorflow-metal plugin, which is not installed in %s", c->env->prefix);
        finding_evidence(c->out, fd, NULL, "no tensorflow-metal distribution in %s", c->env->prefix);
        {
            const char *rel = NULL, *mtf = NULL;
            if (ver && kb_tf_metal_for_tf(c->kb, fw_major_minor(c->a, ver), &rel, &mtf, NULL) == 1)
                fixes_macos_pip(&c->fx, c->out, fd, c->env, arena_printf(c->a, "Install Apple's Metal plugin "
                                "release made for TensorFlow %s (developer.apple.com/metal/tensorflow-plugin/)", mtf),
                                arena_printf(c->a, "\"tensorflow-metal==%s\"", rel));
            else
                fixes_macos_pip(&c->fx, c->out, fd, c->env, "Install Apple's Metal plugin "
                                "(developer.apple.com/metal/tensorflow-plugin/; 'gpudoctor matrix tensorflow-metal' "
                                "lists the pairs known)", "tensorflow-metal");
        }
        return;
    }
    if (macos_new_enough(m, "tensorflow", "metal_min_macos", "tensorflow-metal") == 0)
        return;
    if (!metal->version || kb_tf_metal(c->kb, metal->version, &tf, &tsrc) != 1) {
        fw_unknown(c, arena_printf(c->a, "tensorflow-metal %s is not in the knowledge base's pairing table "
                                   "(gpudoctor matrix tensorflow-metal)", metal->version ? metal->version : "?"));
        return;
    }
    if (ver && ver_cmp_dotted(fw_major_minor(c->a, ver), fw_major_minor(c->a, tf)) != 0) {
        fd = fw_finding(c, "GD213", SEV_ERROR, "tensorflow-metal %s pairs with TensorFlow %s, not with the installed "
                        "%s %s", metal->version, tf, c->fw->dist ? c->fw->dist : "tensorflow", ver);
        finding_evidence(c->out, fd, metal->path, "tensorflow-metal %s", metal->version);
        finding_evidence(c->out, fd, c->fw->build_source, "%s %s", c->fw->dist ? c->fw->dist : "tensorflow", ver);
        finding_evidence(c->out, fd, NULL, "pairing: %s", tsrc);
        if (kb_pkg_fact(c->kb, "tensorflow", "macos_dist", tf, &want_dist, &src) != 1)
            want_dist = c->fw->dist ? c->fw->dist : "tensorflow";
        fixes_macos_pip(&c->fx, c->out, fd, c->env,
                        arena_printf(c->a, "Install the TensorFlow tensorflow-metal %s was made for", metal->version),
                        arena_printf(c->a, "\"%s==%s.*\" \"tensorflow-metal==%s\"", want_dist, tf, metal->version));
        return;
    }
    c->v->reason = arena_printf(c->a, "tensorflow-metal %s pairs with TensorFlow %s", metal->version, tf);
}

static void judge_jax(struct macos_ctx *m)
{
    struct fwctx *c = m->c;
    const struct py_dist *metal = dist_of(c->env, "jax-metal");
    struct finding *fd;
    if (!metal && c->f->partial) {
        fw_unknown(c, "the log does not show whether jax-metal is installed");
        return;
    }
    if (!metal) {
        fd = fw_finding(c, "GD703", SEV_ERROR, "JAX on macOS uses the GPU only through Apple's jax-metal plugin, "
                        "which is not installed in %s", c->env->prefix);
        finding_evidence(c->out, fd, NULL, "no jax-metal distribution in %s", c->env->prefix);
        fixes_macos_pip(&c->fx, c->out, fd, c->env, "Install Apple's experimental Metal plugin "
                        "(developer.apple.com/metal/jax/: it pins the jaxlib it works with)", "jax-metal");
        return;
    }
    module_loads(m, bin_of(c->f, c->env->prefix, "jax_metal"));
    if (c->v->gpu != GPU_NO)
        c->v->reason = arena_printf(c->a, "jax-metal %s (Apple's experimental plugin; not every operation is "
                                    "supported)", metal->version ? metal->version : "?");
}

void rules_macos_install(struct fwctx *c)
{
    struct macos_ctx m;
    const char *n = c->fw->name;
    struct finding *fd;
    memset(&m, 0, sizeof(m));
    m.c = c;
    if (!native_interpreter(&m))
        return;
    if (!strcmp(n, "torch")) {
        judge_torch(&m);
    } else if (!strcmp(n, "tensorflow")) {
        judge_tensorflow(&m);
    } else if (!strcmp(n, "jax")) {
        judge_jax(&m);
    } else if (!strcmp(n, "onnxruntime")) {
        fw_unknown(c, "ONNX Runtime reaches Apple's GPU through its CoreML execution provider, which gpudoctor does "
                   "not check");
    } else {
        fd = fw_finding(c, "GD214", SEV_ERROR, "%s needs CUDA, and macOS has no CUDA: it cannot use a GPU on a Mac", n);
        finding_evidence(c->out, fd, c->fw->build_source, "%s %s", c->fw->dist ? c->fw->dist : n,
                         c->fw->version ? c->fw->version : "");
        fixes_link(c->out, fd, FIX_RANK_NEW_ENV, "Use a framework with a Metal path on the Mac (PyTorch's MPS "
                   "backend, tensorflow-metal, jax-metal), or run on a Linux machine with an NVIDIA GPU",
                   "https://developer.apple.com/metal/");
    }
}
