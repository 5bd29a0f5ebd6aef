/*
 * log_facts.c - the names and origins of explain's message families, and
 * the one lookup over a log's packages.
 */
#include "facts/log_facts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/banned.h"

struct ev_info {
    const char *name;
    const char *source;
};

/* Indexed by enum log_ev. */
static const struct ev_info ev_info[LE__COUNT] = {
    [LE_TF_DLOPEN_FAIL] = { "tf_dlopen_failed",
        "tensorflow/stream_executor/platform/default/dso_loader.cc (TF <= 2.10); "
        "tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc (2.11); "
        "tsl/platform/default/dso_loader.cc (2.12+, VLOG 1 only)" },
    [LE_TF_DLOPEN_OK] = { "tf_dlopen_ok", "tensorflow/stream_executor/platform/default/dso_loader.cc (TF <= 2.4; VLOG 1 from 2.5)" },
    [LE_TF_SKIP_GPU] = { "tf_skip_gpu_registration", "tensorflow/core/common_runtime/gpu/gpu_device.cc" },
    [LE_TF_NO_CUDA_DRIVERS] = { "tf_no_cuda_drivers", "tsl/cuda/cudart_stub.cc (TF 2.12+; printed when libcudart fails to load)" },
    [LE_TF_CUDART_IGNORE] = { "tf_cudart_ignore", "tensorflow/stream_executor/cuda/cudart_stub.cc (TF 2.1-2.11)" },
    [LE_CUDNN_MISMATCH] = { "cudnn_runtime_mismatch", "xla/stream_executor/cuda/cuda_dnn.cc (earlier tensorflow/stream_executor/cuda/cuda_dnn.cc)" },
    [LE_TF_PTX_JIT] = { "tf_ptx_jit", "tensorflow/core/common_runtime/gpu/gpu_device.cc" },
    [LE_TF_IGNORING_GPU] = { "tf_ignoring_gpu", "tensorflow/core/common_runtime/gpu/gpu_device.cc" },
    [LE_KERNEL_DRIVER_DOWN] = { "kernel_driver_not_running", "tensorflow/stream_executor/cuda/cuda_diagnostics.cc (xla/stream_executor/cuda/cuda_diagnostics.cc)" },
    [LE_TF_SELF_CHECK] = { "tf_self_check_dll", "tensorflow/python/platform/self_check.py (Windows, TF <= 2.0)" },
    [LE_GPU_LIST_EMPTY] = { "tf_gpu_list_empty", "tf.config.list_physical_devices('GPU') returning [] (tensorflow/python/framework/config.py)" },
    [LE_TORCH_NOT_COMPILED] = { "torch_not_compiled_with_cuda", "torch/cuda/__init__.py (_lazy_init)" },
    [LE_DRIVER_TOO_OLD] = { "torch_driver_too_old", "torch/cuda/__init__.py (_check_driver) and c10/cuda/CUDAFunctions.cpp" },
    [LE_DRIVER_ZERO] = { "driver_version_zero", "a program printing cudaDriverGetVersion's 0 (no driver): NVIDIA Warp warp/context.py" },
    [LE_NO_DRIVER] = { "torch_no_driver", "torch/cuda/__init__.py (_check_driver)" },
    [LE_INSUFFICIENT_DRIVER] = { "insufficient_driver", "CUDA runtime error string of cudaErrorInsufficientDriver (35), driver_types.h" },
    [LE_NO_KERNEL_IMAGE] = { "no_kernel_image", "CUDA runtime error string of cudaErrorNoKernelImageForDevice (209), raised by c10/cuda/CUDAException.h" },
    [LE_SM_INCOMPATIBLE] = { "torch_arch_incompatible", "torch/cuda/__init__.py (_check_cubins)" },
    [LE_GPU_TOO_OLD] = { "torch_gpu_too_old", "torch/cuda/__init__.py (_check_capability)" },
    [LE_CUDA_INIT_WARNING] = { "torch_cuda_init_warning", "torch/cuda/__init__.py (is_available) via c10/cuda/CUDAFunctions.cpp" },
    [LE_WIN_DLL_LOAD] = { "win_dll_load_error", "torch/__init__.py (_load_dll_libraries, WinError 126)" },
    [LE_SO_NOT_FOUND] = { "shared_object_not_found", "glibc dlerror text (elf/dl-load.c: cannot open shared object file)" },
    [LE_UNDEFINED_SYMBOL] = { "undefined_symbol", "glibc dlerror text (elf/dl-lookup.c: undefined symbol: S, version V)" },
    [LE_TORCH_NO_GPU] = { "torch_cuda_not_available", "torch.cuda.is_available() printing False; torch/utils/collect_env.py (Is CUDA available)" },
    [LE_JAX_CPU_JAXLIB] = { "jax_cpu_jaxlib", "jax/_src/xla_bridge.py (jax >= 0.4.17)" },
    [LE_JAX_NO_GPU] = { "jax_no_gpu", "jax/_src/xla_bridge.py (jax <= 0.4.16)" },
    [LE_JAX_VERSION_LOW] = { "jax_component_too_old", "jax_plugins/cuda/__init__.py (_version_check, jax 0.4.17-0.4.25)" },
    [LE_JAX_OUTDATED] = { "jax_component_outdated", "jax_plugins/cuda/__init__.py (_check_cuda_versions, jax >= 0.4.26)" },
    [LE_JAX_BACKEND_FAIL] = { "jax_backend_failed", "jax/_src/xla_bridge.py (backend initialisation)" },
    [LE_JAX_PLUGIN_MISMATCH] = { "jax_plugin_mismatch", "jaxlib/plugin_support.py" },
    [LE_ORT_PROVIDER_FAIL] = { "ort_cuda_provider_load_failed",
        "onnxruntime/core/session/provider_bridge_ort.cc (ProviderLibrary::Get); "
        "LoadLibrary text from onnxruntime/core/platform/windows/env.cc" },
    [LE_ORT_EP_FAIL] = { "ort_cuda_ep_failed", "onnxruntime/python/onnxruntime_pybind_state.cc (CreateExecutionProviderInstance)" },
    [LE_CUDA_ERROR] = { "cuda_error", "CUDA driver API CUresult names (cuda.h) and runtime cudaError_t names (driver_types.h)" },
    [LE_SMI_FAILED] = { "nvidia_smi_failed", "nvidia-smi (NVIDIA driver utility)" },
    [LE_NVML_MISMATCH] = { "nvml_version_mismatch", "NVML error string of NVML_ERROR_LIB_RM_VERSION_MISMATCH (nvml.h), printed by nvidia-smi" },
    [LE_CVD_HIDDEN] = { "cuda_visible_devices_hides", "CUDA_VISIBLE_DEVICES=\"\" or -1 shown in the log (CUDA environment variable)" },
    [LE_NOISE_FACTORY] = { "noise_factory_registration",
        "xla/stream_executor/cuda/cuda_dnn.cc, cuda_fft.cc, cuda_blas.cc (TF 2.14+; harmless per tensorflow/tensorflow#62075)" },
    [LE_NOISE_NUMA] = { "noise_numa", "tensorflow/stream_executor/cuda/cuda_gpu_executor.cc (xla/stream_executor/cuda/cuda_executor.cc)" },
    [LE_NOISE_ONEDNN] = { "noise_onednn", "tensorflow/core/util/port.cc" },
    [LE_NOISE_CPU_FEATURE] = { "noise_cpu_feature_guard", "tensorflow/core/platform/cpu_feature_guard.cc" },
    [LE_NOISE_TRT] = { "noise_tensorrt", "tensorflow/compiler/tf2tensorrt/utils/py_utils.cc" },
    [LE_NOISE_ABSL] = { "noise_absl_prelog", "abseil absl/log (messages before absl::InitializeLog())" },
    [LE_EXCEPTION] = { "python_exception", "the last line of a Python traceback (Lib/traceback.py format)" },
    [LE_COMPILER_ARCH] = { "compiler_arch_unsupported", "NVRTC / nvcc / ptxas: the toolkit cannot compile for this GPU's architecture" },
    [LE_TORCH_PRELOAD] = { "torch_preload_cuda_deps", "torch/__init__.py (_preload_cuda_deps: pip nvidia-* library not found)" },
    [LE_ZLIBWAPI] = { "cudnn_zlibwapi_missing", "cuDNN 8.3-8.9 on Windows (zlibwapi.dll dependency)" },
    [LE_DSO_MISMATCH] = { "kernel_dso_mismatch", "tensorflow/stream_executor/cuda/cuda_diagnostics.cc (kernel module vs libcuda version)" },
    [LE_NCCL_SHM] = { "shared_memory_too_small", "NCCL misc/shmutils.cc; torch DataLoader (shared memory in /dev/shm)" },
    [LE_DOCKER_NO_GPU] = { "docker_no_gpu_runtime", "Docker daemon: no device driver for --gpus (NVIDIA Container Toolkit)" },
    [LE_EXT_CUDA_MISMATCH] = { "extension_cuda_mismatch", "torch/utils/cpp_extension.py (_check_cuda_version)" },
    [LE_OOM] = { "out_of_memory", "c10/cuda/CUDACachingAllocator.cpp; TensorFlow/XLA allocators (RESOURCE_EXHAUSTED)" },
    [LE_CUDA_COUNT_FAILED] = { "cuda_device_count_failed", "ggml-cuda.cu (ggml_init_cublas / ggml_cuda_init: cudaGetDeviceCount failed)" },
    [LE_NO_CUDA_GPUS] = { "no_cuda_gpus", "torch/cuda/__init__.py (_lazy_init: No CUDA GPUs are available)" },
    [LE_MODULE_MISSING] = { "module_not_found", "Python import system (ModuleNotFoundError)" },
    [LE_CUDA_LIB_LOAD] = { "cudnn_sublibrary_load_failed", "cuDNN 8 loader (Could not load library X)" },
    [LE_CUDA_HOME_UNSET] = { "cuda_home_unset", "torch/utils/cpp_extension.py (CUDA_HOME)" },
    [LE_DRIVER_REQUIREMENT] = { "container_cuda_requirement", "nvidia-container-cli (libnvidia-container): the image's NVIDIA_REQUIRE_CUDA is above the host driver" },
    [LE_NCCL_SYSERR] = { "nccl_system_error", "NCCL: ncclSystemError (a system call failed: shared memory, sockets)" },
    [LE_TF_CPU_DEVICES] = { "tf_cpu_device_listed", "tf.config.list_physical_devices() / device_lib.list_local_devices() output" },
    [LE_TF_GPU_DEVICES] = { "tf_gpu_device_listed", "tf.config.list_physical_devices() / device_lib.list_local_devices() output" },
    [LE_MPS_UNAVAILABLE] = { "mps_mentioned", "torch.backends.mps (Apple's Metal backend)" },
    [LE_GPU_WORKS] = { "gpu_in_use", "TensorFlow gpu_device.cc / pluggable_device_factory.cc: Created TensorFlow device ... GPU" },
    [LE_STUB_LIBCUDA] = { "stub_libcuda_loaded", "the CUDA toolkit's lib64/stubs/libcuda.so (link-time stub, no driver)" },
    [LE_ORT_CPU_PKG] = { "ort_cpu_package", "onnxruntime/python/onnxruntime_inference_collection.py (provider not available)" },
    [LE_CPU_BUILD_MSG] = { "framework_cpu_build", "PaddlePaddle pybind.cc and others: a CPU-only build refuses the GPU" },
    [LE_NOUVEAU] = { "nouveau_owns_gpu", "NVIDIA kernel module (NVRM) probe: another driver owns the device" },
    [LE_NVML_PERMISSION] = { "nvml_permission", "NVML_ERROR_NO_PERMISSION (nvml.h) / the /dev/nvidia* device nodes" },
    [LE_NVRM_API_MISMATCH] = { "nvrm_api_mismatch",
        "NVIDIA kernel module (open-gpu-kernel-modules src/nvidia/arch/nvalloc/unix/src/osapi.c): the RM API "
        "version check, a = the client's (user-space) version, b = the kernel module's" },
    [LE_CTK_FILE_EXISTS] = { "ctk_mount_file_exists",
        "libnvidia-container src/utils.c file_create: the image already has the path the host's driver "
        "library is mounted at as a symbolic link (O_NOFOLLOW's ELOOP, reported as EEXIST); a = that path in the image" },
    [LE_ORT_PROVIDER_LIST] = { "ort_provider_list_without_cuda",
        "onnxruntime.get_available_providers() / InferenceSession.get_providers() printed as a Python list "
        "(onnxruntime/python/onnxruntime_pybind_state.cc): CPUExecutionProvider without CUDAExecutionProvider" },
    [LE_WSL_NO_ADAPTER] = { "wsl_no_gpu_adapter",
        "libnvidia-container on WSL (dxcore): Windows exposes no GPU adapter to WSL" },
    [LE_DEVICE_BUSY] = { "device_busy", "cudaErrorDevicesUnavailable (46): exclusive-process mode or in use" },
    [LE_PADDLE_CUDNN_OLDER] = { "paddle_cudnn_older",
        "Paddle's device context (paddle/phi/backends/gpu/gpu_resources.cc): the cuDNN it loaded (cudnnGetVersion) "
        "is older than the one it was compiled with; often only a warning" },
    [LE_LINUX_DRIVER_INSTALL] = { "linux_driver_install",
        "a Linux NVIDIA driver installed: apt's nvidia-driver-N, the NVIDIA-Linux-x86_64-*.run file, or a driver "
        "said to be installed in WSL (NVIDIA's CUDA on WSL User Guide: no Linux driver may be installed inside WSL 2)" },
    [LE_JAX_LIB_MISSING] = { "jax_cuda_lib_missing",
        "jax_plugins/cuda/__init__.py (_check_cuda_versions / _version_check): a CUDA component's version could not "
        "be read because its library did not load (\"Unable to load cuDNN. Is it installed?\")" },
    [LE_FW_NO_ARCH] = { "framework_no_arch",
        "the framework's own architecture check: Paddle's paddle/phi/backends/gpu/gpu_resources.cc (InitGpuProperties: "
        "the GPU's compute capability is not in CUDA_REAL_ARCHS), torch 1.x's torch/cuda/__init__.py "
        "(_check_capability: the GPU needs a newer CUDA than the build's)" },
    [LE_PADDLE_CUDA_CHECK] = { "paddle_cuda_older",
        "Paddle's paddle/phi/backends/gpu/gpu_resources.cc: the driver's CUDA (cudaDriverGetVersion; the CUDA "
        "runtime's in Paddle <= 2.2) is older than the CUDA Paddle was compiled with" },
    [LE_FW_TORN_INSTALL] = { "framework_torn_install",
        "the framework's own install check: cupy/_environment.py (_detect_duplicate_installation: more than one "
        "CuPy distribution), jax/_src/lib/__init__.py (check_jaxlib_version: jaxlib older or newer than jax allows)" },
    [LE_XLA_NO_LIBDEVICE] = { "xla_no_libdevice",
        "xla/service/gpu/llvm_gpu_backend/nvptx_libdevice_path.cc (gpu_backend_lib.cc before): no nvvm/libdevice under "
        "the CUDA roots XLA searches (--xla_gpu_cuda_data_dir, the toolkit, pip's nvidia-cuda-nvcc)" },
    [LE_DNN_INIT_FAIL] = { "xla_dnn_init_failed",
        "xla/stream_executor/cuda/cuda_dnn.cc (CudnnSupport::Init): cudnnCreate failed; the reason is on the lines "
        "before it (a cuDNN older than the build's, or no GPU memory left)" },
    [LE_NOISE_PTXAS_NEWER] = { "xla_ptxas_newer_than_driver",
        "xla/service/gpu/nvptx_compiler.cc: the driver's CUDA is older than ptxas's, so XLA compiles serially (harmless)" },
    [LE_OPENCV_DNN_NO_CUDA] = { "opencv_dnn_without_cuda",
        "OpenCV modules/dnn/src/net_impl.cpp (4.7+; dnn.cpp up to 4.6) setUpNet: the DNN module was built without its "
        "CUDA backend (no HAVE_CUDA: WITH_CUDA/WITH_CUDNN/OPENCV_DNN_CUDA off, or CUDA_ARCH_BIN below 5.3)" },
    [LE_OPENCV_DNN_NO_DEVICE] = { "opencv_dnn_no_cuda_device",
        "OpenCV modules/dnn/src/net_impl.cpp setUpNet: built with the CUDA backend, but haveCUDA() "
        "(cv::cuda::getCudaEnabledDeviceCount() > 0) is false: no usable device or driver" },
    [LE_DGL_NO_CUDA] = { "dgl_device_api_not_enabled",
        "DGL src/runtime/c_runtime_api.cc DeviceAPIManager::GetAPI: no device API of that name (cuda, or gpu "
        "in older releases) is registered: the library is a CPU build" },
    [LE_EXT_TORCH_SYMBOL] = { "extension_torch_symbol",
        "glibc dlerror on an extension module: a symbol of torch's C++ API is missing from the torch installed (mmcv "
        "docs/en/faq.md: built against another PyTorch); a = the extension's package, b = the symbol" },
    [LE_EXT_CUDA_DIFFERS] = { "extension_cuda_differs",
        "torch_scatter/torch_sparse/torch_cluster __init__.py, torchvision extension.py: the extension was compiled "
        "with another CUDA than torch; a = the extension, b = torch's CUDA, c = the extension's" },
    [LE_K8S_INSUFFICIENT_GPU] = { "k8s_insufficient_gpu",
        "kube-scheduler NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources/fit.go): no node has the "
        "nvidia.com/gpu the pod requests free (the device plugin advertises none, or every GPU is taken)" },
    [LE_XLA_PTXAS_OLD] = { "xla_ptxas_old",
        "XLA xla/stream_executor/cuda/ptx_compiler_helpers.cc WarnIfBadPtxasVersion: the ptxas XLA invokes is of "
        "CUDA 12.0-12.6.2; a = its version" },
    [LE_BNB_CPU_LIBRARY] = { "bitsandbytes_cpu_library",
        "bitsandbytes/cextension.py: the native library it loaded has no CUDA entry points (its CPU library: no CUDA "
        "binary for this platform, or its CUDA setup found no CUDA runtime)" },
    [LE_XGB_NO_GPU] = { "xgboost_no_gpu",
        "XGBoost src/common/common.h AssertGPUSupport: a GPU parameter (device=cuda, tree_method=gpu_hist) asked "
        "of a libxgboost built without XGBOOST_USE_CUDA (conda-forge's CPU build, xgboost-cpu)" },
    [LE_NOISE_LDCONFIG_LINK] = { "ldconfig_libcuda_not_symlink",
        "glibc elf/ldconfig.c create_links: a soname that is a file, not a link (libcuda.so.1; on WSL the driver's "
        "libraries in /usr/lib/wsl/lib are copies); ldconfig leaves it as it is" },
    [LE_NOISE_GL_INTEROP] = { "warp_gl_interop_fallback",
        "NVIDIA Warp's RegisteredGLBuffer (warp/context.py v1.5.0, warp/_src/context.py later; the warning its "
        "OpenGL renderer triggers): the OpenGL buffer could not be registered with CUDA "
        "(cudaGraphicsGLRegisterBuffer failed: another GPU owns the GL context, or the driver refuses); Warp copies "
        "between its array and the buffer instead, compute stays on the GPU" },
    [LE_LIB_NO_DEVICE] = { "library_no_cuda_device",
        "a library asked torch, NVML or the CUDA runtime for a device and got none, without the reason: vLLM "
        "vllm/platforms/__init__.py (no platform detected), accelerate accelerator.py (fp16 without a GPU), "
        "transformers quantizers (No GPU found), DeepSpeed real_accelerator.py (ds_accelerator cpu), cuDF "
        "gpu_utils.py (No NVIDIA GPU detected); a = the library" },
    [LE_LIB_NO_GPU_BACKEND] = { "program_without_cuda_backend",
        "llama.cpp common/arg.cpp (no GPU backend loaded: a CPU build, or a CUDA backend that did not load) and "
        "MXNet src/storage/storage.cc (built without MXNET_USE_CUDA); a = the program" },
    [LE_LIB_LINKED_OTHER] = { "tensorrt_linked_other",
        "TensorRT libnvinfer (8.x): the cuDNN or cuBLAS it loaded is not the release it was linked against; "
        "a = the library, b = linked, c = loaded" },
    [LE_XFORMERS_NO_EXT] = { "xformers_no_extensions",
        "xFormers xformers/_cpp_lib.py: its _C extension did not load (built for another torch or Python, or not "
        "built at all); a = the torch it was built for, b = the torch installed" },
    [LE_EXT_NO_ARCH] = { "extension_no_arch",
        "flash-attention csrc/flash_attn/flash_api.cpp (TORCH_CHECK(is_sm8x || is_sm90)): its kernels need compute "
        "capability 8.0 or newer" },
    [LE_TRT_ENGINE_DEVICE] = { "tensorrt_engine_other_device",
        "TensorRT (Developer Guide, troubleshooting): a serialized engine runs only on the compute capability it was "
        "built for; a = the engine's, b = this GPU's" },
    [LE_NOISE_LIB] = { "library_harmless_notice",
        "harmless notices of the libraries beside the frameworks: TensorRT's CUDA lazy loading hint, DeepSpeed's "
        "accepted minor CUDA mismatch (op_builder/builder.py) and optional async_io op, NCCL's missing external net "
        "plugin and InfiniBand verbs (sockets are used)" },
};

const char *log_event_name(enum log_ev ev)
{
    return (unsigned)ev < LE__COUNT ? ev_info[ev].name : "unknown";
}

const char *log_event_source(enum log_ev ev)
{
    return (unsigned)ev < LE__COUNT ? ev_info[ev].source : "";
}

const struct log_pkg *log_facts_pkg(const struct log_facts *lf, const char *name)
{
    size_t i;
    for (i = 0; i < lf->n_pkgs; i++)
        if (!strcmp(lf->pkgs[i].name, name))
            return &lf->pkgs[i];
    return NULL;
}

static int is_dig(char c) { return c >= '0' && c <= '9'; }

/* Digits at s (at most 4): their count, or 0. */
static size_t digits(const char *s)
{
    size_t k = 0;
    while (k < 5 && is_dig(s[k]))
        k++;
    return k <= 4 ? k : 0;
}

char *log_lib_cuda_line(const char *name, char *buf, size_t n)
{
    static const char *const tracking[] = { "cudart", "cublasLt", "cublas", "nvrtc", NULL };
    const char *p = name, *v;
    size_t i, k, k2;
    int w;
    if (!name || !buf || n < 6)
        return NULL;
    if (!strncmp(p, "lib", 3))
        p += 3;
    for (i = 0; tracking[i]; i++)
        if (!strncmp(p, tracking[i], strlen(tracking[i])) && (p[strlen(tracking[i])] == '.' ||
                                                              p[strlen(tracking[i])] == '6'))
            break;
    if ((v = strstr(p, ".so.")) != NULL) {
        /* libX.so.MAJOR or libX.so.MAJOR.MINOR (CUDA <= 10.0: every library) */
        v += 4;
        if (!(k = digits(v)))
            return NULL;
        k2 = v[k] == '.' ? digits(v + k + 1) : 0;
        if (!tracking[i] && !k2)
            return NULL;   /* cuFFT, cuSOLVER... carry their own majors from CUDA 10.1 on */
        if (k2 && strtol(v, NULL, 10) > 10)
            k2 = 0;        /* libcudart.so.11.0 is all of CUDA 11 */
        w = snprintf(buf, n, "%.*s%s%.*s", (int)k, v, k2 ? "." : "", (int)k2, v + k + 1);
        return w > 0 && (size_t)w < n ? buf : NULL;
    }
    if (!tracking[i] || strncmp(p + strlen(tracking[i]), "64_", 3))
        return NULL;
    /* Windows: cudart64_101.dll (10.1), cudart64_80.dll (8.0), cudart64_110.dll (11), cublas64_12.dll */
    v = p + strlen(tracking[i]) + 3;
    k = digits(v);
    if (k < 2 || k > 3 || (v[k] != '.' && v[k] != '_'))
        return NULL;
    if (k == 3 && v[0] == '1' && v[1] >= '1')
        w = snprintf(buf, n, "%.2s", v);                   /* 110, 120: the major's line */
    else if (k == 3)
        w = snprintf(buf, n, "%.2s.%c", v, v[2]);          /* 100, 101, 102 */
    else if (v[0] == '1')
        w = snprintf(buf, n, "%.2s", v);                   /* cublas64_11, nvrtc64_12 */
    else
        w = snprintf(buf, n, "%c.%c", v[0], v[1]);         /* 80, 90, 91, 92 */
    return w > 0 && (size_t)w < n ? buf : NULL;
}

