/*
 * explain_frameworks.c - the causes that libraries beside the big
 * frameworks name in their own messages (diagnose/explain_int.h): OpenCV's
 * DNN module without its CUDA backend, DGL's CPU build, an extension built
 * against another torch (its undefined torch symbol, or its own CUDA check),
 * the CUDA major CTranslate2 loads its cuBLAS by, kube-scheduler's shortage
 * of nvidia.com/gpu, and the ptxas XLA invokes.  Each message is the one its
 * source prints (src/scan/logread.c cites the file and release); what check
 * judges from facts (a library that does not load) stays the judges', and a
 * rule here only ranks what the log shows beside it.  No rule decides from
 * one log's wording: each keys on the message, a library name, a version or
 * a mangled symbol.
 */
#include "diagnose/explain_int.h"

#include <stdlib.h>
#include <string.h>

#include "diagnose/fixes.h"
#include "diagnose/fixes_container.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_libs.h"
#include "diagnose/fixes_node.h"
#include "util/banned.h"

/* Only a name goes into a command (a quote from a log would run as the shell's). */
static int is_name(const char *s)
{
    return s && *s && !s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-")];
}

/*
 * OpenCV's Net::setUpNet (modules/dnn/src/net_impl.cpp, dnn.cpp up to 4.6):
 * "DNN module was not built with CUDA backend; switching to CPU" is printed
 * only without HAVE_CUDA in the DNN module: a build without WITH_CUDA,
 * WITH_CUDNN and OPENCV_DNN_CUDA, or with a CUDA_ARCH_BIN below 5.3 (the DNN
 * module's CMakeLists.txt refuses its CUDA backend there).  With the backend
 * built, "unable to use CUDA backend" means haveCUDA() found no CUDA device.
 */
static void rule_opencv(struct explain_ctx *c)
{
    struct finding *fd;
    if (explain_cnt(c, LE_OPENCV_DNN_NO_CUDA) && !explain_cause_of(c, "GD211", NULL)) {
        fd = explain_msg_cause(c, "GD211", SEV_ERROR, "this OpenCV's DNN module has no CUDA backend: it was built without "
                       "it (WITH_CUDA, WITH_CUDNN and OPENCV_DNN_CUDA, and a CUDA_ARCH_BIN the DNN backend accepts)",
                       90, LE_OPENCV_DNN_NO_CUDA, FIX_TOOL_TELL_OPENCV_BUILD, NULL);
        fixes_opencv_dnn_cuda(&c->fx, c->out, fd);
    }
    if (explain_cnt(c, LE_OPENCV_DNN_NO_DEVICE) && !c->n_causes) {
        fd = explain_msg_cause(c, "GD404", SEV_WARNING, "OpenCV's DNN module has its CUDA backend but found no usable "
                       "CUDA device (cv::cuda::getCudaEnabledDeviceCount() gave none)", 45, LE_OPENCV_DNN_NO_DEVICE,
                       FIX_TOOL_N, NULL);
        explain_apply_fix(c, fd, FX_CHECK, NULL);
        explain_alt_hit(c, "GD208", 40, "the driver is older than the CUDA this OpenCV was built with",
                        FIX_TOOL_TELL_SMI_CUDA, NULL, LE_OPENCV_DNN_NO_DEVICE);
        explain_alt_hit(c, "GD101", 35, "no NVIDIA driver is loaded", FIX_TOOL_TELL_SMI_LSMOD, NULL,
                        LE_OPENCV_DNN_NO_DEVICE);
    }
}

/*
 * DGL's DeviceAPIManager (src/runtime/c_runtime_api.cc): no device API of
 * that name is registered, "Please install the cuda version of dgl".  The
 * dgl wheel on PyPI is the CPU build; the CUDA builds come from DGL's own
 * wheel index (data.dgl.ai/wheels/cuXXX) or conda's dglteam channel.
 */
static void rule_dgl(struct explain_ctx *c)
{
    const char *dev = c->lf->ev[LE_DGL_NO_CUDA].a;
    struct finding *fd;
    if (!explain_cnt(c, LE_DGL_NO_CUDA) || explain_cause_of(c, "GD211", NULL))
        return;
    fd = explain_msg_cause(c, "GD211", SEV_ERROR,
                   arena_printf(c->out->arena, "this DGL is a CPU build: it has no %s device API", dev ? dev : "cuda"),
                   90, LE_DGL_NO_CUDA, FIX_TOOL_TELL_PIP_GREP, "dgl");
    explain_quote_val(c, fd, &c->lf->torch_version);
    fixes_dgl_cuda(&c->fx, c->out, fd, c->lf->torch_cuda.v);
}

/*
 * An extension module built against another torch: at import the loader
 * misses a symbol of torch's C++ API (c10::, at::, torch::, caffe2::), which
 * the torch installed does not export any more or not yet (mmcv's FAQ:
 * "If those symbols are Pytorch symbols ... check whether the Pytorch
 * version is the same as that used for compiling mmcv").  check's GD141
 * judges the same from the extension's torch pin; a log has only the symbol.
 */
static void rule_ext_torch_symbol(struct explain_ctx *c)
{
    const struct log_event *e = &c->lf->ev[LE_EXT_TORCH_SYMBOL];
    struct finding *fd;
    if (!e->count || !e->a || explain_cause_of(c, "GD141", NULL))
        return;
    fd = explain_msg_cause(c, "GD141", SEV_ERROR,
                   arena_printf(c->out->arena, "%s's compiled extension was built against another PyTorch than the "
                                "one installed: it needs torch's C++ symbol %s, which this torch does not have", e->a,
                                e->b ? e->b : "?"),
                   86, LE_EXT_TORCH_SYMBOL, FIX_TOOL_TELL_PIP_GREP, is_name(e->a) ? e->a : "torch");
    explain_quote_val(c, fd, &c->lf->torch_version);
    fixes_ext_torch_pin(&c->fx, c->out, fd, c->env, e->a, c->lf->torch_version.v);
    explain_alt_hit(c, "GD216", 35, "two torch installs are mixed (a pip and a conda copy, or a user-site copy), and "
                    "the extension loads against the other", FIX_TOOL_TELL_PY_PIP_GREP, "torch", LE_EXT_TORCH_SYMBOL);
}

/*
 * torch_scatter's (and torch_sparse's, torch_cluster's) __init__.py and
 * torchvision's extension.py compare the CUDA they were compiled with to
 * torch.version.cuda and refuse another: "Detected that PyTorch and X were
 * compiled with different CUDA versions".
 */
static void rule_ext_cuda_differs(struct explain_ctx *c)
{
    const struct log_event *e = &c->lf->ev[LE_EXT_CUDA_DIFFERS];
    struct finding *fd;
    if (!e->count || explain_cause_of(c, "GD141", NULL))
        return;
    fd = explain_msg_cause(c, "GD141", SEV_ERROR,
                   arena_printf(c->out->arena, "%s was compiled with CUDA %s, PyTorch with CUDA %s: it refuses to "
                                "load (\"compiled with different CUDA versions\")", e->a ? e->a : "the extension",
                                e->c ? e->c : "?", e->b ? e->b : "?"),
                   90, LE_EXT_CUDA_DIFFERS, e->a && is_name(e->a) ? FIX_TOOL_TELL_PIP_GREP : FIX_TOOL_N,
                   e->a && is_name(e->a) ? e->a : NULL);
    explain_quote_val(c, fd, &c->lf->torch_version);
    fixes_ext_cuda(&c->fx, c->out, fd, e->a && is_name(e->a) ? e->a : "the extension", e->b);
}

/* "+cu118" in a version's local label: "11" (the CUDA major), else NULL. */
static const char *cu_label_major(struct explain_ctx *c, const char *version)
{
    const char *p = version ? strstr(version, "+cu") : NULL;
    size_t n = 0;
    if (!p)
        return NULL;
    p += 3;
    while (p[n] >= '0' && p[n] <= '9')
        n++;
    return n >= 2 && n <= 4 ? arena_strndup(c->out->arena, p, n - 1 - (n == 4)) : NULL;
}

/* The CUDA major the log shows for the environment (torch's build, the toolkit), and the line; NULL: none. */
static const char *env_cuda_major(struct explain_ctx *c, const struct log_value **from)
{
    const struct log_facts *lf = c->lf;
    const struct log_value *v[] = { &lf->torch_cuda, &lf->cuda_version, &lf->nvcc_version, &lf->toolkit_stated,
                                    &lf->toolkit_dir };
    const char *m;
    size_t i;
    if ((m = cu_label_major(c, lf->torch_version.v)) != NULL) {
        *from = &lf->torch_version;
        return m;
    }
    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
        if (v[i]->v && v[i]->v[0] >= '1' && v[i]->v[0] <= '9') {
            *from = v[i];
            return arena_strndup(c->out->arena, v[i]->v, strspn(v[i]->v, "0123456789"));
        }
    return NULL;
}

/*
 * CTranslate2 (src/cuda/cublas_stub.cc) loads cuBLAS by the CUDA major it
 * was built for (cublas64_12.dll, libcublas.so.12): where the log shows the
 * environment on another CUDA major (torch's +cu118, the toolkit), the
 * library is missing because the CTranslate2 build wants that other CUDA,
 * above "cuBLAS missing" (the judges' answer for the file alone).
 */
static void rule_ct2_cuda_major(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct log_value *from = NULL;
    const struct finding *fd;
    char want[16];
    const char *have;
    size_t i;
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && lf->libs[i].via && !strcmp(lf->libs[i].via, "ctranslate2"))
            break;
    if (i == lf->n_libs || !log_lib_cuda_line(lf->libs[i].name, want, sizeof(want)) ||
        (have = env_cuda_major(c, &from)) == NULL || !strncmp(want, have, strlen(have)) ||
        want[strspn(want, "0123456789")] != '\0')
        return;
    fd = explain_cause_of(c, NULL, "missing_other_cuda_lib");
    explain_alt(c, "GD206", (fd ? explain_get_score(c, fd) : 78) + 4,
                arena_printf(c->out->arena, "CTranslate2 loads %s, CUDA %s's cuBLAS (the CUDA it was built for), and "
                             "this environment has CUDA %s: a CTranslate2 build for CUDA %s, or CUDA %s's libraries, "
                             "is needed", lf->libs[i].name, want, from->v, have, want),
                FIX_TOOL_TELL_NVCC_PIP, NULL, from->line, from->text);
}

/*
 * kube-scheduler's NodeResourcesFit: "Insufficient nvidia.com/gpu" when no
 * node has the GPUs the pod requests free.  The NVIDIA device plugin
 * advertises a node's GPUs only when it can see them, which needs the NVIDIA
 * container runtime as the node's default runtime (k8s-device-plugin's
 * README: nvidia-container-toolkit, and the runtime configured as Docker's
 * or containerd's default): a GPU node without it offers none.
 */
static void rule_k8s_gpu(struct explain_ctx *c)
{
    struct finding *fd;
    if (!explain_cnt(c, LE_K8S_INSUFFICIENT_GPU) || explain_cause_of(c, "GD408", NULL))
        return;
    fd = explain_msg_cause(c, "GD408", SEV_ERROR, "no Kubernetes node offers a free nvidia.com/gpu: the NVIDIA device "
                   "plugin advertises a node's GPUs only where the NVIDIA container runtime is the default runtime "
                   "(Docker's default-runtime, containerd's default_runtime_name)", 72, LE_K8S_INSUFFICIENT_GPU,
                   FIX_TOOL_TELL_K8S_NODE_GPUS, NULL);
    fixes_ctk_default_runtime(c->out, fd);
    explain_alt_hit(c, "GD403", 50, "every GPU the nodes offer is allocated to other pods, or the pod asks for more "
                    "GPUs than one node has", FIX_TOOL_TELL_K8S_NODE_GPUS, NULL, LE_K8S_INSUFFICIENT_GPU);
}

/*
 * XLA warns once about the ptxas it invokes (ptx_compiler_helpers.cc,
 * WarnIfBadPtxasVersion): one of CUDA 12.0-12.6.2 (TensorFlow's asm_compiler.cc
 * before it: "You are using ptxas X, which is older than Y"); ptxas itself
 * refuses PTX of a newer ISA ("Unsupported .version 7.8; current version is
 * '7.4'"): a toolkit older than the compiler that wrote the PTX.  JAX's CUDA extra
 * (pip install "jax[cuda12]") installs its own ptxas with nvidia-cuda-nvcc-cu12;
 * a ptxas of another release in a log that shows that install is another
 * CUDA toolkit's, found first on PATH: two CUDA installs, and the wrong one
 * wins.  Without that install it is the toolkit's own, older than XLA wants.
 */
static void rule_xla_ptxas(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    const char *v = lf->ev[LE_XLA_PTXAS_OLD].a;
    int pip = lf->pip_cuda_extra.v || lf->pip_nvidia.v;
    struct finding *fd;
    size_t i;
    if (!explain_cnt(c, LE_XLA_PTXAS_OLD))
        return;
    for (i = 0; i < lf->n_pkgs && !pip; i++)
        pip = !strncmp(lf->pkgs[i].name, "nvidia-cuda-nvcc", strlen("nvidia-cuda-nvcc"));
    if (pip) {
        fd = explain_cause(c, "GD109", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "XLA invokes ptxas %s, another CUDA toolkit's than the one pip installed "
                                 "with JAX (its nvidia-cuda-nvcc wheel): that toolkit's bin directory comes first on "
                                 "PATH", v ? v : "(older than the PTX it is given)");
        explain_set_score(c, fd, 74);
        explain_quote_val(c, fd, lf->pip_cuda_extra.v ? &lf->pip_cuda_extra : &lf->pip_nvidia);
    } else {
        fd = explain_cause(c, "GD206", SEV_WARNING, "");
        fd->title = arena_printf(c->out->arena, "XLA invokes ptxas %s, of a CUDA release it warns about (it asks "
                                 "for a newer one)", v ? v : "(older than the PTX it is given)");
        explain_set_score(c, fd, 55);
    }
    explain_quote_ev(c, fd, LE_XLA_PTXAS_OLD);
    explain_set_tell(c, fd, FIX_TOOL_TELL_PTXAS_ALL, NULL);
    fixes_ptxas_path(&c->fx, c->out, fd, pip);
    if (pip)
        explain_alt_hit(c, "GD206", 50, "the CUDA toolkit XLA uses is older than the release it asks for",
                        FIX_TOOL_TELL_PTXAS_ALL, NULL, LE_XLA_PTXAS_OLD);
    else
        explain_alt_hit(c, "GD109", 50, "JAX's own ptxas (pip's nvidia-cuda-nvcc wheel) is installed, and another "
                        "toolkit's ptxas comes first on PATH", FIX_TOOL_TELL_PTXAS_ALL, NULL, LE_XLA_PTXAS_OLD);
}

/*
 * bitsandbytes (cextension.py) warns "The installed version of bitsandbytes
 * was compiled without GPU support" when the native library it loaded has no
 * CUDA entry points: its CPU library.  That is the only one its wheels had
 * for Windows and macOS before 0.43; on Linux it is also what its CUDA setup
 * falls back to when it finds no CUDA runtime, which a missing libcudart in
 * the same log shows (the judges' answer then stays first).
 */
static void rule_bnb_cpu(struct explain_ctx *c)
{
    struct finding *fd;
    const struct finding *cudart;
    if (!explain_cnt(c, LE_BNB_CPU_LIBRARY) || explain_cause_of(c, "GD211", NULL))
        return;
    cudart = explain_cause_of(c, "GD201", NULL);
    fd = explain_msg_cause(c, "GD211", SEV_ERROR, "bitsandbytes loaded its CPU library: the install has no CUDA binary "
                   "for this platform or CUDA, so its 8-bit and 4-bit GPU operations are unavailable",
                   cudart ? explain_get_score(c, cudart) - 6 : explain_os_is(c, "linux") ? 80 : 88,
                   LE_BNB_CPU_LIBRARY, FIX_TOOL_TELL_PIP_GREP, "bitsandbytes");
    fixes_bnb_cuda(&c->fx, c->out, fd, c->env);
    if (!cudart && !explain_os_is(c, "windows") && !explain_os_is(c, "macos"))
        explain_alt_hit(c, "GD201", 45, "bitsandbytes' CUDA setup did not find the CUDA runtime (libcudart) and fell "
                        "back to its CPU library", FIX_TOOL_TELL_FIND_LIB, "libcudart.so", LE_BNB_CPU_LIBRARY);
}

void explain_rule_frameworks(struct explain_ctx *c)
{
    rule_opencv(c);
    rule_dgl(c);
    rule_ext_torch_symbol(c);
    rule_ext_cuda_differs(c);
    rule_ct2_cuda_major(c);
    rule_k8s_gpu(c);
    rule_xla_ptxas(c);
    rule_bnb_cpu(c);
}
