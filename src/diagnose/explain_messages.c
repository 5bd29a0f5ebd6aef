/*
 * explain_messages.c - the causes that the programs and libraries beside
 * the big frameworks name in their own messages, read from their sources
 * (issue 28, second list: tests/explain/framework-messages-2.txt): a library
 * that found no usable CUDA device and does not say why (vLLM's platform
 * detection, accelerate, transformers' quantizers, DeepSpeed's accelerator,
 * cuDF), a program without its CUDA backend (llama.cpp, MXNet), TensorRT's
 * cuDNN or cuBLAS of another release, xFormers' extensions built for
 * another torch, and the harmless notices of TensorRT, DeepSpeed and NCCL.
 * src/scan/logread.c cites the file and release of each message.  What
 * check judges from facts (a library that does not load, an error code)
 * stays the judges': these rules only add what the message alone says, and
 * defer to a cause the log already shows.  Commands come from the fix
 * engine only.
 */
#include "diagnose/explain_int.h"

#include <string.h>

#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "util/banned.h"

/* Only a name or version goes into a title from a log (quotes from a log stay quotes). */
static const char *word(const char *s)
{
    return s && *s && !s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-")] ? s : "?";
}

/* The first quoted line of family ev contains text. */
static int hit_has(const struct explain_ctx *c, enum log_ev ev, const char *text)
{
    const struct log_event *e = &c->lf->ev[ev];
    size_t i;
    for (i = 0; i < e->n_hits; i++)
        if (explain_has(e->hits[i].text, text))
            return 1;
    return 0;
}

/*
 * vLLM (no platform plugin activated: NVML found no GPU or did not load),
 * accelerate (fp16 on a device that is not a GPU), transformers' bnb
 * quantizers and DeepSpeed's accelerator (torch.cuda.is_available() false),
 * cuDF (the device count failed or was 0): the library asked and got no
 * device, and does not print why.  Ranked as the device count that failed:
 * no GPU seen, no driver, a CPU build of torch, a hiding CUDA_VISIBLE_DEVICES.
 */
static void rule_no_device(struct explain_ctx *c)
{
    struct finding *fd;
    if (!explain_cnt(c, LE_LIB_NO_DEVICE) || c->n_causes || explain_cnt(c, LE_GPU_WORKS))
        return;
    fd = explain_msg_cause(c, "GD403", SEV_ERROR, "the library found no usable CUDA GPU (it asked torch, NVML or the "
                           "CUDA runtime and got none) and does not print why", 48, LE_LIB_NO_DEVICE,
                           FIX_TOOL_TELL_SMI_LIST_HERE, NULL);
    explain_apply_fix(c, fd, FX_CHECK, NULL);
    explain_alt_hit(c, "GD101", 44, "the NVIDIA driver is not installed or not loaded here (or, in a container, not "
                    "given to it)", FIX_TOOL_TELL_SMI_LSMOD, NULL, LE_LIB_NO_DEVICE);
    explain_alt_hit(c, "GD211", 40, "the torch in this environment is a CPU build, so the library sees no CUDA device",
                    FIX_TOOL_TELL_TORCH_BUILD, NULL, LE_LIB_NO_DEVICE);
    explain_alt_hit(c, "GD108", 34, "CUDA_VISIBLE_DEVICES hides the GPUs from this process", FIX_TOOL_TELL_CVD, NULL,
                    LE_LIB_NO_DEVICE);
}

/*
 * llama.cpp's "no usable GPU found, --gpu-layers option will be ignored"
 * (common/arg.cpp: llama_supports_gpu_offload() is false, no GPU backend is
 * loaded: a CPU build, or a CUDA backend library that did not load for want
 * of libcuda), MXNet's "Compile with USE_CUDA=1 to enable GPU usage" (a GPU
 * context in a build without CUDA: certain).
 */
static void rule_no_backend(struct explain_ctx *c)
{
    int mxnet = hit_has(c, LE_LIB_NO_GPU_BACKEND, "USE_CUDA=1");
    struct finding *fd;
    if (!explain_cnt(c, LE_LIB_NO_GPU_BACKEND) || explain_cause_of(c, "GD211", NULL))
        return;
    if (c->n_causes) {
        explain_alt_hit(c, "GD211", 40, "the program was built without its CUDA backend", FIX_TOOL_TELL_CHECK_THERE,
                        NULL, LE_LIB_NO_GPU_BACKEND);
        return;
    }
    fd = explain_msg_cause(c, "GD211", SEV_ERROR, mxnet ? "this MXNet is a CPU build (built without USE_CUDA): it "
                           "has no GPU support" : "llama.cpp loaded no GPU backend: most often a build without CUDA "
                           "(GGML_CUDA off), or a CUDA backend library that did not load", mxnet ? 90 : 64,
                           LE_LIB_NO_GPU_BACKEND, mxnet ? FIX_TOOL_TELL_PIP_GREP : FIX_TOOL_TELL_CHECK_THERE,
                           mxnet ? "mxnet" : NULL);
    fixes_advice(c->out, fd, FIX_RANK_USER, mxnet ? "Install an MXNet build with CUDA for this machine's CUDA (the "
                 "mxnet-cuXXX packages), not the CPU package" : "Use a llama.cpp built with its CUDA backend (the "
                 "GGML_CUDA build option, or a release asset built for CUDA) on a machine whose driver loads");
    if (!mxnet)
        explain_alt_hit(c, "GD101", 46, "the CUDA backend is there but could not load the driver's libcuda (no driver, "
                        "or not given to the container)", FIX_TOOL_TELL_SMI_LSMOD, NULL, LE_LIB_NO_GPU_BACKEND);
}

/*
 * TensorRT warns when the cuDNN or cuBLAS it loaded is not the release it
 * was linked against: another copy of the library comes first on the
 * loader's path (a toolkit's, a pip wheel's).  cuDNN: GD207; cuBLAS: the
 * other CUDA's libraries, GD206, with two CUDA installs beside it.
 */
static void rule_linked_other(struct explain_ctx *c)
{
    const struct log_event *e = &c->lf->ev[LE_LIB_LINKED_OTHER];
    int cudnn = e->a && !strcmp(e->a, "cuDNN");
    const char *code = cudnn ? "GD207" : "GD206";
    struct finding *fd;
    if (!e->count || !e->a)
        return;
    if ((fd = explain_cause_of(c, code, NULL)) != NULL) {
        explain_quote_ev(c, fd, LE_LIB_LINKED_OTHER);
        return;
    }
    fd = explain_msg_cause(c, code, SEV_WARNING,
                           arena_printf(c->out->arena, "TensorRT was linked against %s %s but loaded %s %s: another "
                                        "copy of %s comes first on the loader's path", word(e->a), word(e->b),
                                        word(e->a), word(e->c), word(e->a)),
                           cudnn ? 78 : 70, LE_LIB_LINKED_OTHER,
                           cudnn ? FIX_TOOL_TELL_CUDNN_COPIES : FIX_TOOL_TELL_CUDA_LIB_COPIES, NULL);
    fixes_advice(c->out, fd, FIX_RANK_ENV, "Put the release TensorRT was linked against first on the loader's path "
                 "(or remove the other copy), or install the TensorRT built for the release that loads");
    if (!cudnn)
        explain_alt_hit(c, "GD109", 50, "two CUDA installs, and the loader path of the older one wins",
                        FIX_TOOL_TELL_TOOLKIT_DIRS, NULL, LE_LIB_LINKED_OTHER);
}

/*
 * xFormers (xformers/_cpp_lib.py): torch.ops.load_library of its _C
 * extension failed, which it reports with the torch and Python the wheel
 * was built for; without its build info, or with no _C at all, it says only
 * that.  Each xFormers wheel is built for one torch release.
 */
static void rule_xformers(struct explain_ctx *c)
{
    const struct log_event *e = &c->lf->ev[LE_XFORMERS_NO_EXT];
    struct finding *fd;
    if (!e->count || explain_cause_of(c, "GD141", NULL))
        return;
    fd = explain_msg_cause(c, "GD141", SEV_ERROR,
                           e->a ? arena_printf(c->out->arena, "xFormers' compiled extensions do not load: the wheel "
                                               "was built for PyTorch %s, the torch installed is %s", word(e->a),
                                               word(e->b))
                                : "xFormers' compiled extensions do not load: the wheel was built for another torch "
                                  "or Python (or without its extensions)",
                           86, LE_XFORMERS_NO_EXT, FIX_TOOL_TELL_PIP_GREP, "xformers");
    explain_quote_val(c, fd, &c->lf->torch_version);
    fixes_advice(c->out, fd, FIX_RANK_USER, "Install the xformers release built for the installed torch (from "
                 "PyTorch's wheel index for torch's CUDA), or the torch release xformers was built for");
    explain_alt_hit(c, "GD216", 35, "two torch installs are mixed, and xformers loads against the other",
                    FIX_TOOL_TELL_PY_PIP_GREP, "torch", LE_XFORMERS_NO_EXT);
}

/*
 * flash-attention's kernels (csrc/flash_attn/flash_api.cpp) refuse GPUs
 * older than Ampere (is_sm8x || is_sm90): the extension has no code for this GPU.
 */
static void rule_ext_no_arch(struct explain_ctx *c)
{
    struct finding *fd;
    if (!explain_cnt(c, LE_EXT_NO_ARCH) || explain_cause_of(c, "GD140", NULL))
        return;
    fd = explain_msg_cause(c, "GD140", SEV_ERROR, "flash-attention's kernels need an Ampere or newer GPU, and this "
                           "GPU is older", 88, LE_EXT_NO_ARCH, FIX_TOOL_TELL_COMPUTE_CAP, NULL);
    explain_quote_val(c, fd, &c->lf->gpu_name);
    fixes_advice(c->out, fd, FIX_RANK_USER, "Use an attention implementation that runs on this GPU (PyTorch's SDPA, "
                 "or xformers' memory-efficient attention) instead of flash-attention 2, or an Ampere or newer "
                 "GPU");
}

/*
 * A serialized TensorRT engine runs only on the compute capability it was
 * built for (TensorRT's Developer Guide, troubleshooting): "expecting
 * compute X got compute Y".  The engine, not the GPU or the install, is
 * what does not fit.
 */
static void rule_trt_engine(struct explain_ctx *c)
{
    const struct log_event *e = &c->lf->ev[LE_TRT_ENGINE_DEVICE];
    struct finding *fd;
    if (!e->count || explain_cause_of(c, "GD209", NULL))
        return;
    fd = explain_msg_cause(c, "GD209", SEV_ERROR,
                           arena_printf(c->out->arena, "the TensorRT engine was built for compute capability %s and "
                                        "this GPU is %s: an engine runs only on the GPU architecture it was built on",
                                        word(e->a), word(e->b)),
                           88, LE_TRT_ENGINE_DEVICE, FIX_TOOL_TELL_COMPUTE_CAP, NULL);
    fixes_advice(c->out, fd, FIX_RANK_USER, "Rebuild the engine from its ONNX model on this GPU (with trtexec or "
                 "TensorRT's builder), or build it with hardware compatibility for several architectures");
}

/* TensorRT's lazy-loading hint, DeepSpeed's accepted minor and async_io, NCCL's net plugin and verbs: harmless. */
static void rule_noise(struct explain_ctx *c)
{
    struct finding *fd;
    if (!explain_cnt(c, LE_NOISE_LIB))
        return;
    fd = findings_add(c->out, "GD401", SEV_INFO, "%s", "a library's notice that does not stop the GPU (TensorRT's "
                      "lazy-loading hint, DeepSpeed's accepted CUDA minor and optional async_io op, NCCL's optional "
                      "net plugin and InfiniBand verbs)");
    explain_quote_ev(c, fd, LE_NOISE_LIB);
    finding_evidence(c->out, fd, NULL, "source: %s", log_event_source(LE_NOISE_LIB));
}

void explain_rule_messages(struct explain_ctx *c)
{
    rule_linked_other(c);
    rule_trt_engine(c);
    rule_ext_no_arch(c);
    rule_xformers(c);
    rule_no_backend(c);
    rule_no_device(c);
    rule_noise(c);
}
