/*
 * explain_rules.c - the rules of `gpudoctor explain`.
 *
 * Order: the driver and the machine first (nothing above them can work
 * without them), then what the framework build needs (CPU-only builds,
 * native Windows, driver too old), then the libraries it could not load,
 * version and architecture mismatches, CUDA error names, and last the
 * harmless noise and "the log does not say".  findings_sort (by the caller)
 * puts errors first, keeping this order within a severity.
 */
#include "diagnose/explain_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/fixes.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "util/alloc.h"
#include "util/banned.h"

#define TF_DOCS_WIN "https://www.tensorflow.org/install/pip#windows-native"

#define MAX_SCORED 64   /* findings whose confidence is kept (more are ranked last) */
#define MAX_ALTS 16

/* An alternative cause that has no finding of its own. */
struct alt {
    const char *kind, *code, *why, *tell;
    int score;
    long line;
    const char *text;
};

struct ctx {
    const struct explain_input *in;
    const struct log_facts *lf;
    struct findings *out;
    const char *os;          /* windows / wsl / linux / macos / NULL */
    const char *kb_os;       /* "windows" or "linux" for the tables */
    int n_causes;            /* error/warning findings so far */
    int score[MAX_SCORED];   /* confidence per finding index (0: not a cause) */
    const char *tell[MAX_SCORED];
    struct alt alts[MAX_ALTS];
    size_t n_alts;
    /* The fix engine's view of the machine that wrote the log (docs/fixes.md). */
    struct fix_ctx fx;
    struct python_env penv;         /* the log's Python: its version only (pip: python3 -m pip) */
    const struct python_env *env;   /* &penv when the log shows a Python version, else NULL */
};

static unsigned long cnt(const struct ctx *c, enum log_ev ev)
{
    return c->lf->ev[ev].count;
}

static void quote_ev(struct ctx *c, struct finding *fd, enum log_ev ev)
{
    const struct log_event *e = &c->lf->ev[ev];
    size_t i;
    for (i = 0; i < e->n_hits; i++)
        finding_evidence_line(c->out, fd, e->hits[i].line, e->hits[i].text);
    if (e->count > e->n_hits)
        finding_evidence(c->out, fd, NULL, "... and %lu more such line(s)", e->count - e->n_hits);
}

static void quote_val(struct ctx *c, struct finding *fd, const struct log_value *v)
{
    size_t i;
    if (!v->v || !v->line)
        return;
    for (i = 0; i < fd->n_evidence; i++)
        if (fd->evidence[i].line == v->line)
            return;   /* that line is quoted already */
    finding_evidence_line(c->out, fd, v->line, v->text);
}

/*
 * How sure a finding is when the rule that raised it does not say: a
 * message that names its cause outright is near-certain; a library that did
 * not load is strong; a CUDA error name, a fallback to the CPU or an
 * exception without a known cause are weak.  Rules adjust with set_score.
 */
static int default_score(const char *code, enum severity sev)
{
    static const struct { const char *code; int score; } base[] = {
        { "GD101", 85 }, { "GD103", 90 }, { "GD106", 85 }, { "GD108", 85 }, { "GD109", 75 },
        { "GD110", 85 }, { "GD201", 80 }, { "GD202", 80 }, { "GD203", 78 }, { "GD205", 75 },
        { "GD206", 75 }, { "GD207", 82 }, { "GD208", 86 }, { "GD209", 86 }, { "GD210", 40 },
        { "GD211", 90 }, { "GD212", 90 }, { "GD213", 90 }, { "GD214", 92 }, { "GD402", 50 },
        { "GD403", 55 }, { "GD404", 30 }, { "GD407", 88 }, { "GD408", 85 }, { "GD409", 85 },
        { "GD410", 88 }, { "GD411", 70 },
    };
    size_t i;
    if (sev < SEV_WARNING)
        return 0;
    for (i = 0; i < sizeof(base) / sizeof(base[0]); i++)
        if (!strcmp(base[i].code, code))
            return base[i].score;
    return 50;
}

static size_t fd_index(const struct ctx *c, const struct finding *fd)
{
    return (size_t)(fd - c->out->v);
}

static void set_score(struct ctx *c, const struct finding *fd, int score)
{
    size_t i = fd_index(c, fd);
    if (i < MAX_SCORED)
        c->score[i] = score;
}

/* What tells this cause apart from the others (a command), shown when it is an alternative. */
static void set_tell(struct ctx *c, const struct finding *fd, const char *tell)
{
    size_t i = fd_index(c, fd);
    if (i < MAX_SCORED)
        c->tell[i] = tell;
}

static struct finding *cause(struct ctx *c, const char *code, enum severity sev, const char *title)
{
    struct finding *fd;
    if (sev >= SEV_WARNING)
        c->n_causes++;
    fd = findings_add(c->out, code, sev, "%s", title);
    set_score(c, fd, default_score(code, sev));
    return fd;
}

/* An alternative cause the log cannot rule out, with what would tell it apart. */
static void alt(struct ctx *c, const char *code, int score, const char *why, const char *tell,
                long line, const char *text)
{
    const struct finding_code *fc = finding_code_find(code);
    struct alt *a;
    if (!fc || c->n_alts >= MAX_ALTS)
        return;
    a = &c->alts[c->n_alts++];
    a->kind = fc->kind;
    a->code = code;
    a->score = score;
    a->why = why;
    a->tell = tell;
    a->line = line;
    a->text = text;
}

static const struct log_hit *first_hit(const struct ctx *c, enum log_ev ev)
{
    const struct log_event *e = &c->lf->ev[ev];
    return e->n_hits ? &e->hits[0] : NULL;
}

static void alt_ev(struct ctx *c, const char *code, int score, const char *why, const char *tell,
                   enum log_ev ev)
{
    const struct log_hit *h = first_hit(c, ev);
    alt(c, code, score, why, tell, h ? h->line : 0, h ? h->text : NULL);
}

/* The log shows JAX (or XLA without TensorFlow) at work. */
static int ctx_jax(const struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    return lf->jax_version.v || lf->jaxlib_version.v || cnt(c, LE_JAX_BACKEND_FAIL) ||
           cnt(c, LE_JAX_NO_GPU) || cnt(c, LE_JAX_CPU_JAXLIB) || cnt(c, LE_JAX_VERSION_LOW) ||
           cnt(c, LE_JAX_OUTDATED) || cnt(c, LE_JAX_PLUGIN_MISMATCH) ||
           log_facts_pkg(lf, "jaxlib") || log_facts_pkg(lf, "jax");
}

/* TensorFlow listed devices, and no GPU among them (and nothing shows a GPU at work). */
static int tf_no_gpu(const struct ctx *c)
{
    return !cnt(c, LE_GPU_WORKS) &&
           (cnt(c, LE_GPU_LIST_EMPTY) || (cnt(c, LE_TF_CPU_DEVICES) && !cnt(c, LE_TF_GPU_DEVICES)));
}

static int is_wsl(const struct ctx *c)
{
    return c->os && !strcmp(c->os, "wsl");
}

const char *explain_log_os(const struct explain_input *in, long *line)
{
    const struct log_facts *lf = in->log;
    *line = 0;
    if (lf->hint_wsl) {
        *line = lf->os_wsl.line;
        return "wsl";
    }
    if (lf->hint_windows && lf->hint_windows >= lf->hint_linux) {
        *line = lf->os_windows.line;
        return "windows";
    }
    if (lf->hint_macos && lf->hint_macos >= lf->hint_linux) {
        *line = lf->os_macos.line;
        return "macos";
    }
    if (lf->hint_linux) {
        *line = lf->os_linux.line;
        return "linux";
    }
    if (in->machine && in->machine->system.os)
        return in->machine->system.wsl == 2 ? "wsl" : in->machine->system.os;
    return NULL;
}

/* ---- library names ---- */

enum lib_kind { LK_OTHER = 0, LK_CUDART, LK_CUDNN, LK_DRIVER, LK_TRT, LK_CUDA_LIB, LK_PROVIDER };

static int has(const char *s, const char *needle)
{
    return s && strstr(s, needle) != NULL;
}

static enum lib_kind lib_kind(const char *name)
{
    if (has(name, "nvinfer"))
        return LK_TRT;
    if (has(name, "cudart"))
        return LK_CUDART;
    if (has(name, "cudnn"))
        return LK_CUDNN;
    if (has(name, "libcuda.so") || has(name, "nvcuda.dll") || has(name, "libnvidia-ml") ||
        has(name, "nvml.dll"))
        return LK_DRIVER;
    if (has(name, "providers_cuda") || has(name, "torch_cuda") || has(name, "c10_cuda"))
        return LK_PROVIDER;
    if (has(name, "cublas") || has(name, "cufft") || has(name, "curand") || has(name, "cusolver") ||
        has(name, "cusparse") || has(name, "nvrtc") || has(name, "nvJitLink") ||
        has(name, "nvjitlink") || has(name, "cupti") || has(name, "nccl") || has(name, "nvToolsExt") ||
        has(name, "zlibwapi"))
        return LK_CUDA_LIB;
    return LK_OTHER;
}

/*
 * The CUDA (or cuDNN) version a library file name encodes: "libcudart.so.11.0"
 * -> "11.0", "cudart64_110.dll" -> "11.0", "cudart64_12.dll" -> "12",
 * "cudnn64_8.dll" -> "8", "cudart64_90.dll" -> "9.0".  0 when none.
 */
static int lib_version(const char *name, char *buf, size_t size)
{
    const char *p;
    size_t k = 0;
    if ((p = strstr(name, ".so.")) != NULL) {
        p += 4;
        while (p[k] && k + 1 < size && ((p[k] >= '0' && p[k] <= '9') || p[k] == '.'))
            k++;
        if (!k)
            return 0;
        memcpy(buf, p, k);
        buf[k] = '\0';
        return 1;
    }
    if ((p = strstr(name, ".dll")) != NULL) {
        const char *d = p;
        while (d > name && d[-1] >= '0' && d[-1] <= '9')
            d--;
        k = (size_t)(p - d);
        if (d == name || d[-1] != '_' || !k || k > 3)
            return 0;
        if (k == 3)
            snprintf(buf, size, "%c%c.%c", d[0], d[1], d[2]);
        else if (k == 2 && d[0] == '9')
            snprintf(buf, size, "%c.%c", d[0], d[1]);
        else
            snprintf(buf, size, "%.*s", (int)k, d);
        return 1;
    }
    return 0;
}

/* The TensorFlow versions (first-last) whose tf_libs row names this file for os. */
static int tf_range_for_lib(const struct kb *kb, const char *name, const char *os,
                            const char **first, const char **last, const char **source)
{
    const struct kb_table *t = kb_tab(kb, KB_T_tf_libs);
    size_t r, c;
    *first = *last = NULL;
    for (r = 0; r < t->nrows; r++) {
        if (strcmp(kb_cell(t, r, tf_libs, os), os))
            continue;
        for (c = 0; c < t->schema->ncols; c++) {
            const char *cell = kb_table_cell(t, r, c);
            if (cell && !strcmp(cell, name)) {
                if (!*first) {
                    *first = kb_cell(t, r, tf_libs, first);
                    *source = kb_cell(t, r, tf_libs, source);
                }
                *last = kb_cell(t, r, tf_libs, last);
                break;
            }
        }
    }
    return *first != NULL;
}

/* "11040" (cudaDriverGetVersion) -> "11.4". */
static void cuda_from_int(const char *s, char *buf, size_t size)
{
    long v = strtol(s, NULL, 10);
    snprintf(buf, size, "%ld.%ld", v / 1000, (v % 1000) / 10);
}

/* ---- the framework's needs, from the log's versions and the kb ---- */

struct tf_need {
    int known;              /* kb row found */
    const char *version;    /* as in the log */
    struct kb_tf_build b;
    struct kb_tf_libs libs;
    int have_libs;
};

static void tf_need(struct ctx *c, struct tf_need *t)
{
    memset(t, 0, sizeof(*t));
    t->version = c->lf->tf_version.v;
    if (!t->version || !c->kb_os)
        return;
    t->known = kb_tf_build(c->in->kb, t->version, c->kb_os, &t->b) == 1;
    t->have_libs = kb_tf_libs(c->in->kb, t->version, c->kb_os, &t->libs) == 1;
}

/* ---- rules ---- */

static void rule_driver(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;
    int lib_missing = 0;

    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && lib_kind(lf->libs[i].name) == LK_DRIVER)
            lib_missing = 1;
    if (lib_missing && c->os && !strcmp(c->os, "wsl") && !cnt(c, LE_SMI_FAILED)) {
        /* WSL2: libcuda comes from Windows through /usr/lib/wsl/lib; a Linux driver never belongs there. */
        fd = cause(c, "GD110", SEV_ERROR,
                   "WSL2: libcuda (the Windows driver's, in /usr/lib/wsl/lib) is not on the loader's path");
        for (i = 0; i < lf->n_libs; i++)
            if (!lf->libs[i].ok && lib_kind(lf->libs[i].name) == LK_DRIVER)
                finding_evidence_line(c->out, fd, lf->libs[i].line, lf->libs[i].text);
        quote_val(c, fd, &lf->os_wsl);
        fixes_libcuda_missing(&c->fx, c->out, fd);
        alt(c, "GD101", 35, "the Windows NVIDIA driver is missing or too old for WSL2",
            "nvidia-smi (inside WSL); ls /usr/lib/wsl/lib", lf->os_wsl.line, lf->os_wsl.text);
        lib_missing = 0;
    }
    if (cnt(c, LE_SMI_FAILED) || cnt(c, LE_KERNEL_DRIVER_DOWN) || cnt(c, LE_NO_DRIVER) || lib_missing) {
        fd = cause(c, "GD101", SEV_ERROR,
                   "no working NVIDIA driver: the log shows the driver is not loaded or not installed");
        set_tell(c, fd, "nvidia-smi; lsmod | grep nvidia");
        /* torch's "Found no NVIDIA driver" alone means no libcuda at all: most often no NVIDIA GPU either. */
        if (cnt(c, LE_NO_DRIVER) && !cnt(c, LE_SMI_FAILED) && !cnt(c, LE_KERNEL_DRIVER_DOWN) && !lib_missing)
            set_score(c, fd, 55);
        alt(c, "GD102", cnt(c, LE_NO_DRIVER) && !cnt(c, LE_SMI_FAILED) ? 60 : 50, "there is no NVIDIA GPU in this machine at all (a laptop's Intel/AMD graphics, a CPU-only VM)",
            "lspci | grep -i nvidia", 0, NULL);
        if (!c->os || !strcmp(c->os, "linux") || !strcmp(c->os, "wsl"))
            alt(c, "GD110", 38, "on WSL2 the GPU comes from the Windows driver (a Linux driver inside WSL cannot work)",
                "uname -r (\"microsoft\" = WSL); ls /usr/lib/wsl/lib", 0, NULL);
        quote_ev(c, fd, LE_SMI_FAILED);
        quote_ev(c, fd, LE_KERNEL_DRIVER_DOWN);
        quote_ev(c, fd, LE_NO_DRIVER);
        for (i = 0; i < lf->n_libs; i++)
            if (!lf->libs[i].ok && lib_kind(lf->libs[i].name) == LK_DRIVER)
                finding_evidence_line(c->out, fd, lf->libs[i].line, lf->libs[i].text);
        if (c->fx.wsl != 2 && !c->fx.container && strcmp(c->fx.os, "linux") == 0 &&
            (cnt(c, LE_SMI_FAILED) || cnt(c, LE_KERNEL_DRIVER_DOWN)))
            finding_fix(c->out, fd, "sh", "If the driver is installed, load its kernel module (not on WSL2; "
                        "check dmesg for Secure Boot refusing it)", "sudo modprobe nvidia && nvidia-smi");
        /* The driver install for this OS / WSL / container (the distribution, when the log
         * names none, falls back to NVIDIA's page). */
        if (lib_missing)
            fixes_libcuda_missing(&c->fx, c->out, fd);
        else
            fixes_driver_install(&c->fx, c->out, fd);
        if (!c->fx.container && c->fx.wsl != 2 && strcmp(c->fx.os, "linux") == 0)
            finding_fix(c->out, fd, NULL, "In a container: start it with the GPUs (the NVIDIA Container "
                        "Toolkit on the host)", "docker run --gpus all IMAGE");
    }
    if (cnt(c, LE_NVML_MISMATCH)) {
        fd = cause(c, "GD103", SEV_ERROR,
                   "the NVIDIA kernel module and the user-space driver differ (driver upgraded without a reboot)");
        quote_ev(c, fd, LE_NVML_MISMATCH);
        finding_fix(c->out, fd, "sh", "Reboot so the new kernel module is loaded", "sudo reboot");
    }
}

/*
 * "gpudoctor plan" for the framework the log shows, with every constraint the
 * log gives (OS, driver, GPU, CUDA), so that the line runs as pasted.  fw
 * NULL: the framework the log shows; none: "gpudoctor check" on that machine.
 */
static void plan_fix(struct ctx *c, struct finding *fd, const char *title, const char *fw, const char *cuda)
{
    const struct log_facts *lf = c->lf;
    struct arena *a = c->out->arena;
    const char *cmd, *gpu = c->fx.gpu_cc;
    /* Only a driver the log (or --with-check) shows, never the floor inferred from a CUDA level. */
    const char *driver = lf->driver_version.v ? lf->driver_version.v
                         : c->in->machine ? facts_driver_version(c->in->machine) : NULL;
    if (!fw)
        fw = lf->torch_version.v ? "torch" : lf->tf_version.v ? "tensorflow"
             : (lf->jax_version.v || lf->jaxlib_version.v) ? "jax" : lf->ort_version.v ? "onnxruntime" : NULL;
    if (!fw) {
        finding_fix(c->out, fd, NULL, arena_printf(a, "%s: run gpudoctor on that machine (it finds the framework, "
                                                   "the driver and the GPU)", title), "gpudoctor check");
        return;
    }
    cmd = arena_printf(a, "gpudoctor plan --framework %s", fw);
    if (c->os && strcmp(c->os, "linux"))
        cmd = arena_printf(a, "%s --os %s", cmd, c->os);
    if (driver)
        cmd = arena_printf(a, "%s --driver %s", cmd, driver);
    if (gpu)
        cmd = arena_printf(a, "%s --gpu %s", cmd, gpu);
    if (cuda)
        cmd = arena_printf(a, "%s --cuda %s", cmd, cuda);
    finding_fix(c->out, fd, NULL, title, "%s", cmd);
}

/*
 * A command that sets or clears variables: sh on a POSIX log, PowerShell and cmd (one
 * group) on a native-Windows one, where an sh line cannot be pasted.  ps / cm NULL: the
 * command has no Windows form (not offered there).
 */
static void shell_fix(struct ctx *c, struct finding *fd, const char *title, const char *sh, const char *ps,
                      const char *cm)
{
    unsigned g = 1;
    size_t i;
    if (strcmp(c->fx.os, "windows")) {
        finding_fix(c->out, fd, "sh", title, "%s", sh);
        return;
    }
    if (!ps || !cm)
        return;
    for (i = 0; i < fd->n_fixes; i++)
        if (fd->fixes[i].group >= g)
            g = fd->fixes[i].group + 1;
    finding_fix(c->out, fd, "powershell", title, "%s", ps);
    fd->fixes[fd->n_fixes - 1].group = g;
    finding_fix(c->out, fd, "cmd", title, "%s", cm);
    fd->fixes[fd->n_fixes - 1].group = g;
}

/* TensorFlow with its loader's messages switched on. */
static void tf_verbose_fix(struct ctx *c, struct finding *fd, const char *title)
{
    shell_fix(c, fd, title, "TF_CPP_MIN_LOG_LEVEL=0 TF_CPP_MAX_VLOG_LEVEL=3 python your_script.py",
              "$env:TF_CPP_MIN_LOG_LEVEL = \"0\"; $env:TF_CPP_MAX_VLOG_LEVEL = \"3\"\npython your_script.py",
              "set \"TF_CPP_MIN_LOG_LEVEL=0\"\nset \"TF_CPP_MAX_VLOG_LEVEL=3\"\npython your_script.py");
}

/* "Keep other CUDA installs off the loader path": for this shell (sh and fish), not on Windows. */
static void unset_ld_path(struct ctx *c, struct finding *fd, const char *title)
{
    unsigned g = 1;
    size_t i;
    if (!strcmp(c->fx.os, "windows"))
        return;
    for (i = 0; i < fd->n_fixes; i++)
        if (fd->fixes[i].group >= g)
            g = fd->fixes[i].group + 1;
    finding_fix(c->out, fd, "sh", title, "unset LD_LIBRARY_PATH");
    fd->fixes[fd->n_fixes - 1].group = g;
    finding_fix(c->out, fd, "fish", title, "set -e LD_LIBRARY_PATH");
    fd->fixes[fd->n_fixes - 1].group = g;
}

static void rule_driver_too_old(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct kb *kb = c->in->kb;
    struct finding *fd = NULL;
    char dcuda[32] = "";
    const char *need = NULL, *src = NULL, *driver = lf->driver_version.v;
    const char *ceiling = lf->driver_cuda.v, *ksrc;
    size_t i;
    int explicit_msg = cnt(c, LE_DRIVER_TOO_OLD) || cnt(c, LE_INSUFFICIENT_DRIVER);

    for (i = 0; i < lf->n_errs; i++)
        if (lf->errs[i].number == 35 || lf->errs[i].number == 222)
            explicit_msg = 1;
    if (!driver && c->in->machine)
        driver = facts_driver_version(c->in->machine);
    if (lf->ev[LE_DRIVER_TOO_OLD].a) {
        cuda_from_int(lf->ev[LE_DRIVER_TOO_OLD].a, dcuda, sizeof(dcuda));
        ceiling = dcuda;
    }
    if (!ceiling && driver && kb_driver_cuda_max(kb, driver, &ceiling, &ksrc) != 1)
        ceiling = NULL;

    /* What the framework needs: torch build's driver floor, else TF's CUDA. */
    if (lf->torch_version.v && c->kb_os &&
        kb_torch_min_driver(kb, lf->torch_version.v, NULL, c->kb_os, &need, &src) != 1)
        need = NULL;
    if (!need && lf->torch_cuda.v && c->kb_os &&
        kb_cuda_mvc_floor(kb, lf->torch_cuda.v, c->kb_os, &need, &src) != 1)
        need = NULL;
    if (!need && lf->tf_version.v && c->kb_os) {
        /* TensorFlow's own documented minimum (kb_tf_driver_floor), else the
         * CUDA major's minor-version-compatibility floor, else the toolkit's. */
        struct kb_tf_build b;
        struct kb_tf_floor tf;
        if (kb_tf_build(kb, lf->tf_version.v, c->kb_os, &b) == 1 && b.cuda) {
            if (kb_tf_driver_floor(kb, lf->tf_version.v, b.cuda, NULL, NULL, is_wsl(c) ? "wsl" : c->kb_os, &tf) == 1 &&
                !strcmp(tf.rule, "TensorFlow")) {
                need = tf.driver;
                src = tf.source;
            } else if (kb_cuda_mvc_floor(kb, b.cuda, c->kb_os, &need, &src) != 1 &&
                       kb_cuda_min_driver(kb, b.cuda, c->kb_os, &need, &src) != 1) {
                need = NULL;
            }
        }
    }

    if (!explicit_msg) {
        /* Inferred only: a driver version in the log and a framework build that needs more. */
        if (!driver || !need || ver_cmp_driver(driver, need) >= 0)
            return;
    }
    fd = cause(c, "GD208", SEV_ERROR, "");
    if (!is_wsl(c) && (!c->os || !strcmp(c->os, "linux")) && (cnt(c, LE_INSUFFICIENT_DRIVER) || explicit_msg))
        alt(c, "GD110", 35, "on WSL2: the Windows driver (or Windows build) lacks CUDA support for WSL",
            "uname -r (\"microsoft\" = WSL); nvidia-smi on Windows", 0, NULL);
    if (is_wsl(c))
        alt(c, "GD110", 60, "on WSL2 the Windows driver provides CUDA: an outdated or broken Windows driver (or Windows build) shows this way",
            "nvidia-smi inside WSL and on Windows; ls -l /usr/lib/wsl/lib", c->lf->os_wsl.line, c->lf->os_wsl.text);
    if (need && driver)
        fd->title = arena_printf(c->out->arena,
                                 "the NVIDIA driver %s is too old for this build: it needs %s or newer",
                                 driver, need);
    else if (ceiling && need)
        fd->title = arena_printf(c->out->arena,
                                 "the NVIDIA driver (CUDA %s level) is too old for this build: it needs %s or newer",
                                 ceiling, need);
    else if (ceiling)
        fd->title = arena_printf(c->out->arena,
                                 "the NVIDIA driver (CUDA %s level) is older than the CUDA runtime the framework ships",
                                 ceiling);
    else
        fd->title = arena_printf(c->out->arena,
                                 "the NVIDIA driver is older than the CUDA runtime the framework ships");
    quote_ev(c, fd, LE_DRIVER_TOO_OLD);
    quote_ev(c, fd, LE_INSUFFICIENT_DRIVER);
    for (i = 0; i < lf->n_errs; i++)
        if (lf->errs[i].number == 35 || lf->errs[i].number == 222)
            finding_evidence_line(c->out, fd, lf->errs[i].line, lf->errs[i].text);
    quote_val(c, fd, &lf->driver_version);
    quote_val(c, fd, &lf->torch_version);
    quote_val(c, fd, &lf->torch_cuda);
    quote_val(c, fd, &lf->tf_version);
    if (lf->ev[LE_DRIVER_TOO_OLD].a)
        finding_evidence(c->out, fd, NULL, "\"found version %s\" is the driver's CUDA level: %s",
                         lf->ev[LE_DRIVER_TOO_OLD].a, dcuda);
    if (need)
        finding_evidence(c->out, fd, NULL, "minimum driver for this build: %s (%s)", need, src);
    fixes_driver_upgrade(&c->fx, c->out, fd, need, lf->torch_version.v
                         ? arena_printf(c->out->arena, "torch %s needs it", lf->torch_version.v)
                         : lf->tf_version.v ? arena_printf(c->out->arena, "TensorFlow %s needs it", lf->tf_version.v)
                         : NULL);
    /* Or a build the driver runs: only when the log tells the driver (or its CUDA level). */
    if (c->fx.driver) {
        struct fix_install in;
        if ((lf->torch_version.v || cnt(c, LE_DRIVER_TOO_OLD)) &&
            fix_choose_torch(&c->fx, NULL, c->env ? c->env->python_version : NULL, &in) && in.driver_ok == 1)
            fixes_torch_install(&c->fx, c->out, fd, c->env, NULL);
        else if (lf->cupy_version.v && fix_choose_cupy(&c->fx, NULL, c->env ? c->env->python_version : NULL, &in) &&
                 in.driver_ok == 1)
            fixes_cupy_install(&c->fx, c->out, fd, c->env, NULL);
        else if (ctx_jax(c) && fix_choose_jax(&c->fx, NULL, c->env ? c->env->python_version : NULL, &in) &&
                 in.driver_ok == 1)
            fixes_jax_install(&c->fx, c->out, fd, c->env, NULL);
    }
}

static void rule_cpu_only(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    int mac = c->os && !strcmp(c->os, "macos");
    int torch_cpu = lf->torch_version.v && has(lf->torch_version.v, "+cpu");
    struct tf_need t;

    if (cnt(c, LE_TORCH_NOT_COMPILED) || (torch_cpu && cnt(c, LE_TORCH_NO_GPU))) {
        if (mac) {
            fd = cause(c, "GD214", SEV_ERROR,
                       "PyTorch on a Mac has no CUDA: use the MPS device instead");
            quote_ev(c, fd, LE_TORCH_NOT_COMPILED);
            quote_val(c, fd, &lf->os_macos);
            finding_fix(c->out, fd, NULL, "Use Apple's GPU through MPS",
                        "device = torch.device(\"mps\" if torch.backends.mps.is_available() else \"cpu\")");
        } else {
            fd = cause(c, "GD211", SEV_ERROR, "this PyTorch is a CPU-only build (Torch not compiled with CUDA)");
            quote_ev(c, fd, LE_TORCH_NOT_COMPILED);
            quote_val(c, fd, &lf->torch_version);
            if (c->os && !strcmp(c->os, "windows"))
                finding_evidence(c->out, fd, NULL,
                                 "PyPI's torch wheels for Windows are CPU-only; CUDA builds come from download.pytorch.org");
            fixes_torch_install(&c->fx, c->out, fd, c->env, lf->torch_version.v);
        }
    }
    if (cnt(c, LE_JAX_CPU_JAXLIB)) {
        fd = cause(c, "GD211", SEV_ERROR, "JAX has no CUDA plugin installed: a GPU is present, JAX runs on the CPU");
        quote_ev(c, fd, LE_JAX_CPU_JAXLIB);
        quote_val(c, fd, &lf->jaxlib_version);
        fixes_jax_install(&c->fx, c->out, fd, c->env, lf->jaxlib_version.v ? lf->jaxlib_version.v : lf->jax_version.v);
    }
    /* TensorFlow on native Windows after 2.10: no GPU build at all. */
    tf_need(c, &t);
    if (t.known && !t.b.cuda && c->kb_os && !strcmp(c->kb_os, "windows") &&
        !(c->os && !strcmp(c->os, "wsl"))) {
        const char *last = kb_tf_last_windows_gpu(c->in->kb);
        struct kb_tf_build lb;
        fd = cause(c, "GD212", SEV_ERROR, "");
        fd->title = last ? arena_printf(c->out->arena,
                                        "TensorFlow %s has no GPU support on native Windows (the last was %s)",
                                        t.version, last)
                         : arena_printf(c->out->arena, "TensorFlow %s has no GPU support on native Windows",
                                        t.version);
        quote_val(c, fd, &lf->tf_version);
        quote_val(c, fd, &lf->os_windows);
        quote_ev(c, fd, LE_GPU_LIST_EMPTY);
        finding_evidence(c->out, fd, NULL, "%s (%s)", "CPU-only build on Windows", t.b.source);
        if (last && kb_tf_build(c->in->kb, last, "windows", &lb) == 1 && lb.cuda)
            finding_evidence(c->out, fd, NULL, "TensorFlow %s was the last with a Windows GPU build: CUDA %s, cuDNN %s (%s)",
                             last, lb.cuda, lb.cudnn ? lb.cudnn : "?", lb.source);
        fixes_tf_windows_routes(&c->fx, c->out, fd, c->env);
    } else if (t.known && !t.b.cuda && c->kb_os && !strcmp(c->kb_os, "linux") &&
               (cnt(c, LE_GPU_LIST_EMPTY) || cnt(c, LE_TF_SKIP_GPU))) {
        fd = cause(c, "GD211", SEV_ERROR, "this TensorFlow build has no GPU support");
        quote_val(c, fd, &lf->tf_version);
        fixes_tf_install(&c->fx, c->out, fd, c->env, t.version);
    }
}

/* Fixes for a missing CUDA runtime / cuDNN / CUDA library, per OS. */
/* Does the log name a package whose normalised name starts with prefix
 * ("nvidia-cudnn-cu": the cuDNN wheel of any CUDA major)? */
static int log_names_pkg_prefix(const struct log_facts *lf, const char *prefix)
{
    size_t i, n = strlen(prefix);
    for (i = 0; i < lf->n_pkgs; i++)
        if (lf->pkgs[i].name && !strncmp(lf->pkgs[i].name, prefix, n))
            return 1;
    return 0;
}

static void lib_fixes(struct ctx *c, struct finding *fd, enum lib_kind kind, const char *cuda,
                      const char *cudnn, const struct tf_need *t)
{
    int win = c->os && !strcmp(c->os, "windows");
    int lin = !win;
    const char *pip_libs = t && t->have_libs ? t->libs.pip_libs : NULL;
    const char *since;

    if (win || !c->os) {
        if (cuda)
            finding_fix(c->out, fd, "powershell",
                        "Install the CUDA toolkit it needs, then put its bin directory on PATH (this session)",
                        "$env:PATH = \"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v%s\\bin;\" + $env:PATH",
                        cuda);
        if (cuda && cudnn)
            finding_fix(c->out, fd, NULL, "Or install both into the conda environment (TensorFlow's Windows recipe)",
                        "conda install -c conda-forge cudatoolkit=%s cudnn=%s", cuda, cudnn);
        else if (kind == LK_CUDNN)
            finding_fix(c->out, fd, NULL,
                        "Install cuDNN for your CUDA version and copy its bin\\*.dll into the CUDA bin directory",
                        "https://developer.nvidia.com/cudnn");
        finding_fix(c->out, fd, NULL,
                    kb_pkg_fact_since(c->in->kb, "python", "extension_dll_path", "no", &since, NULL) == 1
                        ? arena_printf(c->out->arena, "Python %s+ ignores PATH for DLL dependencies: add the "
                                                      "directory before importing", since)
                        : "Python may ignore PATH for DLL dependencies: add the directory before importing",
                    "import os; os.add_dll_directory(r\"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v%s\\bin\")",
                    cuda ? cuda : "X.Y");
        if (!c->os)
            lin = 1;
    }
    if (lin) {
        struct fix_ctx lx = c->fx;
        const char *no_tk = NULL;
        lx.os = "linux";
        /* TensorFlow known: the engine's validated install (its pip CUDA wheels, or CUDA and
         * cuDNN from conda-forge in their own environment for a release before them). */
        if (t && t->known && t->version && (pip_libs || t->b.cuda))
            fixes_tf_install(&lx, c->out, fd, c->env, t->version);
        if (cuda)
            fixes_loader_path(&lx, c->out, fd,
                              arena_printf(c->out->arena, "%snstall CUDA %s, then put its libraries on the loader path",
                                           t && t->known ? "Or i" : "I", cuda),
                              arena_printf(c->out->arena, "/usr/local/cuda-%s/lib64", cuda));
        /* conda-forge's cudatoolkit is CUDA 11 and older (the kb's pkg_fact says where it ends). */
        if (cuda && cudnn && !(t && t->known) &&
            !(kb_pkg_fact(c->in->kb, "cuda", "conda_cudatoolkit", cuda, &no_tk, NULL) == 1 && !strcmp(no_tk, "no")))
            finding_fix(c->out, fd, "sh", "Or install both into the conda environment",
                        "conda install -c conda-forge cudatoolkit=%s cudnn=%s\n"
                        "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}",
                        cuda, cudnn);
    }
}

/* 1 when two dotted versions differ in major.minor ("10.2" vs "10.1"; "11" matches "11.2"). */
static int ver_cmp_dotted_prefix_differs(const char *a, const char *b)
{
    long am = strtol(a, NULL, 10), bm = strtol(b, NULL, 10);
    const char *ad = strchr(a, '.'), *bd = strchr(b, '.');
    if (am != bm)
        return 1;
    if (!ad || !bd)
        return 0;
    return strtol(ad + 1, NULL, 10) != strtol(bd + 1, NULL, 10);
}

/* The major version in a version string: "11.0" -> 11, "8907" (cuDNN's integer form) -> 8. */
static long major_of(const char *v)
{
    long m = v ? strtol(v, NULL, 10) : 0;
    return m >= 1000 ? m / 1000 : m;
}

/*
 * The same library stem with another major, installed or named elsewhere in
 * the log ("libcudnn.so.8" missing, "libcudnn.so.9" listed), or the toolkit /
 * cuDNN version the log shows.  Returns the other version, or NULL.
 */
static const char *installed_other(const struct ctx *c, enum lib_kind kind, const char *name,
                                   const char *want_ver, long *line, const char **text)
{
    const struct log_facts *lf = c->lf;
    const struct log_value *v = kind == LK_CUDNN ? &lf->cudnn_version : &lf->cuda_version;
    long want = major_of(want_ver);
    /* Before CUDA 11 the sonames carried major.minor ("libcublas.so.10.0"): compare both then. */
    int minor = strchr(want_ver, '.') != NULL && kind != LK_CUDNN && want < 11;
    char stem[64], ver[32];
    size_t i, k;
    for (k = 0; name[k] && k + 1 < sizeof(stem) && !(name[k] >= '0' && name[k] <= '9') &&
                strncmp(name + k, ".so", 3); k++)
        stem[k] = name[k];
    stem[k] = '\0';
    for (i = 0; i < lf->n_mentions && k; i++) {
        const struct log_lib *m = &lf->mentions[i];
        if (strncmp(m->name, stem, k) || !lib_version(m->name, ver, sizeof(ver)) || !strcmp(m->name, name))
            continue;
        if (major_of(ver) && (major_of(ver) != want ||
                              (minor && strchr(ver, '.') && ver_cmp_dotted_prefix_differs(ver, want_ver)))) {
            *line = m->line;
            *text = m->text;
            return m->name;
        }
    }
    if (v->v && major_of(v->v) && major_of(v->v) < 100 &&
        (major_of(v->v) != want || (minor && ver_cmp_dotted_prefix_differs(v->v, want_ver)))) {
        *line = v->line;
        *text = v->text;
        return v->v;
    }
    return NULL;
}

/* The pip wheel that carries a library ("libcudnn.so.9" -> an nvidia-cudnn-* package in the log), or NULL. */
static const struct log_pkg *pip_wheel_for(const struct ctx *c, const char *name)
{
    static const struct { const char *lib, *pkg; } wheels[] = {
        { "cudnn", "nvidia-cudnn" }, { "cublas", "nvidia-cublas" }, { "cudart", "nvidia-cuda-runtime" },
        { "nvrtc", "nvidia-cuda-nvrtc" }, { "cufft", "nvidia-cufft" }, { "curand", "nvidia-curand" },
        { "cusolver", "nvidia-cusolver" }, { "cusparse", "nvidia-cusparse" }, { "nvJitLink", "nvidia-nvjitlink" },
        { "cupti", "nvidia-cuda-cupti" }, { "nccl", "nvidia-nccl" },
    };
    const struct log_facts *lf = c->lf;
    size_t i, j;
    for (i = 0; i < sizeof(wheels) / sizeof(wheels[0]); i++) {
        if (!has(name, wheels[i].lib))
            continue;
        for (j = 0; j < lf->n_pkgs; j++)
            if (!strncmp(lf->pkgs[j].name, wheels[i].pkg, strlen(wheels[i].pkg)))
                return &lf->pkgs[j];
    }
    return NULL;
}

/*
 * A library that did not load: missing, on no search path, or the wrong
 * major for what is installed.  The log's context decides the order.
 */
static void lib_context(struct ctx *c, struct finding *fd, enum lib_kind kind, const char *name,
                        const char *via)
{
    char ver[32];
    long want, line = 0;
    const char *other, *text = NULL;
    char *tell;

    if (kind == LK_PROVIDER)
        return;
    if (cnt(c, LE_TORCH_PRELOAD)) {
        /* torch went looking for its pip wheels after this failed: the preload rule explains it. */
        set_score(c, fd, 55);
        return;
    }
    tell = arena_printf(c->out->arena, "find / -name '%.*s*' 2>/dev/null; ldconfig -p | grep %.*s",
                        (int)strcspn(name, "0123456789."), name, (int)strcspn(name, "0123456789."), name);
    if (!strcmp(via, "paddle")) {
        /* Paddle's loader looks on LD_LIBRARY_PATH only, and says so. */
        struct finding *p = cause(c, "GD204", SEV_ERROR, "");
        p->title = arena_printf(c->out->arena,
                                "PaddlePaddle could not load %s: it looks on LD_LIBRARY_PATH, which does not name its directory",
                                name);
        set_score(c, p, 72);
        finding_fix(c->out, p, "sh", "Add the directory that holds it",
                    "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH   # or where `find` shows it");
        set_score(c, fd, 55);
        return;
    }
    if (pip_wheel_for(c, name) && kind != LK_DRIVER) {
        /* The wheel that carries it is installed: the framework does not find pip's copy. */
        const struct log_pkg *w = pip_wheel_for(c, name);
        struct finding *p = cause(c, "GD205", SEV_ERROR, "");
        p->title = arena_printf(c->out->arena,
                                "%s is installed from pip (%s %s), but the loader does not look in site-packages/nvidia",
                                name, w->name, w->version);
        set_score(c, p, 78);
        finding_evidence_line(c->out, p, w->line, w->text);
        finding_fix(c->out, p, "sh", "Put the wheel's lib directory on the loader path",
                    "export LD_LIBRARY_PATH=$(python -c 'import os, nvidia; print(os.path.dirname(nvidia.__path__[0]))')/nvidia/%s/lib:$LD_LIBRARY_PATH",
                    has(name, "cudnn") ? "cudnn" : has(name, "cublas") ? "cublas" : "cuda_runtime");
        set_score(c, fd, 55);
        return;
    }
    if (!lib_version(name, ver, sizeof(ver)) || !(want = major_of(ver))) {
        alt(c, "GD204", 42, "the library is installed, but not where the loader looks", tell, 0, NULL);
        return;
    }
    other = installed_other(c, kind, name, ver, &line, &text);
    if (other) {
        struct finding *m = cause(c, kind == LK_CUDNN ? "GD207" : "GD206", SEV_ERROR, "");
        m->title = arena_printf(c->out->arena,
                                "the program wants %s (major %ld), but the log shows %s installed: the versions do not match",
                                name, want, other);
        set_score(c, m, 82);
        finding_evidence_line(c->out, m, line, text);
        plan_fix(c, m, "Install the version it was built for, or the build of the program for the version you have",
                 !strcmp(via, "tensorflow") ? "tensorflow" : !strcmp(via, "torch") ? "torch"
                 : !strcmp(via, "onnxruntime") ? "onnxruntime" : NULL, NULL);
        set_score(c, fd, 55);
        return;
    }
    alt(c, "GD204", 42, "the library is installed, but not where the loader looks", tell, 0, NULL);
    alt(c, kind == LK_CUDNN ? "GD207" : "GD206", 60,
        "another version is installed than the one this build was made for",
        kind == LK_CUDNN ? "ls /usr/lib/x86_64-linux-gnu/libcudnn* /usr/local/cuda/lib64/libcudnn*; pip list | grep cudnn"
                         : "nvcc --version; pip list | grep nvidia-", 0, NULL);
}

static void rule_libraries(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct kb *kb = c->in->kb;
    static const struct { enum lib_kind kind; const char *code; const char *what; } groups[] = {
        { LK_CUDART, "GD201", "the CUDA runtime" },
        { LK_CUDNN, "GD202", "cuDNN" },
        { LK_CUDA_LIB, "GD203", "CUDA libraries" },
        { LK_PROVIDER, "GD203", "the framework's CUDA module (one of its DLL dependencies)" },
    };
    struct tf_need t;
    size_t g, i;

    tf_need(c, &t);
    for (g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
        struct finding *fd = NULL;
        const char *first_name = NULL, *via = NULL;
        char ver[32] = "";
        for (i = 0; i < lf->n_libs; i++) {
            const struct log_lib *l = &lf->libs[i];
            if (l->ok || lib_kind(l->name) != groups[g].kind)
                continue;
            if (!fd) {
                first_name = l->name;
                via = l->via;
                fd = cause(c, groups[g].code, SEV_ERROR, "");
            }
            finding_evidence_line(c->out, fd, l->line, l->text);
        }
        if (!fd)
            continue;
        /* The title names the file and who wanted it. */
        fd->title = arena_printf(c->out->arena, "%s could not load %s: %s",
                                 !strcmp(via, "tensorflow") ? "TensorFlow"
                                 : !strcmp(via, "torch") ? "PyTorch"
                                 : !strcmp(via, "onnxruntime") ? "ONNX Runtime"
                                 : !strcmp(via, "paddle") ? "PaddlePaddle"
                                 : !strcmp(via, "cudnn") ? "cuDNN" : "the program",
                                 groups[g].what, first_name);
        if (groups[g].kind == LK_CUDART) {
            quote_ev(c, fd, LE_TF_NO_CUDA_DRIVERS);
            quote_ev(c, fd, LE_TF_CUDART_IGNORE);
        }
        quote_ev(c, fd, LE_TF_SKIP_GPU);
        quote_val(c, fd, &lf->tf_version);
        quote_val(c, fd, &lf->ld_library_path);
        if (!strcmp(via, "onnxruntime"))
            quote_ev(c, fd, LE_ORT_EP_FAIL);
        if (lib_version(first_name, ver, sizeof(ver))) {
            if (groups[g].kind == LK_CUDART)
                finding_evidence(c->out, fd, NULL, "%s is the CUDA runtime with soname version %s", first_name, ver);
            else if (groups[g].kind == LK_CUDNN)
                finding_evidence(c->out, fd, NULL, "%s is cuDNN %s", first_name, ver);
            else
                finding_evidence(c->out, fd, NULL, "%s belongs to the CUDA %s generation of the libraries",
                                 first_name, ver);
        }
        lib_context(c, fd, groups[g].kind, first_name, via);
        if (!strcmp(via, "tensorflow") && t.known && t.b.cuda) {
            finding_evidence(c->out, fd, NULL,
                             "TensorFlow %s on %s was built and tested with CUDA %s and cuDNN %s (%s)",
                             t.version, c->kb_os, t.b.cuda, t.b.cudnn ? t.b.cudnn : "?", t.b.source);
            if (t.have_libs && t.libs.pip_libs && !strcmp(t.libs.pip_libs, "rpath-broken"))
                finding_evidence(c->out, fd, NULL,
                                 "TensorFlow %s does not find pip's nvidia-* libraries by itself (%s)",
                                 t.version, t.libs.source);
            lib_fixes(c, fd, groups[g].kind, t.b.cuda, t.b.cudnn, &t);
        } else if (!strcmp(via, "tensorflow") && c->kb_os) {
            const char *first, *last, *src;
            if (tf_range_for_lib(kb, first_name, c->kb_os, &first, &last, &src)) {
                struct kb_tf_build b;
                finding_evidence(c->out, fd, NULL, "TensorFlow %s to %s loads %s on %s (%s)", first, last,
                                 first_name, c->kb_os, src);
                finding_evidence(c->out, fd, NULL,
                                 "the log does not show the TensorFlow version: `pip show tensorflow` tells");
                if (kb_tf_build(kb, last, c->kb_os, &b) == 1 && b.cuda) {
                    finding_evidence(c->out, fd, NULL, "TensorFlow %s needs CUDA %s and cuDNN %s (%s)", last,
                                     b.cuda, b.cudnn ? b.cudnn : "?", b.source);
                    lib_fixes(c, fd, groups[g].kind, b.cuda, b.cudnn, NULL);
                } else {
                    lib_fixes(c, fd, groups[g].kind, NULL, NULL, NULL);
                }
            } else {
                lib_fixes(c, fd, groups[g].kind, NULL, NULL, NULL);
            }
        } else if (!strcmp(via, "torch") || (!strcmp(via, "loader") && lf->torch_version.v)) {
            /* PyTorch brings its own CUDA libraries as pip packages: other CUDA installs off the
             * loader path, and a validated reinstall of its build. */
            unset_ld_path(c, fd, "Keep other CUDA installs off the loader path (PyTorch brings its own CUDA libraries)");
            fixes_torch_install(&c->fx, c->out, fd, c->env, lf->torch_version.v);
            if (c->os && !strcmp(c->os, "windows"))
                finding_fix(c->out, fd, NULL,
                            "On Windows also install the latest Microsoft Visual C++ Redistributable (x64)",
                            "https://aka.ms/vs/17/release/vc_redist.x64.exe");
        } else if (!strcmp(via, "onnxruntime")) {
            fixes_ort_install(&c->fx, c->out, fd, c->env, lf->ort_version.v);
        } else {
            lib_fixes(c, fd, groups[g].kind, ver[0] && groups[g].kind == LK_CUDART ? ver : NULL, NULL, NULL);
        }
    }
    /* TF 2.12+ prints no library names: the registration gate alone. */
    if (cnt(c, LE_TF_NO_CUDA_DRIVERS) && !c->n_causes) {
        struct finding *fd = cause(c, "GD201", SEV_ERROR,
                                   "TensorFlow could not load the CUDA runtime (libcudart), despite saying \"Could not find cuda drivers\"");
        quote_ev(c, fd, LE_TF_NO_CUDA_DRIVERS);
        quote_val(c, fd, &lf->tf_version);
        if (t.have_libs && t.libs.cudart)
            finding_evidence(c->out, fd, NULL, "TensorFlow %s loads %s (%s)", t.version, t.libs.cudart,
                             t.libs.source);
        if (t.known && t.b.cuda)
            lib_fixes(c, fd, LK_CUDART, t.b.cuda, t.b.cudnn, &t);
        else
            fixes_tf_install(&c->fx, c->out, fd, c->env, t.version);
    }
    if (cnt(c, LE_TF_SKIP_GPU) && !c->n_causes) {
        struct finding *fd;
        if (t.have_libs && t.libs.pip_libs && !strcmp(t.libs.pip_libs, "rpath-broken") &&
            log_names_pkg_prefix(lf, "nvidia-cudnn-cu")) {
            fd = cause(c, "GD205", SEV_ERROR, "");
            fd->title = arena_printf(c->out->arena,
                                     "TensorFlow %s does not find the nvidia-* pip libraries it installed", t.version);
            quote_ev(c, fd, LE_TF_SKIP_GPU);
            quote_val(c, fd, &lf->tf_version);
            finding_evidence(c->out, fd, NULL, "%s", t.libs.source);
            finding_fix(c->out, fd, "sh", "Link the libraries next to TensorFlow (TensorFlow's install guide)",
                        "cd $(dirname $(python -c 'print(__import__(\"tensorflow\").__file__)'))\n"
                        "ln -svf ../nvidia/*/lib/*.so* .");
        } else {
            fd = cause(c, "GD404", SEV_WARNING,
                       "TensorFlow skipped the GPU because some CUDA library did not load; the log does not name it");
            quote_ev(c, fd, LE_TF_SKIP_GPU);
            shell_fix(c, fd, "Rerun with the loader's messages switched on to see which library",
                      "TF_CPP_MAX_VLOG_LEVEL=3 python your_script.py 2>&1 | grep dso_loader",
                      "$env:TF_CPP_MAX_VLOG_LEVEL = \"3\"\npython your_script.py 2>&1 | Select-String dso_loader",
                      "set \"TF_CPP_MAX_VLOG_LEVEL=3\"\npython your_script.py 2>&1 | findstr dso_loader");
            finding_fix(c->out, fd, NULL, "Or run gpudoctor on that machine", "gpudoctor check");
        }
    }
}

static int is_cudnn_name(const char *s)
{
    return has(s, "cuDNN") || has(s, "cudnn") || has(s, "CuDNN");
}

static void rule_versions(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct log_event *e;
    struct finding *fd;

    e = &lf->ev[LE_CUDNN_MISMATCH];
    if (e->count) {
        fd = cause(c, "GD207", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "cuDNN %s was loaded, but the framework was compiled with cuDNN %s",
                                 e->a ? e->a : "?", e->b ? e->b : "?");
        quote_ev(c, fd, LE_CUDNN_MISMATCH);
        finding_evidence(c->out, fd, NULL,
                         "the loaded cuDNN must have the same major version and an equal or higher minor version");
        {
            /* pip's cuDNN wheel is per CUDA major (nvidia-cudnn-cuNN): only when the log names the CUDA. */
            const char *cu = lf->torch_cuda.v ? lf->torch_cuda.v : lf->cuda_version.v;
            struct tf_need t;
            tf_need(c, &t);
            if (!cu && t.known)
                cu = t.b.cuda;
            if (cu && e->b && major_of(cu) >= 11 && major_of(e->b) >= 8)
                finding_fix(c->out, fd, "sh", "Install the cuDNN version the framework was built with (or newer, same "
                            "major) from pip, and make sure an older copy is not first on the loader path",
                            "%s install \"nvidia-cudnn-cu%ld==%ld.*\"", fix_pip(&c->fx, c->env), major_of(cu),
                            major_of(e->b));
            else
                finding_fix(c->out, fd, NULL, "Install the cuDNN version the framework was built with (or newer, same "
                            "major), and make sure an older copy is not first on the loader path",
                            "https://developer.nvidia.com/cudnn-archive");
        }
    }
    e = &lf->ev[LE_JAX_VERSION_LOW];
    if (e->count) {
        int dnn = is_cudnn_name(e->a);
        fd = cause(c, dnn ? "GD207" : "GD206", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "JAX found %s %s but was built against %s, which is newer",
                                 e->a ? e->a : "?", e->b ? e->b : "?", e->c ? e->c : "?");
        quote_ev(c, fd, LE_JAX_VERSION_LOW);
        unset_ld_path(c, fd, "Keep other CUDA installs off the loader path (JAX brings matching ones from pip)");
        fixes_jax_install(&c->fx, c->out, fd, c->env, lf->jaxlib_version.v ? lf->jaxlib_version.v : lf->jax_version.v);
    }
    e = &lf->ev[LE_JAX_OUTDATED];
    if (e->count) {
        int dnn = is_cudnn_name(e->a);
        fd = cause(c, dnn ? "GD207" : "GD206", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "JAX found an outdated %s (installed %s, built against %s)",
                                 e->a ? e->a : "?", e->b ? e->b : "?", e->c ? e->c : "?");
        quote_ev(c, fd, LE_JAX_OUTDATED);
        unset_ld_path(c, fd, "Keep other CUDA installs off the loader path (JAX brings matching ones from pip)");
        fixes_jax_install(&c->fx, c->out, fd, c->env, lf->jaxlib_version.v ? lf->jaxlib_version.v : lf->jax_version.v);
    }
    e = &lf->ev[LE_UNDEFINED_SYMBOL];
    if (e->count && (has(e->a, "cud") || has(e->a, "cublas") || has(e->b, "cudnn") || has(e->b, "cublas") ||
                     (e->a && lib_kind(e->a) != LK_OTHER))) {
        int dnn = has(e->a, "cudnn") || has(e->b, "cudnn");
        fd = cause(c, dnn ? "GD207" : "GD206", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena,
                                 "two different copies of %s are mixed: a symbol of %s is missing",
                                 dnn ? "cuDNN" : "the CUDA libraries", e->a ? e->a : "a CUDA library");
        quote_ev(c, fd, LE_UNDEFINED_SYMBOL);
        if (dnn) {
            alt_ev(c, "GD109", 55, "two cuDNN installs are on the loader path, and the wrong one wins",
                   "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH", LE_UNDEFINED_SYMBOL);
        } else {
            /* One CUDA library from pip, its partner from the system (or conda): two installs mixed. */
            fd = cause(c, "GD109", SEV_ERROR, "");
            fd->title = arena_printf(c->out->arena,
                                     "two CUDA installs are mixed: %s resolves against another copy of %s",
                                     e->b ? e->b : "a symbol", e->a ? e->a : "its library");
            set_score(c, fd, 80);
            quote_ev(c, fd, LE_UNDEFINED_SYMBOL);
            quote_val(c, fd, &lf->pip_nvidia);
            quote_val(c, fd, &lf->conda);
            finding_fix(c->out, fd, "sh", "Take the other copy off the loader path", "unset LD_LIBRARY_PATH");
        }
        finding_evidence(c->out, fd, NULL,
                         "usually a system copy on LD_LIBRARY_PATH shadows the one the framework installed with pip");
        finding_fix(c->out, fd, "sh", "Take the other copy off the loader path", "unset LD_LIBRARY_PATH");
    }
    if (cnt(c, LE_ORT_EP_FAIL) && !c->n_causes) {
        e = &lf->ev[LE_ORT_EP_FAIL];
        fd = cause(c, "GD206", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena,
                                 "ONNX Runtime could not start its CUDA provider: it needs %s",
                                 e->a ? e->a : "the CUDA and cuDNN it was built for");
        quote_ev(c, fd, LE_ORT_EP_FAIL);
        quote_ev(c, fd, LE_ORT_PROVIDER_FAIL);
        fixes_ort_install(&c->fx, c->out, fd, c->env, lf->ort_version.v);
    }
    e = &lf->ev[LE_JAX_PLUGIN_MISMATCH];
    if (e->count) {
        fd = cause(c, "GD213", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "JAX ignores its CUDA plugin: %s does not match jaxlib %s",
                                 e->a ? e->a : "the plugin", e->b ? e->b : "?");
        quote_ev(c, fd, LE_JAX_PLUGIN_MISMATCH);
        /* jax[cudaNN]==V pins jaxlib and the plugin to V. */
        fixes_jax_install(&c->fx, c->out, fd, c->env, e->b ? e->b : lf->jaxlib_version.v);
    }
}

static void rule_arch(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;
    int nobin = 0;

    for (i = 0; i < lf->n_errs; i++)
        if (lf->errs[i].number == 209)
            nobin = 1;
    if (cnt(c, LE_SM_INCOMPATIBLE) || cnt(c, LE_NO_KERNEL_IMAGE) || cnt(c, LE_GPU_TOO_OLD) ||
        cnt(c, LE_TF_IGNORING_GPU) || nobin) {
        const char *sm = lf->ev[LE_SM_INCOMPATIBLE].a;
        const char *cc = lf->gpu_cc.v;
        fd = cause(c, "GD209", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "the framework has no code for this GPU%s%s%s%s",
                                 lf->gpu_name.v ? " (" : "", lf->gpu_name.v ? lf->gpu_name.v : "",
                                 cc ? ", compute capability " : "", cc ? cc : "");
        if (lf->gpu_name.v)
            fd->title = arena_printf(c->out->arena, "%s)", fd->title);
        quote_ev(c, fd, LE_SM_INCOMPATIBLE);
        quote_ev(c, fd, LE_GPU_TOO_OLD);
        quote_ev(c, fd, LE_TF_IGNORING_GPU);
        quote_ev(c, fd, LE_NO_KERNEL_IMAGE);
        if (cnt(c, LE_NO_KERNEL_IMAGE) && ctx_jax(c) && !cnt(c, LE_SM_INCOMPATIBLE) && !cnt(c, LE_GPU_TOO_OLD)) {
            /* XLA compiles PTX for the GPU at run time: a driver older than jaxlib's CUDA
               cannot take it, which also ends in "no kernel image". */
            set_score(c, fd, 50);
            set_tell(c, fd, "nvidia-smi (compute capability, CUDA Version) vs the jaxlib build");
            alt_ev(c, "GD208", 70, "the driver is older than the CUDA jaxlib was built with, so XLA's PTX cannot be loaded",
                   "nvidia-smi (CUDA Version) vs pip list | grep jax-cuda", LE_NO_KERNEL_IMAGE);
        } else if (cnt(c, LE_NO_KERNEL_IMAGE) && !cnt(c, LE_SM_INCOMPATIBLE)) {
            alt_ev(c, "GD208", 35, "the driver is too old for the PTX in this build",
                   "nvidia-smi (CUDA Version)", LE_NO_KERNEL_IMAGE);
        }
        if (lf->ev[LE_SM_INCOMPATIBLE].b)
            finding_evidence(c->out, fd, NULL, "this build has code for: %s", lf->ev[LE_SM_INCOMPATIBLE].b);
        if (c->fx.gpu_cc && (sm || cnt(c, LE_GPU_TOO_OLD)))
            /* torch.kb's arch lists: the engine keeps only builds with code for this GPU
             * (fix_ctx.gpu_cc), and the GPU family's driver floor. */
            fixes_torch_install(&c->fx, c->out, fd, c->env, lf->torch_version.v);
        else
            plan_fix(c, fd, "Install a framework build that lists this GPU's architecture",
                     cnt(c, LE_TF_IGNORING_GPU) ? "tensorflow" : NULL, NULL);
    }
    if (cnt(c, LE_TF_PTX_JIT)) {
        fd = cause(c, "GD210", SEV_WARNING, "");
        fd->title = arena_printf(c->out->arena,
                                 "TensorFlow has no native code for compute capability %s: kernels are JIT-compiled "
                                 "from PTX (slow first start; may fail on GPUs newer than the PTX)",
                                 lf->ev[LE_TF_PTX_JIT].a ? lf->ev[LE_TF_PTX_JIT].a : "?");
        quote_ev(c, fd, LE_TF_PTX_JIT);
        shell_fix(c, fd, "Let the driver cache the compiled kernels across runs", "export CUDA_CACHE_MAXSIZE=4294967296",
                  "$env:CUDA_CACHE_MAXSIZE = \"4294967296\"", "set \"CUDA_CACHE_MAXSIZE=4294967296\"");
    }
}

struct err_meaning {
    long number;
    const char *meaning;
};

/* What a CUDA error means for the user (../shared/knowledge/nvidia.md section 3c). */
static const struct err_meaning meanings[] = {
    { 3, "CUDA could not initialise (often the result of an earlier failure)" },
    { 46, "the GPU is busy or in an exclusive/prohibited compute mode" },
    { 101, "a device number that does not exist was asked for" },
    { 200, "the program's GPU code is not valid for this GPU" },
    { 218, "PTX JIT compilation failed (the PTX is newer than the driver, or invalid)" },
    { 221, "the driver's PTX JIT compiler library is missing" },
    { 304, "an operating-system call inside CUDA failed" },
    { 801, "the operation is not supported on this system" },
    { 802, "the system is not ready: on NVSwitch systems, nvidia-fabricmanager is not running" },
    { 804, "forward-compatibility libraries (cuda-compat) were loaded on a GPU that does not support them" },
    { 999, "an unknown CUDA error (often after suspend/resume; a reboot usually helps)" },
    { 0, NULL }
};

static void rule_cuda_errors(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i, j;

    for (i = 0; i < lf->n_errs; i++) {
        const struct log_cuda_error *er = &lf->errs[i];
        if (er->number == 35 || er->number == 222 || er->number == 209 || er->number == 803)
            continue;   /* driver too old / arch / mismatch rules quote them */
        if (er->number == 804) {
            /* cuda-compat was loaded because the driver is older than the runtime, on a GPU
               that cannot use it (GeForce): the driver is what is too old. */
            fd = cause(c, "GD208", SEV_ERROR,
                       "the driver is older than the CUDA runtime, so its forward-compatibility libraries were "
                       "used, and this GPU does not support them (CUDA error 804)");
            set_score(c, fd, 72);
            finding_evidence_line(c->out, fd, er->line, er->text);
            quote_val(c, fd, &lf->driver_version);
            quote_val(c, fd, &lf->container);
            finding_fix(c->out, fd, NULL, "Update the driver (on the host, for a container) to one that runs this CUDA natively",
                        "https://www.nvidia.com/Download/index.aspx");
            finding_fix(c->out, fd, "sh", "Or take the cuda-compat directory off the loader path",
                        "echo \"$LD_LIBRARY_PATH\" | tr : '\\n' | grep compat");
            alt(c, "GD402", 40, "cuda-compat is on the loader path although the driver is new enough",
                "echo $LD_LIBRARY_PATH | tr : '\\n' | grep compat", er->line, er->text);
            continue;
        }
        if (er->number == 100) {
            if (cnt(c, LE_CVD_HIDDEN)) {
                fd = cause(c, "GD108", SEV_ERROR, "CUDA_VISIBLE_DEVICES hides every GPU from the program");
                quote_ev(c, fd, LE_CVD_HIDDEN);
                finding_evidence_line(c->out, fd, er->line, er->text);
                shell_fix(c, fd, "Unset it, or name the GPUs to use", "unset CUDA_VISIBLE_DEVICES",
                          "Remove-Item Env:CUDA_VISIBLE_DEVICES", "set CUDA_VISIBLE_DEVICES=");
            } else {
                fd = cause(c, "GD403", SEV_ERROR, "");
                fd->title = arena_printf(c->out->arena, "CUDA found no usable GPU (%s)", er->name);
                finding_evidence_line(c->out, fd, er->line, er->text);
                finding_evidence(c->out, fd, NULL,
                                 "causes: CUDA_VISIBLE_DEVICES empty or -1, a container started without GPUs, "
                                 "or on WSL2 a Linux libcuda shadowing /usr/lib/wsl/lib");
                shell_fix(c, fd, "Check what the process sees", "echo \"$CUDA_VISIBLE_DEVICES\"; nvidia-smi -L",
                          "$env:CUDA_VISIBLE_DEVICES\nnvidia-smi -L", "echo %CUDA_VISIBLE_DEVICES%\nnvidia-smi -L");
                finding_fix(c->out, fd, NULL, "In a container", "docker run --gpus all ...");
                finding_fix(c->out, fd, NULL, "Or run gpudoctor on that machine", "gpudoctor check");
            }
            continue;
        }
        if (er->number == 34) {
            fd = cause(c, "GD106", SEV_ERROR,
                       "the CUDA toolkit's stub libcuda was loaded instead of the driver (CUDA_ERROR_STUB_LIBRARY)");
            finding_evidence_line(c->out, fd, er->line, er->text);
            finding_fix(c->out, fd, "sh", "Remove the toolkit's lib64/stubs directory from LD_LIBRARY_PATH",
                        "echo \"$LD_LIBRARY_PATH\" | tr : '\\n' | grep stubs");
            continue;
        }
        fd = cause(c, "GD402", SEV_ERROR, "");
        for (j = 0; meanings[j].meaning && meanings[j].number != er->number; j++)
            ;
        if (er->number >= 0)
            fd->title = arena_printf(c->out->arena, "CUDA error %s (%ld)%s%s", er->name, er->number,
                                     meanings[j].meaning ? ": " : "", meanings[j].meaning ? meanings[j].meaning : "");
        else
            fd->title = arena_printf(c->out->arena, "CUDA error %s", er->name);
        finding_evidence_line(c->out, fd, er->line, er->text);
        if (er->number == 804)
            finding_fix(c->out, fd, "sh", "Take the cuda-compat directory off the loader path",
                        "echo \"$LD_LIBRARY_PATH\" | tr : '\\n' | grep compat");
        else if (er->number == 802)
            finding_fix(c->out, fd, "sh", "Start the fabric manager", "sudo systemctl enable --now nvidia-fabricmanager");
        else
            finding_fix(c->out, fd, NULL, "Run gpudoctor on that machine for the rest of the picture", "gpudoctor check");
    }
    /* torch's "CUDA initialization: ..." warning with an error number already mapped above. */
    if (cnt(c, LE_CUDA_INIT_WARNING) && !c->n_causes) {
        fd = cause(c, "GD404", SEV_WARNING, "");
        fd->title = arena_printf(c->out->arena, "PyTorch could not initialise CUDA: %s",
                                 lf->ev[LE_CUDA_INIT_WARNING].a ? lf->ev[LE_CUDA_INIT_WARNING].a : "?");
        quote_ev(c, fd, LE_CUDA_INIT_WARNING);
        finding_fix(c->out, fd, NULL, "Run gpudoctor on that machine", "gpudoctor check");
    }
}

/* ---- the long tail: messages whose cause depends on the context ---- */

/* A CUDA_VISIBLE_DEVICES value that names devices ("1", "0,1", "GPU-..."). */
static int cvd_names_devices(const char *v)
{
    return v && *v && strcmp(v, "-1") && !(v[0] == '-' && v[1] == '1');
}

static const char *const framework_modules[] = {
    "torch", "tensorflow", "jax", "jaxlib", "onnxruntime", "cupy", "paddle", "keras", "tensorrt", NULL
};

static void rule_long_tail(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    const struct log_hit *h;
    size_t i;

    /* Out of memory: the GPU works; someone else holds it or the job is too large. */
    if (cnt(c, LE_OOM)) {
        fd = cause(c, "GD407", SEV_ERROR,
                   "the GPU ran out of memory: it works, but another process holds memory or the job is too large");
        quote_ev(c, fd, LE_OOM);
        quote_val(c, fd, &lf->gpu_name);
        finding_fix(c->out, fd, NULL, "See which processes hold GPU memory", "nvidia-smi");
        finding_fix(c->out, fd, NULL, "Make the job smaller (batch size, sequence length, precision)",
                    "e.g. halve the batch size; use bf16/fp16");
        shell_fix(c, fd, "TensorFlow and JAX take all GPU memory at start unless told not to",
                  "export TF_FORCE_GPU_ALLOW_GROWTH=true XLA_PYTHON_CLIENT_PREALLOCATE=false",
                  "$env:TF_FORCE_GPU_ALLOW_GROWTH = \"true\"; $env:XLA_PYTHON_CLIENT_PREALLOCATE = \"false\"",
                  "set \"TF_FORCE_GPU_ALLOW_GROWTH=true\"\nset \"XLA_PYTHON_CLIENT_PREALLOCATE=false\"");
    }
    /* /dev/shm too small (Docker's 64 MB default) for NCCL or the DataLoader. */
    if (cnt(c, LE_NCCL_SHM)) {
        h = first_hit(c, LE_NCCL_SHM);
        fd = cause(c, "GD409", SEV_ERROR,
                   "the shared memory in /dev/shm is too small for NCCL or the DataLoader (Docker gives 64 MB)");
        quote_ev(c, fd, LE_NCCL_SHM);
        quote_val(c, fd, &lf->container);
        set_tell(c, fd, "df -h /dev/shm (64M is Docker's default)");
        finding_fix(c->out, fd, "sh", "Give the container the host's IPC namespace, or more shared memory",
                    "docker run --ipc=host ...   # or --shm-size=16g");
        finding_fix(c->out, fd, "sh", "Or let NCCL go without shared memory (slower)", "export NCCL_SHM_DISABLE=1");
        if (h && (strstr(h->text, "ermission denied") || strstr(h->text, "No such file"))) {
            /* Not a size: the segment exists elsewhere or cannot be opened. */
            set_score(c, fd, 45);
            alt_ev(c, "GD402", 60,
                   "the shared-memory segment could not be opened (permissions, or processes in different IPC namespaces)",
                   "ls -l /dev/shm; run every rank in one container or with --ipc=host", LE_NCCL_SHM);
        }
    }
    /* Docker asked for GPUs it cannot give. */
    if (cnt(c, LE_DOCKER_NO_GPU)) {
        fd = cause(c, "GD408", SEV_ERROR,
                   "Docker cannot give the container GPUs: the NVIDIA Container Toolkit is not installed or not configured");
        quote_ev(c, fd, LE_DOCKER_NO_GPU);
        quote_val(c, fd, &lf->command);
        finding_fix(c->out, fd, "sh", "Install the toolkit, register it with Docker, restart Docker",
                    "sudo apt-get install -y nvidia-container-toolkit\n"
                    "sudo nvidia-ctk runtime configure --runtime=docker\nsudo systemctl restart docker");
        alt_ev(c, "GD102", 40, "there is no NVIDIA GPU (or driver) on this host at all",
               "lspci | grep -i nvidia; nvidia-smi (on the host)", LE_DOCKER_NO_GPU);
    }
    /* A CUDA extension built with another CUDA than PyTorch's. */
    if (cnt(c, LE_EXT_CUDA_MISMATCH)) {
        const struct log_event *e = &lf->ev[LE_EXT_CUDA_MISMATCH];
        fd = cause(c, "GD410", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena,
                                 "a CUDA extension is being compiled with CUDA %s, but PyTorch was built with CUDA %s",
                                 e->a ? e->a : "?", e->b ? e->b : "?");
        quote_ev(c, fd, LE_EXT_CUDA_MISMATCH);
        quote_val(c, fd, &lf->torch_version);
        if (e->b)
            finding_fix(c->out, fd, "sh", "Point the build at a toolkit of PyTorch's CUDA version",
                        "export CUDA_HOME=/usr/local/cuda-%s", e->b);
        else
            finding_fix(c->out, fd, NULL, "Point the build at a toolkit of PyTorch's CUDA version (CUDA_HOME)", NULL);
        /* torch's cpp_extension refuses only another CUDA major: any build of the toolkit's major. */
        plan_fix(c, fd, "Or install a PyTorch build for the toolkit's CUDA major, or a prebuilt wheel of the extension",
                 "torch", e->a && major_of(e->a) > 0 ? arena_printf(c->out->arena, "%ld", major_of(e->a)) : NULL);
    } else if (cnt(c, LE_CUDA_HOME_UNSET)) {
        fd = cause(c, "GD410", SEV_ERROR,
                   "a CUDA extension is being compiled, but no CUDA toolkit was found (CUDA_HOME is not set)");
        set_score(c, fd, 70);
        quote_ev(c, fd, LE_CUDA_HOME_UNSET);
        finding_fix(c->out, fd, "sh", "Install the toolkit of PyTorch's CUDA version and point CUDA_HOME at it",
                    "export CUDA_HOME=/usr/local/cuda");
        alt_ev(c, "GD204", 40, "the toolkit is installed but not where the build looks",
               "ls -d /usr/local/cuda*; which nvcc", LE_CUDA_HOME_UNSET);
    }
    /* The framework is not in the Python that ran. */
    if (cnt(c, LE_MODULE_MISSING) && lf->ev[LE_MODULE_MISSING].a) {
        const char *m = lf->ev[LE_MODULE_MISSING].a;
        for (i = 0; framework_modules[i]; i++) {
            size_t k = strlen(framework_modules[i]);
            if (!strncmp(m, framework_modules[i], k) && (m[k] == '\0' || m[k] == '.' || m[k] == '_'))
                break;
        }
        if (framework_modules[i]) {
            fd = cause(c, "GD411", SEV_ERROR, "");
            fd->title = arena_printf(c->out->arena,
                                     "'%s' is not installed in the Python that ran: another environment or kernel", m);
            quote_ev(c, fd, LE_MODULE_MISSING);
            quote_val(c, fd, &lf->command);
            if (!strncmp(m, "torch", 5))
                fixes_torch_install(&c->fx, c->out, fd, c->env, NULL);
            else if (!strncmp(m, "tensorflow", 10))
                fixes_tf_install(&c->fx, c->out, fd, c->env, NULL);
            else if (!strncmp(m, "jax", 3))
                fixes_jax_install(&c->fx, c->out, fd, c->env, NULL);
            else if (!strncmp(m, "onnxruntime", 11))
                fixes_ort_install(&c->fx, c->out, fd, c->env, NULL);
            else if (!strncmp(m, "cupy", 4))
                fixes_cupy_install(&c->fx, c->out, fd, c->env, NULL);
            else
                plan_fix(c, fd, "Install it into the interpreter that runs the code", NULL, NULL);
            alt_ev(c, "GD216", 40, "the package is installed but broken (a partial install or two versions)",
                   "python -m pip show -f <package>", LE_MODULE_MISSING);
        }
    }
    /* The CUDA compiler (NVRTC, nvcc, ptxas) cannot compile for this GPU. */
    if (cnt(c, LE_COMPILER_ARCH)) {
        const char *sm = lf->ev[LE_COMPILER_ARCH].a;
        fd = cause(c, "GD209", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena,
                                 "the CUDA compiler in use (NVRTC/nvcc) cannot compile for this GPU%s%s: "
                                 "the GPU is newer or older than that CUDA release supports",
                                 sm ? " " : "", sm ? sm : "");
        quote_ev(c, fd, LE_COMPILER_ARCH);
        quote_val(c, fd, &lf->torch_version);
        quote_val(c, fd, &lf->gpu_name);
        {
            /* The kb's cuda_sm table: which architectures this CUDA can compile for. */
            const char *cuda = lf->cuda_version.v ? lf->cuda_version.v : lf->torch_cuda.v, *lo = NULL, *hi = NULL;
            const char *cc = lf->gpu_cc.v;
            if (cuda && kb_cuda_sm_range(c->in->kb, cuda, &lo, &hi) == 1) {
                finding_evidence(c->out, fd, NULL, "CUDA %s compiles for %s to %s (cuda_sm table)", cuda, lo, hi);
                if (cc) {
                    char gsm[16];
                    long want = strtol(cc, NULL, 10) * 10 + (strchr(cc, '.') ? strtol(strchr(cc, '.') + 1, NULL, 10) : 0);
                    snprintf(gsm, sizeof(gsm), "sm_%ld", want);
                    if (want < strtol(lo + 3, NULL, 10) || want > strtol(hi + 3, NULL, 10))
                        fd->title = arena_printf(c->out->arena,
                                                 "CUDA %s cannot compile for this GPU (%s): it supports %s to %s",
                                                 cuda, gsm, lo, hi);
                }
            }
        }
        plan_fix(c, fd, "Install a framework build for a CUDA release that knows this GPU", NULL, NULL);
        alt_ev(c, "GD206", 35, "another CUDA's NVRTC is found before the framework's own",
               "python -c 'import torch; print(torch.version.cuda)'; ldconfig -p | grep nvrtc", LE_COMPILER_ARCH);
    }
    /* torch's _preload_cuda_deps found no pip nvidia-* library. */
    if (cnt(c, LE_TORCH_PRELOAD)) {
        fd = cause(c, "GD205", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena,
                                 "PyTorch could not find %s among pip's nvidia-* packages (a CUDA wheel is missing or from another CUDA)",
                                 lf->ev[LE_TORCH_PRELOAD].a ? lf->ev[LE_TORCH_PRELOAD].a : "a CUDA library");
        quote_ev(c, fd, LE_TORCH_PRELOAD);
        quote_val(c, fd, &lf->torch_version);
        set_tell(c, fd, "pip list | grep -i nvidia- (the wheels torch pins)");
        /* Reinstall torch with the nvidia-* wheels it pins: a build the engine validates. */
        fixes_torch_install(&c->fx, c->out, fd, c->env, lf->torch_version.v);
        alt_ev(c, "GD216", 58, "the environment is half-installed (an nvidia-* wheel removed or replaced)",
               "pip list | grep -i nvidia-", LE_TORCH_PRELOAD);
    }
    /* The kernel module and libcuda differ. */
    if (cnt(c, LE_DSO_MISMATCH)) {
        const struct log_event *e = &lf->ev[LE_DSO_MISMATCH];
        int in_container = lf->container.v != NULL;
        fd = cause(c, in_container ? "GD208" : "GD103", SEV_ERROR, "");
        if (in_container)
            fd->title = arena_printf(c->out->arena,
                                     "the host's driver (kernel %s) is older than the libcuda %s inside the container "
                                     "(its forward-compatibility package)",
                                     e->a ? e->a : "?", e->b ? e->b : "?");
        else
            fd->title = arena_printf(c->out->arena,
                                     "the loaded kernel module %s and the user-space driver %s differ",
                                     e->a ? e->a : "?", e->b ? e->b : "?");
        set_score(c, fd, 80);
        quote_ev(c, fd, LE_DSO_MISMATCH);
        quote_val(c, fd, &lf->container);
        finding_fix(c->out, fd, "sh", in_container ? "Update the host's driver, or use an image for the host's CUDA level"
                                                 : "Reboot so the new kernel module is loaded",
                    "%s", in_container ? "nvidia-smi   # on the host: its CUDA Version is the ceiling" : "sudo reboot");
        alt_ev(c, in_container ? "GD103" : "GD208", 45,
               in_container ? "the driver was upgraded on the host without a reboot"
                            : "inside a container: the host driver is older than the image's libcuda",
               "cat /proc/driver/nvidia/version; ls -l /usr/local/cuda/compat", LE_DSO_MISMATCH);
    }
    /* "No CUDA GPUs are available": the driver answered and counted none. */
    if (cnt(c, LE_NO_CUDA_GPUS) && !cnt(c, LE_CVD_HIDDEN)) {
        int named = cvd_names_devices(lf->cvd.v);
        fd = cause(c, "GD108", SEV_ERROR, "");
        fd->title = named ? arena_printf(c->out->arena,
                                         "CUDA_VISIBLE_DEVICES=%s names no GPU this machine has (they count from 0), so CUDA sees none",
                                         lf->cvd.v)
                          : arena_printf(c->out->arena,
                                         "the driver answered but CUDA counted no GPU: most often CUDA_VISIBLE_DEVICES "
                                         "(set in the script or by a --gpu option) names a GPU that does not exist");
        set_score(c, fd, named ? 85 : 60);
        quote_ev(c, fd, LE_NO_CUDA_GPUS);
        quote_val(c, fd, &lf->cvd);
        quote_val(c, fd, &lf->command);
        set_tell(c, fd, "echo \"$CUDA_VISIBLE_DEVICES\"; nvidia-smi -L");
        shell_fix(c, fd, "See which GPUs exist, then name one of them (or unset the variable)",
                  "nvidia-smi -L\nunset CUDA_VISIBLE_DEVICES", "nvidia-smi -L\nRemove-Item Env:CUDA_VISIBLE_DEVICES",
                  "nvidia-smi -L\nset CUDA_VISIBLE_DEVICES=");
        alt_ev(c, "GD403", named ? 35 : 45, "no GPU is usable here (a container without --gpus, a GPU in another mode)",
               "nvidia-smi -L (in the same shell or container)", LE_NO_CUDA_GPUS);
    }
    /* nvidia-container-cli refused to start an image whose CUDA is above the host driver. */
    if (cnt(c, LE_DRIVER_REQUIREMENT)) {
        fd = cause(c, "GD208", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena,
                                 "the container image needs CUDA %s, and the host's driver supports less",
                                 lf->ev[LE_DRIVER_REQUIREMENT].a ? lf->ev[LE_DRIVER_REQUIREMENT].a : "?");
        set_score(c, fd, 92);
        quote_ev(c, fd, LE_DRIVER_REQUIREMENT);
        quote_val(c, fd, &lf->driver_cuda);
        finding_fix(c->out, fd, NULL, "Update the host's driver, or use an image for the CUDA the driver supports",
                    "nvidia-smi   # on the host: \"CUDA Version\" is the highest the driver runs");
    }
    /* JAX's backend failure: the reason decides. */
    if (cnt(c, LE_JAX_BACKEND_FAIL) && lf->ev[LE_JAX_BACKEND_FAIL].a) {
        const char *why = lf->ev[LE_JAX_BACKEND_FAIL].a;
        int nodev = has(why, "no supported devices") || has(why, "No visible GPU") || has(why, "CUDA_ERROR_NO_DEVICE");
        if (!nodev && (has(why, "PJRT") || has(why, "has no attribute") || has(why, "plugin"))) {
            fd = cause(c, "GD213", SEV_ERROR,
                       "JAX's CUDA plugin and jax/jaxlib are from different releases");
            set_score(c, fd, 80);
            quote_ev(c, fd, LE_JAX_BACKEND_FAIL);
            quote_val(c, fd, &lf->jaxlib_version);
            fixes_jax_install(&c->fx, c->out, fd, c->env, lf->jaxlib_version.v);
        } else if (nodev) {
            fd = cause(c, "GD404", SEV_WARNING, "JAX's CUDA backend found no usable GPU");
            set_score(c, fd, 35);
            quote_ev(c, fd, LE_JAX_BACKEND_FAIL);
            alt_ev(c, "GD208", 50, "the driver is older than the CUDA jaxlib was built for",
                   "nvidia-smi (CUDA Version) vs the jax-cuda plugin's CUDA", LE_JAX_BACKEND_FAIL);
            alt_ev(c, "GD108", 40, "CUDA_VISIBLE_DEVICES hides the GPUs", "echo \"$CUDA_VISIBLE_DEVICES\"",
                   LE_JAX_BACKEND_FAIL);
        }
    }
    /* onnxruntime-gpu X wants the cuDNN major of its build (onnxruntime.kb); the log shows another. */
    if ((cnt(c, LE_ORT_EP_FAIL) || cnt(c, LE_ORT_PROVIDER_FAIL)) && lf->ort_version.v) {
        struct kb_ort o;
        char major[24];
        const struct log_value *dn = &lf->cudnn_version;
        const char *shown = dn->v;
        long sline = dn->line;
        const char *stext = dn->text;
        for (i = 0; !shown && i < lf->n_mentions; i++)
            if (has(lf->mentions[i].name, "cudnn")) {
                char v[32];
                if (lib_version(lf->mentions[i].name, v, sizeof(v))) {
                    shown = lf->mentions[i].name;
                    sline = lf->mentions[i].line;
                    stext = lf->mentions[i].text;
                }
            }
        snprintf(major, sizeof(major), "%ld", major_of(lf->cuda_version.v));
        if (kb_onnxruntime(c->in->kb, lf->ort_version.v, lf->cuda_version.v ? major : NULL, &o) == 1 && o.cudnn &&
            shown) {
            char v[32];
            long have = lib_version(shown, v, sizeof(v)) ? major_of(v) : major_of(shown);
            if (have && have != major_of(o.cudnn)) {
                fd = cause(c, "GD207", SEV_ERROR, "");
                fd->title = arena_printf(c->out->arena,
                                         "onnxruntime-gpu %s is built for cuDNN %ld, and the log shows cuDNN %s",
                                         lf->ort_version.v, major_of(o.cudnn), shown);
                set_score(c, fd, 84);
                quote_val(c, fd, &lf->ort_version);
                finding_evidence_line(c->out, fd, sline, stext);
                finding_evidence(c->out, fd, NULL, "onnxruntime %s-%s: CUDA %s, cuDNN %s (%s)", o.first, o.last,
                                 o.cuda, o.cudnn, o.source);
                plan_fix(c, fd, "Install the cuDNN major it was built for, or the onnxruntime-gpu for your CUDA and cuDNN",
                         "onnxruntime", lf->cuda_version.v ? major : NULL);
            }
        }
    }
    /* The toolkit's link-time stub libcuda was loaded instead of the driver's. */
    if (cnt(c, LE_STUB_LIBCUDA)) {
        fd = cause(c, "GD106", SEV_ERROR,
                   "the CUDA toolkit's stub libcuda (lib64/stubs) was loaded instead of the driver's libcuda");
        quote_ev(c, fd, LE_STUB_LIBCUDA);
        finding_fix(c->out, fd, "sh", "Take the stubs directory off the loader path",
                    "echo \"$LD_LIBRARY_PATH\" | tr : '\\n' | grep stubs");
    }
    /* The NVIDIA module could not take the GPU: nouveau (or a framebuffer driver) owns it. */
    if (cnt(c, LE_NOUVEAU)) {
        fd = cause(c, "GD104", SEV_ERROR, "the open-source nouveau driver (or a framebuffer driver) owns the GPU");
        quote_ev(c, fd, LE_NOUVEAU);
        finding_fix(c->out, fd, "sh", "Blacklist nouveau, rebuild the initramfs, reboot",
                    "echo 'blacklist nouveau' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf\n"
                    "sudo update-initramfs -u && sudo reboot");
    }
    if (cnt(c, LE_NVML_PERMISSION)) {
        fd = cause(c, "GD105", SEV_ERROR, "the NVIDIA device nodes (/dev/nvidia*) are not accessible to this user");
        quote_ev(c, fd, LE_NVML_PERMISSION);
        finding_fix(c->out, fd, "sh", "Check the device nodes' mode and group", "ls -l /dev/nvidia*");
    }
    /* A framework that says it is a CPU-only build. */
    if (cnt(c, LE_CPU_BUILD_MSG)) {
        fd = cause(c, "GD211", SEV_ERROR, "this framework is a CPU-only build: it says so itself");
        quote_ev(c, fd, LE_CPU_BUILD_MSG);
        plan_fix(c, fd, "Install the framework's GPU package", NULL, NULL);
    }
    /* onnxruntime without its CUDA provider: the CPU package, or both packages at once. */
    if (cnt(c, LE_ORT_CPU_PKG)) {
        int both = log_facts_pkg(lf, "onnxruntime") && log_facts_pkg(lf, "onnxruntime-gpu");
        fd = cause(c, both ? "GD216" : "GD211", SEV_ERROR,
                   both ? "onnxruntime and onnxruntime-gpu are both installed: the CPU package's files win"
                        : "this onnxruntime has no CUDA provider: the CPU package (onnxruntime) is installed, not onnxruntime-gpu");
        set_score(c, fd, both ? 85 : 72);
        quote_ev(c, fd, LE_ORT_CPU_PKG);
        fixes_ort_install(&c->fx, c->out, fd, c->env, lf->ort_version.v);
        if (!both)
            alt_ev(c, "GD216", 55, "both onnxruntime and onnxruntime-gpu are installed, and the CPU package's files win",
                   "pip list | grep -i onnxruntime", LE_ORT_CPU_PKG);
    }
    /* A container started without GPUs, a batch job without a GPU allocation. */
    if (!c->n_causes && (cnt(c, LE_TORCH_NO_GPU) || tf_no_gpu(c) || cnt(c, LE_SMI_FAILED) ||
                         cnt(c, LE_NO_CUDA_GPUS))) {
        if (lf->container.v && !lf->docker_gpus.v && lf->command.v) {
            fd = cause(c, "GD408", SEV_ERROR,
                       "the container was started without GPUs: docker run needs --gpus all (and the NVIDIA Container Toolkit)");
            set_score(c, fd, 62);
            quote_val(c, fd, &lf->command);
            quote_ev(c, fd, LE_TORCH_NO_GPU);
            finding_fix(c->out, fd, "sh", "Start it with the GPUs", "docker run --gpus all ...");
        } else if (lf->cluster.v) {
            fd = cause(c, "GD403", SEV_ERROR,
                       "the batch job has no GPU: it ran on a node (or in an allocation) without one");
            set_score(c, fd, 65);
            quote_val(c, fd, &lf->cluster);
            quote_ev(c, fd, LE_TORCH_NO_GPU);
            quote_ev(c, fd, LE_SMI_FAILED);
            finding_fix(c->out, fd, "sh", "Ask the scheduler for a GPU", "srun --gpus=1 ...   # or #SBATCH --gres=gpu:1");
        }
    }
    /* NCCL "unhandled system error": in a container this is usually /dev/shm. */
    if (cnt(c, LE_NCCL_SYSERR) && !cnt(c, LE_NCCL_SHM)) {
        fd = cause(c, "GD409", SEV_ERROR,
                   "NCCL failed on a system call; in a container this is usually /dev/shm being too small");
        set_score(c, fd, lf->container.v ? 55 : 40);
        quote_ev(c, fd, LE_NCCL_SYSERR);
        set_tell(c, fd, "NCCL_DEBUG=INFO shows the call that failed; df -h /dev/shm");
        shell_fix(c, fd, "See which call failed", "NCCL_DEBUG=INFO python your_script.py",
                  "$env:NCCL_DEBUG = \"INFO\"\npython your_script.py", "set \"NCCL_DEBUG=INFO\"\npython your_script.py");
        finding_fix(c->out, fd, "sh", "In Docker, give it the host's IPC namespace", "docker run --ipc=host ...");
        alt_ev(c, "GD402", 38, "another system call failed (sockets, peer access): NCCL_DEBUG=INFO tells",
               "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALL", LE_NCCL_SYSERR);
    }
}

/* tensorflow-metal next to the TensorFlow it pairs with (data/tf_metal.kb's newest row). */
static void metal_fix(struct ctx *c, struct finding *fd)
{
    const char *metal = NULL, *tf = NULL, *src = NULL;
    if (kb_tf_metal_for_tf(c->in->kb, NULL, &metal, &tf, &src) != 1) {
        finding_fix(c->out, fd, NULL, "TensorFlow: install Apple's Metal plugin next to the TensorFlow it pairs with",
                    "https://developer.apple.com/metal/tensorflow-plugin/");
        return;
    }
    finding_fix(c->out, fd, "sh",
                arena_printf(c->out->arena, "TensorFlow: install the Metal plugin next to the TensorFlow it pairs with "
                             "(tensorflow-metal %s with TensorFlow %s%s)", metal, tf,
                             kbdata_source_unverified(src) ? "; UNVERIFIED pairing: Apple's own table was not read "
                                                             "('gpudoctor matrix --unverified')" : ""),
                "%s install \"tensorflow==%s.*\" \"tensorflow-metal==%s\"", fix_pip(&c->fx, c->env), tf, metal);
}

/* The framework fell back to the CPU and no rule named a cause: weigh what the context allows. */
static void rule_no_gpu_unexplained(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct kb *kb = c->in->kb;
    struct finding *fd;
    int mac = c->os && !strcmp(c->os, "macos");
    int win = c->os && !strcmp(c->os, "windows");
    int tf_empty = tf_no_gpu(c);

    if (c->n_causes || cnt(c, LE_GPU_WORKS))
        return;
    if (!(tf_empty || cnt(c, LE_TORCH_NO_GPU) || cnt(c, LE_JAX_NO_GPU) || cnt(c, LE_JAX_BACKEND_FAIL) ||
          cnt(c, LE_MPS_UNAVAILABLE)))
        return;
    if (mac || (cnt(c, LE_MPS_UNAVAILABLE) && !win)) {
        fd = cause(c, "GD214", SEV_ERROR,
                   "this is a Mac: there is no CUDA; the GPU is reached through Metal (tensorflow-metal, PyTorch's MPS)");
        set_score(c, fd, 75);
        quote_val(c, fd, &lf->os_macos);
        quote_ev(c, fd, LE_MPS_UNAVAILABLE);
        quote_ev(c, fd, LE_GPU_LIST_EMPTY);
        quote_ev(c, fd, LE_TORCH_NO_GPU);
        metal_fix(c, fd);
        {
            const char *mps_macos;
            finding_fix(c->out, fd, NULL,
                        kb_pkg_fact_current(c->in->kb, "torch", "mps_min_macos", &mps_macos, NULL) == 1
                            ? arena_printf(c->out->arena, "PyTorch: use the mps device (macOS %s or newer)",
                                           mps_macos)
                            : "PyTorch: use the mps device",
                        "device = torch.device(\"mps\")");
        }
        return;
    }
    if (cnt(c, LE_JAX_NO_GPU) && !cnt(c, LE_JAX_BACKEND_FAIL)) {
        /* Older JAX prints only this when jaxlib has no CUDA at all; a CUDA
         * jaxlib or plugin that fails also prints the backend error. */
        fd = cause(c, "GD211", SEV_ERROR,
                   "JAX fell back to the CPU without a CUDA backend error: a CPU-only jaxlib");
        set_score(c, fd, 65);
        quote_ev(c, fd, LE_JAX_NO_GPU);
        quote_val(c, fd, &lf->jaxlib_version);
        set_tell(c, fd, "pip list | grep -i jax (a +cuda jaxlib or a jax-cuda plugin?)");
        fixes_jax_install(&c->fx, c->out, fd, c->env, lf->jaxlib_version.v ? lf->jaxlib_version.v : lf->jax_version.v);
        if (win)
            alt(c, "GD212", 60, "JAX has no GPU build for native Windows: use WSL2", "wsl --install",
                lf->os_windows.line, lf->os_windows.text);
        alt_ev(c, "GD201", 30, "jaxlib has CUDA, but a CUDA library did not load (rerun with TF_CPP_MIN_LOG_LEVEL=0)",
               "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py", LE_JAX_NO_GPU);
        return;
    }
    if (tf_empty) {
        struct tf_need t;
        struct kb_tf_build wb;
        const struct log_hit *h = first_hit(c, cnt(c, LE_GPU_LIST_EMPTY) ? LE_GPU_LIST_EMPTY : LE_TF_CPU_DEVICES);
        /* Does this TensorFlow have a native-Windows GPU build?  (0: no, per tf_build.kb) */
        int win_cpu_only = lf->tf_version.v && kb_tf_build(kb, lf->tf_version.v, "windows", &wb) == 1 && !wb.cuda;
        int win_score = win ? 70 : (!c->os ? (win_cpu_only || !lf->tf_version.v ? 50 : 20) : 0);
        const char *tf_win_last = kb_tf_last_windows_gpu(kb);

        tf_need(c, &t);
        if (t.known && t.b.cuda && lf->cuda_version.v && ver_cmp_dotted_prefix_differs(lf->cuda_version.v, t.b.cuda)) {
            /* The log names a CUDA that is not the one this TensorFlow was built with. */
            fd = cause(c, "GD206", SEV_ERROR, "");
            fd->title = arena_printf(c->out->arena,
                                     "TensorFlow %s was built with CUDA %s, and the log shows CUDA %s", t.version,
                                     t.b.cuda, lf->cuda_version.v);
            set_score(c, fd, 66);
            quote_val(c, fd, &lf->tf_version);
            quote_val(c, fd, &lf->cuda_version);
            finding_evidence(c->out, fd, NULL, "%s", t.b.source);
            lib_fixes(c, fd, LK_CUDART, t.b.cuda, t.b.cudnn, &t);
        } else if (t.have_libs && t.libs.pip_libs && !strcmp(t.libs.pip_libs, "rpath-broken") && !win) {
            fd = cause(c, "GD205", SEV_ERROR, "");
            fd->title = arena_printf(c->out->arena,
                                     "TensorFlow %s does not find the nvidia-* pip libraries it installed", t.version);
            set_score(c, fd, 62);
            quote_val(c, fd, &lf->tf_version);
            if (h)
                finding_evidence_line(c->out, fd, h->line, h->text);
            finding_evidence(c->out, fd, NULL, "%s", t.libs.source);
            finding_fix(c->out, fd, "sh", "Link the libraries next to TensorFlow (TensorFlow's install guide)",
                        "cd $(dirname $(python -c 'print(__import__(\"tensorflow\").__file__)'))\n"
                        "ln -svf ../nvidia/*/lib/*.so* .");
        } else {
            fd = cause(c, "GD404", SEV_WARNING,
                       "TensorFlow lists no GPU, and the log does not say why (it hides the loader's messages by default)");
            set_score(c, fd, 20);
            quote_ev(c, fd, LE_GPU_LIST_EMPTY);
            quote_ev(c, fd, LE_TF_CPU_DEVICES);
            tf_verbose_fix(c, fd, "TensorFlow hides the reason at the default log level: rerun with");
            finding_fix(c->out, fd, NULL, "Run gpudoctor on that machine", "gpudoctor check");
        }
        if (win_score)
            alt(c, "GD212", win_score,
                tf_win_last ? arena_printf(c->out->arena, "TensorFlow after %s has no GPU build for native "
                                           "Windows (WSL2 or TensorFlow %s are the ways)", tf_win_last, tf_win_last)
                            : "this TensorFlow has no GPU build for native Windows (WSL2 is the way)",
                "python -c \"import sys; print(sys.platform)\" (win32 = native Windows)", h ? h->line : 0,
                h ? h->text : NULL);
        alt(c, "GD201", 45, "a CUDA library TensorFlow needs did not load (the names appear at a higher log level)",
            "TF_CPP_MAX_VLOG_LEVEL=3 python -c \"import tensorflow\" 2>&1 | grep dso_loader", h ? h->line : 0,
            h ? h->text : NULL);
        alt(c, "GD211", 35, "this TensorFlow is a CPU-only build (tensorflow-cpu, or a build without CUDA)",
            "python -c \"import tensorflow as tf; print(tf.test.is_built_with_cuda())\"", h ? h->line : 0,
            h ? h->text : NULL);
        return;
    }
    fd = cause(c, "GD404", SEV_WARNING, "the framework reports no GPU, and the log does not say why");
    set_score(c, fd, 30);
    quote_ev(c, fd, LE_TORCH_NO_GPU);
    quote_ev(c, fd, LE_JAX_NO_GPU);
    quote_ev(c, fd, LE_JAX_BACKEND_FAIL);
    finding_fix(c->out, fd, NULL, "Run gpudoctor on that machine", "gpudoctor check");
    if (cnt(c, LE_TORCH_NO_GPU)) {
        alt_ev(c, "GD211", 28, "this PyTorch is a CPU-only build (+cpu, or PyPI's wheel on Windows)",
               "python -c \"import torch; print(torch.__version__, torch.version.cuda)\"", LE_TORCH_NO_GPU);
        alt_ev(c, "GD208", 26, "the driver is older than this PyTorch's CUDA", "nvidia-smi (CUDA Version)",
               LE_TORCH_NO_GPU);
    }
}

static void rule_noise(struct ctx *c)
{
    static const struct { enum log_ev ev; const char *title; } noise[] = {
        { LE_NOISE_FACTORY, "\"Unable to register cuDNN/cuFFT/cuBLAS factory\" is harmless: duplicate plugin "
                            "registration, the GPU still works" },
        { LE_NOISE_NUMA, "\"successful NUMA node read from SysFS had negative value\" is harmless" },
        { LE_NOISE_ONEDNN, "the oneDNN notice is about CPU math only, harmless" },
        { LE_NOISE_CPU_FEATURE, "the CPU instruction-set notice is harmless for the GPU" },
        { LE_NOISE_TRT, "\"TF-TRT Warning\": TensorRT is optional; the GPU works without it" },
        { LE_NOISE_ABSL, "the absl::InitializeLog banner is harmless" },
    };
    const struct log_facts *lf = c->lf;
    struct finding *fd = NULL;
    size_t i;

    for (i = 0; i < sizeof(noise) / sizeof(noise[0]); i++) {
        if (!cnt(c, noise[i].ev))
            continue;
        fd = findings_add(c->out, "GD401", SEV_INFO, "%s", noise[i].title);
        quote_ev(c, fd, noise[i].ev);
        finding_evidence(c->out, fd, NULL, "source: %s", log_event_source(noise[i].ev));
    }
    fd = NULL;
    for (i = 0; i < lf->n_libs; i++) {
        if (lf->libs[i].ok || lib_kind(lf->libs[i].name) != LK_TRT)
            continue;
        if (!fd)
            fd = findings_add(c->out, "GD401", SEV_INFO, "%s",
                              "TensorRT (libnvinfer) was not found: it is optional, the GPU works without it");
        finding_evidence_line(c->out, fd, lf->libs[i].line, lf->libs[i].text);
    }
}

static void rule_nothing_found(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;

    if (c->n_causes)
        return;
    if (cnt(c, LE_EXCEPTION)) {
        fd = findings_add(c->out, "GD406", SEV_INFO,
                          "the log ends in a Python exception that is not a known GPU problem: %s",
                          lf->ev[LE_EXCEPTION].a ? lf->ev[LE_EXCEPTION].a : "?");
        quote_ev(c, fd, LE_EXCEPTION);
    }
    fd = findings_add(c->out, "GD405", SEV_INFO, "%s", "no cause of a GPU problem was found in this log");
    finding_evidence(c->out, fd, NULL, "%lu lines read; %s", lf->lines,
                     lf->driver_version.v ? "driver version shown" : "no driver version in the log");
    if (!lf->tf_version.v && !lf->torch_version.v && !lf->jax_version.v && !lf->jaxlib_version.v)
        finding_evidence(c->out, fd, NULL, "the log does not show which framework version runs");
    finding_fix(c->out, fd, NULL, "Run gpudoctor on the machine that wrote the log", "gpudoctor check");
    if (!cnt(c, LE_TF_DLOPEN_FAIL) && !cnt(c, LE_TF_DLOPEN_OK))
        tf_verbose_fix(c, fd, "For TensorFlow, a log with the library loader's messages says more");
}

/* ---- ranking ---- */

/* Order: causes by confidence (stable), then the informational findings. */
static void order_findings(struct ctx *c)
{
    struct findings *fl = c->out;
    struct finding *tmp;
    int key[MAX_SCORED * 4], k;
    const char *tell[MAX_SCORED];
    size_t i, j, n = fl->nr, *idx;

    if (n < 2 || n > sizeof(key) / sizeof(key[0]))
        return;
    idx = xcalloc(n, sizeof(*idx));
    for (i = 0; i < n; i++) {
        idx[i] = i;
        key[i] = fl->v[i].severity < SEV_WARNING ? -1 : i < MAX_SCORED ? c->score[i] : 1;
    }
    for (i = 1; i < n; i++) {   /* insertion sort: stable, lists are short */
        size_t t = idx[i];
        for (j = i; j > 0 && key[idx[j - 1]] < key[t]; j--)
            idx[j] = idx[j - 1];
        idx[j] = t;
    }
    tmp = xcalloc(n, sizeof(*tmp));
    for (i = 0; i < n; i++) {
        tmp[i] = fl->v[idx[i]];
        tell[i < MAX_SCORED ? i : 0] = idx[i] < MAX_SCORED ? c->tell[idx[i]] : NULL;
    }
    memcpy(fl->v, tmp, n * sizeof(*tmp));
    for (i = 0; i < n && i < MAX_SCORED; i++) {
        k = key[idx[i]];
        c->score[i] = k < 0 ? 0 : k;
        c->tell[i] = tell[i];
    }
    free(tmp);
    free(idx);
}

static void hyp_line(struct explain_hypothesis *h, long line, const char *text)
{
    size_t i;
    if (!line || !text || h->n_evidence >= EXPLAIN_HYP_EVIDENCE)
        return;
    for (i = 0; i < h->n_evidence; i++)
        if (h->ev_line[i] == line)
            return;
    h->ev_line[h->n_evidence] = line;
    h->ev_text[h->n_evidence] = text;
    h->n_evidence++;
}

/* Put a candidate in the ranked list (one per kind, the surer wins; stable on ties). */
static void hyp_offer(struct explain_result *res, struct explain_hypothesis *all, size_t *n,
                      size_t cap, const struct explain_hypothesis *h)
{
    size_t i;
    (void)res;
    for (i = 0; i < *n; i++)
        if (!strcmp(all[i].kind, h->kind)) {
            if (h->confidence > all[i].confidence)
                all[i] = *h;
            return;
        }
    if (*n < cap)
        all[(*n)++] = *h;
}

/* Returns 1 when the top hypothesis is an alternative that has no finding of its own. */
static int rank(struct ctx *c, struct explain_result *res)
{
    struct explain_hypothesis all[MAX_SCORED + MAX_ALTS + 3], h;
    const struct findings *fl = c->out;
    size_t i, j, n = 0, cap = sizeof(all) / sizeof(all[0]);
    int noise = 0, exc = 0;

    for (i = 0; i < fl->nr; i++) {
        const struct finding *fd = &fl->v[i];
        if (fd->severity < SEV_WARNING) {
            noise |= !strcmp(fd->kind, "harmless_noise");
            exc |= !strcmp(fd->code, "GD406");
            continue;
        }
        memset(&h, 0, sizeof(h));
        h.kind = fd->kind;
        h.code = fd->code;
        h.confidence = i < MAX_SCORED ? c->score[i] : 1;
        h.why = fd->title;
        h.tell = i < MAX_SCORED ? c->tell[i] : NULL;
        for (j = 0; j < fd->n_evidence; j++)
            hyp_line(&h, fd->evidence[j].line, fd->evidence[j].text);
        hyp_offer(res, all, &n, cap, &h);
    }
    for (i = 0; i < c->n_alts; i++) {
        const struct alt *a = &c->alts[i];
        memset(&h, 0, sizeof(h));
        h.kind = a->kind;
        h.code = a->code;
        h.confidence = a->score;
        h.why = a->why;
        h.tell = a->tell;
        h.from_alt = 1;
        hyp_line(&h, a->line, a->text);
        hyp_offer(res, all, &n, cap, &h);
    }
    if (!n) {
        /* Nothing wrong is shown: the harmless lines are what the log is about. */
        memset(&h, 0, sizeof(h));
        if (noise) {
            h.kind = "harmless_noise";
            h.code = "GD401";
            h.confidence = 40;
            h.why = "the alarming lines in this log are harmless; nothing in it stops the GPU";
            h.tell = NULL;
            for (i = 0; i < fl->nr; i++)
                if (!strcmp(fl->v[i].kind, "harmless_noise"))
                    for (j = 0; j < fl->v[i].n_evidence; j++)
                        hyp_line(&h, fl->v[i].evidence[j].line, fl->v[i].evidence[j].text);
            hyp_offer(res, all, &n, cap, &h);
        }
        memset(&h, 0, sizeof(h));
        h.kind = "other";
        h.code = exc ? "GD406" : "GD405";
        h.confidence = exc ? 25 : 10;
        h.why = exc ? "the log ends in an exception that is not a known GPU problem"
                    : "no cause of a GPU problem was found in this log";
        h.tell = "gpudoctor check (on the machine that wrote the log)";
        hyp_offer(res, all, &n, cap, &h);
    }
    /* Stable sort by confidence. */
    for (i = 1; i < n; i++) {
        h = all[i];
        for (j = i; j > 0 && all[j - 1].confidence < h.confidence; j--)
            all[j] = all[j - 1];
        all[j] = h;
    }
    res->n = n < EXPLAIN_MAX_HYP ? n : EXPLAIN_MAX_HYP;
    for (i = 0; i < res->n; i++)
        res->hyp[i] = all[i];
    return res->n && res->hyp[0].from_alt;
}

/*
 * The top hypothesis came from an alternative: give it a finding (its why,
 * its lines, and what confirms it) and put that finding first, so that
 * `findings` always starts with the most likely cause.
 */
static void promote(struct ctx *c, struct explain_hypothesis *h)
{
    struct findings *fl = c->out;
    struct finding *fd, tmp;
    size_t i;
    fd = findings_add(fl, h->code, SEV_ERROR, "%s", h->why);
    for (i = 0; i < h->n_evidence; i++)
        finding_evidence_line(fl, fd, h->ev_line[i], h->ev_text[i]);
    if (h->tell)
        finding_fix(fl, fd, NULL, "Confirm it on that machine", "%s", h->tell);
    tmp = fl->v[fl->nr - 1];
    memmove(fl->v + 1, fl->v, (fl->nr - 1) * sizeof(*fl->v));
    fl->v[0] = tmp;
}

/*
 * The fix engine's context from what the log says (docs/fixes.md, "The API
 * explain uses"): the OS, WSL, a container, the driver (or, from its CUDA
 * level, the lowest driver that has it), the GPU's compute capability, the
 * Python; the distribution only from a scan of this machine (--with-check).
 */
static void fix_ctx_from_log(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct explain_input *in = c->in;
    struct fix_ctx *x = &c->fx;
    const char *sm = lf->ev[LE_SM_INCOMPATIBLE].a;

    fix_ctx_init(x, in->kb, c->out->arena);
    if (c->os && !strcmp(c->os, "windows"))
        x->os = "windows";
    else if (c->os && !strcmp(c->os, "macos"))
        x->os = "macos";
    x->wsl = !c->os ? -1 : !strcmp(c->os, "wsl") ? 2 : 0;
    if (lf->container.v)
        x->container = "container";
    x->driver = lf->driver_version.v;
    if (!x->driver && in->machine)
        x->driver = facts_driver_version(in->machine);
    if (!x->driver) {
        /* nvidia-smi's "CUDA Version" (or torch's "found version N"): the driver is at least
         * the one that CUDA release shipped with. */
        const char *ceiling = lf->driver_cuda.v, *d = NULL, *src;
        char dc[32];
        if (!ceiling && lf->ev[LE_DRIVER_TOO_OLD].a) {
            cuda_from_int(lf->ev[LE_DRIVER_TOO_OLD].a, dc, sizeof(dc));
            ceiling = arena_strdup(c->out->arena, dc);
        }
        if (ceiling && kb_cuda_min_driver(in->kb, ceiling, c->kb_os ? c->kb_os : "linux", &d, &src) == 1)
            x->driver = d;
    }
    x->gpu_cc = lf->gpu_cc.v;
    if (!x->gpu_cc && sm && !strncmp(sm, "sm_", 3) && strlen(sm) >= 5) {
        /* "sm_120" -> "12.0", "sm_89" -> "8.9" */
        size_t n = strlen(sm + 3);
        x->gpu_cc = arena_printf(c->out->arena, "%.*s.%s", (int)(n - 1), sm + 3, sm + 3 + n - 1);
    }
    if (in->machine && in->machine->system.distro_id && (!c->os || !strcmp(c->os, "linux"))) {
        x->distro = in->machine->system.distro_id;
        x->family = fix_family_of(x->distro);
    }
    memset(&c->penv, 0, sizeof(c->penv));
    c->penv.python_version = lf->python_version.v;
    c->env = lf->python_version.v ? &c->penv : NULL;
}

void explain_rules(const struct explain_input *in, struct findings *out, struct explain_result *res)
{
    struct ctx c;
    long line;

    memset(&c, 0, sizeof(c));
    c.in = in;
    c.lf = in->log;
    c.out = out;
    c.os = explain_log_os(in, &line);
    /*
     * The tables are per OS.  A log that shows no OS is read with the Linux
     * rows: the only OS with GPU builds of every framework, and for driver
     * floors the lower (so a "too old" verdict holds on Windows too).
     */
    c.kb_os = !c.os ? "linux" : !strcmp(c.os, "windows") ? "windows" : !strcmp(c.os, "macos") ? NULL : "linux";
    fix_ctx_from_log(&c);

    rule_driver(&c);
    rule_cpu_only(&c);
    rule_driver_too_old(&c);
    rule_libraries(&c);
    rule_versions(&c);
    rule_arch(&c);
    rule_cuda_errors(&c);
    rule_long_tail(&c);
    rule_no_gpu_unexplained(&c);
    rule_noise(&c);
    rule_nothing_found(&c);
    order_findings(&c);
    if (res) {
        memset(res, 0, sizeof(*res));
        if (rank(&c, res))
            promote(&c, &res->hyp[0]);
        if (res->n)
            res->hyp[0].tell = NULL;   /* the top one is the answer, not an alternative */
    }
}
