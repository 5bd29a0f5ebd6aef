/*
 * fixes_libs.h - the fix engine's routes for the libraries beside the big
 * frameworks (explain_frameworks.c's causes): OpenCV's DNN module without
 * its CUDA backend, DGL's CPU build, bitsandbytes' CPU library and the
 * ptxas XLA finds first on PATH.  Like the rest of the engine
 * (diagnose/fixes_intent.h), each stamps its fixes' rank, writes a command
 * only where one is right for every machine the cause can be on (else the
 * advice says what to do, and a link names the project's own page), and
 * writes in fl's arena (x's when given).  Nothing fails; nothing is read or
 * printed.
 */
#ifndef GD_DIAGNOSE_FIXES_LIBS_H
#define GD_DIAGNOSE_FIXES_LIBS_H

#include "diagnose/finding.h"

struct fix_ctx;
struct python_env;

/**
 * OpenCV's DNN module has no CUDA backend: a build with its CUDA options
 * (WITH_CUDA, WITH_CUDNN, OPENCV_DNN_CUDA; the CUDA modules come from
 * opencv_contrib) -- advice, since the build's source and options are the
 * user's; the opencv-python wheels on PyPI have no CUDA.
 */
void fixes_opencv_dnn_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd);

/**
 * DGL's CPU build: DGL's CUDA build for torch's CUDA (torch_cuda, e.g.
 * "12.1", or NULL), from DGL's own wheel index or conda channel, which its
 * install page (linked) gives for each torch and CUDA release.
 */
void fixes_dgl_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *torch_cuda);

/**
 * bitsandbytes loaded its CPU library: upgrade it in env (NULL: the
 * environment's pip) to a release with a CUDA binary for the platform.
 */
void fixes_bnb_cuda(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *env);

/**
 * XLA invokes another toolkit's ptxas: that toolkit's bin directory off
 * PATH (pip_ptxas: JAX's CUDA extra installed its own, which then wins), or
 * that toolkit upgraded to the release XLA asks for.
 */
void fixes_ptxas_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd, int pip_ptxas);

#endif
