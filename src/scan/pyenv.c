/*
 * pyenv.c - scan_python: every Python environment and what it holds.
 * The steps and where they live are described in scan/pyenv.h.
 */
#include <stdlib.h>
#include <string.h>

#include "scan/distname.h"
#include "scan/pyenv.h"
#include "scan/jupyter.h"
#include "scan/pyresolve.h"
#include "util/banned.h"

const struct py_dist *pyenv_find_dist(const struct python_env *env, const char *name)
{
    size_t i;
    for (i = 0; i < env->n_dists; i++)
        if (!strcmp(env->dists[i].name, name))
            return &env->dists[i];
    return NULL;
}

const struct metadata *pyenv_work_md(const struct pyenv_work *w, size_t i)
{
    size_t k;
    for (k = 0; k < w->n_mds; k++)
        if (w->mds[k].dist == i)
            return &w->mds[k].md;
    return NULL;
}

void scan_python(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t i, k;

    pyenv_discover(ctx);
    for (i = 0; i < f->n_pyenvs; i++) {
        struct pyenv_work w = { NULL, 0, 0 };
        pyenv_read_dists(ctx, &f->pyenvs[i], &w);
        pyenv_frameworks(ctx, &f->pyenvs[i], &w);
        for (k = 0; k < w.n_mds; k++)
            metadata_release(&w.mds[k].md);
        free(w.mds);
    }
    /* Which of them the user's commands and notebooks run. */
    pyresolve_commands(ctx);
    jupyter_scan(ctx);
}
