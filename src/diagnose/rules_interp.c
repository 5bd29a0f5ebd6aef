/*
 * rules_interp.c - the environment the user runs is not the one with the
 * GPU build (GD218, kind wrong_environment).
 *
 * Facts: which environment `python3` / `python` (Windows: `python`, `py`)
 * and each Jupyter kernel run (facts->interp, scan/pyresolve.c and
 * scan/jupyter.c), and every environment's framework builds.  For each
 * framework with a GPU build somewhere:
 *   - the commands: when the environment `python3` runs (else `python`'s)
 *     has no GPU build of it -- an error when it has a CPU-only build (the
 *     user's `import torch` gets the CPU), a warning when it has none;
 *   - each Python kernel whose environment has only a CPU-only build: an
 *     error;
 *   - on Windows, `python` being the Microsoft Store's App Execution Alias
 *     stub: an error (nothing the user installed runs).
 * Fixes: run or activate the environment that has the GPU build; install
 * the same build into the one that runs, with that environment's own
 * interpreter (`<env>/bin/python -m pip ...`), written by the fix engine
 * from the build the release chooser validates for that environment's
 * Python and the driver (fixes_install_build), or why it is not suggested;
 * register the GPU environment as a kernel (`<env>/bin/python -m ipykernel
 * install --user --name ...`).
 * Runs after rules_frameworks so a GPU environment whose verdict is "yes"
 * is preferred.  Reads no files.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes.h"
#include "diagnose/fw.h"

#include <string.h>

#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/fs.h"
#include "util/winpath.h"
#include "util/banned.h"


struct ictx {
    const struct facts *f;
    const struct kb *kb;
    struct diagnosis *dx;
    struct arena *a;
    int windows;
    struct fix_ctx fx;   /* the fix engine's view of the machine */
};

static const struct python_env *env_by(const struct facts *f, const char *prefix, const char *python)
{
    size_t i;
    if (!prefix)
        return NULL;
    for (i = 0; i < f->n_pyenvs; i++)
        if (f->pyenvs[i].prefix && !strcmp(f->pyenvs[i].prefix, prefix) &&
            ((!python && !f->pyenvs[i].python_version) ||
             (python && f->pyenvs[i].python_version && !strcmp(python, f->pyenvs[i].python_version))))
            return &f->pyenvs[i];
    return NULL;
}

static const struct framework_build *fw_in(const struct python_env *e, const char *name)
{
    size_t i;
    for (i = 0; e && i < e->n_frameworks; i++)
        if (!strcmp(e->frameworks[i].name, name))
            return &e->frameworks[i];
    return NULL;
}

static int is_gpu_build(const struct framework_build *fw)
{
    return fw && ((fw->variant && !strcmp(fw->variant, "cuda")) || fw->cuda);
}

static int has_dist(const struct python_env *e, const char *name)
{
    size_t i;
    for (i = 0; i < e->n_dists; i++)
        if (e->dists[i].name && !strcmp(e->dists[i].name, name))
            return 1;
    return 0;
}

static const struct verdict *verdict_for(const struct diagnosis *dx, const struct python_env *e,
                                         const struct framework_build *fw)
{
    size_t i;
    for (i = 0; i < dx->n_verdicts; i++)
        if (dx->verdicts[i].env == e && dx->verdicts[i].fw == fw)
            return &dx->verdicts[i];
    return NULL;
}

const struct python_env *interp_env_of_command(const struct facts *f, const char *command)
{
    size_t i;
    for (i = 0; i < f->interp.nr; i++)
        if (f->interp.v[i].command && !strcmp(f->interp.v[i].command, command))
            return env_by(f, f->interp.v[i].env, f->interp.v[i].env_python);
    return NULL;
}

const char *interp_python_for_env(const struct facts *f, const struct python_env *e, struct arena *a)
{
    int windows = f->system.os && !strcmp(f->system.os, "windows");
    size_t i;
    /* An interpreter the user's own commands resolve to, when one is in e. */
    for (i = 0; i < f->interp.nr; i++) {
        const struct py_interpreter *it = &f->interp.v[i];
        if (it->path && !strncmp(it->command, "python", 6) && env_by(f, it->env, it->env_python) == e)
            return it->path;
    }
    if (e->interpreter)
        return e->interpreter;
    if (windows)
        return arena_printf(a, "%s/%s", e->prefix, e->kind && !strcmp(e->kind, "venv") ? "Scripts/python.exe" : "python.exe");
    return arena_printf(a, "%s/bin/python", strcmp(e->prefix, "/") ? e->prefix : "");
}

/* The environment's own interpreter, for `... -m pip`. */
static const char *interp_of(struct ictx *c, const struct python_env *e, const char *known)
{
    return known ? known : interp_python_for_env(c->f, e, c->a);
}

static const char *env_label(struct ictx *c, const struct python_env *e)
{
    if (e->name)
        return arena_printf(c->a, "%s (%s '%s', Python %s)", e->prefix, e->kind ? e->kind : "env", e->name,
                            e->python_version ? e->python_version : "?");
    return arena_printf(c->a, "%s (%s, Python %s)", e->prefix, e->kind ? e->kind : "env",
                        e->python_version ? e->python_version : "?");
}

/* The GPU environment to point at: one whose verdict is yes, else the first. */
static const struct python_env *best_gpu_env(struct ictx *c, const char *name, size_t *n_gpu)
{
    const struct facts *f = c->f;
    const struct python_env *best = NULL;
    size_t i;
    *n_gpu = 0;
    for (i = 0; i < f->n_pyenvs; i++) {
        const struct framework_build *fw = fw_in(&f->pyenvs[i], name);
        const struct verdict *v;
        if (!is_gpu_build(fw))
            continue;
        (*n_gpu)++;
        v = verdict_for(c->dx, &f->pyenvs[i], fw);
        if (!best || (v && v->gpu == GPU_YES && !(verdict_for(c->dx, best, fw_in(best, name)) &&
                                                   verdict_for(c->dx, best, fw_in(best, name))->gpu == GPU_YES)))
            best = &f->pyenvs[i];
    }
    return best;
}

/* Fix: run or activate the environment with the GPU build (the fix engine's "use another environment"). */
static void fix_activate(struct ictx *c, struct finding *fd, const struct python_env *g,
                         const struct py_interpreter *it)
{
    fixes_use_env(&c->fx, &c->dx->findings, fd, g, interp_of(c, g, NULL),
                  it && it->pyenv_version && g->kind && !strcmp(g->kind, "system"));
}

/* Fix: install the same GPU build into the environment that runs, with the
 * interpreter it resolves to -- the fix engine's, validated by the release
 * chooser for that environment's Python (fixes_install_build). */
static void fix_install(struct ictx *c, struct finding *fd, const struct framework_build *gfw,
                        const struct python_env *target, const char *target_py)
{
    struct fix_ctx fx;
    struct python_env t = *target;
    fix_ctx_from_facts(&fx, c->f, c->kb, c->a);
    t.interpreter = interp_of(c, target, target_py);
    fixes_install_build(&fx, &c->dx->findings, fd, &t, gfw);
}

static void evidence_gpu_envs(struct ictx *c, struct finding *fd, const char *name)
{
    size_t i;
    for (i = 0; i < c->f->n_pyenvs; i++) {
        const struct python_env *e = &c->f->pyenvs[i];
        const struct framework_build *fw = fw_in(e, name);
        const struct verdict *v;
        if (!is_gpu_build(fw))
            continue;
        v = verdict_for(c->dx, e, fw);
        finding_evidence(&c->dx->findings, fd, fw->build_source ? fw->build_source : fw->location,
                         "%s %s (GPU build%s%s) is in %s%s", name, fw->version ? fw->version : "?",
                         fw->cuda ? ", CUDA " : "", fw->cuda ? fw->cuda : "", env_label(c, e),
                         v ? arena_printf(c->a, "; its verdict: GPU %s", gpu_verdict_name(v->gpu)) : "");
    }
}

static const struct py_interpreter *cmd_rec(const struct facts *f, const char *cmd)
{
    size_t i;
    for (i = 0; i < f->interp.nr; i++)
        if (f->interp.v[i].command && !strcmp(f->interp.v[i].command, cmd))
            return &f->interp.v[i];
    return NULL;
}

/* The command the user most likely types: python3 (python on Windows), else python. */
static const struct py_interpreter *main_cmd(struct ictx *c)
{
    const struct py_interpreter *it = cmd_rec(c->f, c->windows ? "python" : "python3");
    if (!it || (!it->path && !it->note))
        it = cmd_rec(c->f, c->windows ? "py" : "python");
    return it;
}

static void check_commands(struct ictx *c, const char *name)
{
    const struct py_interpreter *it = main_cmd(c);
    const struct python_env *run, *g;
    const struct framework_build *rfw, *gfw;
    struct finding *fd;
    size_t n_gpu;

    if (!it || !it->env)
        return;
    run = env_by(c->f, it->env, it->env_python);
    if (!run)
        return;
    rfw = fw_in(run, name);
    if (is_gpu_build(rfw) || !(g = best_gpu_env(c, name, &n_gpu)))
        return;
    gfw = fw_in(g, name);
    if (rfw)
        fd = findings_add(&c->dx->findings, "GD218", SEV_ERROR,
                          "`%s` runs %s, where %s %s is a CPU-only build; the GPU build is in %s",
                          it->command, run->prefix, name, rfw->version ? rfw->version : "?", g->prefix);
    else
        fd = findings_add(&c->dx->findings, "GD218", SEV_WARNING,
                          "`%s` runs %s, which has no %s; the GPU build of %s is in %s",
                          it->command, run->prefix, name, name, g->prefix);
    finding_evidence(&c->dx->findings, fd, it->found, "`%s` runs %s (%s)", it->command,
                     it->path ? it->path : "?", it->resolved_by ? it->resolved_by : "?");
    if (rfw)
        finding_evidence(&c->dx->findings, fd, rfw->build_source ? rfw->build_source : rfw->location,
                         "%s %s in %s is %s", name, rfw->version ? rfw->version : "?", run->prefix,
                         rfw->variant ? rfw->variant : "not a CUDA build");
    evidence_gpu_envs(c, fd, name);
    fix_activate(c, fd, g, it);
    fix_install(c, fd, gfw, run, it->path);
}

static void check_kernels(struct ictx *c, const char *name)
{
    size_t i, n_gpu;
    for (i = 0; i < c->f->interp.n_kernels; i++) {
        const struct jupyter_kernel *k = &c->f->interp.kernels[i];
        const struct python_env *run = env_by(c->f, k->env, k->env_python), *g;
        const struct framework_build *rfw;
        struct finding *fd;
        const char *gpy, *slug;

        if (!run || !(rfw = fw_in(run, name)) || is_gpu_build(rfw) || !(g = best_gpu_env(c, name, &n_gpu)))
            continue;
        fd = findings_add(&c->dx->findings, "GD218", SEV_ERROR,
                          "Jupyter kernel '%s' runs %s, where %s %s is a CPU-only build; the GPU build is in %s",
                          k->name, run->prefix, name, rfw->version ? rfw->version : "?", g->prefix);
        finding_evidence(&c->dx->findings, fd, k->spec, "argv[0] %s: %s", k->argv0 ? k->argv0 : "?",
                         k->resolved_by ? k->resolved_by : "?");
        finding_evidence(&c->dx->findings, fd, rfw->build_source ? rfw->build_source : rfw->location,
                         "%s %s in %s is %s", name, rfw->version ? rfw->version : "?", run->prefix,
                         rfw->variant ? rfw->variant : "not a CUDA build");
        evidence_gpu_envs(c, fd, name);
        gpy = interp_of(c, g, NULL);
        slug = g->name ? g->name : path_basename(g->prefix);
        if (!*slug || !strcmp(slug, "/"))
            slug = "gpu";
        fixes_jupyter_kernel(&c->fx, &c->dx->findings, fd, g, gpy, slug, has_dist(g, "ipykernel"));
        fix_install(c, fd, fw_in(g, name), run, k->interpreter);
    }
}

static void check_store_stub(struct ictx *c)
{
    const struct py_interpreter *it = cmd_rec(c->f, "python");
    const struct python_env *g = NULL;
    struct finding *fd;
    size_t i, j, n_gpu = 0;

    if (!it || !it->note || strncmp(it->note, "Microsoft Store App Execution Alias stub", 40))
        return;
    for (i = 0; fw_at(i) && !g; i++)
        g = best_gpu_env(c, fw_at(i)->name, &n_gpu);
    fd = findings_add(&c->dx->findings, "GD218", g ? SEV_ERROR : SEV_WARNING,
                      "`python` is the Microsoft Store's App Execution Alias stub, not a Python%s%s",
                      g ? ": it never runs " : "", g ? g->prefix : "");
    finding_evidence(&c->dx->findings, fd, it->found, "%s", it->note);
    for (i = 0; fw_at(i); i++)
        for (j = 0; j < c->f->n_pyenvs; j++)
            if (is_gpu_build(fw_in(&c->f->pyenvs[j], fw_at(i)->name))) {
                evidence_gpu_envs(c, fd, fw_at(i)->name);
                break;
            }
    fixes_advice(&c->dx->findings, fd, FIX_RANK_USER,
                 "Turn the alias off: Settings > Apps > Advanced app settings > App execution aliases: "
                 "python.exe and python3.exe off (or put your Python's folder before WindowsApps on PATH)");
    if (g)
        fix_activate(c, fd, g, NULL);
    else
        fixes_run(&c->fx, &c->dx->findings, fd, FIX_TOOL_PY_LAUNCHER, "Or use the Python launcher, which skips "
                  "the Store stub", NULL, NULL);
}

void rules_interp(const struct facts *f, const struct kb *kb, struct diagnosis *dx, struct arena *arena)
{
    struct ictx c;
    size_t n;

    c.f = f;
    c.kb = kb;
    c.dx = dx;
    c.a = arena;
    c.windows = f->system.os && !strcmp(f->system.os, "windows");
    fix_ctx_from_facts(&c.fx, f, kb, arena);
    check_store_stub(&c);
    for (n = 0; fw_at(n); n++) {   /* every framework module (diagnose/fw.h) */
        check_commands(&c, fw_at(n)->name);
        check_kernels(&c, fw_at(n)->name);
    }
}
