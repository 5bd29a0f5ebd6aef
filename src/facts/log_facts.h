/*
 * log_facts.h - what `explain` learned from a pasted log: the facts that
 * scan/logread.c extracts and diagnose/explain_rules.c and report/explain.c
 * read.  It sits in facts/ (not beside the reader) so that the diagnosis
 * and the report depend on facts only, never on an observer.
 *
 * Plain data: every string points into the reader's arena and lives as long
 * as the struct logread that filled it.  Caps (LOG_MAX_*) bound every list,
 * so a log of any size fills a struct of bounded size.
 */
#ifndef GD_LOG_FACTS_H
#define GD_LOG_FACTS_H

#include <stddef.h>

#define LOGREAD_LINE_MAX 4096   /* bytes of a line matched at once (a window) */
#define LOGREAD_OVERLAP 512     /* bytes a window shares with the next, so that a message up to
                                   this long is whole in one of them */
#define LOG_QUOTE_MAX 400       /* bytes of a line that are quoted */
#define LOG_MAX_HITS 3          /* quoted lines per message family */
#define LOG_MAX_LIBS 32         /* distinct library names */
#define LOG_MAX_PKGS 48         /* distinct package versions */
#define LOG_MAX_ERRS 8          /* distinct CUDA error codes */

/* Message families.  log_event_name() gives a stable name for JSON. */
enum log_ev {
    LE_TF_DLOPEN_FAIL = 0,   /* Could not load dynamic library 'X'; dlerror: ... */
    LE_TF_DLOPEN_OK,         /* Successfully opened dynamic library X */
    LE_TF_SKIP_GPU,          /* Cannot dlopen some GPU libraries ... */
    LE_TF_NO_CUDA_DRIVERS,   /* Could not find cuda drivers on your machine (= cudart) */
    LE_TF_CUDART_IGNORE,     /* Ignore above cudart dlerror ... */
    LE_CUDNN_MISMATCH,       /* Loaded runtime CuDNN library: X but source was compiled with: Y */
    LE_TF_PTX_JIT,           /* TensorFlow was not built with CUDA kernel binaries compatible ... */
    LE_TF_IGNORING_GPU,      /* Ignoring visible gpu device ... minimum required Cuda capability */
    LE_KERNEL_DRIVER_DOWN,   /* kernel driver does not appear to be running on this host */
    LE_TF_SELF_CHECK,        /* ImportError: Could not find 'cudart64_100.dll' (TF <= 2.0) */
    LE_GPU_LIST_EMPTY,       /* list_physical_devices('GPU') printed [] */
    LE_TORCH_NOT_COMPILED,   /* Torch not compiled with CUDA enabled */
    LE_DRIVER_TOO_OLD,       /* The NVIDIA driver on your system is too old (found version N) */
    LE_NO_DRIVER,            /* Found no NVIDIA driver on your system */
    LE_INSUFFICIENT_DRIVER,  /* CUDA driver version is insufficient for CUDA runtime version */
    LE_NO_KERNEL_IMAGE,      /* no kernel image is available for execution on the device */
    LE_SM_INCOMPATIBLE,      /* X with CUDA capability sm_NN is not compatible with ... */
    LE_GPU_TOO_OLD,          /* Found GPU0 X which is of cuda capability N.M ... too old */
    LE_CUDA_INIT_WARNING,    /* UserWarning: CUDA initialization: ... */
    LE_WIN_DLL_LOAD,         /* [WinError 126] ... Error loading "X" or one of its dependencies */
    LE_SO_NOT_FOUND,         /* X.so.N: cannot open shared object file */
    LE_UNDEFINED_SYMBOL,     /* undefined symbol: S, version libcudnn_xxx.so.8 */
    LE_TORCH_NO_GPU,         /* torch.cuda.is_available() printed False */
    LE_JAX_CPU_JAXLIB,       /* ... a CUDA-enabled jaxlib is not installed. Falling back to cpu. */
    LE_JAX_NO_GPU,           /* No GPU/TPU found, falling back to CPU. */
    LE_JAX_VERSION_LOW,      /* Found cuDNN version X, but JAX was built against version Y */
    LE_JAX_OUTDATED,         /* Outdated cuDNN installation found. */
    LE_JAX_BACKEND_FAIL,     /* Unable to initialize backend 'cuda' / CUDA backend failed to initialize */
    LE_JAX_PLUGIN_MISMATCH,  /* JAX plugin jax_cuda12_plugin version X is installed, but ... */
    LE_ORT_PROVIDER_FAIL,    /* Failed to load library libonnxruntime_providers_cuda.so / LoadLibrary 126 */
    LE_ORT_EP_FAIL,          /* Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.* */
    LE_CUDA_ERROR,           /* CUDA_ERROR_* / cudaError* names */
    LE_SMI_FAILED,           /* NVIDIA-SMI has failed because it couldn't communicate ... */
    LE_NVML_MISMATCH,        /* Failed to initialize NVML: Driver/library version mismatch */
    LE_CVD_HIDDEN,           /* CUDA_VISIBLE_DEVICES set to "" or -1 in the log */
    LE_NOISE_FACTORY,        /* Unable to register cuDNN/cuFFT/cuBLAS factory (harmless) */
    LE_NOISE_NUMA,           /* successful NUMA node read from SysFS had negative value (harmless) */
    LE_NOISE_ONEDNN,         /* oneDNN custom operations are on (harmless) */
    LE_NOISE_CPU_FEATURE,    /* This TensorFlow binary is optimized to use available CPU instructions */
    LE_NOISE_TRT,            /* TF-TRT Warning: Could not find TensorRT (harmless for GPU use) */
    LE_NOISE_ABSL,           /* All log messages before absl::InitializeLog() ... (harmless) */
    LE_EXCEPTION,            /* the last line of a Python traceback */
    LE_COMPILER_ARCH,        /* nvrtc/nvcc/ptxas: invalid or unsupported --gpu-architecture / sm_XY */
    LE_TORCH_PRELOAD,        /* torch _preload_cuda_deps: "libX.so.*[0-9] not found in the system path" */
    LE_ZLIBWAPI,             /* cuDNN 8 on Windows: Could not locate zlibwapi.dll */
    LE_DSO_MISMATCH,         /* kernel version X does not match DSO version Y */
    LE_NCCL_SHM,             /* NCCL /dev/shm errors, DataLoader "insufficient shared memory" */
    LE_DOCKER_NO_GPU,        /* could not select device driver "" with capabilities: [[gpu]] */
    LE_EXT_CUDA_MISMATCH,    /* The detected CUDA version (X) mismatches the version ... PyTorch (Y) */
    LE_OOM,                  /* CUDA out of memory / OutOfMemoryError / RESOURCE_EXHAUSTED */
    LE_NO_CUDA_GPUS,         /* RuntimeError: No CUDA GPUs are available */
    LE_MODULE_MISSING,       /* No module named 'torch' (the framework is not in this environment) */
    LE_CUDA_LIB_LOAD,        /* cuDNN 8: Could not load library X. Error code 126 / Error: ... */
    LE_CUDA_HOME_UNSET,      /* torch cpp_extension: CUDA_HOME environment variable is not set */
    LE_DEVICE_BUSY,          /* CUDA-capable device(s) is/are busy or unavailable */
    LE_DRIVER_REQUIREMENT,   /* nvidia-container-cli: requirement error: unsatisfied condition: cuda>=X */
    LE_NCCL_SYSERR,          /* NCCL Error 2: unhandled system error (often /dev/shm in a container) */
    LE_TF_CPU_DEVICES,       /* a TensorFlow device list that shows the CPU */
    LE_TF_GPU_DEVICES,       /* a TensorFlow device list that shows a GPU */
    LE_MPS_UNAVAILABLE,      /* torch.backends.mps.is_available() False / MPS printed */
    LE_GPU_WORKS,            /* Created TensorFlow device (/gpu:0), a GPU in use: the GPU works */
    LE_STUB_LIBCUDA,         /* .../lib64/stubs/libcuda.so loaded instead of the driver's */
    LE_ORT_CPU_PKG,          /* 'CUDAExecutionProvider' is not in available provider names */
    LE_CPU_BUILD_MSG,        /* a framework says it is a CPU-only build (Paddle, "Not compiled with CUDA") */
    LE_NOUVEAU,              /* NVRM: nouveau ... obtained ownership of the NVIDIA device(s) */
    LE_NVML_PERMISSION,      /* NVML: Insufficient Permissions / /dev/nvidia* permission denied */
    LE_NVRM_API_MISMATCH,    /* NVRM: API mismatch: the client has the version X, but ... kernel module ... Y */
    LE_WSL_NO_ADAPTER,       /* nvidia-container-cli: WSL environment detected but no adapters were found */
    LE_DRIVER_ZERO,          /* the program read driver version 0 (cudaDriverGetVersion without a driver) */
    LE_CTK_FILE_EXISTS,      /* nvidia-container-cli: mount error: file creation failed: PATH: file exists */
    LE_ORT_PROVIDER_LIST,    /* a printed provider list ['...', 'CPUExecutionProvider'] without CUDAExecutionProvider */
    LE_CUDA_COUNT_FAILED,    /* ggml: "no CUDA devices found, CUDA will be disabled" (cudaGetDeviceCount failed, code unprinted) */
    LE_PADDLE_CUDNN_OLDER,   /* Paddle: "The installed Paddle is compiled with CUDNN X, but CUDNN version in your machine is Y" */
    LE_LINUX_DRIVER_INSTALL, /* a Linux NVIDIA driver installed (apt's nvidia-driver-N, the .run file, "driver ... in WSL") */
    /* read from the frameworks' source (issue 28): messages that name their cause in their own words */
    LE_JAX_LIB_MISSING,      /* JAX: "Unable to load cuDNN. Is it installed?" (jax_plugins/cuda/__init__.py) */
    LE_FW_NO_ARCH,           /* the framework says its build has no code for this GPU (Paddle's arch check, torch 1.x's CUDA_VERSION check) */
    LE_PADDLE_CUDA_CHECK,    /* Paddle: "compiled with CUDA X, but CUDA ... version in your machine is Y" (gpu_resources.cc) */
    LE_FW_TORN_INSTALL,      /* a framework's parts from different releases: several CuPy packages, jaxlib vs jax */
    LE_XLA_NO_LIBDEVICE,     /* XLA: "Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice", "libdevice not found at" */
    LE_DNN_INIT_FAIL,        /* XLA: "DNN library initialization failed" (cudnnCreate failed) */
    LE_NOISE_PTXAS_NEWER,    /* XLA: "The NVIDIA driver's CUDA version is X which is older than the ptxas CUDA version" */
    /* libraries beside the big frameworks, read from their own sources */
    LE_OPENCV_DNN_NO_CUDA,   /* OpenCV: "DNN module was not built with CUDA backend; switching to CPU" */
    LE_OPENCV_DNN_NO_DEVICE, /* OpenCV (built with CUDA): "unable to use CUDA backend; switching to CPU" */
    LE_DGL_NO_CUDA,          /* DGL: "Device API cuda is not enabled. Please install the cuda version of dgl." */
    LE_EXT_TORCH_SYMBOL,     /* an extension's .so misses a symbol of torch's C++ API (c10::, at::, torch::, caffe2::) */
    LE_EXT_CUDA_DIFFERS,     /* "Detected that PyTorch and torch_scatter were compiled with different CUDA versions" */
    LE_K8S_INSUFFICIENT_GPU, /* kube-scheduler: "0/3 nodes are available: 3 Insufficient nvidia.com/gpu" */
    LE_XLA_PTXAS_OLD,        /* XLA: "Invoking ptxas with version 12.1.66, which corresponds to a CUDA version <=12.6.2" */
    LE_BNB_CPU_LIBRARY,      /* bitsandbytes: "The installed version of bitsandbytes was compiled without GPU support." */
    LE_XGB_NO_GPU,           /* XGBoost: "XGBoost version not compiled with GPU support." (a CPU-only build) */
    LE_NOISE_LDCONFIG_LINK,  /* ldconfig: "/usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link" (harmless on WSL) */
    LE_NOISE_GL_INTEROP,     /* Warp: "Could not register GL buffer since CUDA/OpenGL interoperability is not available" */
    /* the programs beside the frameworks, read from their own sources (issue 28, second list) */
    LE_LIB_NO_DEVICE,        /* a library found no usable CUDA device and does not say why (vLLM, accelerate, cuDF, ...) */
    LE_LIB_NO_GPU_BACKEND,   /* a program without its CUDA backend: llama.cpp "no usable GPU found", MXNet "USE_CUDA=1" */
    LE_LIB_LINKED_OTHER,     /* TensorRT: "TensorRT was linked against cuDNN X but loaded cuDNN Y" */
    LE_XFORMERS_NO_EXT,      /* xFormers: "xFormers can't load C++/CUDA extensions" / "Need to compile C++ extensions" */
    LE_EXT_NO_ARCH,          /* flash-attention: "FlashAttention only supports Ampere GPUs or newer" */
    LE_TRT_ENGINE_DEVICE,    /* TensorRT: "engine plan file is generated on an incompatible device, expecting compute X got compute Y" */
    LE_NOISE_LIB,            /* harmless notices: TensorRT's lazy loading, DeepSpeed's accepted minor, NCCL's net plugin, ... */
    LE__COUNT
};

struct log_hit {
    long line;               /* 1-based line number */
    const char *text;        /* the line, at most LOG_QUOTE_MAX bytes, in the arena */
};

/* One message family: how often, where first, and what it said. */
struct log_event {
    unsigned long count;     /* lines that show it (a line counts once, whatever its windows) */
    long last_line;          /* the last line counted */
    struct log_hit hits[LOG_MAX_HITS];
    size_t n_hits;
    const char *a, *b, *c;   /* captured from the first occurrence; meaning per family
                                (logread.c documents each) */
};

/* A scalar fact and the line that shows it. */
struct log_value {
    const char *v;           /* NULL: not in the log */
    long line;
    const char *text;
};

/* A library the log shows failing (or succeeding) to load. */
struct log_lib {
    const char *name;        /* "cudart64_110.dll", "libcudnn.so.8" */
    const char *error;       /* dlerror / loader text, or NULL */
    const char *via;         /* who asked: "tensorflow", "torch", "onnxruntime", "loader" */
    int ok;                  /* 1: loaded (Successfully opened) */
    long line;
    const char *text;
};

struct log_pkg {
    const char *name;        /* normalised (lower case, '_' -> '-') */
    const char *version;
    long line;
    const char *text;
};

struct log_cuda_error {
    const char *api;         /* "driver" (CUresult), "runtime" (cudaError_t), "nvml", "cudnn", or
                                "cuda" (a bare CUDA error number: runtime or driver) */
    const char *name;        /* "CUDA_ERROR_NO_DEVICE", "cudaErrorInsufficientDriver"; named from
                                the knowledge base when the log gives only the number
                                (logread_name_errors), "error N" when it does not know it */
    long number;             /* -1 when the log gives none and the knowledge base does not know the name */
    const char *meaning;     /* the knowledge base's, or NULL */
    const char *finding;     /* the GD code it points to (the knowledge base's), or NULL */
    long line;
    const char *text;
};

struct log_facts {
    unsigned long lines;
    unsigned long long bytes;
    unsigned long long_lines;   /* lines longer than LOGREAD_LINE_MAX (matched in windows) */
    unsigned long segments;     /* '\r'-separated parts of lines matched on their own (progress bars) */
    /* Hints at the OS, counted over the whole log. */
    unsigned long hint_windows, hint_linux, hint_wsl, hint_macos;
    struct log_value os_windows, os_linux, os_wsl, os_macos;  /* first line of each */
    struct log_value tf_version, torch_version, torch_cuda, jax_version, jaxlib_version,
        ort_version, cupy_version;
    struct log_value driver_version;   /* nvidia-smi "Driver Version" / collect_env */
    struct log_value driver_cuda;      /* nvidia-smi "CUDA Version" (the driver's ceiling) */
    struct log_value nvcc_version;     /* "release 12.4" */
    struct log_value gpu_name, gpu_cc;
    struct log_value pci_gpu;          /* an NVIDIA GPU on the PCI bus (lspci's line) */
    struct log_value cudnn_version;    /* collect_env "cuDNN version" */
    struct log_value toolkit_stated;   /* the CUDA toolkit a paste states in words: "cuda 8.0", "CUDA 11.2",
                                          /usr/local/cuda/version.txt's "CUDA Version 9.0.176" */
    struct log_value ort_build_cuda;   /* the CUDA major an ONNX Runtime release package's name carries
                                          (onnxruntime-win-x64-gpu-cuda12-1.17.1 -> "12"); its version goes to ort_version */
    struct log_value cudnn_stated;     /* the cuDNN a paste states in words: "cudnn9", "cuDNN 8.9.7", "cudnn: 8.2" */
    struct log_value ld_library_path;  /* as TensorFlow printed it */
    /* Context read from anywhere in the log (banners, paths, prints, the command line). */
    struct log_value python_version;   /* "3.10.12": banner, collect_env, a pythonX.Y path */
    struct log_value cuda_version;     /* the CUDA runtime/toolkit the log names (torch.version.cuda,
                                          "CUDA runtime 12.1", build info); not the driver's level */
    struct log_value win_python;       /* "[MSC v.1937 64 bit (AMD64)]": a native Windows CPython */
    struct log_value container;        /* a container: docker/podman command, root@<12 hex>, /.dockerenv */
    struct log_value conda;            /* conda: /opt/conda, anaconda3, miniconda3, envs/NAME, (base) */
    struct log_value conda_cpu;        /* a framework's conda package built for the CPU (its name: jaxlib) */
    struct log_value cluster;          /* a batch cluster: srun, sbatch, SLURM_*, #SBATCH */
    struct log_value pip_nvidia;       /* site-packages/nvidia/<lib>: pip's CUDA wheels */
    struct log_value command;          /* the command line that was run ("$ python train.py") */
    struct log_value cvd;              /* CUDA_VISIBLE_DEVICES as set in the log ("1", "", "-1") */
    struct log_value docker_gpus;      /* docker run/compose asked for GPUs (--gpus, --runtime=nvidia) */
    struct log_value arm;              /* a Linux aarch64 machine or a Jetson: "aarch64", "Jetson", "JetPack", "L4T" */
    struct log_value tf_xla_gpu;       /* TensorFlow 2.0-2.3 listed an XLA_GPU device (the driver sees a GPU) */
    struct log_value tf_not_cuda_build; /* tf.test.is_built_with_cuda() printed False */
    struct log_value toolkit_dir;      /* the version of a CUDA toolkit directory the log names (/usr/local/cuda-12.2,
                                          CUDA\\v11.8, a module's .../cudacore/12.2.2/lib64) */
    struct log_value other_gpu;        /* graphics that are not NVIDIA's, named: "Intel HD Graphics 4000", "Iris Xe", "Radeon" */
    struct log_value no_nvidia_said;   /* the reporter says there is no NVIDIA GPU: "not using NVIDIA GPU", "no NVIDIA GPU" */
    struct log_value driver_old_said;  /* a reporter's own words: "my Nvidia driver is too old" */
    struct log_value pip_cuda_extra;   /* a pip install of a framework's CUDA extra: jax[cuda12], jax[cuda12_pip] */
    struct log_value conda_torch_cuda; /* a conda install of PyTorch: the CUDA its spec asks for ("cudatoolkit=10.2",
                                          "pytorch-cuda=11.8") */
    struct log_value conda_torch_version; /* the same command's pinned PyTorch ("pytorch=1.9.0"), or NULL */
    struct log_value date;             /* "2024-05-22": the first timestamp "YYYY-MM-DD HH:MM" (or 'T') in a line's first bytes */
    struct log_lib mentions[LOG_MAX_LIBS];  /* CUDA library files named anywhere (an ls, a path) */
    size_t n_mentions;
    struct log_lib libs[LOG_MAX_LIBS];
    size_t n_libs;
    struct log_pkg pkgs[LOG_MAX_PKGS];
    size_t n_pkgs;
    struct log_cuda_error errs[LOG_MAX_ERRS];
    size_t n_errs;
    struct log_event ev[LE__COUNT];
};

/**
 * A stable name for a message family ("tf_dlopen_failed", ...), for JSON;
 * "unknown" for a value outside the enum.
 */
const char *log_event_name(enum log_ev ev);
/**
 * The program source that prints a family (a file path in its project), for
 * docs and JSON; "" for a value outside the enum.
 */
const char *log_event_source(enum log_ev ev);

/**
 * The CUDA line a CUDA library file name implies, for the libraries whose
 * file name follows the toolkit's version: libcudart, libcublas, libcublasLt,
 * libnvrtc (`.so.11` -> "11", `.so.10.0` -> "10.0", from 10.1 on the soname
 * carries the major only), their Windows DLLs (`cudart64_101.dll` -> "10.1",
 * `cudart64_110.dll` -> "11", `cublas64_12.dll` -> "12"), and any
 * `lib*.so.X.Y` of CUDA 10.0 and older (`libcusolver.so.8.0` -> "8.0", when
 * every CUDA library carried the toolkit's X.Y).  Writes the line into buf
 * (NUL-terminated, at most n bytes) and returns buf; NULL for another
 * library, a name it cannot read, or a buffer too small.  Pure; name is
 * borrowed.
 */
char *log_lib_cuda_line(const char *name, char *buf, size_t n);

/** The package's version as the log shows it (name normalised as in log_pkg), or NULL. */
const struct log_pkg *log_facts_pkg(const struct log_facts *lf, const char *name);

#endif
