/*
 * explain_logonly.c - the causes only a log shows (diagnose/explain_int.h):
 * CUDA error numbers, out of memory, NCCL and /dev/shm, a CUDA extension's
 * build, the framework missing from the Python that ran, a container or a
 * batch job without GPUs, a fallback to the CPU nothing explains, the
 * harmless noise and "nothing found".  Check has no twin for these (their
 * codes are GD4xx, or the program's own words); their advice, like a
 * cause check also judges, comes from the fix engine's intents
 * (diagnose/fixes_intent.h: no command is written here).
 */
#include "diagnose/explain_int.h"

#include <stdlib.h>
#include <string.h>

#include "diagnose/fixes_intent.h"
#include "kb/kb.h"
#include "util/banned.h"

/* How the log's error code is introduced in a title. */
static const char *explain_api_name(const char *api)
{
    return !api ? "CUDA" : !strcmp(api, "nvml") ? "NVML" : !strcmp(api, "cudnn") ? "cuDNN" : "CUDA";
}

/*
 * "No CUDA-capable device" (cudaErrorNoDevice, CUDA_ERROR_NO_DEVICE) says the
 * driver answered and showed this process no GPU: the same code whether the
 * machine has none or the process was kept from it.  What the log does not
 * settle stays ranked with what tells it: CUDA_VISIBLE_DEVICES set by a
 * script or a job to no GPU this machine has (an index it lacks, empty, -1:
 * the CUDA Programming Guide's CUDA_VISIBLE_DEVICES), when the log does not
 * show the variable, or the index the log sets (empty and -1 are
 * explain_rule_cuda_errors' GD108 already); a container started without the
 * GPU, when the log shows a container.
 */
static void no_device_alternatives(struct explain_ctx *c, const struct log_cuda_error *er)
{
    const struct log_facts *lf = c->lf;
    /* below "no usable GPU" (GD403, 55): on the corpus's train logs the same line is a machine
       without a GPU more often (ranked above it, 3 of those lost their first place for 2 gained) */
    if (!lf->cvd.v)
        explain_alt(c, "GD108", 50, "CUDA_VISIBLE_DEVICES, set by a script, a launcher or the job, "
                    "names no GPU of this machine (an index it does not have, empty, -1): CUDA then sees none",
                    FIX_TOOL_TELL_CVD_SMI_LIST, NULL, er->line, er->text);
    else
        explain_alt(c, "GD108", 52, arena_printf(c->out->arena, "CUDA_VISIBLE_DEVICES=%s selects GPUs by index: "
                    "a machine without GPU %s shows none", lf->cvd.v, lf->cvd.v),
                    FIX_TOOL_TELL_CVD_SMI_LIST, NULL, lf->cvd.line, lf->cvd.text);
    if (lf->container.v && !lf->docker_gpus.v)
        explain_alt(c, "GD408", 45, "the log was written inside a container: started without the GPU (docker run "
                    "--gpus all, the NVIDIA Container Toolkit), it has no device", FIX_TOOL_TELL_DOCKER_GPUS, NULL,
                    lf->container.line, lf->container.text);
}

void explain_rule_cuda_errors(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;

    for (i = 0; i < lf->n_errs; i++) {
        const struct log_cuda_error *er = &lf->errs[i];
        const char *code = er->finding ? er->finding : "GD402";
        int compat = explain_has(er->name, "COMPAT_NOT_SUPPORTED") || explain_has(er->name, "CompatNotSupported");
        /* The knowledge base says what each code points to (data/cuda_error.kb). */
        if (!strcmp(code, "GD407"))
            continue;   /* out of memory: the OOM rule quotes it */
        if (explain_cnt(c, LE_NOISE_GL_INTEROP) && (explain_has(er->text, "graphics_register") ||
                                                    explain_has(er->text, "GraphicsGLRegister")))
            continue;   /* the OpenGL buffer's registration, which the program fell back from (the noise rule) */
        if (!strcmp(code, "GD208") && !compat && explain_cnt(c, LE_DRIVER_ZERO))
            continue;   /* the driver version read was 0: no driver at all, not an old one */
        if (!strcmp(code, "GD208") && !compat) {
            /* the driver is older than the runtime, the PTX or the cuDNN the program uses */
            if (!(fd = explain_cause_of(c, "GD208", NULL))) {
                fd = explain_cause(c, "GD208", SEV_ERROR, "the NVIDIA driver is older than the CUDA runtime or PTX the program uses");
                explain_set_tell(c, fd, FIX_TOOL_TELL_SMI_CUDA_VS_FW, NULL);
                explain_apply_fix(c, fd, FX_DRIVER_UPGRADE, NULL);
            }
            explain_quote_line(c, fd, er->line, er->text);
            /* on WSL2 the only driver is the Windows one: the route to fix it (on Windows) ranks first */
            if (explain_os_is(c, "wsl"))
                explain_alt(c, "GD110", explain_get_score(c, fd) + 2, "on WSL2 the Windows driver provides CUDA: an outdated or broken Windows driver "
                    "(or Windows build) shows this way", FIX_TOOL_TELL_WSL_DRIVER, NULL,
                    er->line, er->text);
            else if (!c->os || explain_os_is(c, "linux"))
                explain_alt(c, "GD110", 35, "on WSL2: the Windows driver (or Windows build) lacks CUDA support for WSL",
                    FIX_TOOL_TELL_WSL_KERNEL_SMI, NULL, er->line, er->text);
            continue;
        }
        if (!strcmp(code, "GD209")) {
            if (!(fd = explain_cause_of(c, "GD209", NULL))) {
                fd = explain_cause(c, "GD209", SEV_ERROR, "the framework has no code for this GPU (CUDA error 209)");
                explain_apply_fix(c, fd, FX_FRAMEWORK, NULL);
            }
            explain_quote_line(c, fd, er->line, er->text);
            continue;
        }
        if (!strcmp(code, "GD103") && (explain_cause_of(c, "GD103", NULL) || explain_cnt(c, LE_DSO_MISMATCH) ||
                                       explain_cnt(c, LE_NVML_MISMATCH) || explain_cnt(c, LE_NVRM_API_MISMATCH)))
            continue;   /* the driver mismatch rows judge it (in a container it may be the host's older driver) */
        if (!strcmp(code, "GD103") || !strcmp(code, "GD101") || !strcmp(code, "GD105") ||
            !strcmp(code, "GD202") || !strcmp(code, "GD206") || !strcmp(code, "GD207")) {
            /* NVML's and cuDNN's codes that name a machine cause: the cause, unless judged already */
            if (!(fd = explain_cause_of(c, code, NULL))) {
                fd = explain_cause(c, code, SEV_ERROR, "");
                fd->title = arena_printf(c->out->arena, "%s (%s)", er->meaning ? er->meaning : er->name, er->name);
                explain_apply_fix(c, fd, !strcmp(code, "GD103")   ? FX_DRIVER_RELOAD
                                         : !strcmp(code, "GD101") ? FX_DRIVER_LOAD
                                         : !strcmp(code, "GD105") ? FX_NODES
                                         : !strcmp(code, "GD202") ? FX_FRAMEWORK
                                                                  : FX_CHECK,
                                  NULL);
            }
            explain_quote_line(c, fd, er->line, er->text);
            continue;
        }
        if (compat) {
            fd = explain_cause(c, "GD208", SEV_ERROR,
                       "the driver is older than the CUDA runtime, so its forward-compatibility libraries were used, "
                       "and this GPU does not support them (CUDA error 804)");
            explain_set_score(c, fd, 72);
            explain_quote_line(c, fd, er->line, er->text);
            explain_quote_val(c, fd, &lf->driver_version);
            explain_quote_val(c, fd, &lf->container);
            explain_apply_fix(c, fd, FX_DRIVER_UPGRADE, NULL);
            explain_alt(c, "GD402", 40, "cuda-compat is on the loader path although the driver is new enough",
                FIX_TOOL_TELL_LDPATH_COMPAT, NULL, er->line, er->text);
            continue;
        }
        if (!strcmp(code, "GD403")) {
            if (explain_cnt(c, LE_CVD_HIDDEN) && (fd = explain_cause_of(c, "GD108", NULL)) != NULL) {
                explain_quote_line(c, fd, er->line, er->text);
            } else if (!explain_cnt(c, LE_CVD_HIDDEN)) {
                fd = explain_cause(c, "GD403", SEV_ERROR, "");
                fd->title = arena_printf(c->out->arena, "CUDA found no usable GPU (%s)", er->name);
                explain_quote_line(c, fd, er->line, er->text);
                finding_evidence(c->out, fd, NULL, "causes: CUDA_VISIBLE_DEVICES empty or -1, a container started "
                                 "without GPUs, or on WSL2 a Linux libcuda shadowing /usr/lib/wsl/lib");
                explain_set_tell(c, fd, FIX_TOOL_TELL_CVD_SMI_LIST, NULL);
                fixes_container_start(&c->fx, c->out, fd, "In a container: start it with the GPUs", FIX_CTR_GPUS);
                explain_apply_fix(c, fd, FX_CHECK, NULL);
                /* On WSL 2 CUDA reaches the GPU only through the Windows driver's libcuda in
                 * /usr/lib/wsl/lib (NVIDIA's CUDA on WSL User Guide): no device there is that
                 * path broken (a Linux libcuda found first, a Windows driver without WSL support)
                 * more often than a machine without a GPU, which the reporter would not run CUDA on. */
                if (explain_os_is(c, "wsl"))
                    explain_alt(c, "GD110", 62, "on WSL2 CUDA sees the GPU only through the Windows driver's libcuda "
                        "in /usr/lib/wsl/lib: a Linux driver's libcuda found first, or a Windows driver without WSL "
                        "support, finds no device", FIX_TOOL_TELL_WSL_LIBCUDA, NULL, er->line, er->text);
                no_device_alternatives(c, er);
            }
            continue;
        }
        if (!strcmp(code, "GD106")) {
            if (!(fd = explain_cause_of(c, "GD106", NULL))) {
                fd = explain_cause(c, "GD106", SEV_ERROR, "the CUDA toolkit's stub libcuda was loaded instead of the driver "
                           "(CUDA_ERROR_STUB_LIBRARY)");
                explain_apply_fix(c, fd, FX_STUB, NULL);
            }
            explain_quote_line(c, fd, er->line, er->text);
            continue;
        }
        fd = explain_cause(c, "GD402", SEV_ERROR, "");
        if (er->number >= 0)
            fd->title = arena_printf(c->out->arena, "%s error %s (%ld)%s%s", explain_api_name(er->api), er->name,
                                     er->number, er->meaning ? ": " : "", er->meaning ? er->meaning : "");
        else
            fd->title = arena_printf(c->out->arena, "%s error %s", explain_api_name(er->api), er->name);
        explain_quote_line(c, fd, er->line, er->text);
        if (explain_has(er->name, "NVML_ERROR_OPERATING_SYSTEM") && explain_os_is(c, "wsl"))
            explain_alt(c, "GD110", 75, "on WSL2 NVML reaches the GPU through the Windows driver's libraries in "
                "/usr/lib/wsl/lib: missing or stale ones (after a Windows or driver update) block it",
                FIX_TOOL_TELL_WSL_LIBS_WINDOWS, NULL, er->line, er->text);
        if ((!strcmp(er->name, "CUDA_ERROR_NOT_INITIALIZED") || !strcmp(er->name, "cudaErrorInitializationError")) &&
            er->text && explain_has(er->text, "cuInit")) {
            /* cuInit itself failed (not a call before it): the driver could not start CUDA */
            explain_alt(c, "GD208", 45, "cuInit itself failed: a driver older than the CUDA the program uses "
                "(or than the GPU) cannot initialise it", FIX_TOOL_TELL_SMI_CUDA_VS_FW, NULL, er->line, er->text);
            explain_alt(c, "GD101", 40, "cuInit itself failed: the NVIDIA kernel module is not loaded or does not "
                "match the user-space driver", FIX_TOOL_TELL_SMI_LSMOD, NULL, er->line, er->text);
        }
        if (explain_has(er->name, "SYSTEM_NOT_READY") || explain_has(er->name, "SystemNotReady"))
            fixes_run(&c->fx, c->out, fd, FIX_TOOL_FABRICMANAGER, NULL, NULL, NULL);
        else
            explain_apply_fix(c, fd, FX_CHECK, NULL);
    }
    /* torch's "CUDA initialization: ..." warning without a cause of its own. */
    if (explain_cnt(c, LE_CUDA_INIT_WARNING) && !c->n_causes) {
        fd = explain_cause(c, "GD404", SEV_WARNING, "");
        fd->title = arena_printf(c->out->arena, "PyTorch could not initialise CUDA: %s",
                                 lf->ev[LE_CUDA_INIT_WARNING].a ? lf->ev[LE_CUDA_INIT_WARNING].a : "?");
        explain_quote_ev(c, fd, LE_CUDA_INIT_WARNING);
        explain_apply_fix(c, fd, FX_CHECK, NULL);
    }
}

/* A library the log names failing that ONNX Runtime's provider needs (not the provider itself, not TensorRT). */
static int ort_named_dependency(const struct explain_ctx *c)
{
    size_t i;
    for (i = 0; i < c->lf->n_libs; i++)
        if (!c->lf->libs[i].ok && !explain_has(c->lf->libs[i].name, "providers_cuda") &&
            !explain_has(c->lf->libs[i].name, "nvinfer"))
            return 1;
    return 0;
}

/*
 * One half of ONNX Runtime's "Require cuDNN 8.* and CUDA 12.*"
 * (onnxruntime_pybind_state.cc: the majors its provider was built for):
 * dnn 1 the cuDNN half, 0 the CUDA half.  1: the machine does not meet it
 * (the log shows a cuDNN / a CUDA toolkit of another major, or the major
 * had its successor out half a year before the log's first timestamp:
 * cudnn_release.kb, cuda_release.kb); 0: the log shows that major
 * installed; -1: unknown (use_date 0: the date is not asked).  *why (when
 * not NULL) gets the reason for 1.
 */
static int ort_half_off(struct explain_ctx *c, const char *req, int dnn, int use_date, const char **why)
{
    const char *p = strstr(req, dnn ? "cuDNN " : "CUDA "), *have = NULL, *next, *released;
    char major[8];
    size_t n;
    long logm, relm;
    if (!p)
        return -1;
    p += dnn ? strlen("cuDNN ") : strlen("CUDA ");
    n = strspn(p, "0123456789");
    if (!n || n >= sizeof(major))
        return -1;
    memcpy(major, p, n);
    major[n] = '\0';
    if (dnn && c->f->n_cudnn && c->f->cudnn[0].version)
        have = c->f->cudnn[0].version;
    else if (!dnn && c->f->n_cuda && c->f->cuda[0].version)
        have = c->f->cuda[0].version;
    if (have) {
        if (!strncmp(have, major, n) && (have[n] == '.' || have[n] == '\0'))
            return 0;
        if (why)
            *why = arena_printf(c->out->arena, "ONNX Runtime's provider was built for %s %s, and the log shows %s "
                                "%s installed: a major it cannot load", dnn ? "cuDNN" : "CUDA", major,
                                dnn ? "cuDNN" : "CUDA", have);
        return 1;
    }
    if (!use_date || (dnn ? kb_cudnn_successor(c->in->kb, major, &next, &released)
                          : kb_cuda_successor(c->in->kb, major, &next, &released)) != 1)
        return -1;
    logm = explain_months_of(c->lf->date.v);
    relm = explain_months_of(released);
    if (logm < 0 || relm < 0 || logm < relm + 6)
        return -1;
    if (why)
        *why = arena_printf(c->out->arena, "ONNX Runtime's provider was built for %s %s, which %s %s replaced (%.7s) "
                            "well before this log (%s): the machine most likely has the newer %s", dnn ? "cuDNN" : "CUDA",
                            major, dnn ? "cuDNN" : "CUDA", next, released, c->lf->date.v, dnn ? "cuDNN" : "CUDA");
    return 1;
}

/*
 * ONNX Runtime's CUDA provider failed and the log names no library it
 * missed (Windows' "LoadLibrary failed with error 126" names only the
 * provider DLL; "Failed to create CUDAExecutionProvider. Require cuDNN N.*
 * and CUDA M.*" is printed whatever failed: onnxruntime_pybind_state.cc).
 * The provider was built for one CUDA major and one cuDNN major (ONNX
 * Runtime's CUDA Execution Provider requirements table), so a dependency
 * missing, a cuDNN of another major and a CUDA of another major read the
 * same: each stays ranked with the command that tells (the provider's
 * missing dependencies, cuDNN's files).
 */
void explain_rule_ort_unnamed(struct explain_ctx *c)
{
    const struct log_event *ep = &c->lf->ev[LE_ORT_EP_FAIL];
    struct finding *fd;
    if (ort_named_dependency(c))
        return;
    if (explain_cnt(c, LE_ORT_PROVIDER_FAIL) && (fd = explain_cause_of(c, "GD203", NULL)) != NULL) {
        /* the release the log shows (a package's name, pip's list) and the build's majors (onnxruntime.kb),
           held against the cuDNN / CUDA the log shows installed: the half it does not meet comes first */
        const struct framework_build *ort = explain_log_fw(c, "onnxruntime");
        struct kb_ort o;
        if (ort && ort->version && kb_onnxruntime(c->in->kb, ort->version, ort->cuda, &o) == 1) {
            const char *req = arena_printf(c->out->arena, "cuDNN %s and CUDA %s", o.cudnn, o.cuda), *why = NULL;
            const char *cwhy = NULL;
            int dnn = ort_half_off(c, req, 1, 0, &why), cuda = ort_half_off(c, req, 0, 0, &cwhy);
            if (dnn == 1 && cuda != 1)
                explain_alt_hit(c, "GD207", explain_get_score(c, fd) + 4, arena_printf(c->out->arena, "onnxruntime %s: %s",
                                ort->version, why), FIX_TOOL_TELL_CUDNN_FILES, NULL, LE_ORT_PROVIDER_FAIL);
            else if (cuda == 1 && dnn != 1)
                explain_alt_hit(c, "GD206", explain_get_score(c, fd) + 4, arena_printf(c->out->arena, "onnxruntime %s: %s",
                                ort->version, cwhy), FIX_TOOL_TELL_ORT_PIP_NVCC, NULL, LE_ORT_PROVIDER_FAIL);
        }
        explain_alt_hit(c, "GD207", explain_get_score(c, fd) - 8, "the provider was built for one cuDNN major: a "
                        "cuDNN of another major (8 for 9, 9 for 8) on the path fails to load the same way",
                        FIX_TOOL_TELL_CUDNN_FILES, NULL, LE_ORT_PROVIDER_FAIL);
        explain_alt_hit(c, "GD206", explain_get_score(c, fd) - 12, "the provider was built for one CUDA major: the "
                        "CUDA libraries of another major on the path fail to load the same way",
                        FIX_TOOL_TELL_ORT_PIP_NVCC, NULL, LE_ORT_PROVIDER_FAIL);
    }
    if (explain_cnt(c, LE_ORT_EP_FAIL) && ep->a && explain_has(ep->a, "cuDNN") &&
        (fd = explain_cause_of(c, "GD206", NULL)) != NULL) {
        const char *why = NULL;
        int dnn = ort_half_off(c, ep->a, 1, 1, &why), cuda = ort_half_off(c, ep->a, 0, 1, why ? NULL : &why);
        /* the cuDNN half is the one the machine does not meet (its cuDNN of another major, or that
           major long superseded at the log's date) and the CUDA half is not: cuDNN first */
        if (dnn == 1 && cuda != 1)
            explain_alt_hit(c, "GD207", explain_get_score(c, fd) + 4, why, FIX_TOOL_TELL_CUDNN_FILES, NULL,
                            LE_ORT_EP_FAIL);
        else
            explain_alt_hit(c, "GD207", explain_get_score(c, fd) - 2, arena_printf(c->out->arena, "ONNX Runtime "
                            "needs %s: a cuDNN of another major than it names fails the same way as another CUDA",
                            ep->a), FIX_TOOL_TELL_CUDNN_FILES, NULL, LE_ORT_EP_FAIL);
    }
}

/* ---- the log-only causes (GD4xx: check has no twin for them) ---- */

/* Variables the log-only advice sets (fixes_env_run). */
static const char *const oom_vars[] = {"TF_FORCE_GPU_ALLOW_GROWTH=true", "XLA_PYTHON_CLIENT_PREALLOCATE=false", NULL};
static const char *const shm_off[] = {"NCCL_SHM_DISABLE=1", NULL};
static const char *const nccl_debug[] = {"NCCL_DEBUG=INFO", NULL};
static const char *const vlog3[] = {"TF_CPP_MAX_VLOG_LEVEL=3", NULL};

static const char *const framework_modules[] = {
    "torch", "tensorflow", "jax", "jaxlib", "onnxruntime", "cupy", "paddle", "keras", "tensorrt", NULL
};

void explain_rule_log_only(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct log_hit *h;
    struct finding *fd;
    size_t i;

    if (explain_cnt(c, LE_OOM)) {
        fd = explain_cause(c, "GD407", SEV_ERROR,
                   "the GPU ran out of memory: it works, but another process holds memory or the job is too large");
        explain_quote_ev(c, fd, LE_OOM);
        explain_quote_val(c, fd, &lf->gpu_name);
        fixes_run(&c->fx, c->out, fd, FIX_TOOL_SMI_APPS, "See which processes hold GPU memory", NULL, NULL);
        fixes_advice(c->out, fd, FIX_RANK_USER, "Make the job smaller (batch size, sequence length, precision): "
                     "e.g. halve the batch size, or use bf16/fp16");
        fixes_env_run(&c->fx, c->out, fd, FIX_RANK_ENV, "TensorFlow and JAX take all GPU memory at start unless told not to",
                      oom_vars, 0, NULL);
    }
    if (explain_cnt(c, LE_NCCL_SHM)) {
        fd = explain_cause(c, "GD409", SEV_ERROR,
                   "the shared memory in /dev/shm is too small for NCCL or the DataLoader (Docker gives 64 MB)");
        explain_quote_ev(c, fd, LE_NCCL_SHM);
        explain_quote_val(c, fd, &lf->container);
        explain_set_tell(c, fd, FIX_TOOL_TELL_SHM_SIZE, NULL);
        fixes_container_start(&c->fx, c->out, fd, "Give the container the host's IPC namespace, or more shared memory",
                              FIX_CTR_IPC_HOST_OR_SHM);
        fixes_env_run(&c->fx, c->out, fd, FIX_RANK_ENV, "Or let NCCL go without shared memory (slower)", shm_off, 0,
                      NULL);
        h = explain_first_hit(c, LE_NCCL_SHM);
        if (h && (explain_has(h->text, "ermission denied") || explain_has(h->text, "No such file")))
            explain_set_score(c, fd, 45);   /* not a size: the segment exists elsewhere or cannot be opened */
    }
    if (explain_cnt(c, LE_NCCL_SYSERR) && !explain_cnt(c, LE_NCCL_SHM)) {
        fd = explain_cause(c, "GD409", SEV_ERROR,
                   "NCCL failed on a system call; in a container this is usually /dev/shm being too small");
        explain_set_score(c, fd, lf->container.v ? 55 : 40);
        explain_quote_ev(c, fd, LE_NCCL_SYSERR);
        explain_set_tell(c, fd, FIX_TOOL_TELL_SHM_NCCL, NULL);
        fixes_env_run(&c->fx, c->out, fd, FIX_RANK_LOOK, "See which call failed", nccl_debug, 1, NULL);
        fixes_container_start(&c->fx, c->out, fd, "In Docker, give it the host's IPC namespace", FIX_CTR_IPC_HOST);
    }
    if ((fd = explain_cause_of(c, "GD408", NULL)) != NULL && explain_cnt(c, LE_DOCKER_NO_GPU))
        explain_quote_val(c, fd, &lf->command);
    if (explain_cnt(c, LE_EXT_CUDA_MISMATCH)) {
        const struct log_event *e = &lf->ev[LE_EXT_CUDA_MISMATCH];
        fd = explain_cause(c, "GD410", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "a CUDA extension is being compiled with CUDA %s, but PyTorch was "
                                 "built with CUDA %s", e->a ? e->a : "?", e->b ? e->b : "?");
        explain_quote_ev(c, fd, LE_EXT_CUDA_MISMATCH);
        explain_quote_val(c, fd, &lf->torch_version);
        if (e->b) {
            const char *home = arena_printf(c->out->arena, "/usr/local/cuda-%s", e->b);
            fixes_toolkit_env(&c->fx, c->out, fd, "Point the build at a toolkit of PyTorch's CUDA version", home,
                              arena_printf(c->out->arena, "%s/lib64", home));
        }
        /* torch's cpp_extension refuses only another CUDA major: any build of the toolkit's major */
        if (e->a && strtol(e->a, NULL, 10) > 0) {
            fixes_run(&c->fx, c->out, fd, FIX_TOOL_PLAN_CUDA, "Or install a PyTorch build for the toolkit's CUDA "
                      "major, or a prebuilt wheel of the extension", "torch",
                      arena_printf(c->out->arena, "%ld", strtol(e->a, NULL, 10)));
        }
    } else if (explain_cnt(c, LE_CUDA_HOME_UNSET)) {
        fd = explain_cause(c, "GD410", SEV_ERROR,
                   "a CUDA extension is being compiled, but no CUDA toolkit was found (CUDA_HOME is not set)");
        explain_set_score(c, fd, 70);
        explain_quote_ev(c, fd, LE_CUDA_HOME_UNSET);
        fixes_toolkit_env(&c->fx, c->out, fd, "Install the toolkit of PyTorch's CUDA version and point CUDA_HOME at it",
                          "/usr/local/cuda", "/usr/local/cuda/lib64");
    }
    if (explain_cnt(c, LE_MODULE_MISSING) && lf->ev[LE_MODULE_MISSING].a) {
        const char *m = lf->ev[LE_MODULE_MISSING].a;
        for (i = 0; framework_modules[i]; i++) {
            size_t k = strlen(framework_modules[i]);
            if (!strncmp(m, framework_modules[i], k) && (m[k] == '\0' || m[k] == '.' || m[k] == '_'))
                break;
        }
        if (framework_modules[i]) {
            const char *fw = !strncmp(m, "jax", 3) ? "jax" : !strcmp(framework_modules[i], "keras") ? NULL
                                                                                                 : framework_modules[i];
            fd = explain_cause(c, "GD411", SEV_ERROR, "");
            fd->title = arena_printf(c->out->arena, "'%s' is not installed in the Python that ran: another "
                                     "environment or kernel", m);
            explain_quote_ev(c, fd, LE_MODULE_MISSING);
            explain_quote_val(c, fd, &lf->command);
            explain_framework_fix(c, fd, fw && strcmp(fw, "tensorrt") ? fw : NULL);
            explain_alt_hit(c, "GD216", 40, "the package is installed but broken (a partial install or two versions)",
                    FIX_TOOL_TELL_PY_PIP_GREP, framework_modules[i], LE_MODULE_MISSING);
        }
    }
}

/*
 * Inside a container (the log shows its prompt, Docker's container-id
 * hostname, an NGC banner: logread's container) whose start the log does
 * not show, a driver judged absent or too old (GD101, GD208 from error 35) is
 * what a container started without the GPU looks like: an image never holds
 * the driver, the NVIDIA container runtime mounts the host's (NVIDIA
 * Container Toolkit docs, "Architecture Overview": the prestart hook
 * mounts the driver libraries and device nodes).  So "started without the
 * GPU" ranks just above the judged cause, which stays second: the host
 * may lack the driver too.  A start with --gpus in the log, a batch job,
 * the toolkit's hook at work (nvidia-container-cli's requirement check,
 * mounts or its own "nvml error: driver not loaded"), Docker's own refusal
 * (the host's docker run) or a driver that answered (its version, TensorFlow's DSO check,
 * a version mismatch) rule it out; a pod is
 * explain_rule_setting's own row.
 */
static void container_no_driver(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;
    if (!lf->container.v || lf->docker_gpus.v || lf->cluster.v || !strcmp(lf->container.v, "kubernetes") ||
        (lf->command.v && explain_has(lf->command.v, "docker")))
        return;
    /* the toolkit's hook ran (its requirement check, its mounts) or the driver answered: GPUs were given */
    if (explain_cnt(c, LE_DRIVER_REQUIREMENT) || explain_cnt(c, LE_CTK_FILE_EXISTS) || lf->driver_version.v ||
        lf->driver_cuda.v || explain_cnt(c, LE_DSO_MISMATCH) || explain_cnt(c, LE_NVRM_API_MISMATCH) ||
        explain_cnt(c, LE_NVML_MISMATCH) || explain_cnt(c, LE_DOCKER_NO_GPU))
        return;
    /* the hook's own words (nvidia-container-cli: "nvml error: driver not loaded"): the log is the host's
       docker run, whose hook found no driver on the host */
    for (i = 0; i < lf->ev[LE_KERNEL_DRIVER_DOWN].n_hits; i++)
        if (explain_has(lf->ev[LE_KERNEL_DRIVER_DOWN].hits[i].text, "nvidia-container-cli"))
            return;
    if ((fd = explain_cause_of(c, "GD101", NULL)) == NULL && (fd = explain_cause_of(c, "GD208", NULL)) == NULL)
        return;
    explain_alt(c, "GD408", explain_get_score(c, fd) + 3, "the log was written inside a container: an image holds "
                "no driver, the NVIDIA container runtime mounts the host's (docker run --gpus all, the NVIDIA "
                "Container Toolkit), so a container started without the GPU has none",
                FIX_TOOL_TELL_DOCKER_GPUS, NULL, lf->container.line, lf->container.text);
}

/* No GPU in use, and no cause named: a container without GPUs, a batch job without one. */
void explain_rule_setting(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    int tf_empty = !explain_cnt(c, LE_GPU_WORKS) &&
                   (explain_cnt(c, LE_GPU_LIST_EMPTY) || (explain_cnt(c, LE_TF_CPU_DEVICES) && !explain_cnt(c, LE_TF_GPU_DEVICES)));
    /* the judges' "no NVIDIA GPU" from the graphics the log names: those lines are its evidence */
    if ((fd = explain_cause_of(c, "GD102", NULL)) != NULL) {
        explain_quote_val(c, fd, &lf->other_gpu);
        explain_quote_val(c, fd, &lf->no_nvidia_said);
    }
    /* A container started without --gpus has no driver inside: libcuda missing, nvidia-smi failing, or
     * error 35 are what that looks like, so the command line outranks the driver's absence. */
    if (lf->container.v && !lf->docker_gpus.v && lf->command.v && explain_has(lf->command.v, "docker") &&
        ((fd = explain_cause_of(c, "GD101", NULL)) != NULL || (fd = explain_cause_of(c, "GD208", NULL)) != NULL))
        explain_alt(c, "GD408", explain_get_score(c, fd) + 5, "the container was started without GPUs: docker run "
                    "needs --gpus all (and the NVIDIA Container Toolkit), so no driver library is inside",
                    FIX_TOOL_TELL_DOCKER_GPUS, NULL, lf->command.line, lf->command.text);
    else
        container_no_driver(c);
    /* A pod without the driver's libraries: Kubernetes' device plugin only sets variables, the
     * NVIDIA container runtime (the default runtime of containerd or Docker) mounts the driver. */
    if (lf->container.v && !strcmp(lf->container.v, "kubernetes") &&
        ((fd = explain_cause_of(c, "GD101", NULL)) != NULL || (fd = explain_cause_of(c, "GD208", NULL)) != NULL))
        explain_alt(c, "GD408", explain_get_score(c, fd) + 5, "the pod has no driver libraries: on Kubernetes the "
                    "NVIDIA container runtime must be the node's default runtime (the device plugin alone mounts "
                    "nothing)", FIX_TOOL_TELL_CTK, NULL, lf->container.line, lf->container.text);
    if (c->n_causes || !(explain_cnt(c, LE_TORCH_NO_GPU) || tf_empty || explain_cnt(c, LE_SMI_FAILED) || explain_cnt(c, LE_NO_CUDA_GPUS)))
        return;
    /* a container whose command line the log does not show: started without GPUs is the first guess */
    if (lf->container.v && !lf->docker_gpus.v && !lf->command.v && !lf->cluster.v)
        explain_alt(c, "GD408", 40, "in a container the usual reason is that it was started without GPUs (docker run "
                    "needs --gpus all and the NVIDIA Container Toolkit)", FIX_TOOL_TELL_DOCKER_GPUS, NULL,
                    lf->container.line, lf->container.text);
    if (lf->container.v && !lf->docker_gpus.v && lf->command.v) {
        fd = explain_cause(c, "GD408", SEV_ERROR, "the container was started without GPUs: docker run needs --gpus all (and "
                   "the NVIDIA Container Toolkit)");
        explain_set_score(c, fd, 62);
        explain_quote_val(c, fd, &lf->command);
        explain_quote_ev(c, fd, LE_TORCH_NO_GPU);
        fixes_container_start(&c->fx, c->out, fd, "Start it with the GPUs", FIX_CTR_GPUS);
    } else if (lf->cluster.v) {
        fd = explain_cause(c, "GD403", SEV_ERROR, "the batch job has no GPU: it ran on a node (or in an allocation) without one");
        explain_set_score(c, fd, 65);
        explain_quote_val(c, fd, &lf->cluster);
        explain_quote_ev(c, fd, LE_TORCH_NO_GPU);
        explain_quote_ev(c, fd, LE_SMI_FAILED);
        fixes_run(&c->fx, c->out, fd, FIX_TOOL_SLURM_GPU, NULL, NULL, NULL);
    }
}

/* TensorFlow with its loader's messages switched on (log-only advice: the log hides them). */
static void tf_verbose_fix(struct explain_ctx *c, struct finding *fd, const char *title)
{
    static const char *const verbose[] = {"TF_CPP_MIN_LOG_LEVEL=0", "TF_CPP_MAX_VLOG_LEVEL=3", NULL};
    fixes_env_run(&c->fx, c->out, fd, FIX_RANK_LOOK, title, verbose, 1, NULL);
}

/*
 * The log is a Mac's (logscan's OS: /Users/, .dylib, Darwin, the macOS
 * platform, a MacBook): there is no CUDA there (NVIDIA's last CUDA for macOS
 * was 10.2, no Apple Silicon Mac has an NVIDIA GPU; rules_macos.c), so a
 * cause that presumes CUDA on that machine -- no driver, a library, a
 * toolkit, a CPU-only wheel, Windows' TensorFlow -- is a symptom of asking
 * a Mac for CUDA (a driver that answered, too old, is not: CUDA ran there).  "Use Metal" ranks just above the surest such cause,
 * which stays as the alternative (an old Intel Mac with an NVIDIA GPU).
 */
void explain_rule_macos_no_cuda(struct explain_ctx *c)
{
    /* not a driver that answered (too old, mismatched: error 35 needs a CUDA runtime and driver that
       run, the Intel Macs with NVIDIA GPUs of CUDA 10.2 and before) nor a GPU that ran code */
    static const char *const cuda_kinds[] = {
        "no_driver", "no_gpu", "toolkit_version_mismatch", "missing_cudart", "missing_cudnn",
        "missing_other_cuda_lib", "cudnn_version_mismatch", "library_path_not_set", "pip_nvidia_libs_not_found",
        "multiple_cuda_conflict", "cpu_only_build", "windows_native_unsupported", "wsl_driver_issue",
        "container_toolkit_missing", "stub_driver_on_path", "nouveau_loaded", "device_permissions",
        "env_hides_gpu", NULL };
    const struct finding *top = NULL;
    struct finding *fd;
    size_t i, k;
    int best = 0;

    if (!explain_os_is(c, "macos") || explain_cause_of(c, "GD214", NULL) || c->lf->gpu_name.v ||
        c->lf->driver_version.v || explain_cnt(c, LE_GPU_WORKS))
        return;   /* the log shows an NVIDIA GPU or driver there: an Intel Mac of CUDA's time */
    for (i = 0; i < c->out->nr && i < MAX_SCORED; i++) {
        const struct finding *f = &c->out->v[i];
        if (f->severity < SEV_WARNING)
            continue;
        for (k = 0; cuda_kinds[k] && strcmp(cuda_kinds[k], f->kind); k++)
            ;
        if (cuda_kinds[k] && c->score[i] > best) {
            best = c->score[i];
            top = f;
        }
    }
    for (i = 0; i < c->n_alts; i++)
        if (c->alts[i].score > best)
            for (k = 0; cuda_kinds[k]; k++)
                if (!strcmp(cuda_kinds[k], c->alts[i].kind))
                    best = c->alts[i].score;
    if (!best)
        return;
    fd = explain_cause(c, "GD214", SEV_ERROR, "this is a Mac: there is no CUDA on macOS, so what the log says is "
                       "missing is CUDA's; the GPU is reached through Metal (PyTorch's MPS, tensorflow-metal)");
    explain_set_score(c, fd, best + 2 > 95 ? 95 : best + 2);
    explain_quote_val(c, fd, &c->lf->os_macos);
    for (i = 0; top && i < top->n_evidence && i < 2; i++)
        explain_quote_line(c, fd, top->evidence[i].line, top->evidence[i].text);
    explain_set_tell(c, fd, FIX_TOOL_TELL_METAL_MPS, NULL);
    if (explain_log_fw(c, "tensorflow"))
        fixes_macos_pip(&c->fx, c->out, fd, c->env, "Install Apple's Metal plugin "
                        "(developer.apple.com/metal/tensorflow-plugin/)", "tensorflow-metal");
    explain_apply_fix(c, fd, FX_CHECK, NULL);
}

/*
 * The framework fell back to the CPU and nothing named a cause: what the
 * log cannot tell, ranked, with what would tell.
 */
void explain_rule_no_gpu_unexplained(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct kb *kb = c->in->kb;
    struct finding *fd;
    int mac = explain_os_is(c, "macos"), win = explain_os_is(c, "windows");
    int tf_empty = !explain_cnt(c, LE_GPU_WORKS) &&
                   (explain_cnt(c, LE_GPU_LIST_EMPTY) || (explain_cnt(c, LE_TF_CPU_DEVICES) && !explain_cnt(c, LE_TF_GPU_DEVICES)));

    if (c->n_causes || explain_cnt(c, LE_GPU_WORKS))
        return;
    if (explain_cnt(c, LE_CUDA_COUNT_FAILED)) {
        /* cudaGetDeviceCount failed and the program dropped the code: cudaErrorInsufficientDriver (35) for
           a build from source against a toolkit newer than the driver, cudaErrorNoDevice (100), or no driver */
        fd = explain_cause(c, "GD404", SEV_WARNING, "CUDA's device count failed and the program does not print the "
                           "error; the usual codes are 35 (driver too old), 100 (no device) or no driver at all");
        explain_set_score(c, fd, 20);
        explain_quote_ev(c, fd, LE_CUDA_COUNT_FAILED);
        explain_apply_fix(c, fd, FX_CHECK, NULL);
        explain_alt_hit(c, "GD208", 50, "the driver is older than the CUDA toolkit the program was built with "
                        "(cudaErrorInsufficientDriver), common for builds from source with the newest toolkit",
                        FIX_TOOL_TELL_SMI_CUDA, NULL, LE_CUDA_COUNT_FAILED);
        explain_alt_hit(c, "GD101", 42, "the NVIDIA driver is not installed or not loaded", FIX_TOOL_TELL_SMI_LSMOD, NULL,
                        LE_CUDA_COUNT_FAILED);
        explain_alt_hit(c, "GD102", 38, "there is no NVIDIA GPU in this machine (or none visible here)",
                        FIX_TOOL_LSPCI, NULL, LE_CUDA_COUNT_FAILED);
        return;
    }
    if (explain_cnt(c, LE_TF_SKIP_GPU)) {
        fd = explain_cause(c, "GD404", SEV_WARNING,
                   "TensorFlow skipped the GPU because some CUDA library did not load; the log does not name it");
        explain_quote_ev(c, fd, LE_TF_SKIP_GPU);
        fixes_env_run(&c->fx, c->out, fd, FIX_RANK_LOOK, "Rerun with the loader's messages switched on to see which "
                      "library", vlog3, 1, "dso_loader");
        explain_apply_fix(c, fd, FX_CHECK, NULL);
        if (explain_pip_wheel_for(c, "cudnn"))
            explain_alt_hit(c, "GD205", 45, "the nvidia-* pip wheels are installed, but this TensorFlow does not find them "
                    "(some releases lack the RUNPATH into site-packages/nvidia)",
                    FIX_TOOL_TELL_PIP_NVIDIA_LS, NULL, LE_TF_SKIP_GPU);
        explain_alt_hit(c, "GD201", 40, "a CUDA library TensorFlow needs is not installed", FIX_TOOL_TELL_TF_DSO_LOADER, NULL, LE_TF_SKIP_GPU);
        return;
    }
    if (!(tf_empty || explain_cnt(c, LE_TORCH_NO_GPU) || explain_cnt(c, LE_JAX_NO_GPU) || explain_cnt(c, LE_JAX_BACKEND_FAIL) ||
          explain_cnt(c, LE_MPS_UNAVAILABLE)))
        return;
    if (mac || (explain_cnt(c, LE_MPS_UNAVAILABLE) && !win)) {
        /* check's macOS judges decide from the Mach-O files a log does not have: what tells */
        fd = explain_cause(c, "GD214", SEV_ERROR,
                   "this is a Mac: there is no CUDA; the GPU is reached through Metal (tensorflow-metal, PyTorch's MPS)");
        explain_set_score(c, fd, 75);
        explain_quote_val(c, fd, &lf->os_macos);
        explain_quote_ev(c, fd, LE_MPS_UNAVAILABLE);
        explain_quote_ev(c, fd, LE_GPU_LIST_EMPTY);
        explain_quote_ev(c, fd, LE_TORCH_NO_GPU);
        explain_set_tell(c, fd, FIX_TOOL_TELL_METAL_MPS, NULL);
        if (explain_log_fw(c, "tensorflow"))
            fixes_macos_pip(&c->fx, c->out, fd, c->env, "Install Apple's Metal plugin "
                            "(developer.apple.com/metal/tensorflow-plugin/)", "tensorflow-metal");
        explain_apply_fix(c, fd, FX_CHECK, NULL);
        return;
    }
    if (explain_cnt(c, LE_JAX_NO_GPU) && !explain_cnt(c, LE_JAX_BACKEND_FAIL)) {
        /* Older JAX prints only this when jaxlib has no CUDA at all; a CUDA jaxlib or
         * plugin that fails also prints the backend error. */
        fd = explain_cause(c, "GD211", SEV_ERROR, "JAX fell back to the CPU without a CUDA backend error: a CPU-only jaxlib");
        explain_set_score(c, fd, 65);
        explain_quote_ev(c, fd, LE_JAX_NO_GPU);
        explain_quote_val(c, fd, &lf->jaxlib_version);
        explain_set_tell(c, fd, FIX_TOOL_TELL_JAX_CPU, NULL);
        explain_apply_fix(c, fd, FX_FRAMEWORK, "jax");
        if (win)
            explain_alt(c, "GD212", 60, "JAX has no GPU build for native Windows: use WSL2", FIX_TOOL_TELL_WSL_INSTALL, NULL,
                lf->os_windows.line, lf->os_windows.text);
        explain_alt_hit(c, "GD201", 30, "jaxlib has CUDA, but a CUDA library did not load (rerun with TF_CPP_MIN_LOG_LEVEL=0)",
                FIX_TOOL_TELL_TF_LOG_LEVEL, NULL, LE_JAX_NO_GPU);
        return;
    }
    if (tf_empty) {
        const struct log_hit *h = explain_first_hit(c, explain_cnt(c, LE_GPU_LIST_EMPTY) ? LE_GPU_LIST_EMPTY : LE_TF_CPU_DEVICES);
        const struct framework_build *tf = explain_log_fw(c, "tensorflow");
        struct kb_tf_build wb;
        int win_cpu_only = tf && tf->version && kb_tf_build(kb, tf->version, "windows", &wb) == 1 && !wb.cuda;
        /* an aarch64 machine or a Jetson is no native Windows: there the first guess is the wheel, a
           CPU-only build (PyPI's and the community's aarch64 wheels; NVIDIA publishes Jetson's own) */
        int arm = lf->arm.v && !win;
        /* an XLA_GPU listed: the driver counted a GPU and this TensorFlow (2.0-2.3, a CUDA build; those had
           Windows GPU builds) did not register it, because a CUDA library it pins did not load */
        int xla = lf->tf_xla_gpu.v != NULL;
        int win_score = arm || xla ? 0 : win ? 70 : (!c->os ? (win_cpu_only || !(tf && tf->version) ? 50 : 20) : 0);
        const char *tf_win_last = kb_tf_last_windows_gpu(kb);
        fd = explain_cause(c, "GD404", SEV_WARNING,
                   "TensorFlow lists no GPU, and the log does not say why (it hides the loader's messages by default)");
        explain_set_score(c, fd, 20);
        explain_quote_ev(c, fd, LE_GPU_LIST_EMPTY);
        explain_quote_ev(c, fd, LE_TF_CPU_DEVICES);
        tf_verbose_fix(c, fd, "TensorFlow hides the reason at the default log level: rerun with");
        explain_apply_fix(c, fd, FX_CHECK, NULL);
        if (win_score)
            explain_alt(c, "GD212", win_score,
                tf_win_last ? arena_printf(c->out->arena, "TensorFlow after %s has no GPU build for native Windows "
                                           "(WSL2 or TensorFlow %s are the ways)", tf_win_last, tf_win_last)
                            : "this TensorFlow has no GPU build for native Windows (WSL2 is the way)",
                FIX_TOOL_TELL_SYS_PLATFORM, NULL, h ? h->line : 0,
                h ? h->text : NULL);
        if (xla) {
            explain_alt(c, "GD206", 62, "TensorFlow lists an XLA_GPU but no GPU: the driver sees the GPU, and the CUDA "
                "libraries of the exact version this build pins did not load; most often "
                "another CUDA version is installed", FIX_TOOL_TELL_TOOLKIT_VERSIONS, NULL, lf->tf_xla_gpu.line,
                lf->tf_xla_gpu.text);
            explain_alt(c, "GD201", 50, "a CUDA library TensorFlow needs is not installed (the names appear at a "
                "higher log level)", FIX_TOOL_TELL_TF_DSO_LOADER, NULL, lf->tf_xla_gpu.line, lf->tf_xla_gpu.text);
            return;
        }
        /* is_built_with_cuda() False: a build without CUDA; no CUDA library was looked for */
        if (lf->tf_not_cuda_build.v)
            explain_alt(c, "GD211", 48, "this TensorFlow is a build without CUDA (tf.test.is_built_with_cuda() is False)",
                FIX_TOOL_TELL_TF_BUILT_CUDA, NULL, lf->tf_not_cuda_build.line, lf->tf_not_cuda_build.text);
        else
            explain_alt(c, "GD201", 45, "a CUDA library TensorFlow needs did not load (the names appear at a higher log level)",
                FIX_TOOL_TELL_TF_DSO_LOADER, NULL, h ? h->line : 0,
                h ? h->text : NULL);
        /* a thin log from a machine it does not name: on a Mac TensorFlow lists no GPU (no CUDA; only
           Apple's Metal plugin shows one) */
        if (!c->os && !arm)
            explain_alt(c, "GD214", 38, "on a Mac TensorFlow has no CUDA and lists no GPU unless Apple's "
                "tensorflow-metal plugin is installed", FIX_TOOL_TELL_PLATFORM_METAL, NULL, h ? h->line : 0,
                h ? h->text : NULL);
        if (arm)
            explain_alt(c, "GD211", 62, "this TensorFlow is a CPU-only build: the aarch64 wheels from PyPI and the "
                "community carry no CUDA (a Jetson needs NVIDIA's JetPack wheel)",
                FIX_TOOL_TELL_TF_BUILT_CUDA, NULL, lf->arm.line, lf->arm.text);
        explain_alt(c, "GD211", 35, "this TensorFlow is a CPU-only build (tensorflow-cpu, or a build without CUDA)",
            FIX_TOOL_TELL_TF_BUILT_CUDA, NULL, h ? h->line : 0,
            h ? h->text : NULL);
        return;
    }
    fd = explain_cause(c, "GD404", SEV_WARNING, "the framework reports no GPU, and the log does not say why");
    /* for PyTorch the ranked causes below are each likelier than "unknown" */
    explain_set_score(c, fd, explain_cnt(c, LE_TORCH_NO_GPU) ? 20 : 30);
    explain_quote_ev(c, fd, LE_TORCH_NO_GPU);
    explain_quote_ev(c, fd, LE_JAX_NO_GPU);
    explain_quote_ev(c, fd, LE_JAX_BACKEND_FAIL);
    explain_apply_fix(c, fd, FX_CHECK, NULL);
    if (explain_cnt(c, LE_TORCH_NO_GPU)) {
        const struct framework_build *pt = explain_log_fw(c, "torch");
        /* torch.version.cuda printed a version, or a +cuXXX local label: not a CPU build */
        int cuda_build = pt && ((pt->cuda && strcmp(pt->cuda, "None")) || (pt->version && strstr(pt->version, "+cu")));
        if (lf->driver_old_said.v)
            explain_alt(c, "GD208", 60, "the log itself says the driver is too old (for this PyTorch's CUDA)",
                        FIX_TOOL_TELL_SMI_CUDA, NULL, lf->driver_old_said.line, lf->driver_old_said.text);
        if (cuda_build)
            explain_alt(c, "GD208", 45, pt->cuda ? arena_printf(c->out->arena, "this PyTorch is built for CUDA %s, so "
                        "not a CPU build: a driver older than that CUDA is the likeliest reason", pt->cuda)
                        : "this PyTorch is a CUDA build, not a CPU build: a driver older than its CUDA is the likeliest reason",
                        FIX_TOOL_TELL_SMI_CUDA, NULL, lf->torch_cuda.line, lf->torch_cuda.text);
        /* on Linux the wheels of PyPI and PyTorch's index are CUDA builds (the CPU ones are asked for) */
        else if (explain_os_is(c, "linux") && !lf->conda.v && !lf->arm.v)
            explain_alt_hit(c, "GD208", 32, "on Linux PyTorch's wheels are CUDA builds unless a CPU one was asked for: a "
                            "driver older than the build's CUDA is the usual reason", FIX_TOOL_TELL_SMI_CUDA, NULL,
                            LE_TORCH_NO_GPU);
        /* Where the plain install is a CPU build, that is the first guess: PyPI's torch on
           native Windows, PyPI's aarch64 wheels on a Jetson (NVIDIA publishes its own) */
        if (cuda_build)
            ;
        else if (win || lf->arm.v)
            explain_alt(c, "GD211", 62, win ? "this PyTorch is a CPU-only build: the plain pip install on Windows is "
                        "PyPI's CPU wheel (the CUDA builds come from PyTorch's own index)"
                        : "this PyTorch is a CPU-only build: PyPI's wheels for this aarch64 machine or Jetson carry "
                        "no CUDA (a Jetson needs NVIDIA's JetPack wheels)",
                        FIX_TOOL_TELL_TORCH_BUILD, NULL,
                        win ? lf->os_windows.line : lf->arm.line, win ? lf->os_windows.text : lf->arm.text);
        /* conda's solver takes the CPU variant when no CUDA build matches what was asked for (a
           cudatoolkit the channel has no build for, conda-forge's default torch) */
        if (lf->conda.v && !win && !lf->arm.v && !cuda_build)
            explain_alt(c, "GD211", 50, "this PyTorch is a CPU-only build: conda resolved the CPU variant (no CUDA build "
                        "of that version for the requested cudatoolkit on the channel, or conda-forge's CPU torch)",
                        FIX_TOOL_TELL_CONDA_TORCH, NULL, lf->conda.line, lf->conda.text);
        if (!cuda_build)
            explain_alt_hit(c, "GD211", 28, "this PyTorch is a CPU-only build (+cpu, or PyPI's wheel on Windows)",
                    FIX_TOOL_TELL_TORCH_BUILD, NULL, LE_TORCH_NO_GPU);
        explain_alt_hit(c, "GD208", 26, "the driver is older than this PyTorch's CUDA", FIX_TOOL_TELL_SMI_CUDA, NULL,
                LE_TORCH_NO_GPU);
    }
}

/*
 * TensorFlow's cudart stub (2.1-2.11) follows a failed libcudart with "Ignore
 * above cudart dlerror if you do not have a GPU set up on your machine"
 * (tensorflow/stream_executor/cuda/cudart_stub.cc): on a machine without an
 * NVIDIA GPU those lines are all it prints and nothing is wrong.  When the
 * log shows no GPU, no driver and no other failure, that stays a ranked
 * hypothesis below "libcudart missing" (GD201, which it needs) with the
 * command that tells.
 */
static void tf_stub_without_gpu(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct log_event *h;
    size_t i;
    if (!explain_cnt(c, LE_TF_CUDART_IGNORE) || !explain_cause_of(c, "GD201", NULL) || lf->gpu_name.v ||
        lf->pci_gpu.v || lf->driver_version.v ||
        lf->n_errs || explain_cnt(c, LE_SMI_FAILED) || explain_cnt(c, LE_GPU_WORKS))
        return;
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && !explain_has(lf->libs[i].name, "cudart"))
            return;   /* another library failed too: the machine meant to use CUDA */
    h = &lf->ev[LE_TF_CUDART_IGNORE];
    explain_alt(c, "GD401", 44, "TensorFlow prints these lines on every machine without an NVIDIA GPU and says to "
                "ignore them there: if this one has none, nothing is wrong", FIX_TOOL_LSPCI, NULL,
                h->n_hits ? h->hits[0].line : 0, h->n_hits ? h->hits[0].text : NULL);
}

/* Harmless lines (GD401, never a cause), with the source that prints each. */
void explain_rule_noise(struct explain_ctx *c)
{
    static const struct { enum log_ev ev; const char *title; } noise[] = {
        { LE_NOISE_FACTORY, "\"Unable to register cuDNN/cuFFT/cuBLAS factory\" is harmless: duplicate plugin "
                            "registration, the GPU still works" },
        { LE_NOISE_NUMA, "\"successful NUMA node read from SysFS had negative value\" is harmless" },
        { LE_NOISE_ONEDNN, "the oneDNN notice is about CPU math only, harmless" },
        { LE_NOISE_CPU_FEATURE, "the CPU instruction-set notice is harmless for the GPU" },
        { LE_NOISE_TRT, "\"TF-TRT Warning\": TensorRT is optional; the GPU works without it" },
        { LE_NOISE_ABSL, "the absl::InitializeLog banner is harmless" },
        { LE_NOISE_PTXAS_NEWER, "XLA's \"driver's CUDA version is older than the ptxas CUDA version\" only turns off "
                                "parallel compilation: the GPU works" },
        { LE_NOISE_GL_INTEROP, "Warp's CUDA/OpenGL interop is not available: it copies between its array and the "
                               "OpenGL buffer instead (slower drawing); the computation still runs on the GPU" },
    };
    const struct log_facts *lf = c->lf;
    struct finding *fd = NULL;
    size_t i;

    tf_stub_without_gpu(c);
    for (i = 0; i < sizeof(noise) / sizeof(noise[0]); i++) {
        if (!explain_cnt(c, noise[i].ev))
            continue;
        fd = findings_add(c->out, "GD401", SEV_INFO, "%s", noise[i].title);
        explain_quote_ev(c, fd, noise[i].ev);
        finding_evidence(c->out, fd, NULL, "source: %s", log_event_source(noise[i].ev));
    }
    /* ldconfig's warning on libcuda.so.1: on WSL the driver's libraries in /usr/lib/wsl/lib are copies, not
       links, by design (NVIDIA's CUDA on WSL user guide); ldconfig leaves them and the loader finds them */
    if (explain_cnt(c, LE_NOISE_LDCONFIG_LINK) &&
        (explain_os_is(c, "wsl") || explain_has(explain_first_hit(c, LE_NOISE_LDCONFIG_LINK)->text, "/usr/lib/wsl/"))) {
        fd = findings_add(c->out, "GD401", SEV_INFO, "%s", "ldconfig's \"libcuda.so.1 is not a symbolic link\" is "
                          "harmless on WSL: the driver's libraries in /usr/lib/wsl/lib are copies, not links");
        explain_quote_ev(c, fd, LE_NOISE_LDCONFIG_LINK);
        explain_quote_val(c, fd, &lf->os_wsl);
        finding_evidence(c->out, fd, NULL, "source: %s", log_event_source(LE_NOISE_LDCONFIG_LINK));
    }
    fd = NULL;
    /* optional for a framework; a program the log names no framework of needs it (logscan) */
    if (!c->env || !c->env->n_frameworks || !strcmp(c->env->frameworks[0].name, "the program"))
        return;
    for (i = 0; i < lf->n_libs; i++) {
        if (lf->libs[i].ok || !explain_has(lf->libs[i].name, "nvinfer"))
            continue;
        if (!fd)
            fd = findings_add(c->out, "GD401", SEV_INFO, "%s",
                              "TensorRT (libnvinfer) was not found: it is optional, the GPU works without it");
        finding_evidence_line(c->out, fd, lf->libs[i].line, lf->libs[i].text);
    }
}

void explain_rule_nothing_found(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;

    if (c->n_causes)
        return;
    if (explain_cnt(c, LE_EXCEPTION)) {
        fd = findings_add(c->out, "GD406", SEV_INFO, "the log ends in a Python exception that is not a known GPU "
                          "problem: %s", lf->ev[LE_EXCEPTION].a ? lf->ev[LE_EXCEPTION].a : "?");
        explain_quote_ev(c, fd, LE_EXCEPTION);
    }
    fd = findings_add(c->out, "GD405", SEV_INFO, "%s", "no cause of a GPU problem was found in this log");
    finding_evidence(c->out, fd, NULL, "%lu lines read; %s", lf->lines,
                     lf->driver_version.v ? "driver version shown" : "no driver version in the log");
    if (!c->env || !c->env->n_frameworks)
        finding_evidence(c->out, fd, NULL, "the log does not show which framework runs");
    fixes_run(&c->fx, c->out, fd, FIX_TOOL_CHECK, "Run gpudoctor on the machine that wrote the log", NULL, NULL);
    if (!explain_cnt(c, LE_TF_DLOPEN_FAIL) && !explain_cnt(c, LE_TF_DLOPEN_OK))
        tf_verbose_fix(c, fd, "For TensorFlow, a log with the library loader's messages says more");
}

