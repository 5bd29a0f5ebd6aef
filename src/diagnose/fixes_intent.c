/*
 * fixes_intent.c - the vocabulary's commands (diagnose/fixes_intent.h).
 *
 * The tool table holds every named command once, with its rank; what a
 * command needs from the machine (the shell, Windows paths, an
 * environment's interpreter) comes from the fix context.
 */
#include <string.h>

#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "loader/resolve.h"
#include "scan/pyenv.h"
#include "util/fs.h"
#include "util/strbuf.h"
#include "util/winpath.h"
#include "util/banned.h"

static struct arena *A(const struct fix_ctx *x, struct findings *fl)
{
    return x && x->a ? x->a : fl->arena;
}

static int on_windows(const struct fix_ctx *x)
{
    return x && x->os && !strcmp(x->os, "windows");
}

void fixes_rank(struct finding *fd, size_t from, enum fix_rank r)
{
    size_t i;
    for (i = from; i < fd->n_fixes; i++)
        if (fd->fixes[i].rank == FIX_RANK_NONE)
            fd->fixes[i].rank = r;
}

void fixes_rank_all(struct finding *fd, size_t from, enum fix_rank r)
{
    size_t i;
    for (i = from; i < fd->n_fixes; i++)
        fd->fixes[i].rank = i == from ? r : FIX_RANK_NONE;
}

void fixes_continue(struct finding *fd)
{
    if (fd->n_fixes)
        fd->fixes[fd->n_fixes - 1].rank = FIX_RANK_NONE;
}

/* Add one fix at rank r (group g). */
static void put(struct findings *fl, struct finding *fd, unsigned g, enum fix_rank r, const char *shell,
                const char *title, const char *cmd)
{
    finding_fix_group(fl, fd, g, shell, title, cmd);
    fd->fixes[fd->n_fixes - 1].rank = r;
}

void fixes_advice(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title)
{
    put(fl, fd, 0, r, NULL, title, NULL);
}

void fixes_report_bug(struct findings *fl, struct finding *fd, const char *why_not, long pid)
{
    put(fl, fd, 0, FIX_RANK_NONE, "sh", arena_printf(fl->arena, "If %s, that is a gpudoctor bug: please report it "
        "with this file", why_not), arena_printf(fl->arena, "gpudoctor ps --json %ld > gpudoctor-ps-%ld.json", pid, pid));
}

void fixes_link(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title, const char *url)
{
    put(fl, fd, 0, r, NULL, title, url);
}

void fixes_kb_command(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title,
                      const char *cmd)
{
    put(fl, fd, 0, r, "sh", title, cmd);
}

void fixes_copy(struct findings *fl, struct finding *fd, const struct fix *src)
{
    put(fl, fd, src->group, src->rank, src->shell, src->title, src->command);
    fd->fixes[fd->n_fixes - 1].continues = src->continues;
}

/* ---- named tools ---- */

struct tool {
    const char *shell;
    enum fix_rank rank;
    const char *title;
    const char *cmd;    /* {1} and {2}: the arguments, quoted for sh; {S}: arg1's stem */
    const char *win;    /* a tell's Windows (PowerShell) spelling, or NULL: cmd on every OS */
};

static const struct tool tools[FIX_TOOL_N] = {
    [FIX_TOOL_DMESG_XID] = {"sh", FIX_RANK_LOOK, "Look for driver errors (Xid) in the kernel log",
                            "sudo dmesg | grep -iE 'nvrm|xid' | tail -n 20"},
    [FIX_TOOL_DMESG_SECURE_BOOT] = {"sh", FIX_RANK_LOOK,
                                    "If that fails, see why (Secure Boot refuses unsigned modules)",
                                    "sudo dmesg | grep -iE 'nvidia|secure boot' | tail -n 20"},
    [FIX_TOOL_NVIDIA_SMI] = {"sh", FIX_RANK_LOOK, "Compare with nvidia-smi (it uses the same library)", "nvidia-smi"},
    [FIX_TOOL_SMI_PERF] = {"sh", FIX_RANK_LOOK, "See whether the GPU still answers", "nvidia-smi -q -d PERFORMANCE,ECC"},
    [FIX_TOOL_SMI_ECC] = {"sh", FIX_RANK_LOOK, "Look at the GPU's memory errors", "nvidia-smi -q -d ECC,ROW_REMAPPER"},
    [FIX_TOOL_SMI_APPS] = {"sh", FIX_RANK_LOOK, "See which processes use the GPU",
                           "nvidia-smi --query-compute-apps=pid,name,used_memory --format=csv"},
    [FIX_TOOL_SMI_BRAND] = {"sh", FIX_RANK_LOOK, "On the node: the brand and the driver the requirement compares",
                            "nvidia-smi -q | grep -E 'Product Brand|Driver Version|CUDA Version'"},
    [FIX_TOOL_LS_DEV_NODES] = {"sh", FIX_RANK_LOOK, "See who may use the device nodes", "ls -l /dev/nvidia*"},
    [FIX_TOOL_LSPCI] = {"sh", FIX_RANK_LOOK, "Check that a GPU is on the PCI bus", "lspci | grep -i nvidia",
                        "Get-CimInstance Win32_VideoController | Select-Object Name"},
    [FIX_TOOL_LDCONFIG_LIBCUDA] = {"sh", FIX_RANK_LOOK, "See every libcuda the loader knows",
                                   "ldconfig -p | grep libcuda"},
    [FIX_TOOL_DPKG_OWNER] = {"sh", FIX_RANK_LOOK, "Find which package owns each", "dpkg -S {1} {2}"},
    [FIX_TOOL_FACTS_TO_FILE] = {"sh", FIX_RANK_LOOK, "Record this machine's facts", "gpudoctor check --facts > {1}"},
    [FIX_TOOL_PROBE] = {NULL, FIX_RANK_LOOK, "Ask the driver and load the predicted libraries", "gpudoctor probe"},
    [FIX_TOOL_PS_AS_ROOT] = {"sh", FIX_RANK_LOOK, "Run ps as root", "sudo gpudoctor ps{1}"},
    [FIX_TOOL_GROUP_VIDEO] = {"sh", FIX_RANK_SYSTEM, "Join the group that owns them (then log in again)",
                              "sudo usermod -aG video \"$USER\""},
    [FIX_TOOL_PERSISTENCED] = {"sh", FIX_RANK_SYSTEM, "Keep the driver initialised between programs",
                               "sudo systemctl enable --now nvidia-persistenced"},
    [FIX_TOOL_MODPROBE] = {"sh", FIX_RANK_SYSTEM, "Load it", "sudo modprobe nvidia"},
    [FIX_TOOL_UVM_RELOAD] = {"sh", FIX_RANK_SYSTEM, "Reload the unified-memory module",
                             "sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm"},
    [FIX_TOOL_KMODS_RELOAD] = {"sh", FIX_RANK_REBOOT, "Reload the kernel modules (stops everything using the GPU)",
                               "sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia && "
                               "sudo modprobe nvidia_uvm"},
    [FIX_TOOL_REBOOT] = {"sh", FIX_RANK_REBOOT, "Reboot", "sudo reboot"},
    [FIX_TOOL_LDCONFIG] = {"sh", FIX_RANK_SYSTEM, "Rebuild the loader's cache", "sudo ldconfig"},
    [FIX_TOOL_LDCONF_ADD] = {"sh", FIX_RANK_SYSTEM, "List the directory in ld.so.conf.d and rebuild the cache",
                             "echo {1} | sudo tee /etc/ld.so.conf.d/gpudoctor-cuda.conf\nsudo ldconfig"},
    [FIX_TOOL_APT_REINSTALL] = {"sh", FIX_RANK_SYSTEM, "Install the package again", "sudo apt-get install --reinstall {1}"},
    [FIX_TOOL_DPKG_RECONFIGURE] = {"sh", FIX_RANK_SYSTEM, "Answer the package's configuration questions again",
                                   "sudo dpkg-reconfigure {1}"},
    [FIX_TOOL_DPKG_CONFIGURE_ALL] = {"sh", FIX_RANK_SYSTEM, "Let dpkg finish configuring the packages it left half done",
                                     "sudo dpkg --configure -a"},
    [FIX_TOOL_APT_INSTALL] = {"sh", FIX_RANK_SYSTEM, "Install the distribution's package", "sudo apt-get install {1}"},
    [FIX_TOOL_BUILD_WITH_CLANG] = {"sh", FIX_RANK_SYSTEM, "Rebuild gpudoctor with clang (LLVM's NVPTX back end)",
                                   "sudo apt install clang && make clean && make"},
    [FIX_TOOL_MODULE_LOAD] = {"sh", FIX_RANK_ENV, "Load the site's modules", "module load {1}{2}"},
    [FIX_TOOL_PYENV_SHELL] = {"sh", FIX_RANK_ENV, "Select that pyenv version for this shell", "pyenv shell {1}"},
    [FIX_TOOL_PY_LAUNCHER] = {"powershell", FIX_RANK_ENV, "Use the Python launcher", "py -3"},
    [FIX_TOOL_PS_REMOVE_ITEM] = {"powershell", FIX_RANK_SYSTEM, "Remove the file", "Remove-Item \"{1}\""},
    [FIX_TOOL_FABRICMANAGER] = {"sh", FIX_RANK_SYSTEM, "Start the fabric manager",
                                "sudo systemctl enable --now nvidia-fabricmanager"},
    [FIX_TOOL_CHECK] = {NULL, FIX_RANK_LOOK, "Run gpudoctor on that machine for the rest of the picture",
                        "gpudoctor check"},
    [FIX_TOOL_PLAN_CUDA] = {NULL, FIX_RANK_LOOK, "Plan an install for that CUDA",
                            "gpudoctor plan --framework {1} --cuda {2}"},
    [FIX_TOOL_SLURM_GPU] = {"sh", FIX_RANK_NEW_ENV, "Ask the scheduler for a GPU",
                            "srun --gpus=1 ...   # or #SBATCH --gres=gpu:1"},
    /* explain's tells (fixes_tell): read-only; the Windows spelling is PowerShell's
       (Select-String for grep, $env: for a variable, where.exe for the DLL search on PATH).
       Sources: Microsoft's PowerShell reference for Select-String (case-insensitive unless
       -CaseSensitive), Get-ChildItem (-Recurse, -Filter) and Get-CimInstance
       (Win32_VideoController: the display adapters), Microsoft's "where" command reference
       (wildcards; the current folder and PATH); NVIDIA's CUDA Installation Guide for
       Windows (the toolkit in %ProgramFiles%\NVIDIA GPU Computing Toolkit\CUDA\vX.Y). */
    [FIX_TOOL_TELL_SMI_LSMOD] = {"sh", FIX_RANK_LOOK, "See whether the driver answers and its module is loaded",
                                 "nvidia-smi; lsmod | grep nvidia"},
    [FIX_TOOL_TELL_SMI_DEV_NODES] = {"sh", FIX_RANK_LOOK, "See whether the driver answers and its device nodes exist",
                                     "nvidia-smi; ls /dev/nvidia*"},
    [FIX_TOOL_TELL_SMI_LIBCUDA_FILES] = {"sh", FIX_RANK_LOOK, "See whether the driver answers and its libcuda is there",
                                         "nvidia-smi; ls /usr/lib/x86_64-linux-gnu/libcuda.so*"},
    [FIX_TOOL_TELL_KMOD_VERSIONS] = {"sh", FIX_RANK_LOOK, "Compare the loaded module's version with the installed one",
                                     "cat /proc/driver/nvidia/version; modinfo -F version nvidia"},
    [FIX_TOOL_TELL_KMOD_VERSION] = {"sh", FIX_RANK_LOOK, "See the loaded module's version", "cat /proc/driver/nvidia/version"},
    [FIX_TOOL_TELL_KMOD_COMPAT] = {"sh", FIX_RANK_LOOK, "See the loaded module and CUDA's compatibility libraries",
                                   "cat /proc/driver/nvidia/version; ls -l /usr/local/cuda/compat"},
    [FIX_TOOL_TELL_LSMOD_NOUVEAU] = {"sh", FIX_RANK_LOOK, "See whether nouveau is loaded", "lsmod | grep nouveau"},
    [FIX_TOOL_TELL_LDPATH_STUBS] = {"sh", FIX_RANK_LOOK, "Look for a stubs directory on LD_LIBRARY_PATH",
                                    "echo \"$LD_LIBRARY_PATH\" | tr : '\\n' | grep stubs"},
    [FIX_TOOL_TELL_LDPATH_COMPAT] = {"sh", FIX_RANK_LOOK, "Look for cuda-compat on LD_LIBRARY_PATH",
                                     "echo $LD_LIBRARY_PATH | tr : '\\n' | grep compat"},
    [FIX_TOOL_TELL_HOST_SMI_CEILING] = {"sh", FIX_RANK_LOOK, "Read the host's driver",
                                        "nvidia-smi on the host: its CUDA Version is the ceiling"},
    [FIX_TOOL_TELL_HOST_SMI_HIGHEST] = {"sh", FIX_RANK_LOOK, "Read the host's driver",
                                        "nvidia-smi on the host: \"CUDA Version\" is the highest the driver runs"},
    [FIX_TOOL_TELL_HOST_GPU] = {"sh", FIX_RANK_LOOK, "Look for a GPU and a driver on the host",
                                "lspci | grep -i nvidia; nvidia-smi  # on the host"},
    [FIX_TOOL_TELL_SMI_CUDA] = {"sh", FIX_RANK_LOOK, "Read the driver's CUDA version", "nvidia-smi | grep 'CUDA Version'",
                                "nvidia-smi | Select-String 'CUDA Version'"},
    [FIX_TOOL_TELL_SMI_CUDA_VS_FW] = {"sh", FIX_RANK_LOOK, "Compare the driver's CUDA with the framework's",
                                      "nvidia-smi | grep 'CUDA Version'  # against the framework's CUDA",
                                      "nvidia-smi | Select-String 'CUDA Version'  # against the framework's CUDA"},
    [FIX_TOOL_TELL_SMI_CUDA_TORCH] = {"sh", FIX_RANK_LOOK, "Compare the driver's CUDA with PyTorch's",
                                      "nvidia-smi | grep 'CUDA Version'; python -c 'import torch; print(torch.version.cuda)'",
                                      "nvidia-smi | Select-String 'CUDA Version'; python -c 'import torch; print(torch.version.cuda)'"},
    [FIX_TOOL_TELL_SMI_CUDA_JAX_PLUGIN] = {"sh", FIX_RANK_LOOK, "Compare the driver's CUDA with the jax-cuda plugin's",
                                           "nvidia-smi | grep 'CUDA Version'; pip list | grep -i jax  # the driver's CUDA "
                                           "against the jax-cuda plugin's",
                                           "nvidia-smi | Select-String 'CUDA Version'; pip list | Select-String jax  # the "
                                           "driver's CUDA against the jax-cuda plugin's"},
    [FIX_TOOL_TELL_SMI_CUDA_JAX_CUDA] = {"sh", FIX_RANK_LOOK, "Compare the driver's CUDA with the jax-cuda packages",
                                         "nvidia-smi | grep 'CUDA Version'; pip list | grep -i jax-cuda",
                                         "nvidia-smi | Select-String 'CUDA Version'; pip list | Select-String jax-cuda"},
    [FIX_TOOL_TELL_SMI_CVD] = {"sh", FIX_RANK_LOOK, "See the GPUs and CUDA_VISIBLE_DEVICES",
                               "nvidia-smi; echo \"$CUDA_VISIBLE_DEVICES\"", "nvidia-smi; $env:CUDA_VISIBLE_DEVICES"},
    [FIX_TOOL_TELL_CVD] = {"sh", FIX_RANK_LOOK, "See CUDA_VISIBLE_DEVICES", "echo \"$CUDA_VISIBLE_DEVICES\"",
                           "$env:CUDA_VISIBLE_DEVICES"},
    [FIX_TOOL_TELL_CVD_SMI_LIST] = {"sh", FIX_RANK_LOOK, "See CUDA_VISIBLE_DEVICES and the GPUs",
                                    "echo \"$CUDA_VISIBLE_DEVICES\"; nvidia-smi -L", "$env:CUDA_VISIBLE_DEVICES; nvidia-smi -L"},
    [FIX_TOOL_TELL_SMI_LIST_HERE] = {"sh", FIX_RANK_LOOK, "List the GPUs where the program runs",
                                     "nvidia-smi -L  # in the same shell or container"},
    [FIX_TOOL_TELL_SMI_LIST_WINDOWS] = {"sh", FIX_RANK_LOOK, "List the GPUs Windows has",
                                        "nvidia-smi -L  # on Windows: no NVIDIA GPU listed, none to use"},
    [FIX_TOOL_TELL_COMPUTE_CAP] = {"sh", FIX_RANK_LOOK, "Read the GPU's compute capability",
                                   "nvidia-smi --query-gpu=compute_cap --format=csv"},
    [FIX_TOOL_TELL_COMPUTE_CAP_VS_FW] = {"sh", FIX_RANK_LOOK, "Compare the GPU's compute capability with the framework's",
                                         "nvidia-smi --query-gpu=compute_cap --format=csv  # against the framework's arch list"},
    [FIX_TOOL_TELL_COMPUTE_CAP_JAX] = {"sh", FIX_RANK_LOOK, "Read the GPU, the driver's CUDA and jax's packages",
                                       "nvidia-smi --query-gpu=compute_cap --format=csv; nvidia-smi | grep 'CUDA Version'; "
                                       "pip list | grep -i jax",
                                       "nvidia-smi --query-gpu=compute_cap --format=csv; nvidia-smi | Select-String 'CUDA "
                                       "Version'; pip list | Select-String jax"},
    [FIX_TOOL_TELL_CTK] = {"sh", FIX_RANK_LOOK, "See the NVIDIA Container Toolkit and Docker's runtimes",
                           "nvidia-ctk --version; docker info | grep -i runtime"},
    [FIX_TOOL_TELL_DOCKER_GPUS] = {"sh", FIX_RANK_LOOK, "Run nvidia-smi in a container with the GPUs",
                                   "docker run --rm --gpus all <image> nvidia-smi"},
    [FIX_TOOL_TELL_WSL_KERNEL] = {"sh", FIX_RANK_LOOK, "See whether this is WSL2",
                                  "uname -r; ls /usr/lib/wsl/lib  # \"microsoft\" in the release is WSL"},
    [FIX_TOOL_TELL_WSL_KERNEL_SMI] = {"sh", FIX_RANK_LOOK, "See whether this is WSL2, and the driver",
                                      "uname -r; nvidia-smi  # \"microsoft\" in the release is WSL; then nvidia-smi on Windows"},
    [FIX_TOOL_TELL_WSL_LIBS] = {"sh", FIX_RANK_LOOK, "See the driver and WSL's driver libraries",
                                "nvidia-smi; ls /usr/lib/wsl/lib  # inside WSL"},
    [FIX_TOOL_TELL_WSL_DRIVER] = {"sh", FIX_RANK_LOOK, "See the driver inside WSL and on Windows",
                                  "nvidia-smi; ls -l /usr/lib/wsl/lib  # inside WSL, then nvidia-smi on Windows"},
    [FIX_TOOL_TELL_WSL_LIBS_WINDOWS] = {"sh", FIX_RANK_LOOK, "See WSL's driver libraries and the Windows driver",
                                        "ls -l /usr/lib/wsl/lib; nvidia-smi on Windows"},
    [FIX_TOOL_TELL_WSL_LIBCUDA] = {"sh", FIX_RANK_LOOK, "Compare WSL's libcuda with the loader's",
                                   "ls -l /usr/lib/wsl/lib/libcuda.so*; ldconfig -p | grep libcuda"},
    [FIX_TOOL_TELL_WSL_VERSION] = {"sh", FIX_RANK_LOOK, "See the WSL version", "wsl -l -v; nvidia-smi on Windows"},
    [FIX_TOOL_TELL_WSL_INSTALL] = {"sh", FIX_RANK_LOOK, "WSL2", "wsl --install"},
    [FIX_TOOL_TELL_PIP_GREP] = {"sh", FIX_RANK_LOOK, "See pip's distributions of that name", "pip list | grep -i {1}",
                                "pip list | Select-String {1}"},
    [FIX_TOOL_TELL_PY_PIP_GREP] = {"sh", FIX_RANK_LOOK, "See pip's distributions of that name",
                                   "python -m pip list | grep -i {1}", "python -m pip list | Select-String {1}"},
    [FIX_TOOL_TELL_PIP_LIST_GPU] = {"sh", FIX_RANK_LOOK, "See pip's distributions",
                                    "pip list  # the GPU package of the framework?"},
    [FIX_TOOL_TELL_PIP_TORCH_WHEELS] = {"sh", FIX_RANK_LOOK, "See the nvidia-* wheels",
                                        "pip list | grep -i nvidia-  # the wheels torch pins"},
    [FIX_TOOL_TELL_PIP_NVIDIA_DIRS] = {"sh", FIX_RANK_LOOK, "See the nvidia-* wheels' directories and LD_LIBRARY_PATH",
                                       "python -c 'import nvidia, os; print(os.listdir(nvidia.__path__[0]))'; echo "
                                       "$LD_LIBRARY_PATH"},
    [FIX_TOOL_TELL_PIP_NVIDIA_LS] = {"sh", FIX_RANK_LOOK, "See the nvidia-* wheels' directories",
                                     "ls $(python -c 'import nvidia; print(nvidia.__path__[0])')"},
    [FIX_TOOL_TELL_ORT_PIP_NVCC] = {"sh", FIX_RANK_LOOK, "See onnxruntime's and the nvidia-* wheels, and nvcc",
                                    "pip list | grep -i -E 'onnxruntime|nvidia-'; nvcc --version",
                                    "pip list | Select-String 'onnxruntime|nvidia-'; nvcc --version"},
    [FIX_TOOL_TELL_ORT_PROVIDER_LDD] = {"sh", FIX_RANK_LOOK, "See what ONNX Runtime's CUDA provider cannot load",
                                        "ldd \"$(python -c 'import onnxruntime, os; print(os.path.dirname(onnxruntime."
                                        "__file__))')\"/capi/libonnxruntime_providers_cuda.so | grep 'not found'  # "
                                        "Windows: Dependencies.exe on onnxruntime_providers_cuda.dll"},
    [FIX_TOOL_TELL_JAX_CUDNN] = {"sh", FIX_RANK_LOOK, "See jax's and cuDNN's wheels and LD_LIBRARY_PATH",
                                 "pip list | grep -i -E 'jax|cudnn'; echo $LD_LIBRARY_PATH"},
    [FIX_TOOL_TELL_JAX_NVIDIA] = {"sh", FIX_RANK_LOOK, "See jax's and the nvidia-* wheels and LD_LIBRARY_PATH",
                                  "pip list | grep -i -E 'jax|nvidia-'; echo $LD_LIBRARY_PATH"},
    [FIX_TOOL_TELL_JAX_CPU] = {"sh", FIX_RANK_LOOK, "See jax's packages",
                               "pip list | grep -i jax  # a +cuda jaxlib or a jax-cuda plugin?",
                               "pip list | Select-String jax  # a +cuda jaxlib or a jax-cuda plugin?"},
    [FIX_TOOL_TELL_TORCH_BUILD] = {"sh", FIX_RANK_LOOK, "See torch's version and CUDA",
                                   "python -c \"import torch; print(torch.__version__, torch.version.cuda)\""},
    [FIX_TOOL_TELL_TORCH_ARCHS] = {"sh", FIX_RANK_LOOK, "See the architectures torch has code for",
                                   "python -c \"import torch; print(torch.cuda.get_arch_list())\""},
    [FIX_TOOL_TELL_TORCH_MPS] = {"sh", FIX_RANK_LOOK, "See whether the MPS device is available",
                                 "python -c \"import torch; print(torch.backends.mps.is_available())\""},
    [FIX_TOOL_TELL_METAL_MPS] = {"sh", FIX_RANK_LOOK, "See the Metal plugin and the MPS device",
                                 "pip list | grep -i metal; python -c \"import torch; print(torch.backends.mps.is_available())\""},
    [FIX_TOOL_TELL_NVRTC] = {"sh", FIX_RANK_LOOK, "Compare torch's CUDA with the NVRTC the loader knows",
                             "python -c 'import torch; print(torch.version.cuda)'; ldconfig -p | grep nvrtc"},
    [FIX_TOOL_TELL_TF_DSO_LOADER] = {"sh", FIX_RANK_LOOK, "See the libraries TensorFlow's loader tries",
                                     "TF_CPP_MAX_VLOG_LEVEL=3 python -c \"import tensorflow\" 2>&1 | grep dso_loader",
                                     "$env:TF_CPP_MAX_VLOG_LEVEL = \"3\"; python -c \"import tensorflow\" 2>&1 | "
                                     "Select-String dso_loader"},
    [FIX_TOOL_TELL_TF_LOG_LEVEL] = {"sh", FIX_RANK_LOOK, "Rerun with the messages switched on",
                                    "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py",
                                    "$env:TF_CPP_MIN_LOG_LEVEL = \"0\"; python your_script.py"},
    [FIX_TOOL_TELL_TF_BUILT_CUDA] = {"sh", FIX_RANK_LOOK, "See whether TensorFlow is built with CUDA",
                                     "python -c \"import tensorflow as tf; print(tf.test.is_built_with_cuda())\""},
    [FIX_TOOL_TELL_SYS_PLATFORM] = {"sh", FIX_RANK_LOOK, "See whether the Python is native Windows",
                                    "python -c \"import sys; print(sys.platform)\"  # win32 is native Windows"},
    [FIX_TOOL_TELL_CONDA_TORCH] = {"sh", FIX_RANK_LOOK, "See conda's torch build",
                                   "conda list torch  # a build string with 'cpu', or without 'cuda'"},
    [FIX_TOOL_TELL_WHERE_CUDA_DLLS] = {"sh", FIX_RANK_LOOK, "See where Windows finds cuDNN and cuBLAS",
                                       "where.exe cudnn*.dll cublas*.dll  # then Dependencies.exe on that DLL: the "
                                       "dependency it lacks"},
    [FIX_TOOL_TELL_WHERE_RUNTIME_DLLS] = {"sh", FIX_RANK_LOOK, "See where Windows finds the runtimes",
                                          "where.exe vcruntime140.dll libomp140.x86_64.dll  # then Dependencies.exe on "
                                          "that DLL: the dependency it lacks"},
    [FIX_TOOL_TELL_CUDNN_COPIES] = {"sh", FIX_RANK_LOOK, "See cuDNN in the loader's cache and in pip",
                                    "ldconfig -p | grep libcudnn; pip list | grep cudnn"},
    [FIX_TOOL_TELL_CUDNN_LDPATH] = {"sh", FIX_RANK_LOOK, "See cuDNN in the loader's cache and LD_LIBRARY_PATH",
                                    "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH"},
    [FIX_TOOL_TELL_CUDNN_FILES] = {"sh", FIX_RANK_LOOK, "See cuDNN's files and pip's cuDNN",
                                   "ls /usr/lib/x86_64-linux-gnu/libcudnn* /usr/local/cuda/lib64/libcudnn*; pip list | grep "
                                   "cudnn",
                                   "where.exe cudnn*.dll; pip list | Select-String cudnn"},
    [FIX_TOOL_TELL_CUDA_LIB_COPIES] = {"sh", FIX_RANK_LOOK, "See cuDNN and cuBLAS in the loader's cache and LD_LIBRARY_PATH",
                                       "ldconfig -p | grep -E 'cudnn|cublas'; echo $LD_LIBRARY_PATH"},
    [FIX_TOOL_TELL_FIND_CUDA_LIBS] = {"sh", FIX_RANK_LOOK, "Find the CUDA libraries on the disk",
                                      "find / -name 'libcud*.so*' 2>/dev/null; echo $LD_LIBRARY_PATH"},
    [FIX_TOOL_TELL_FIND_LIB] = {"sh", FIX_RANK_LOOK, "Find the library on the disk and in the loader's cache",
                                "find / -name '{S}*' 2>/dev/null; ldconfig -p | grep {S}",
                                "Get-ChildItem -Path C:\\ -Recurse -Filter '{S}*.dll' -ErrorAction SilentlyContinue; "
                                "where.exe {S}*.dll"},
    [FIX_TOOL_TELL_TOOLKIT_DIRS] = {"sh", FIX_RANK_LOOK, "See the toolkits installed and the nvcc on PATH",
                                    "ls -d /usr/local/cuda*; which nvcc"},
    [FIX_TOOL_TELL_TOOLKIT_VERSIONS] = {"sh", FIX_RANK_LOOK, "See nvcc, the toolkits installed and the nvidia-* wheels",
                                        "nvcc --version; ls -d /usr/local/cuda*; pip list | grep nvidia-",
                                        "nvcc --version; Get-ChildItem \"$env:ProgramFiles\\NVIDIA GPU Computing "
                                        "Toolkit\\CUDA\"; pip list | Select-String nvidia-"},
    [FIX_TOOL_TELL_NVCC_PIP] = {"sh", FIX_RANK_LOOK, "See nvcc and the nvidia-* wheels",
                                "nvcc --version; pip list | grep nvidia-", "nvcc --version; pip list | Select-String nvidia-"},
    [FIX_TOOL_TELL_SHM_SIZE] = {"sh", FIX_RANK_LOOK, "See the size of /dev/shm", "df -h /dev/shm  # 64M is Docker's default"},
    [FIX_TOOL_TELL_SHM_NCCL] = {"sh", FIX_RANK_LOOK, "See the size of /dev/shm",
                                "df -h /dev/shm  # NCCL_DEBUG=INFO shows the call that failed"},
    [FIX_TOOL_TELL_SHM_PERM] = {"sh", FIX_RANK_LOOK, "See who may open the shared-memory segments",
                                "ls -l /dev/shm  # then run every rank in one container or with --ipc=host"},
    [FIX_TOOL_TELL_NCCL_DEBUG] = {"sh", FIX_RANK_LOOK, "See NCCL's account of the call", "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALL"},
    [FIX_TOOL_TELL_CHECK_THERE] = {NULL, FIX_RANK_LOOK, "Run gpudoctor on that machine",
                                   "gpudoctor check  # on the machine that wrote the log"},
    [FIX_TOOL_TELL_IMAGE_DRIVER_LIBS] = {"sh", FIX_RANK_LOOK, "See the driver libraries the image ships",
                                         "docker run --rm --entrypoint ls IMAGE -l /usr/lib/x86_64-linux-gnu | grep -E "
                                         "'libnvidia|libcuda'  # links there are the image's own driver package"},
    [FIX_TOOL_TELL_PLATFORM] = {"sh", FIX_RANK_LOOK, "See the machine's OS and architecture",
                                "python -c \"import platform; print(platform.system(), platform.machine())\"  # Darwin "
                                "arm64 is an Apple silicon Mac"},
    [FIX_TOOL_TELL_PLATFORM_METAL] = {"sh", FIX_RANK_LOOK, "See the machine's OS and Apple's Metal plugin",
                                      "python -c \"import platform; print(platform.system(), platform.machine())\"; "
                                      "pip list | grep -i metal"},
    [FIX_TOOL_TELL_OPENCV_BUILD] = {"sh", FIX_RANK_LOOK, "See whether this OpenCV has CUDA and cuDNN",
                                    "python -c \"import cv2; print(cv2.getBuildInfo())\" | grep -iE 'cuda|cudnn'"},
    [FIX_TOOL_TELL_K8S_NODE_GPUS] = {"sh", FIX_RANK_LOOK, "See the GPUs each node offers and has allocated",
                                     "kubectl describe nodes | grep -iE '^Name:|nvidia.com/gpu'  # none offered: "
                                     "the device plugin sees no GPU there"},
    [FIX_TOOL_TELL_PTXAS_ALL] = {"sh", FIX_RANK_LOOK, "See every ptxas on PATH and the first one's version",
                                 "which -a ptxas; ptxas --version | tail -n 2"},
};

/* A word for sh: bare when it holds only safe characters, else single-quoted. */
static void sh_word(struct strbuf *sb, const char *s)
{
    const char *p;
    for (p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("/._-+=:,@%", *p)))
            break;
    if (!*p && *s) {
        strbuf_addstr(sb, s);
        return;
    }
    strbuf_addch(sb, '\'');
    for (p = s; *p; p++) {
        if (*p == '\'')
            strbuf_addstr(sb, "'\\''");
        else
            strbuf_addch(sb, *p);
    }
    strbuf_addch(sb, '\'');
}

static const char *expand_text(struct arena *a, enum fix_tool t, const char *cmd, const char *arg1, const char *arg2)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p, *r;
    int ps = tools[t].shell && !strcmp(tools[t].shell, "powershell");
    for (p = cmd; *p; p++) {
        if (p[0] == '{' && p[1] == 'S' && p[2] == '}') {
            /* a library's stem: fixes_tell let only a name through, so it needs no quotes */
            if (arg1)
                strbuf_add(&sb, arg1, strcspn(arg1, "0123456789."));
            p += 2;
            continue;
        }
        if (p[0] == '{' && (p[1] == '1' || p[1] == '2') && p[2] == '}') {
            const char *v = p[1] == '1' ? arg1 : arg2;
            /* module load / ps: the second (first) argument is a separate word when given */
            if (v && *v && (t == FIX_TOOL_PS_AS_ROOT || (t == FIX_TOOL_MODULE_LOAD && p[1] == '2' && arg1 && *arg1)))
                strbuf_addch(&sb, ' ');
            if (v && *v) {
                if (ps)
                    strbuf_addstr(&sb, v);   /* inside the template's double quotes */
                else
                    sh_word(&sb, v);
            }
            p += 2;
            continue;
        }
        strbuf_addch(&sb, *p);
    }
    r = arena_strdup(a, sb.buf);
    strbuf_release(&sb);
    return r;
}

static const char *expand(struct arena *a, enum fix_tool t, const char *arg1, const char *arg2)
{
    return expand_text(a, t, tools[t].cmd, arg1, arg2);
}

const char *fix_tool_command(struct findings *fl, enum fix_tool t, const char *arg1, const char *arg2)
{
    if ((unsigned)t >= FIX_TOOL_N || !tools[t].cmd)
        BUG("fix tool %d has no command", (int)t);
    return expand(fl->arena, t, arg1, arg2);
}

void fixes_run(const struct fix_ctx *x, struct findings *fl, struct finding *fd, enum fix_tool t,
               const char *title, const char *arg1, const char *arg2)
{
    const char *cmd = fix_tool_command(fl, t, arg1, arg2);
    (void)x;
    put(fl, fd, 0, tools[t].rank, tools[t].shell, title ? title : tools[t].title, cmd);
}

/* A library's or a package's name: nothing a shell would read as more than a word. */
static int is_name(const char *s)
{
    return *s && !s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-")];
}

const char *fixes_tell(const struct fix_ctx *x, struct findings *fl, enum fix_tool t, const char *arg1)
{
    if (t == FIX_TOOL_N || (arg1 && !is_name(arg1)))
        return NULL;
    if ((unsigned)t > FIX_TOOL_N || !tools[t].cmd)
        BUG("fix tool %d has no command", (int)t);
    return expand_text(A(x, fl), t, on_windows(x) && tools[t].win ? tools[t].win : tools[t].cmd, arg1, NULL);
}

void fixes_look(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                enum fix_tool t, const char *arg1)
{
    const char *cmd = fixes_tell(x, fl, t, arg1);
    if (cmd)
        put(fl, fd, 0, FIX_RANK_LOOK, NULL, title, cmd);
}

/* ---- variables ---- */

void fixes_unset_var(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                     const char *name)
{
    struct arena *a = A(x, fl);
    unsigned g = finding_next_group(fd);
    if (on_windows(x)) {
        put(fl, fd, g, FIX_RANK_ENV, "powershell", title, arena_printf(a, "Remove-Item Env:%s", name));
        put(fl, fd, g, FIX_RANK_ENV, "cmd", title, arena_printf(a, "set %s=", name));
        return;
    }
    put(fl, fd, g, FIX_RANK_ENV, "sh", title, arena_printf(a, "unset %s", name));
    put(fl, fd, g, FIX_RANK_ENV, "fish", title, arena_printf(a, "set -e %s", name));
}

void fixes_toolkit_env(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                       const char *home, const char *lib)
{
    struct arena *a = A(x, fl);
    unsigned g = finding_next_group(fd);
    put(fl, fd, g, FIX_RANK_ENV, "sh", title,
        arena_printf(a, "export CUDA_HOME=%s\nexport PATH=%s/bin:$PATH\n"
                     "export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}", home, home, lib));
    put(fl, fd, g, FIX_RANK_ENV, "fish", title,
        arena_printf(a, "set -gx CUDA_HOME %s\nfish_add_path -p %s/bin\nset -gx LD_LIBRARY_PATH %s $LD_LIBRARY_PATH",
                     home, home, lib));
}

void fixes_env_run(const struct fix_ctx *x, struct findings *fl, struct finding *fd, enum fix_rank r,
                   const char *title, const char *const *vars, int run, const char *filter)
{
    struct strbuf sh = STRBUF_INIT, ps = STRBUF_INIT, cm = STRBUF_INIT;
    const char *const *v;
    unsigned g;
    for (v = vars; *v; v++) {
        size_t k = strcspn(*v, "=");
        const char *val = (*v)[k] ? *v + k + 1 : "";
        strbuf_addf(&sh, "%s%s", v == vars ? (run ? "" : "export ") : " ", *v);
        strbuf_addf(&ps, "%s$env:%.*s = \"%s\"", v == vars ? "" : "; ", (int)k, *v, val);
        strbuf_addf(&cm, "%sset \"%s\"", v == vars ? "" : "\n", *v);
    }
    if (run) {
        strbuf_addf(&sh, " python your_script.py%s%s", filter ? " 2>&1 | grep " : "", filter ? filter : "");
        strbuf_addf(&ps, "\npython your_script.py%s%s", filter ? " 2>&1 | Select-String " : "", filter ? filter : "");
        strbuf_addf(&cm, "\npython your_script.py%s%s", filter ? " 2>&1 | findstr " : "", filter ? filter : "");
    }
    if (on_windows(x)) {
        g = finding_next_group(fd);
        put(fl, fd, g, r, "powershell", title, ps.buf);
        put(fl, fd, g, r, "cmd", title, cm.buf);
    } else {
        put(fl, fd, 0, r, "sh", title, sh.buf);
    }
    strbuf_release(&sh);
    strbuf_release(&ps);
    strbuf_release(&cm);
}

/* ---- containers ---- */

void fixes_container_start(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                           enum fix_container_start o)
{
    const char *cmd = o == FIX_CTR_RUNTIME_NVIDIA    ? "docker run --runtime=nvidia -e NVIDIA_VISIBLE_DEVICES=all IMAGE"
                      : o == FIX_CTR_GPUS_IMAGE      ? "docker run --gpus all IMAGE"
                      : o == FIX_CTR_IPC_HOST        ? "docker run --ipc=host ..."
                      : o == FIX_CTR_IPC_HOST_OR_SHM ? "docker run --ipc=host ...   # or --shm-size=16g"
                                                     : "docker run --gpus all ...";
    put(fl, fd, 0, FIX_RANK_NEW_ENV, on_windows(x) ? "powershell" : "sh", title, cmd);   /* Docker Desktop's CLI */
}

/* ---- environments ---- */

void fixes_pip_uninstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *title, const char *names)
{
    struct fix_ctx l;
    if (!x) {
        fix_ctx_init(&l, NULL, fl->arena);
        x = &l;
    }
    put(fl, fd, 0, FIX_RANK_USER, "sh", title, arena_printf(A(x, fl), "%s uninstall -y %s", fix_pip(x, env), names));
}

/* The interpreter as the start of a command: "& \"C:\\...\"" in PowerShell, quoted for sh. */
static const char *run_word(const struct fix_ctx *x, struct findings *fl, const char *path)
{
    struct arena *a = A(x, fl);
    if (on_windows(x)) {
        struct strbuf w = STRBUF_INIT;
        const char *r;
        winpath_from_virtual(path, &w);
        r = arena_printf(a, "& \"%s\"", w.buf);
        strbuf_release(&w);
        return r;
    }
    return strpbrk(path, " \t'\"$`\\") ? arena_printf(a, "'%s'", path) : path;
}

void fixes_use_env(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *g,
                   const char *python, int pyenv_system)
{
    struct arena *a = A(x, fl);
    const char *sh = on_windows(x) ? "powershell" : "sh";
    const char *py = run_word(x, fl, python);
    if (pyenv_system)
        put(fl, fd, 0, FIX_RANK_ENV, "sh",
            "Let pyenv's shims run the system Python in this shell (`pyenv global system` for every shell)",
            "pyenv shell system");
    else if (g->kind && !strcmp(g->kind, "conda"))
        put(fl, fd, 0, FIX_RANK_ENV, sh, "Activate the conda environment that has the GPU build",
            arena_printf(a, "conda activate %s", g->name && strcmp(g->name, "base") ? g->name : g->prefix));
    else if (g->kind && !strcmp(g->kind, "venv"))
        put(fl, fd, 0, FIX_RANK_ENV, sh, "Activate the venv that has the GPU build",
            arena_printf(a, on_windows(x) ? "& \"%s\\Scripts\\Activate.ps1\"" : ". %s/bin/activate", g->prefix));
    else if (g->kind && !strcmp(g->kind, "pyenv"))
        fixes_run(x, fl, fd, FIX_TOOL_PYENV_SHELL,
                  "Select that pyenv version for this shell (or `pyenv local` for the project)",
                  path_basename(g->prefix), NULL);
    put(fl, fd, 0, FIX_RANK_ENV, sh,
        fd->n_fixes ? "Or run your program with that environment's Python" : "Run your program with that environment's Python",
        arena_printf(a, "%s your_script.py", py));
}

void fixes_jupyter_kernel(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const struct python_env *g, const char *python, const char *slug, int has_ipykernel)
{
    struct arena *a = A(x, fl);
    const char *gpy = run_word(x, fl, python);
    put(fl, fd, 0, FIX_RANK_USER, on_windows(x) ? "powershell" : "sh",
        arena_printf(a, "Register %s as a kernel, then pick \"Python (%s)\" in the notebook", g->prefix, slug),
        arena_printf(a, "%s%s%s -m ipykernel install --user --name %s --display-name \"Python (%s)\"",
                     has_ipykernel ? "" : gpy, has_ipykernel ? "" : " -m pip install ipykernel\n", gpy, slug, slug));
}

/* ---- Windows ---- */

void fixes_windows_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *wdirs,
                        int tf, const char *py)
{
    struct arena *a = A(x, fl);
    put(fl, fd, 0, FIX_RANK_ENV, "powershell", "Put the folder first on PATH for this PowerShell session, then start "
        "Python from it", arena_printf(a, "$env:PATH = \"%s;\" + $env:PATH", wdirs));
    put(fl, fd, 0, FIX_RANK_NONE, "powershell", "Keep it for every new terminal (your user PATH; open a new terminal "
        "afterwards)",
        arena_printf(a, "[Environment]::SetEnvironmentVariable('PATH', \"%s;\" + "
                     "[Environment]::GetEnvironmentVariable('PATH', 'User'), 'User')", wdirs));
    put(fl, fd, 0, FIX_RANK_NONE, "cmd", "The same from cmd: setx writes the user PATH (new windows only; setx cuts "
        "values at 1024 characters, so prefer the PowerShell line when PATH is long)",
        arena_printf(a, "set PATH=%s;%%PATH%%\nsetx PATH \"%s;%%PATH%%\"", wdirs, wdirs));
    if (!tf)
        put(fl, fd, 0, FIX_RANK_NONE, "python",
            arena_printf(a, "%s does not search PATH for an extension module's DLLs: or add the folder in the "
                         "program before importing the framework", py),
            arena_printf(a, "import os\nos.add_dll_directory(r\"%s\")", wdirs));
}

/* ---- which ---- */

void fixes_which(struct findings *fl, const struct resolve_result *res, struct finding *stale, struct finding *dir)
{
    struct arena *a = fl->arena;
    const char *d;
    memset(stale, 0, sizeof(*stale));
    memset(dir, 0, sizeof(*dir));
    if (res->stale_uncached || res->stale_missing)
        fixes_run(NULL, fl, stale, FIX_TOOL_LDCONFIG, "", NULL, NULL);   /* which prints "fix: COMMAND" */
    if (res->path || !res->suggest_dir || (!res->windows && res->stale_uncached))
        return;
    if (res->windows) {
        d = resolve_win_display(a, res->suggest_dir);
        put(fl, dir, 0, FIX_RANK_ENV, "powershell", "PowerShell, this session",
            arena_printf(a, "$env:PATH = \"%s;$env:PATH\"", d));
        put(fl, dir, 0, FIX_RANK_ENV, "python", "a Python extension module, in the program",
            arena_printf(a, "os.add_dll_directory(r\"%s\")", d));
        return;
    }
    put(fl, dir, 0, FIX_RANK_ENV, "sh", NULL,
        arena_printf(a, "export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}", res->suggest_dir));
    put(fl, dir, 0, FIX_RANK_SYSTEM, "sh", NULL,
        arena_printf(a, "echo '%s' | sudo tee /etc/ld.so.conf.d/gpudoctor.conf && sudo ldconfig", res->suggest_dir));
}
