/*
 * Unit tests for scan/logread: line splitting (chunking, CRLF, long lines)
 * and the extraction of each message family into facts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "diagnose/finding.h"
#include "kb/kb.h"
#include "scan/logread.h"
#include "util/strbuf.h"

static void feed_str(struct logread *lr, const char *s)
{
    logread_feed(lr, s, strlen(s));
}

static struct kb *kb;   /* built once: names the error codes a log shows */

static void read_all(struct logread *lr, const char *s)
{
    logread_init(lr);
    feed_str(lr, s);
    logread_finish(lr);
    if (!kb)
        kb = kb_new_builtin();
    logread_name_errors(lr, kb);
}

static void test_split_chunks_and_crlf(void)
{
    struct logread lr;
    const char *log = "a\r\nb\n\nlast without newline";
    size_t i;
    logread_init(&lr);
    for (i = 0; log[i]; i++)
        logread_feed(&lr, log + i, 1);   /* one byte at a time */
    logread_finish(&lr);
    CHECK_INT(lr.facts.lines, 4);
    CHECK_INT(lr.facts.bytes, strlen(log));
    logread_release(&lr);
}

static void test_long_line_bounded(void)
{
    struct logread lr;
    size_t n = LOGREAD_LINE_MAX * 3;
    char *big = malloc(n + 1);
    memset(big, 'x', n);
    /* The message sits in the matched prefix; the line goes on far past it. */
    memcpy(big, "Torch not compiled with CUDA enabled ", 37);
    big[n] = '\0';
    logread_init(&lr);
    feed_str(&lr, big);
    feed_str(&lr, "\nnext\n");
    logread_finish(&lr);
    CHECK_INT(lr.facts.lines, 2);
    CHECK_INT(lr.facts.long_lines, 1);
    CHECK_INT(lr.facts.ev[LE_TORCH_NOT_COMPILED].count, 1);
    CHECK(strlen(lr.facts.ev[LE_TORCH_NOT_COMPILED].hits[0].text) <= LOG_QUOTE_MAX);
    logread_release(&lr);
    free(big);
}

/* libnvidia-container's "file exists" at mount time: the path inside the image (issue #28) */
static void test_ctk_mount_file_exists(void)
{
    struct logread lr;
    read_all(&lr,
             "> nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/40c7/merged/"
             "usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file exists: unknown.\n"
             "nvidia-container-cli: mount error: file creation failed: /run/x/rootfs/usr/lib64/libcuda.so.1: "
             "permission denied\n");
    CHECK_INT(lr.facts.ev[LE_CTK_FILE_EXISTS].count, 1);
    CHECK_STR(lr.facts.ev[LE_CTK_FILE_EXISTS].a, "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1");
    logread_release(&lr);
    read_all(&lr, "mount error: file creation failed: : file exists\n");   /* no path: counted, nothing taken */
    CHECK_INT(lr.facts.ev[LE_CTK_FILE_EXISTS].count, 1);
    CHECK(lr.facts.ev[LE_CTK_FILE_EXISTS].a == NULL);
    logread_release(&lr);
}

/* a provider list printed as a Python list: without CUDA it is a family, with CUDA it is not */
static void test_ort_provider_list(void)
{
    struct logread lr;
    read_all(&lr, "  \xe2\x80\xa2 ['AzureExecutionProvider', 'CPUExecutionProvider']\n");
    CHECK_INT(lr.facts.ev[LE_ORT_PROVIDER_LIST].count, 1);
    logread_release(&lr);
    read_all(&lr, "['TensorrtExecutionProvider', 'CUDAExecutionProvider', 'CPUExecutionProvider']\n"
                  "[\"CUDAExecutionProvider\", \"CPUExecutionProvider\"]\n");
    CHECK_INT(lr.facts.ev[LE_ORT_PROVIDER_LIST].count, 0);
    logread_release(&lr);
}

/* the CUDA toolkit a paste states in words; not the driver's ceiling, a build's or a wheel's */
static void test_stated_toolkit(void)
{
    static const struct { const char *line, *want; } cases[] = {
        { "cuda 8.0\n", "8.0" },
        { "mxnet 1.4.0-1.1, cuda 10.1.105-6. `ldd ...` gives me:\n", "10.1.105" },
        { "CUDA Version 9.0.176\n", "9.0.176" },
        { "- CUDA: 11.2 (toolkit)\n", "11.2" },
        { "CUDA Toolkit 12.1 installed\n", "12.1" },
        { "| NVIDIA-SMI 535.54 Driver Version: 535.54 CUDA Version: 12.2 |\n", NULL },
        { "CUDA Version: 12.2\n", NULL },
        { "CUDA used to build PyTorch: 11.8\n", NULL },
        { "pip install torch --index-url https://download.pytorch.org/whl/cu121  # for CUDA 12.1\n", NULL },
        { "cuda 5.5\n", NULL },
        { "cudnn 8.9\n", NULL },
        { "/usr/local/cuda 12\n", NULL },
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct logread lr;
        read_all(&lr, cases[i].line);
        if (cases[i].want)
            CHECK_STR(lr.facts.toolkit_stated.v, cases[i].want);
        else
            CHECK(lr.facts.toolkit_stated.v == NULL);
        logread_release(&lr);
    }
}

static void test_tf_windows_dlopen(void)
{
    struct logread lr;
    read_all(&lr,
             "2022-10-13 10:00:00.1: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] "
             "Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\n"
             "2022-10-13 10:00:00.2: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above "
             "cudart dlerror if you do not have a GPU set up on your machine.\n"
             "tensorflow                   2.10.0\n");
    CHECK_INT(lr.facts.ev[LE_TF_DLOPEN_FAIL].count, 1);
    CHECK_STR(lr.facts.ev[LE_TF_DLOPEN_FAIL].a, "cudart64_110.dll");
    CHECK_INT(lr.facts.n_libs, 1);
    CHECK_STR(lr.facts.libs[0].name, "cudart64_110.dll");
    CHECK_STR(lr.facts.libs[0].error, "cudart64_110.dll not found");
    CHECK_INT(lr.facts.libs[0].line, 1);
    CHECK_INT(lr.facts.ev[LE_TF_CUDART_IGNORE].count, 1);
    CHECK_STR(lr.facts.tf_version.v, "2.10.0");
    CHECK_INT(lr.facts.tf_version.line, 3);
    CHECK(lr.facts.hint_windows > 0);
    logread_release(&lr);
}

static void test_tf_linux_ld_library_path(void)
{
    struct logread lr;
    read_all(&lr,
             "W dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: "
             "libcudnn.so.8: cannot open shared object file: No such file or directory; "
             "LD_LIBRARY_PATH: /usr/local/cuda/lib64\n"
             "W gpu_device.cc:1850] Cannot dlopen some GPU libraries. Please make sure ...\n");
    CHECK_INT(lr.facts.n_libs, 1);
    CHECK_STR(lr.facts.libs[0].name, "libcudnn.so.8");
    CHECK_STR(lr.facts.ld_library_path.v, "/usr/local/cuda/lib64");
    CHECK_INT(lr.facts.ev[LE_TF_SKIP_GPU].count, 1);
    CHECK_INT(lr.facts.ev[LE_SO_NOT_FOUND].count, 0);   /* TF's own line, not the generic one */
    CHECK(lr.facts.hint_linux > 0);
    logread_release(&lr);
}

static void test_noise_only(void)
{
    struct logread lr;
    read_all(&lr,
             "E0000 00:00:1.2 cuda_dnn.cc:8310] Unable to register cuDNN factory: Attempting to "
             "register factory for plugin cuDNN when one has already been registered\n"
             "I cuda_executor.cc:901] successful NUMA node read from SysFS had negative value (-1)\n"
             "I port.cc:113] oneDNN custom operations are on. You may see slightly different\n"
             "W py_utils.cc:38] TF-TRT Warning: Could not find TensorRT\n");
    CHECK_INT(lr.facts.ev[LE_NOISE_FACTORY].count, 1);
    CHECK_INT(lr.facts.ev[LE_NOISE_NUMA].count, 1);
    CHECK_INT(lr.facts.ev[LE_NOISE_ONEDNN].count, 1);
    CHECK_INT(lr.facts.ev[LE_NOISE_TRT].count, 1);
    CHECK_INT(lr.facts.n_libs, 0);
    CHECK_INT(lr.facts.n_errs, 0);
    logread_release(&lr);
}

static void test_nvidia_smi(void)
{
    struct logread lr;
    read_all(&lr,
             "+-----------------------------------------------------------------------------+\n"
             "| NVIDIA-SMI 470.223.02   Driver Version: 470.223.02   CUDA Version: 11.4     |\n"
             "|-------------------------------+----------------------+----------------------+\n"
             "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
             "|   0  Tesla T4            Off  | 00000000:00:04.0 Off |                    0 |\n"
             "Cuda compilation tools, release 12.4, V12.4.131\n");
    CHECK_STR(lr.facts.driver_version.v, "470.223.02");
    CHECK_STR(lr.facts.driver_cuda.v, "11.4");
    CHECK_STR(lr.facts.gpu_name.v, "Tesla T4");
    CHECK_STR(lr.facts.nvcc_version.v, "12.4");
    logread_release(&lr);
}

static void test_nvidia_smi_r610(void)
{
    struct logread lr;
    read_all(&lr, "| NVIDIA-SMI 610.57.04   KMD Version: 610.57.04   CUDA UMD Version: 13.3 |\n");
    CHECK_STR(lr.facts.driver_version.v, "610.57.04");
    CHECK_STR(lr.facts.driver_cuda.v, "13.3");
    logread_release(&lr);
}

static void test_torch_messages(void)
{
    struct logread lr;
    read_all(&lr,
             "/x/torch/cuda/__init__.py:118: UserWarning: CUDA initialization: The NVIDIA driver on "
             "your system is too old (found version 11040). Please update your GPU driver "
             "(Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)\n"
             ">>> torch.cuda.is_available()\n"
             "False\n"
             "torch==2.1.0+cu121\n"
             "UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with "
             "the current PyTorch installation.\n"
             "The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90.\n");
    CHECK_INT(lr.facts.ev[LE_DRIVER_TOO_OLD].count, 1);
    CHECK_STR(lr.facts.ev[LE_DRIVER_TOO_OLD].a, "11040");
    CHECK_INT(lr.facts.ev[LE_CUDA_INIT_WARNING].count, 1);
    CHECK_INT(lr.facts.ev[LE_TORCH_NO_GPU].count, 1);
    CHECK_STR(lr.facts.torch_version.v, "2.1.0+cu121");
    CHECK_STR(lr.facts.ev[LE_SM_INCOMPATIBLE].a, "sm_120");
    CHECK_STR(lr.facts.ev[LE_SM_INCOMPATIBLE].b, "sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90");
    CHECK_STR(lr.facts.gpu_name.v, "NVIDIA GeForce RTX 5090");
    CHECK_STR(lr.facts.gpu_cc.v, "12.0");
    logread_release(&lr);
}

static void test_torch_winerror_and_so(void)
{
    struct logread lr;
    read_all(&lr,
             "OSError: [WinError 126] The specified module could not be found. Error loading "
             "\"C:\\venv\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll\" or one of its dependencies.\n"
             "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory\n");
    CHECK_INT(lr.facts.ev[LE_WIN_DLL_LOAD].count, 1);
    CHECK_INT(lr.facts.n_libs, 2);
    CHECK_STR(lr.facts.libs[0].name, "cudnn_cnn_infer64_8.dll");
    CHECK_STR(lr.facts.libs[1].name, "libcudnn.so.9");
    CHECK_STR(lr.facts.libs[1].via, "loader");
    logread_release(&lr);
}

static void test_jax(void)
{
    struct logread lr;
    read_all(&lr,
             "WARNING:jax._src.xla_bridge:An NVIDIA GPU may be present on this machine, but a "
             "CUDA-enabled jaxlib is not installed. Falling back to cpu.\n"
             "CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built against "
             "version 8904, which is newer. The copy of cuDNN that is installed must be at least as new.\n"
             "RuntimeWarning: JAX plugin jax_cuda12_plugin version 0.7.2 is installed, but it is not "
             "compatible with the installed jaxlib version 0.7.1, so it will not be used.\n"
             "Outdated cuDNN installation found.\n"
             "Version JAX was built against: 90300\n"
             "Minimum supported: 90100\n"
             "Installed version: 8907\n"
             "jaxlib: 0.4.30\n");
    CHECK_INT(lr.facts.ev[LE_JAX_CPU_JAXLIB].count, 1);
    CHECK_STR(lr.facts.ev[LE_JAX_VERSION_LOW].a, "cuDNN");
    CHECK_STR(lr.facts.ev[LE_JAX_VERSION_LOW].b, "8600");
    CHECK_STR(lr.facts.ev[LE_JAX_VERSION_LOW].c, "8904");
    CHECK_INT(lr.facts.ev[LE_JAX_BACKEND_FAIL].count, 1);
    CHECK_STR(lr.facts.ev[LE_JAX_PLUGIN_MISMATCH].a, "jax_cuda12_plugin version 0.7.2");
    CHECK_STR(lr.facts.ev[LE_JAX_PLUGIN_MISMATCH].b, "0.7.1");
    CHECK_STR(lr.facts.ev[LE_JAX_OUTDATED].a, "cuDNN");
    CHECK_STR(lr.facts.ev[LE_JAX_OUTDATED].b, "8907");
    CHECK_STR(lr.facts.ev[LE_JAX_OUTDATED].c, "90300");
    CHECK_STR(lr.facts.jaxlib_version.v, "0.4.30");
    logread_release(&lr);
}

static void test_ort_and_cuda_errors(void)
{
    struct logread lr;
    read_all(&lr,
             "[E:onnxruntime:Default, provider_bridge_ort.cc:1480 TryGetProviderInfo_CUDA] "
             "/onnxruntime_src/onnxruntime/core/session/provider_bridge_ort.cc:1193 "
             "[ONNXRuntimeError] : 1 : FAIL : Failed to load library libonnxruntime_providers_cuda.so "
             "with error: libcublasLt.so.11: cannot open shared object file: No such file or directory\n"
             "[W:onnxruntime:Default, onnxruntime_pybind_state.cc:993 CreateExecutionProviderInstance] "
             "Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.*. Please install\n"
             "E cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected\n"
             "cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorInsufficientDriver: CUDA driver "
             "version is insufficient for CUDA runtime version\n");
    CHECK_INT(lr.facts.ev[LE_ORT_PROVIDER_FAIL].count, 1);
    CHECK_INT(lr.facts.n_libs, 1);
    CHECK_STR(lr.facts.libs[0].name, "libcublasLt.so.11");
    CHECK_STR(lr.facts.libs[0].via, "onnxruntime");
    CHECK_STR(lr.facts.ev[LE_ORT_EP_FAIL].a, "cuDNN 9.* and CUDA 12.*");
    CHECK_INT(lr.facts.n_errs, 2);
    CHECK_STR(lr.facts.errs[0].name, "CUDA_ERROR_NO_DEVICE");
    CHECK_INT(lr.facts.errs[0].number, 100);
    CHECK_STR(lr.facts.errs[1].name, "cudaErrorInsufficientDriver");
    CHECK_INT(lr.facts.errs[1].number, 35);
    CHECK_INT(lr.facts.ev[LE_INSUFFICIENT_DRIVER].count, 1);
    logread_release(&lr);
}

static void test_traceback_and_pip(void)
{
    struct logread lr;
    read_all(&lr,
             "Traceback (most recent call last):\n"
             "  File \"train.py\", line 3, in <module>\n"
             "    x = torch.zeros(1).cuda()\n"
             "AssertionError: Torch not compiled with CUDA enabled\n"
             "Name: tensorflow\n"
             "Version: 2.16.1\n"
             "Successfully installed jax-0.4.30 jaxlib-0.4.30 numpy-1.26.4\n");
    CHECK_INT(lr.facts.ev[LE_EXCEPTION].count, 1);
    CHECK_STR(lr.facts.ev[LE_EXCEPTION].a, "AssertionError: Torch not compiled with CUDA enabled");
    CHECK_INT(lr.facts.ev[LE_TORCH_NOT_COMPILED].count, 1);
    CHECK_STR(lr.facts.tf_version.v, "2.16.1");
    CHECK_STR(lr.facts.jax_version.v, "0.4.30");
    CHECK_STR(lr.facts.jaxlib_version.v, "0.4.30");
    CHECK(log_facts_pkg(&lr.facts, "numpy") == NULL);
    logread_release(&lr);
}

static void test_gpu_list_empty_and_cvd(void)
{
    struct logread lr;
    read_all(&lr,
             ">>> tf.config.list_physical_devices('GPU')\n"
             "[]\n"
             "$ CUDA_VISIBLE_DEVICES=-1 python train.py\n");
    CHECK_INT(lr.facts.ev[LE_GPU_LIST_EMPTY].count, 1);
    CHECK_INT(lr.facts.ev[LE_CVD_HIDDEN].count, 1);
    logread_release(&lr);
}

static void test_caps_hold(void)
{
    struct logread lr;
    char line[128];
    int i;
    logread_init(&lr);
    for (i = 0; i < 200; i++) {
        int k = snprintf(line, sizeof(line),
                         "Could not load dynamic library 'libfoo%d.so.1'; dlerror: x\n", i);
        logread_feed(&lr, line, (size_t)k);
    }
    logread_finish(&lr);
    CHECK_INT(lr.facts.ev[LE_TF_DLOPEN_FAIL].count, 200);
    CHECK_INT(lr.facts.ev[LE_TF_DLOPEN_FAIL].n_hits, LOG_MAX_HITS);
    CHECK_INT(lr.facts.n_libs, LOG_MAX_LIBS);
    logread_release(&lr);
}

/* Every row of the pattern table: cited by URL, a valid kind, and its text
   (with its "also" text) on a line of its own counts its family. */
static void test_pattern_table(void)
{
    const struct log_pattern *r;
    size_t i;
    char line[512];
    for (i = 0; (r = log_pattern_at(i)) != NULL; i++) {
        struct logread lr;
        CHECK(r->text && r->text[0]);
        CHECK(r->cite && !strncmp(r->cite, "https://", 8));
        CHECK(!r->kind || finding_kind_valid(r->kind));
        CHECK((unsigned)r->ev <= LE__COUNT);
        if (r->ev == LE__COUNT || r->ev == LE_SO_NOT_FOUND)
            continue;
        /* a word between the two texts: blanks fold, so "A " + " B" would share one space */
        snprintf(line, sizeof(line), "x %s w %s y\n", r->text, r->also ? r->also : "");
        read_all(&lr, line);
        if (!lr.facts.ev[r->ev].count)
            printf("row %zu (%s) did not count its family\n", i, r->text);
        CHECK(lr.facts.ev[r->ev].count >= 1);
        logread_release(&lr);
    }
    CHECK(i > 100);
}

static void test_context(void)
{
    struct logread lr;
    read_all(&lr,
             "Python 3.10.11 (tags/v3.10.11:7d4cc5a, Apr  5 2023) [MSC v.1929 64 bit (AMD64)] on win32\n"
             "(venv) u@box:~/p$ CUDA_VISIBLE_DEVICES=1 python main.py\n"
             "root@3f2a1b9c8d7e:/workspace# ls\n"
             "  File \"/opt/conda/lib/python3.11/site-packages/nvidia/cudnn/lib/x.py\", line 1\n"
             "2024 I cuda_dnn.cc:529] Loaded cuDNN version 8907\n"
             "/usr/local/cuda-11.8/lib64\n");
    CHECK_STR(lr.facts.python_version.v, "3.10.11");
    CHECK_INT(lr.facts.python_version.line, 1);
    CHECK_STR(lr.facts.win_python.v, "msc");
    CHECK_STR(lr.facts.cvd.v, "1");
    CHECK_INT(lr.facts.cvd.line, 2);
    CHECK(lr.facts.command.v && !strncmp(lr.facts.command.v, "CUDA_VISIBLE_DEVICES=1 python", 29));
    CHECK_STR(lr.facts.container.v, "container");
    CHECK_INT(lr.facts.container.line, 3);
    CHECK(lr.facts.conda.v != NULL);
    CHECK(lr.facts.pip_nvidia.v != NULL);
    CHECK_STR(lr.facts.cudnn_version.v, "8907");
    CHECK_STR(lr.facts.cuda_version.v, "11.8");
    CHECK_INT(lr.facts.ev[LE_CVD_HIDDEN].count, 0);
    logread_release(&lr);
}

static void test_long_tail_captures(void)
{
    struct logread lr;
    read_all(&lr,
             "E cuda_diagnostics.cc:313] kernel version 470.57.2 does not match DSO version 510.47.3 -- cannot find working devices\n"
             "The detected CUDA version (12.1) mismatches the version that was used to compile PyTorch (11.8).\n"
             "ValueError: libnvrtc.so.*[0-9] not found in the system path ['/x']\n"
             "OSError: /a/libcublas.so.11: symbol cublasLtGetStatusString version libcublasLt.so.11 not defined in file libcublasLt.so.11 with link time reference\n"
             "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver\n"
             "ptxas fatal   : Value 'sm_89' is not defined for option 'gpu-name'\n");
    CHECK_STR(lr.facts.ev[LE_DSO_MISMATCH].a, "470.57.2");
    CHECK_STR(lr.facts.ev[LE_DSO_MISMATCH].b, "510.47.3");
    CHECK_STR(lr.facts.ev[LE_EXT_CUDA_MISMATCH].a, "12.1");
    CHECK_STR(lr.facts.ev[LE_EXT_CUDA_MISMATCH].b, "11.8");
    CHECK_STR(lr.facts.ev[LE_TORCH_PRELOAD].a, "libnvrtc.so.*[0-9]");
    CHECK_STR(lr.facts.ev[LE_UNDEFINED_SYMBOL].a, "libcublasLt.so.11");
    CHECK_STR(lr.facts.ev[LE_UNDEFINED_SYMBOL].b, "cublasLtGetStatusString");
    CHECK_STR(lr.facts.ev[LE_DRIVER_REQUIREMENT].a, "12.8");
    CHECK_STR(lr.facts.ev[LE_COMPILER_ARCH].a, "sm_89");
    logread_release(&lr);
}

/*
 * Parts of a message out of order or overlapping (found by fuzz_logread):
 * every offset between two matches must stay inside the line.  Each line is
 * handed to logread_line in a heap buffer of exactly its length, so ASan
 * flags any read past it, and numbers at the very end of a line must not be
 * read on into the bytes after it.
 */
static void read_exact(struct logread *lr, const char *s)
{
    size_t n = strlen(s);
    char *b = malloc(n);
    memcpy(b, s, n);
    logread_line(lr, b, n);
    free(b);
}

static void test_out_of_order_parts(void)
{
    static const char *const lines[] = {
        "not compatible with the installed jaxlib version 0.7.1 JAX plugin x",
        "JAX plugin is installed, not compatible with the installed jaxlib version 0.7.1",
        "JAX plugin not compatible with the installed jaxlib version ",
        "Outdated installation found",
        " installation found Outdated x",
        "CUDA initialization: Error ",
        "CUDA initialization: Error 8",
        "cuda runtime error (",
        "cuda runtime error (3",
        ", but JAX was built against version Found cuDNN version 1",
        "undefined symbol: ",
        "undefined symbol: , version ",
    };
    struct logread lr;
    size_t i;
    logread_init(&lr);
    for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
        read_exact(&lr, lines[i]);
    logread_finish(&lr);
    if (!kb)
        kb = kb_new_builtin();
    logread_name_errors(&lr, kb);
    /* A row's two texts must not overlap, and the plugin message's must come
       in its order (the first line has them reversed; the second has them in
       order, the third is the message with its versions cut).  What is
       captured stays inside the line: no plugin name, the jaxlib version, no
       outdated library name, no cuDNN versions from a cut message. */
    CHECK_INT(lr.facts.ev[LE_JAX_PLUGIN_MISMATCH].count, 2);
    CHECK_INT(lr.facts.ev[LE_JAX_OUTDATED].count, 0);
    CHECK_STR(lr.facts.ev[LE_JAX_PLUGIN_MISMATCH].a, "");
    CHECK_STR(lr.facts.ev[LE_JAX_PLUGIN_MISMATCH].b, "0.7.1");
    CHECK(lr.facts.ev[LE_JAX_OUTDATED].a == NULL || !strcmp(lr.facts.ev[LE_JAX_OUTDATED].a, ""));
    CHECK(lr.facts.ev[LE_JAX_VERSION_LOW].a == NULL);
    CHECK(lr.facts.ev[LE_JAX_VERSION_LOW].b == NULL);
    /* "CUDA initialization: Error 8" is runtime error 8 (the knowledge base
       names every cudaError_t); "cuda runtime error (3" is error 3, whatever
       follows the line in memory */
    CHECK_INT(lr.facts.n_errs, 2);
    CHECK_STR(lr.facts.errs[0].name, "cudaErrorProfilerAlreadyStopped");
    CHECK_INT(lr.facts.errs[0].number, 8);
    CHECK_STR(lr.facts.errs[1].name, "cudaErrorInitializationError");
    CHECK_INT(lr.facts.errs[1].number, 3);
    logread_release(&lr);

    /* the same through logread_feed, whose line buffer keeps the previous line's bytes */
    read_all(&lr, "xxxxxxxxxxxxxxxxxxxxx5\ncuda runtime error (3\n");
    CHECK_INT(lr.facts.n_errs, 1);
    CHECK_INT(lr.facts.errs[0].number, 3);
    logread_release(&lr);
}

/* A NUL in a quoted line is shown as "\0", never ends the quote. */
static void test_nul_in_quote(void)
{
    struct logread lr;
    static const char log[] = "\0\0Torch not compiled with CUDA enabled\n";
    logread_init(&lr);
    logread_feed(&lr, log, sizeof(log) - 1);
    logread_finish(&lr);
    CHECK_INT(lr.facts.ev[LE_TORCH_NOT_COMPILED].count, 1);
    CHECK_STR(lr.facts.ev[LE_TORCH_NOT_COMPILED].hits[0].text, "\\0\\0Torch not compiled with CUDA enabled");
    logread_release(&lr);
}

/* A progress bar redraws with '\r': the error after (or between) its segments is found. */
static void test_carriage_return_segments(void)
{
    struct logread lr;
    struct strbuf sb = STRBUF_INIT;
    size_t i;
    for (i = 0; i < 2000; i++)
        strbuf_addf(&sb, " %3zu%%|####      | %zu/2000 [00:01<00:09]\r", i % 100, i);
    strbuf_addstr(&sb, "RuntimeError: CUDA error: no kernel image is available for execution on the device\r");
    strbuf_addstr(&sb, " 99%|#########| done\n");
    read_all(&lr, sb.buf);
    CHECK_INT(lr.facts.lines, 1);
    CHECK_INT(lr.facts.ev[LE_NO_KERNEL_IMAGE].count, 1);
    CHECK_INT(lr.facts.ev[LE_NO_KERNEL_IMAGE].hits[0].line, 1);
    CHECK(strstr(lr.facts.ev[LE_NO_KERNEL_IMAGE].hits[0].text, "no kernel image") != NULL);
    CHECK_INT(lr.facts.segments, 2001);
    logread_release(&lr);
    strbuf_release(&sb);
}

/* A message far into a long line, and one across a window's edge, are found; a line counts once. */
static void test_message_deep_in_long_line(void)
{
    static const char msg[] = "Torch not compiled with CUDA enabled";
    struct logread lr;
    size_t n = LOGREAD_LINE_MAX * 5, at, k, edge;
    char *big = malloc(n + 1);
    for (k = 0; k < 2; k++) {
        memset(big, 'x', n);
        big[n] = '\0';
        /* k 0: deep inside the fourth window; k 1: across the first window's end */
        edge = LOGREAD_LINE_MAX - 10;
        at = k ? edge : LOGREAD_LINE_MAX * 3 + 100;
        memcpy(big + at, msg, strlen(msg));
        memcpy(big + n - 200, msg, strlen(msg));   /* a second time on the same line */
        logread_init(&lr);
        for (size_t i = 0; i < n; i += 1000)   /* fed in chunks that split the windows anywhere */
            logread_feed(&lr, big + i, n - i < 1000 ? n - i : 1000);
        feed_str(&lr, "\n");
        logread_finish(&lr);
        CHECK_INT(lr.facts.lines, 1);
        CHECK_INT(lr.facts.long_lines, 1);
        CHECK_INT(lr.facts.ev[LE_TORCH_NOT_COMPILED].count, 1);
        CHECK(strstr(lr.facts.ev[LE_TORCH_NOT_COMPILED].hits[0].text, msg) != NULL);
        CHECK(strlen(lr.facts.ev[LE_TORCH_NOT_COMPILED].hits[0].text) <= LOG_QUOTE_MAX);
        logread_release(&lr);
    }
    free(big);
}

/* Real pastes: colour codes, other case, folded blanks, typographic quotes,
 * an escaped (JSON/repr) Windows path, and log prefixes before the message. */
static void test_normalised_reading(void)
{
    struct logread lr;
    read_all(&lr,
             "\x1b[31mRuntimeError\x1b[0m: torch NOT compiled   with\tcuda enabled\n"
             "W0000 00:00:1700000000.123456   42 cuda_dnn.cc:535] Loaded runtime CuDNN library: 8.6.0 "
             "but source was compiled with: 8.9.4.\n"
             "2024-01-31 12:34:56.123456: W tensorflow/tsl/dso_loader.cc:66] Could not load dynamic library "
             "\xe2\x80\x98libcudnn.so.8\xe2\x80\x99; dlerror: libcudnn.so.8: cannot open shared object file\n"
             "Error loading \\\"C:\\\\Users\\\\me\\\\torch\\\\lib\\\\cudnn_cnn_infer64_8.dll\\\" or one of its dependencies.\n"
             "WARNING:jax._src.xla_bridge:CUDA backend failed to initialize: Unable to load CUDA.\n"
             "[W 12:00:01.123 NotebookApp] Python 3.10.12 (main)\n"
             "Jan  5 10:11:12 host kernel: [   12.345678] NVRM: API mismatch: the client has the version "
             "535.154.05, but\n"
             "app-1  | Traceback (most recent call last):\n"
             "app-1  |   File \"x.py\", line 1\n"
             "app-1  | RuntimeError: No CUDA GPUs are available\n");
    CHECK_INT(lr.facts.ev[LE_TORCH_NOT_COMPILED].count, 1);
    CHECK_STR(lr.facts.ev[LE_TORCH_NOT_COMPILED].hits[0].text,
              "RuntimeError: torch NOT compiled with cuda enabled");
    CHECK_INT(lr.facts.ev[LE_CUDNN_MISMATCH].count, 1);
    CHECK_INT(lr.facts.ev[LE_TF_DLOPEN_FAIL].count, 1);
    CHECK_INT(lr.facts.n_libs >= 2, 1);
    CHECK_STR(lr.facts.libs[0].name, "libcudnn.so.8");
    CHECK(strstr(lr.facts.libs[1].name, "cudnn_cnn_infer64_8.dll") != NULL);
    CHECK(strstr(lr.facts.libs[1].name, "\\\\") == NULL);
    CHECK_INT(lr.facts.ev[LE_JAX_BACKEND_FAIL].count, 1);
    CHECK_STR(lr.facts.python_version.v, "3.10.12");
    CHECK_INT(lr.facts.ev[LE_NVRM_API_MISMATCH].count, 1);
    CHECK_INT(lr.facts.ev[LE_EXCEPTION].count, 1);
    CHECK_STR(lr.facts.ev[LE_EXCEPTION].a, "RuntimeError: No CUDA GPUs are available");
    logread_release(&lr);
}

/* A log pasted as one code block (Markdown's four spaces, a tab) reads as
 * the log itself: the traceback's exception line (which must start the
 * line) and the command are found, quotes carry no block indentation; a
 * deeper line keeps its own.  A log whose later lines do not share the
 * first line's indentation is not a block, and nothing more is dropped. */
static void test_code_block_paste(void)
{
    static const char *const marks[] = { "    ", "\t", "        " };
    struct logread lr;
    size_t i;
    for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
        struct strbuf sb = STRBUF_INIT;
        const char *m = marks[i];
        strbuf_addf(&sb, "%s$ python train.py\n%sTraceback (most recent call last):\n"
                    "%s  File \"train.py\", line 3, in <module>\n\n%sRuntimeError: Found no NVIDIA driver "
                    "on your system.\n", m, m, m, m);
        read_all(&lr, sb.buf);
        CHECK_INT(lr.facts.ev[LE_EXCEPTION].count, 1);
        CHECK_STR(lr.facts.ev[LE_EXCEPTION].a, "RuntimeError: Found no NVIDIA driver on your system.");
        CHECK_INT(lr.facts.ev[LE_NO_DRIVER].count, 1);
        CHECK_STR(lr.facts.ev[LE_NO_DRIVER].hits[0].text, "RuntimeError: Found no NVIDIA driver on your system.");
        logread_release(&lr);
        strbuf_release(&sb);
    }
    /* Eight spaces, then four: the common four are the block's. */
    read_all(&lr, "        Traceback (most recent call last):\n    RuntimeError: No CUDA GPUs are available\n");
    CHECK_STR(lr.facts.ev[LE_EXCEPTION].a, "RuntimeError: No CUDA GPUs are available");
    logread_release(&lr);
    /* Not a block: the second line is not indented; the third keeps its spaces. */
    read_all(&lr, "    import torch\nTraceback (most recent call last):\n    RuntimeError: No CUDA GPUs are available\n");
    CHECK_INT(lr.facts.ev[LE_EXCEPTION].count, 0);
    CHECK_INT(lr.facts.ev[LE_NO_CUDA_GPUS].count, 1);
    CHECK_STR(lr.facts.ev[LE_NO_CUDA_GPUS].hits[0].text, "    RuntimeError: No CUDA GPUs are available");
    logread_release(&lr);
    /* Two spaces (a traceback's own indentation) are no block. */
    read_all(&lr, "  RuntimeError: No CUDA GPUs are available\n");
    CHECK_STR(lr.facts.ev[LE_NO_CUDA_GPUS].hits[0].text, "  RuntimeError: No CUDA GPUs are available");
    logread_release(&lr);
}

/* fold_at: s hard-wrapped every w bytes, as fold(1) or a terminal's copy
 * does (the caller frees). */
static char *fold_at(const char *s, size_t w)
{
    struct strbuf sb = STRBUF_INIT;
    size_t col = 0;
    for (; *s; s++) {
        if (*s == '\n')
            col = 0;
        else if (col == w) {
            strbuf_addch(&sb, '\n');
            col = 0;
        }
        if (*s != '\n')
            col++;
        strbuf_addch(&sb, *s);
    }
    return strbuf_detach(&sb, NULL);
}

/* A hard-wrapped log: the messages cut by the wrap are found across it,
 * once each, as the wrapped line's (its first part's number), with the
 * library whose name the wrap cut whole; a long line wrapped three times
 * carries its tail on.  A log that is not wrapped is read as before. */
static void test_hard_wrapped_lines(void)
{
    struct logread lr;
    char *w;
    /* Cut inside the message's library name. */
    w = fold_at("$ python -c 'import tensorflow'\n"
                "2022-06-10 00:19:17.094577: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not "
                "load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object "
                "file: No such file or directory\n", 129);
    CHECK(strstr(w, "libcudart.so.11.0'") == NULL);   /* the wrap did cut it */
    read_all(&lr, w);
    CHECK_INT(lr.facts.ev[LE_TF_DLOPEN_FAIL].count, 1);
    CHECK_INT(lr.facts.ev[LE_TF_DLOPEN_FAIL].hits[0].line, 2);
    CHECK_INT(lr.facts.n_libs >= 1, 1);
    CHECK_STR(lr.facts.libs[0].name, "libcudart.so.11.0");
    logread_release(&lr);
    free(w);
    /* Three parts: the message starts two lines before its "file exists". */
    w = fold_at("nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/"
                "36b6fcd35cb3d156b325203e5766197a4c32259e1efd25567305af74aa3f5e80/merged/usr/lib/x86_64-linux-gnu/"
                "libnvidia-ml.so.1: file exists: unknown.\n", 80);
    read_all(&lr, w);
    CHECK_INT(lr.facts.ev[LE_CTK_FILE_EXISTS].count, 1);
    CHECK_INT(lr.facts.ev[LE_CTK_FILE_EXISTS].hits[0].line, 1);
    CHECK_STR(lr.facts.ev[LE_CTK_FILE_EXISTS].a, "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1");
    logread_release(&lr);
    {
        /* The same copied from a Windows console: CRLF line ends. */
        struct strbuf crlf = STRBUF_INIT;
        const char *c;
        for (c = w; *c; c++) {
            if (*c == '\n')
                strbuf_addch(&crlf, '\r');
            strbuf_addch(&crlf, *c);
        }
        read_all(&lr, crlf.buf);
        CHECK_INT(lr.facts.ev[LE_CTK_FILE_EXISTS].count, 1);
        CHECK_STR(lr.facts.ev[LE_CTK_FILE_EXISTS].a, "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1");
        logread_release(&lr);
        strbuf_release(&crlf);
    }
    free(w);
    /* Cut inside a library name the next line's own message names: the
     * continuation's reading takes the whole name, never the fragment
     * after the cut ("blasLt.so.11"), whether or not the join took it. */
    {
        static const char *const logs[] = {
            "2024-03-01 10:00:00.000000: E onnxruntime:Default, provider_bridge_ort.cc:1548 TryGetProviderInfo_CUDA] "
            "Failed to load library libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open "
            "shared object file: No such file or directory\n",
            "OSError: /opt/conda/lib/python3.10/site-packages/torch/lib/../../nvidia/cublas/lib/libcublas.so.11: "
            "libcublasLt.so.11: cannot open shared object file: No such file or directory\n",
            NULL
        };
        size_t t, i;
        for (t = 0; logs[t]; t++) {
            const char *cut = strstr(logs[t], "libcublasLt.so.11:");
            int whole = 0;
            w = fold_at(logs[t], (size_t)(cut - logs[t]) + 5);   /* "libcu" | "blasLt.so.11" */
            CHECK(strstr(w, "libcu\nblasLt.so.11") != NULL);
            read_all(&lr, w);
            for (i = 0; i < lr.facts.n_libs; i++) {
                CHECK(strcmp(lr.facts.libs[i].name, "blasLt.so.11") != 0);
                whole += !strcmp(lr.facts.libs[i].name, "libcublasLt.so.11");
            }
            CHECK_INT(whole, 1);
            logread_release(&lr);
            free(w);
        }
    }
    /* Shorter than the longest line before it: not taken for a wrap. */
    read_all(&lr, "2022-06-10 00:19:17.094577: I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow "
                  "binary is optimized\nnvidia-container-cli: mount error: file creation failed: /merged/usr/bin/x\n"
                  "file exists\n");
    CHECK_INT(lr.facts.ev[LE_CTK_FILE_EXISTS].count, 0);
    logread_release(&lr);
}

/* Error codes in each framework's format, named from the knowledge base. */
static void test_error_code_formats(void)
{
    struct logread lr;
    read_all(&lr,
             "Warp CUDA error: Failed to get driver entry point 'cuInit' (CUDA error 34)\n"
             "ExternalError: Cuda error(35), CUDA driver version is insufficient for CUDA runtime version.\n"
             "CUDA failure 100: no CUDA-capable device is detected ; GPU=0 ; hostname=x ; expr=cudaSetDevice(0);\n"
             "Failed to initialize NVML: GPU access blocked by the operating system\n"
             "nvml error NVML_ERROR_LIB_RM_VERSION_MISMATCH\n"
             "cuDNN error: CUDNN_STATUS_NOT_INITIALIZED\n"
             "Could not load library cudnn_cnn_infer64_8.dll. Error code 126 (CUDA path)\n"
             "see cuda_error_check.h: cudaerrornodevice\n");
    CHECK_INT(lr.facts.n_errs, 6);
    CHECK_STR(lr.facts.errs[0].name, "cudaErrorStubLibrary");
    CHECK_STR(lr.facts.errs[0].finding, "GD106");
    CHECK_STR(lr.facts.errs[1].name, "cudaErrorInsufficientDriver");
    CHECK_STR(lr.facts.errs[1].finding, "GD208");
    CHECK_STR(lr.facts.errs[2].name, "cudaErrorNoDevice");
    CHECK_STR(lr.facts.errs[3].name, "NVML_ERROR_OPERATING_SYSTEM");
    CHECK_INT(lr.facts.errs[3].number, 17);
    CHECK_STR(lr.facts.errs[3].api, "nvml");
    CHECK_STR(lr.facts.errs[4].finding, "GD103");
    CHECK_INT(lr.facts.errs[4].number, 18);
    CHECK_STR(lr.facts.errs[5].api, "cudnn");
    CHECK_INT(lr.facts.errs[5].number, 1001);
    CHECK(lr.facts.errs[5].meaning != NULL);
    logread_release(&lr);
}

/* issue 28, the frameworks' own messages (read from their source): the captures of each new row */
static void test_framework_own_words(void)
{
    struct logread lr;
    read_all(&lr,
             "I tensorflow/stream_executor/dso_loader.cc:126] Couldn't open CUDA library libcudnn.so.5. LD_LIBRARY_PATH: /usr/local/cuda/lib64\n"
             "W0623 12:29:30.035391 62732 dynamic_loader.cc:305] The third-party dynamic library (cublas64_11.dll) that Paddle depends on is not configured correctly. (error code is 126)\n"
             "RuntimeError: Unable to load cuPTI. Is it installed?\n"
             "W0522 gpu_resources.cc:96] The GPU compute capability in your current machine is 120, which is not supported by Paddle, it is recommended\n"
             "W0522 gpu_resources.cc:119] Please NOTE: device: 0, GPU Compute Capability: 12.0, Driver API Version: 11.4, Runtime API Version: 12.0\n"
             "InvalidArgumentError: The installed Paddle is compiled with CUDA12/cuDNN9,but CUDA/cuDNN version in your machine is CUDA11/cuDNN8.\n"
             "E cuda_driver.cc:274] failed call to cuInit: UNKNOWN ERROR (303)\n"
             "pynvml.nvml.NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version mismatch.\n"
             "NVMLError_ (no name)\n"
             "RuntimeError: jaxlib is version 0.4.14, but this version of jax requires version >= 0.4.19.\n");
    CHECK_INT(lr.facts.n_libs, 2);
    CHECK_STR(lr.facts.libs[0].name, "libcudnn.so.5");
    CHECK_STR(lr.facts.libs[0].via, "tensorflow");
    CHECK_STR(lr.facts.ld_library_path.v, "/usr/local/cuda/lib64");
    CHECK_STR(lr.facts.libs[1].name, "cublas64_11.dll");
    CHECK_STR(lr.facts.libs[1].via, "paddle");
    CHECK_STR(lr.facts.libs[1].error, "126");
    CHECK_STR(lr.facts.ev[LE_JAX_LIB_MISSING].a, "cuPTI");
    CHECK_STR(lr.facts.gpu_cc.v, "12.0");
    CHECK_STR(lr.facts.ev[LE_FW_NO_ARCH].a, "12.0");
    CHECK_STR(lr.facts.driver_cuda.v, "11.4");   /* the NOTE line's, first */
    CHECK_STR(lr.facts.ev[LE_PADDLE_CUDA_CHECK].a, "12");
    CHECK_STR(lr.facts.ev[LE_PADDLE_CUDA_CHECK].b, "11");
    CHECK_INT(lr.facts.n_errs, 2);
    CHECK_STR(lr.facts.errs[0].api, "driver");
    CHECK_INT(lr.facts.errs[0].number, 303);
    CHECK_STR(lr.facts.errs[1].name, "NVML_ERROR_LIB_RM_VERSION_MISMATCH");
    CHECK_INT(lr.facts.errs[1].number, 18);
    CHECK_STR(lr.facts.ev[LE_FW_TORN_INSTALL].a, "jax");
    CHECK_STR(lr.facts.ev[LE_FW_TORN_INSTALL].b, "0.4.14");
    CHECK_STR(lr.facts.ev[LE_FW_TORN_INSTALL].c, "jaxlib >= 0.4.19");
    logread_release(&lr);
}

/* issue 28, train classes: the log's date, TensorFlow's two driver versions, driver 0, the
 * CUDA line a library name implies */
static void test_dates_versions_lines(void)
{
    struct logread lr;
    char b[16];
    read_all(&lr,
             "[...]\n"
             "x2024-05-22 16:59:06 not a date (glued to a word)\n"
             "2018-13-22 10:12:52.860623: E not a month\n"
             "2018-01-22 10:12:52.860688: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:189] libcuda reported "
             "version is: 384.111.0\n"
             "2018-01-23 10:12:52.860907: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:193] kernel reported "
             "version is: 384.90.0\n"
             "2018-01-22 10:12:52.860934: E tensorflow/stream_executor/cuda/cuda_diagnostics.cc:303] kernel version 38\n"
             "   The minimum required CUDA driver version is 12.0, but the installed CUDA driver version is 0.0.\n"
             "nvidia kernel module missing falling back to nouveau\n");
    CHECK_STR(lr.facts.date.v, "2018-01-22");
    CHECK_INT(lr.facts.date.line, 4);
    CHECK_INT(lr.facts.ev[LE_DSO_MISMATCH].count, 1);
    CHECK_STR(lr.facts.ev[LE_DSO_MISMATCH].a, "384.90.0");
    CHECK_STR(lr.facts.ev[LE_DSO_MISMATCH].b, "384.111.0");
    CHECK_INT(lr.facts.ev[LE_DRIVER_ZERO].count, 1);
    CHECK_INT(lr.facts.ev[LE_NOUVEAU].count, 1);
    logread_release(&lr);
    /* the same versions agree: no mismatch; a timestamp after 48 bytes is not the log's date */
    read_all(&lr, "libcuda reported version is: 396.64.0\nkernel reported version is: 396.64.0\n"
                  "................................................. 2020-09-13 17:53:34\n");
    CHECK_INT(lr.facts.ev[LE_DSO_MISMATCH].count, 0);
    CHECK(lr.facts.date.v == NULL);
    logread_release(&lr);

    CHECK_STR(log_lib_cuda_line("libcublasLt.so.11", b, sizeof(b)), "11");
    CHECK_STR(log_lib_cuda_line("libcudart.so.11.0", b, sizeof(b)), "11");
    CHECK_STR(log_lib_cuda_line("libcudart.so.10.0", b, sizeof(b)), "10.0");
    CHECK_STR(log_lib_cuda_line("libcusolver.so.8.0", b, sizeof(b)), "8.0");
    CHECK(log_lib_cuda_line("libcusolver.so.10", b, sizeof(b)) == NULL);   /* its own major */
    CHECK(log_lib_cuda_line("libcudnn.so.8", b, sizeof(b)) == NULL);
    CHECK_STR(log_lib_cuda_line("cudart64_101.dll", b, sizeof(b)), "10.1");
    CHECK_STR(log_lib_cuda_line("cudart64_80.dll", b, sizeof(b)), "8.0");
    CHECK_STR(log_lib_cuda_line("cudart64_110.dll", b, sizeof(b)), "11");
    CHECK_STR(log_lib_cuda_line("nvrtc64_120_0.dll", b, sizeof(b)), "12");
    CHECK_STR(log_lib_cuda_line("cublas64_11.dll", b, sizeof(b)), "11");
    CHECK(log_lib_cuda_line("cudnn64_8.dll", b, sizeof(b)) == NULL);
    CHECK(log_lib_cuda_line("libcudart.so.", b, sizeof(b)) == NULL);
    CHECK(log_lib_cuda_line("cudart64_1.dll", b, sizeof(b)) == NULL);
    CHECK(log_lib_cuda_line("libcublas.so.11", b, 2) == NULL);
    CHECK(log_lib_cuda_line(NULL, b, sizeof(b)) == NULL);
}

static void test_cuda_successor(void)
{
    const char *next = NULL, *rel = NULL;
    if (!kb)
        kb = kb_new_builtin();
    CHECK_INT(kb_cuda_successor(kb, "11", &next, &rel), 1);
    CHECK_STR(next, "12.0");
    CHECK_STR(rel, "2022-12-01");
    CHECK_INT(kb_cuda_successor(kb, "10.1", &next, &rel), 1);
    CHECK_STR(next, "10.2");
    CHECK_INT(kb_cuda_successor(kb, "9.0", &next, &rel), 1);
    CHECK_STR(next, "9.1");
    CHECK_INT(kb_cuda_successor(kb, "13", &next, &rel), 0);   /* nothing after it in the table */
    CHECK_INT(kb_cuda_successor(kb, "7.5", &next, &rel), 0);  /* a line the table does not hold */
    CHECK_INT(kb_cuda_successor(kb, "x", &next, &rel), -1);
}

/* the libraries beside the big frameworks: an extension's torch symbol (only torch's C++ API, only
   outside torch's own libraries), the CUDA checks of extensions, CTranslate2's library, torch's wheel label */
static void test_framework_libraries(void)
{
    struct logread lr;
    read_all(&lr, "ImportError: /e/lib/python3.9/site-packages/pytorch3d/_C.cpython-39-x86_64-linux-gnu.so: "
                  "undefined symbol: _ZN3c104impl23ExcludeDispatchKeyGuardC1ENS_11DispatchKeyE\n");
    CHECK_INT(lr.facts.ev[LE_EXT_TORCH_SYMBOL].count, 1);
    CHECK_STR(lr.facts.ev[LE_EXT_TORCH_SYMBOL].a, "pytorch3d");
    CHECK_STR(lr.facts.ev[LE_EXT_TORCH_SYMBOL].b, "_ZN3c104impl23ExcludeDispatchKeyGuardC1ENS_11DispatchKeyE");
    logread_release(&lr);
    read_all(&lr, "x/site-packages/m/_ext.so:undefined symbol: _ZNK2at6Tensor7is_cudaEv\n"
                  "y/site-packages/n/_C.so: undefined symbol: _ZTIN5torch8autograd4NodeE\n");
    CHECK_INT(lr.facts.ev[LE_EXT_TORCH_SYMBOL].count, 2);
    CHECK_STR(lr.facts.ev[LE_EXT_TORCH_SYMBOL].a, "m");
    logread_release(&lr);
    /* torch's own library; another namespace that starts like one of torch's ("3c10x" is no c10); no .so */
    read_all(&lr, "/v/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: _ZN3c104cuda9SetDeviceEi\n"
                  "/v/site-packages/q/_q.so: undefined symbol: _ZN4at10x3fooEv\n"
                  "/v/site-packages/q/_q.so: undefined symbol: _ZN2atx3fooEv\n"
                  "undefined symbol: _ZN3c106Symbol14fromQualStringERKSs\n");
    CHECK_INT(lr.facts.ev[LE_EXT_TORCH_SYMBOL].count, 0);
    logread_release(&lr);
    read_all(&lr, "RuntimeError: Detected that PyTorch and torch_sparse were compiled with different CUDA versions. "
                  "PyTorch has CUDA version 11.3 and torch_sparse has CUDA version 10.2. Please reinstall\n");
    CHECK_STR(lr.facts.ev[LE_EXT_CUDA_DIFFERS].a, "torch_sparse");
    CHECK_STR(lr.facts.ev[LE_EXT_CUDA_DIFFERS].b, "11.3");
    CHECK_STR(lr.facts.ev[LE_EXT_CUDA_DIFFERS].c, "10.2");
    logread_release(&lr);
    read_all(&lr, "RuntimeError: Library libcublas.so.12 is not found or cannot be loaded\n"
                  "I have PyTorch 1.13.1+cu117 and torch2.0.1+cu118\n");
    CHECK_INT(lr.facts.n_libs, 1);
    CHECK_STR(lr.facts.libs[0].name, "libcublas.so.12");
    CHECK_STR(lr.facts.libs[0].via, "ctranslate2");
    CHECK_STR(lr.facts.torch_version.v, "1.13.1+cu117");
    logread_release(&lr);
    read_all(&lr, "Device API gpu is not enabled. Please install the cuda version of dgl.\n"
                  "E0103 1 ptx_compiler_helpers.cc:87] *** WARNING *** Invoking ptxas with version 12.4.131, which\n"
                  "pip install --upgrade \"jax[cuda12_pip]\" -f x\n");
    CHECK_STR(lr.facts.ev[LE_DGL_NO_CUDA].a, "gpu");
    CHECK_STR(lr.facts.ev[LE_XLA_PTXAS_OLD].a, "12.4.131");
    CHECK_STR(lr.facts.pip_cuda_extra.v, "jax[cuda12_pip]");
    logread_release(&lr);
    read_all(&lr, "W asm_compiler.cc:116] *** WARNING *** You are using ptxas 9.1.108, which is older than 9.2.88.\n"
                  "ptxas /tmp/t, line 5; fatal   : Unsupported .version 8.3; current version is '7.8'\n");
    CHECK_INT(lr.facts.ev[LE_XLA_PTXAS_OLD].count, 2);
    CHECK_STR(lr.facts.ev[LE_XLA_PTXAS_OLD].a, "9.1.108");
    logread_release(&lr);
}

/* The programs beside the frameworks (issue 28, second list): what their messages give. */
static void test_other_programs(void)
{
    struct logread lr;
    size_t i;
    int nccl = 0;
    read_all(&lr, "[05/01/2023-10:00:00] [TRT] [W] TensorRT was linked against cuBLAS/cuBLAS LT 11.10.3 but loaded "
                  "cuBLAS/cuBLAS LT 11.5.1\n"
                  "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
                  "    PyTorch 2.1.0+cu121 with CUDA 1201 (you have 2.2.1+cu121)\n"
                  "[TRT] [E] createInferBuilder: Error Code 6: API Usage Error (CUDA initialization failure with "
                  "error: 35. Please check your CUDA installation)\n"
                  "node1:2145:2190 [0] NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: "
                  "No such file or directory No plugin found (libnccl-net.so), using internal implementation\n");
    CHECK_STR(lr.facts.ev[LE_LIB_LINKED_OTHER].a, "cuBLAS");
    CHECK_STR(lr.facts.ev[LE_LIB_LINKED_OTHER].b, "11.10.3");
    CHECK_STR(lr.facts.ev[LE_LIB_LINKED_OTHER].c, "11.5.1");
    CHECK_STR(lr.facts.ev[LE_XFORMERS_NO_EXT].a, "2.1.0+cu121");
    CHECK_STR(lr.facts.ev[LE_XFORMERS_NO_EXT].b, "2.2.1+cu121");
    CHECK_INT(lr.facts.n_errs, 1);
    CHECK_INT(lr.facts.errs[0].number, 35);
    CHECK_INT(lr.facts.ev[LE_NOISE_LIB].count, 1);
    for (i = 0; i < lr.facts.n_libs; i++)
        nccl |= strstr(lr.facts.libs[i].name, "nccl-net") != NULL;
    CHECK_INT(nccl, 0);
    logread_release(&lr);
}

int main(void)
{
    RUN(test_dates_versions_lines);
    RUN(test_cuda_successor);
    RUN(test_framework_own_words);
    RUN(test_split_chunks_and_crlf);
    RUN(test_long_line_bounded);
    RUN(test_tf_windows_dlopen);
    RUN(test_tf_linux_ld_library_path);
    RUN(test_noise_only);
    RUN(test_nvidia_smi);
    RUN(test_nvidia_smi_r610);
    RUN(test_torch_messages);
    RUN(test_torch_winerror_and_so);
    RUN(test_jax);
    RUN(test_ort_and_cuda_errors);
    RUN(test_traceback_and_pip);
    RUN(test_gpu_list_empty_and_cvd);
    RUN(test_caps_hold);
    RUN(test_pattern_table);
    RUN(test_context);
    RUN(test_long_tail_captures);
    RUN(test_out_of_order_parts);
    RUN(test_normalised_reading);
    RUN(test_code_block_paste);
    RUN(test_hard_wrapped_lines);
    RUN(test_error_code_formats);
    RUN(test_nul_in_quote);
    RUN(test_carriage_return_segments);
    RUN(test_message_deep_in_long_line);
    RUN(test_ctk_mount_file_exists);
    RUN(test_ort_provider_list);
    RUN(test_stated_toolkit);
    RUN(test_framework_libraries);
    RUN(test_other_programs);
    return harness_done();
}
