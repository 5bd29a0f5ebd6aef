#include "diagnose/finding.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

/* The kind vocabulary: add, never rename (explain and check share it). */
static const char *const kinds[] = {
    "no_driver", "no_gpu", "driver_library_mismatch", "driver_too_old", "nouveau_loaded",
    "device_permissions", "stub_driver_on_path", "wsl_driver_issue", "env_hides_gpu",
    "multiple_cuda_conflict", "missing_cudart", "missing_cudnn", "missing_other_cuda_lib",
    "toolkit_version_mismatch", "cudnn_version_mismatch", "library_path_not_set",
    "pip_nvidia_libs_not_found", "gpu_arch_unsupported", "cpu_only_build",
    "windows_native_unsupported", "framework_plugin_mismatch", "apple_silicon",
    "broken_install", "wrong_environment", "scan_problem", "harmless_noise", "other",
    "out_of_memory", "container_toolkit_missing", "shm_too_small", "extension_build_mismatch",
    "driver_component_mismatch", "gpu_not_allocated", "gpu_fault", "prediction_mismatch",
    NULL
};

/* The code registry.  Codes are never reused; see docs/findings.md. */
const struct finding_code finding_codes[] = {
    { "GD001", "scan_problem", "a file could not be read or parsed; the scan went on without it" },
    { "GD101", "no_driver", "no NVIDIA driver is loaded or installed" },
    { "GD102", "no_gpu", "no NVIDIA GPU is visible on the PCI bus" },
    { "GD103", "driver_library_mismatch", "the loaded kernel module and the user-space driver differ" },
    { "GD104", "nouveau_loaded", "the open-source nouveau driver holds the GPU" },
    { "GD105", "device_permissions", "the NVIDIA device nodes are missing or not accessible" },
    { "GD106", "stub_driver_on_path", "the CUDA toolkit's stub libcuda is on the loader path" },
    { "GD107", "wsl_driver_issue", "WSL2: a Linux driver library shadows the Windows driver's" },
    { "GD108", "env_hides_gpu", "an environment variable hides the GPUs" },
    { "GD109", "multiple_cuda_conflict", "several CUDA installs, and the pointers to them disagree" },
    { "GD110", "wsl_driver_issue", "WSL2 without the Windows driver's libraries" },
    { "GD111", "driver_library_mismatch", "several user-space driver versions are installed" },
    { "GD112", "broken_install", "a GPU-related distribution package's installation did not finish (dpkg)" },
    { "GD113", "no_driver", "a Jetson's CUDA driver (L4T's tegra/libcuda.so.1) is missing or not on the loader path" },
    { "GD114", "no_driver", "no libcuda.so.1 the examined process's loader can load (only another ABI's copy, or none at all)" },
    { "GD115", "driver_component_mismatch", "a driver component other than libcuda (NVML, the PTX JIT compiler, the CUDA debugger) is not the driver's version" },
    { "GD116", "driver_library_mismatch", "CUDA forward compatibility: libcuda from cuda-compat over an older kernel module" },
    { "GD120", "no_driver", "the running kernel's modules are gone: it was removed or upgraded since boot" },
    { "GD121", "no_driver", "DKMS has the nvidia module but no installed build for the kernel" },
    { "GD122", "no_driver", "the nvidia module is installed for another kernel than the running one" },
    { "GD123", "no_driver", "the nvidia module was built for another kernel (its vermagic)" },
    { "GD124", "no_driver", "Secure Boot is on and the nvidia module is not signed" },
    { "GD125", "no_driver", "the nvidia module is not in modules.dep (depmod has not run)" },
    { "GD126", "no_driver", "the next boot's kernel has no nvidia module (DKMS has not built it)" },
    { "GD130", "gpu_not_allocated", "a Slurm job without a GPU allocated" },
    { "GD131", "toolkit_version_mismatch", "a loaded environment module puts an older CUDA of the framework's major first on the loader path" },
    { "GD132", "container_toolkit_missing", "a container started without the NVIDIA runtime: no driver libraries, no device nodes" },
    { "GD133", "container_toolkit_missing", "a GPU host with a container engine but no NVIDIA Container Toolkit" },
    { "GD134", "container_toolkit_missing", "the NVIDIA CDI spec was generated for another driver version" },
    { "GD140", "gpu_arch_unsupported", "a CUDA extension (flash-attn, xformers, ...) has no code for the GPU's compute capability" },
    { "GD141", "extension_build_mismatch", "a CUDA extension is built for another torch (or another CUDA major) than the one installed" },
    { "GD142", "missing_other_cuda_lib", "a CUDA extension links a CUDA library that torch does not load and the loader does not find" },
    { "GD143", "cpu_only_build", "an extension built against torch (torchvision, torchaudio, ...) is a CPU build beside a CUDA torch: its operators have no CUDA kernels" },
    { "GD150", "wsl_driver_issue", "WSL2 without /dev/dxg: the WSL kernel offers no GPU (\"GPU access blocked by the operating system\")" },
    { "GD117", "device_permissions", "the process's cgroup does not allow the NVIDIA devices (a Slurm job or container without GPUs)" },
    /* GD2xx: per framework install (the diagnosis). */
    { "GD201", "missing_cudart", "the CUDA runtime the framework loads is not found" },
    { "GD202", "missing_cudnn", "the cuDNN library the framework loads is not found" },
    { "GD203", "missing_other_cuda_lib", "a CUDA library the framework loads (cuBLAS, cuFFT, ...) is not found" },
    { "GD204", "library_path_not_set", "the library is installed but not on the loader's search path" },
    { "GD205", "pip_nvidia_libs_not_found", "pip's nvidia-* wheels are installed but the framework does not find them" },
    { "GD206", "toolkit_version_mismatch", "the framework needs another CUDA version than the one installed" },
    { "GD207", "cudnn_version_mismatch", "the cuDNN found is not the version the framework needs" },
    { "GD208", "driver_too_old", "the driver is too old for the framework's CUDA runtime" },
    { "GD209", "gpu_arch_unsupported", "the GPU's compute capability is not in the framework's build" },
    { "GD210", "gpu_arch_unsupported", "the GPU runs only through PTX JIT compilation (slow first start)" },
    { "GD211", "cpu_only_build", "the framework build has no GPU support" },
    { "GD212", "windows_native_unsupported", "this framework version has no GPU support on native Windows" },
    { "GD213", "framework_plugin_mismatch", "the framework's GPU plugin does not match the framework" },
    { "GD214", "apple_silicon", "Apple Silicon: no CUDA; the GPU path is Metal / MPS" },
    { "GD215", "toolkit_version_mismatch", "the framework uses its own CUDA runtime, not the installed toolkit" },
    { "GD216", "broken_install", "two versions of one distribution are installed in one environment" },
    { "GD217", "other", "whether this framework uses the GPU cannot be decided from files" },
    { "GD218", "wrong_environment", "the Python the user runs (python3, a Jupyter kernel) is not the environment with the GPU build" },
    { "GD219", "extension_build_mismatch", "a native module of the framework is linked for smaller memory pages than the kernel's (64 KiB-page aarch64 kernels)" },
    { "GD220", "extension_build_mismatch", "a native module of the framework is built for another CPU architecture than the machine's (an x86_64 wheel on aarch64)" },
    { NULL, NULL, NULL }
};

/* Every table, searched in order; each area owns its table's file. */
static const struct finding_code *const code_tables[] = {
    finding_codes, finding_codes_explain, finding_codes_probe, finding_codes_windows, finding_codes_macos,
    finding_codes_image, finding_codes_ps, NULL
};

int finding_kind_valid(const char *kind)
{
    const char *const *k;
    for (k = kinds; *k; k++)
        if (!strcmp(*k, kind))
            return 1;
    return 0;
}

const struct finding_code *finding_code_find(const char *code)
{
    const struct finding_code *const *t;
    const struct finding_code *c;
    for (t = code_tables; *t; t++)
        for (c = *t; c->code; c++)
            if (!strcmp(c->code, code))
                return c;
    return NULL;
}

const struct finding_code *finding_code_next(const struct finding_code *prev)
{
    const struct finding_code *const *t;
    const struct finding_code *c;
    int take = prev == NULL;
    for (t = code_tables; *t; t++) {
        for (c = *t; c->code; c++) {
            if (take)
                return c;
            if (c == prev)
                take = 1;
        }
    }
    return NULL;
}

void findings_init(struct findings *fl, struct arena *arena)
{
    fl->arena = arena;
    fl->v = NULL;
    fl->nr = fl->alloc = 0;
}

void findings_release(struct findings *fl)
{
    size_t i;
    for (i = 0; i < fl->nr; i++) {
        free(fl->v[i].evidence);
        free(fl->v[i].fixes);
    }
    free(fl->v);
    fl->v = NULL;
    fl->nr = fl->alloc = 0;
}

const struct finding *findings_find(const struct findings *fl, const char *code)
{
    size_t i;
    for (i = 0; i < fl->nr; i++)
        if (!strcmp(fl->v[i].code, code))
            return &fl->v[i];
    return NULL;
}

struct finding *findings_add(struct findings *fl, const char *code, enum severity sev,
                             const char *title_fmt, ...)
{
    const struct finding_code *c = finding_code_find(code);
    struct finding *fd;
    va_list ap;

    if (!c)
        BUG("finding code '%s' is not registered", code);
    ALLOC_GROW(fl->v, fl->nr + 1, fl->alloc);
    fd = &fl->v[fl->nr++];
    memset(fd, 0, sizeof(*fd));
    fd->code = c->code;
    fd->kind = c->kind;
    fd->severity = sev;
    va_start(ap, title_fmt);
    fd->title = arena_vprintf(fl->arena, title_fmt, ap);
    va_end(ap);
    return fd;
}

void finding_evidence(struct findings *fl, struct finding *fd, const char *path,
                      const char *fmt, ...)
{
    va_list ap;
    struct evidence *e;
    ALLOC_GROW(fd->evidence, fd->n_evidence + 1, fd->alloc_evidence);
    e = &fd->evidence[fd->n_evidence++];
    va_start(ap, fmt);
    e->text = arena_vprintf(fl->arena, fmt, ap);
    va_end(ap);
    e->path = arena_strdup(fl->arena, path);
    e->line = 0;
}

void finding_evidence_line(struct findings *fl, struct finding *fd, long line, const char *text)
{
    struct evidence *e;
    ALLOC_GROW(fd->evidence, fd->n_evidence + 1, fd->alloc_evidence);
    e = &fd->evidence[fd->n_evidence++];
    e->text = arena_strdup(fl->arena, text);
    e->path = NULL;
    e->line = line;
}

void finding_fix(struct findings *fl, struct finding *fd, const char *shell, const char *title,
                 const char *command_fmt, ...)
{
    va_list ap;
    struct fix *x;
    ALLOC_GROW(fd->fixes, fd->n_fixes + 1, fd->alloc_fixes);
    x = &fd->fixes[fd->n_fixes++];
    x->shell = shell;
    x->group = 0;
    x->rank = FIX_RANK_NONE;
    x->continues = 0;
    x->title = arena_strdup(fl->arena, title);
    if (command_fmt) {
        va_start(ap, command_fmt);
        x->command = arena_vprintf(fl->arena, command_fmt, ap);
        va_end(ap);
    } else {
        x->command = NULL;
    }
}

void finding_fix_group(struct findings *fl, struct finding *fd, unsigned g, const char *shell,
                       const char *title, const char *command)
{
    if (command)
        finding_fix(fl, fd, shell, title, "%s", command);
    else
        finding_fix(fl, fd, shell, title, NULL);
    fd->fixes[fd->n_fixes - 1].group = g;
}

unsigned finding_next_group(const struct finding *fd)
{
    unsigned g = 0;
    size_t i;
    for (i = 0; i < fd->n_fixes; i++)
        if (fd->fixes[i].group > g)
            g = fd->fixes[i].group;
    return g + 1;
}

int findings_max_severity(const struct findings *fl)
{
    int m = -1;
    size_t i;
    for (i = 0; i < fl->nr; i++)
        if ((int)fl->v[i].severity > m)
            m = (int)fl->v[i].severity;
    return m;
}

size_t findings_count(const struct findings *fl, enum severity sev)
{
    size_t i, n = 0;
    for (i = 0; i < fl->nr; i++)
        n += fl->v[i].severity == sev;
    return n;
}

/* A finding's fixes, least invasive first (enum fix_rank); a continuation
 * (FIX_RANK_NONE) moves with the fix before it.  Insertion sort: stable. */
static void fixes_order(struct finding *fd)
{
    size_t i, j;
    enum fix_rank last = FIX_RANK_LOOK;
    for (i = 0; i < fd->n_fixes; i++) {
        if (fd->fixes[i].rank == FIX_RANK_NONE) {
            fd->fixes[i].rank = last;
            fd->fixes[i].continues = i > 0;
        }
        last = fd->fixes[i].rank;
    }
    for (i = 1; i < fd->n_fixes; i++) {
        struct fix tmp = fd->fixes[i];
        j = i;
        while (j > 0 && fd->fixes[j - 1].rank > tmp.rank) {
            fd->fixes[j] = fd->fixes[j - 1];
            j--;
        }
        fd->fixes[j] = tmp;
    }
}

void findings_sort(struct findings *fl)
{
    /* Insertion sort: stable, and lists are short. */
    size_t i, j;
    for (i = 1; i < fl->nr; i++) {
        struct finding tmp = fl->v[i];
        j = i;
        while (j > 0 && fl->v[j - 1].severity < tmp.severity) {
            fl->v[j] = fl->v[j - 1];
            j--;
        }
        fl->v[j] = tmp;
    }
    for (i = 0; i < fl->nr; i++)
        fixes_order(&fl->v[i]);
}

enum fix_rank finding_fix_rank(const struct finding *fd, size_t i)
{
    size_t j = i + 1;
    while (j-- > 0)
        if (fd->fixes[j].rank != FIX_RANK_NONE)
            return fd->fixes[j].rank;
    return FIX_RANK_LOOK;
}

/* Fix i continues fix i - 1: written so, or the same step for another shell. */
static int fix_joins_previous(const struct finding *fd, size_t i)
{
    const struct fix *x = &fd->fixes[i], *p = &fd->fixes[i - 1];
    return x->rank == FIX_RANK_NONE || x->continues || (x->group && x->group == p->group);
}

size_t finding_fix_route(const struct finding *fd, size_t i)
{
    size_t j, r = 0;
    for (j = 1; j <= i && j < fd->n_fixes; j++)
        if (!fix_joins_previous(fd, j))
            r++;
    return r;
}

const char *fix_rank_name(enum fix_rank r)
{
    switch (r) {
    case FIX_RANK_NONE:
    case FIX_RANK_LOOK: return "look";
    case FIX_RANK_ENV: return "env";
    case FIX_RANK_USER: return "user";
    case FIX_RANK_NEW_ENV: return "new_env";
    case FIX_RANK_SYSTEM: return "system";
    case FIX_RANK_DRIVER: return "driver";
    case FIX_RANK_REBOOT: return "reboot";
    }
    return "look";
}

const char *severity_name(enum severity sev)
{
    switch (sev) {
    case SEV_ERROR: return "error";
    case SEV_WARNING: return "warning";
    default: return "info";
    }
}
