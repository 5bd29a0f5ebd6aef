/*
 * rules_ext.c - the CUDA extensions of an environment (scan/pyext.c), each
 * against the torch installed beside it and the GPUs: built for another
 * torch ("undefined symbol" at import), for another CUDA major than torch
 * (torchvision's "compiled with different CUDA major versions"), without
 * code for the GPU ("no kernel image is available for execution on the
 * device" at the first call), or linking a CUDA library neither torch has
 * loaded nor the loader finds (ImportError); or a CPU build of it beside a
 * CUDA torch: its own operators have no CUDA kernels ("Could not run
 * 'torchvision::nms' with arguments from the 'CUDA' backend").  Runs after
 * the framework verdicts: what torch loads is what is already in the
 * process.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes_node.h"

#include <string.h>

#include "diagnose/lookup.h"
#include "kb/kb.h"
#include "util/text.h"
#include "util/banned.h"

/* "cu124" / "pt26cu124" in a version's local label: "12" (the CUDA major), or NULL. */
static const char *local_cuda_major(struct arena *a, const char *version)
{
    const char *plus = version ? strchr(version, '+') : NULL, *cu;
    size_t n;
    if (!plus || (cu = strstr(plus, "cu")) == NULL)
        return NULL;
    cu += 2;
    for (n = 0; cu[n] >= '0' && cu[n] <= '9'; n++)
        ;
    if (n < 2 || n > 4)
        return NULL;
    /* cu118 -> 11, cu124 -> 12, cu92 -> 9 */
    return arena_strndup(a, cu, n == 2 ? 1 : n - 1 - (n == 4));
}

static const struct verdict *torch_verdict(const struct diagnosis *dx, const struct python_env *env)
{
    size_t i;
    for (i = 0; i < dx->n_verdicts; i++)
        if (dx->verdicts[i].env == env && !strcmp(dx->verdicts[i].fw->name, "torch"))
            return &dx->verdicts[i];
    return NULL;
}

static const char *env_torch_cuda(const struct python_env *env)
{
    size_t i;
    for (i = 0; i < env->n_frameworks; i++)
        if (!strcmp(env->frameworks[i].name, "torch"))
            return env->frameworks[i].cuda;
    return NULL;
}

/* A CPU build beside a CUDA torch (once per distribution: its first module). */
static void cpu_build(const struct fix_ctx *fx, struct diagnosis *dx, const struct python_env *env,
                      const struct py_extension *x, const char *subject, const char *tcuda)
{
    struct findings *out = &dx->findings;
    struct finding *fd;
    const char *op = arena_printf(out->arena, "%s", x->dist);
    char *c;

    for (c = (char *)op; *c; c++)
        if (*c == '-')
            *c = '_';
    fd = findings_add(out, "GD143", SEV_WARNING, "%s %s is a CPU build beside torch built for CUDA %s: its own "
                      "operators have no CUDA kernels, and called on CUDA tensors they fail (\"Could not run "
                      "'%s::...' with arguments from the 'CUDA' backend\")", x->dist, x->version ? x->version : "?",
                      tcuda, op);
    fd->subject = subject;
    finding_evidence(out, fd, x->module, "no fat binary, no CUDA library and neither libc10_cuda nor "
                     "libtorch_cuda in its DT_NEEDED");
    finding_evidence(out, fd, env->prefix, "torch %s, built for CUDA %s", x->torch_version ? x->torch_version : "?",
                     tcuda);
    fixes_torch_companion(fx, out, fd, env, x->dist, x->version, x->torch_version);
}

static void one(const struct facts *f, const struct kb *kb, struct lookup *lk, struct diagnosis *dx,
                const struct python_env *env, const struct py_extension *x, int first_of_dist)
{
    struct findings *out = &dx->findings;
    struct arena *a = out->arena;
    const char *subject = arena_printf(a, "%s %s (%s)", x->dist, x->version ? x->version : "?", env->prefix);
    const char *tcuda = env_torch_cuda(env), *xmaj = local_cuda_major(a, x->version);
    const struct verdict *tv = torch_verdict(dx, env);
    struct finding *fd;
    struct fix_ctx fx;
    size_t i, k;

    fix_ctx_from_facts(&fx, f, kb, a);
    if (x->torch_pin_ok == 0) {
        fd = findings_add(out, "GD141", SEV_ERROR, "%s requires torch%s but the environment has torch %s: "
                          "importing %s fails with \"undefined symbol\"", x->dist, x->torch_pin,
                          x->torch_version, x->module);
        fd->subject = subject;
        finding_evidence(out, fd, x->module, "built against torch%s (Requires-Dist)", x->torch_pin);
        finding_evidence(out, fd, env->prefix, "torch %s installed", x->torch_version);
        fixes_ext_torch_pin(&fx, out, fd, env, x->dist, x->torch_version);
    } else if (xmaj && tcuda && strcmp(arena_strndup(a, tcuda, strcspn(tcuda, ".")), xmaj)) {
        fd = findings_add(out, "GD141", SEV_ERROR, "%s %s is built for CUDA %s.x, torch for CUDA %s: its "
                          "operators refuse to load (\"compiled with different CUDA major versions\")",
                          x->dist, x->version, xmaj, tcuda);
        fd->subject = subject;
        finding_evidence(out, fd, x->module, "version %s", x->version);
        finding_evidence(out, fd, env->prefix, "torch built for CUDA %s", tcuda);
        fixes_ext_cuda(&fx, out, fd, x->dist, tcuda);
    }
    if (x->device_code == 0 && tcuda && first_of_dist)
        cpu_build(&fx, dx, env, x, subject, tcuda);
    for (i = 0; x->archs && i < f->n_gpus; i++) {
        const struct gpu *g = &f->gpus[i];
        if (!g->compute_capability || kb_arch_list_covers(x->archs, g->compute_capability) != 0)
            continue;
        fd = findings_add(out, "GD140", SEV_ERROR, "%s has no code for %s (compute capability %s): its kernels "
                          "fail with \"no kernel image is available for execution on the device\"", x->dist,
                          g->name ? g->name : "this GPU", g->compute_capability);
        fd->subject = subject;
        finding_evidence(out, fd, x->module, "fat binaries for %s", x->archs);
        finding_evidence(out, fd, g->cc_source, "GPU %zu: compute capability %s", i, g->compute_capability);
        fixes_ext_arch(&fx, out, fd, env, x->dist, g->compute_capability);
        break;
    }
    for (k = 0; k < x->n_cuda_needed; k++) {
        const char *lib = x->cuda_needed[k];
        struct lookup_answer ans;
        int loaded = 0;
        for (i = 0; tv && i < tv->n_needs; i++)
            loaded |= !strcmp(tv->needs[i].library, lib) && tv->needs[i].resolved_path != NULL;
        if (loaded || lookup_library(lk, lib, x->module, facts_env(f, "LD_LIBRARY_PATH"), &ans) != 0)
            continue;
        fd = findings_add(out, "GD142", SEV_ERROR, "%s needs %s, which torch does not load and the loader does "
                          "not find: importing it fails (\"%s: cannot open shared object file\")", x->dist, lib, lib);
        fd->subject = subject;
        finding_evidence(out, fd, x->module, "DT_NEEDED %s", lib);
        if (tcuda)
            finding_evidence(out, fd, env->prefix, "torch is built for CUDA %s", tcuda);
        fixes_ext_cuda(&fx, out, fd, x->dist, tcuda);
    }
}

void rules_ext(const struct facts *f, const struct kb *kb, struct lookup *lk, struct diagnosis *dx)
{
    size_t e, i, j;
    for (e = 0; e < f->n_pyenvs; e++) {
        const struct python_env *env = &f->pyenvs[e];
        for (i = 0; i < env->n_exts; i++) {
            for (j = 0; j < i && strcmp(env->exts[j].dist, env->exts[i].dist); j++)
                ;
            one(f, kb, lk, dx, env, &env->exts[i], j == i);
        }
    }
}
