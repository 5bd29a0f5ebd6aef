/*
 * fixes_libs.c - the fix engine's routes for the libraries beside the big
 * frameworks (diagnose/fixes_libs.h).
 */
#include "diagnose/fixes_libs.h"

#include <string.h>

#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "util/arena.h"
#include "util/banned.h"

/* DGL's install page: the wheel index and conda channel for each torch and CUDA release. */
#define DGL_START "https://www.dgl.ai/pages/start.html"

static struct arena *arena_of(const struct fix_ctx *x, struct findings *fl)
{
    return x ? x->a : fl->arena;
}

void fixes_opencv_dnn_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd)
{
    (void)x;
    fixes_advice(fl, fd, FIX_RANK_USER, "Use an OpenCV built with CUDA and its DNN CUDA backend: CMake options "
                 "WITH_CUDA, WITH_CUDNN and OPENCV_DNN_CUDA on, opencv_contrib's modules (its CUDA modules) in "
                 "OPENCV_EXTRA_MODULES_PATH, and no CUDA_ARCH_BIN the DNN module refuses; the "
                 "opencv-python wheels on PyPI are built without CUDA");
}

void fixes_dgl_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *torch_cuda)
{
    size_t from = fd->n_fixes;
    fixes_advice(fl, fd, FIX_RANK_NONE,
                 torch_cuda ? arena_printf(arena_of(x, fl), "Install DGL's CUDA %s build, for this torch release, "
                                           "from DGL's own wheel index or its dglteam conda channel: the dgl wheel "
                                           "on PyPI is the CPU build", torch_cuda)
                            : "Install DGL's CUDA build for torch's release and CUDA, from DGL's own wheel index "
                              "or its dglteam conda channel: the dgl wheel on PyPI is the CPU build");
    fixes_link(fl, fd, FIX_RANK_NONE, "DGL's install page gives the index for each torch and CUDA release",
               DGL_START);
    fixes_rank_all(fd, from, FIX_RANK_USER);
}

void fixes_bnb_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env)
{
    struct fix_ctx l;
    size_t from = fd->n_fixes;
    if (!x) {
        fix_ctx_init(&l, NULL, fl->arena);
        x = &l;
    }
    finding_fix(fl, fd, x->os && !strcmp(x->os, "windows") ? "powershell" : "sh",
                "Upgrade bitsandbytes to a release with a CUDA binary for this platform and torch's CUDA (its "
                "current releases ship Windows wheels too)",
                "%s install -U bitsandbytes", fix_pip(x, env));
    fixes_rank(fd, from, FIX_RANK_USER);
}

void fixes_ptxas_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd, int pip_ptxas)
{
    (void)x;
    fixes_advice(fl, fd, FIX_RANK_ENV, pip_ptxas ? "Take the other CUDA toolkit's bin directory off PATH, so that "
                 "XLA uses the ptxas pip installed with JAX's CUDA extra (nvidia-cuda-nvcc)"
                 : "Upgrade the CUDA toolkit whose ptxas XLA uses to the release XLA's warning names, or take its "
                   "bin directory off PATH and install JAX's CUDA extra, which brings its own ptxas");
}
