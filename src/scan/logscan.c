/*
 * logscan.c - a partial struct facts from a log's facts (scan/logscan.h).
 *
 * One table of extractors: each row fills one part of the facts from what
 * the log showed, naming the log line as the source.  The frameworks have
 * their own table (which version, which packages and messages show each
 * one, and what the log says of its build).  Nothing here decides a cause:
 * a message that only the program's own words explain stays with explain.
 */
#include "scan/logscan.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

struct ls {
    const struct log_facts *lf;
    const struct kb *kb;
    const struct facts *machine;
    struct facts *f;
};

static unsigned long cnt(const struct ls *s, enum log_ev ev)
{
    return s->lf->ev[ev].count;
}

/* "log:LINE" for a line of the log, or NULL (line 0: not from the log). */
static const char *src(struct ls *s, long line)
{
    return line > 0 ? facts_printf(s->f, FACTS_LOG_SOURCE "%ld", line) : NULL;
}

static long first_line(const struct ls *s, enum log_ev ev)
{
    const struct log_event *e = &s->lf->ev[ev];
    return e->n_hits ? e->hits[0].line : 0;
}

/* ---- the kinds of library a log names ---- */

static int has(const char *s, const char *needle)
{
    return s && strstr(s, needle) != NULL;
}

/* libcuda / nvcuda / NVML: the driver's own libraries, not a framework's need. */
static int driver_lib(const char *name)
{
    return has(name, "libcuda.so") || has(name, "nvcuda.dll") || has(name, "libnvidia-ml") ||
           has(name, "nvml.dll");
}

/* TensorRT is optional for every framework (its absence is noise); a
 * framework's own CUDA module is the importer, not what it misses. */
static int not_a_need(const char *name)
{
    /* a name that is no library file is a stump of a line wrapped inside it ("libc") */
    if (!has(name, ".so") && !has(name, ".dll") && !has(name, ".dylib"))
        return 1;
    return has(name, "nvinfer") || has(name, "providers_cuda") || has(name, "torch_cuda") ||
           has(name, "c10_cuda") || driver_lib(name);
}

/* For a program the log names no framework of (a tool built against TensorRT,
 * onnx2trt, trtexec, a C++ application), TensorRT is no option: the loader
 * refused to start it without libnvinfer, so it is a library it needs. */
static int not_a_program_need(const char *name)
{
    return not_a_need(name) && !(has(name, "nvinfer") && (has(name, ".so") || has(name, ".dll")));
}

/* ---- system ---- */

static void x_system(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    struct sys_facts *y = &s->f->system;
    const struct facts *m = s->machine;

    /* The same weighing as the hints are counted (logread.h): WSL's paths
     * decide; else the commoner of Windows and Linux signs; macOS likewise. */
    if (lf->hint_wsl) {
        y->os = "linux";
        y->wsl = 2;
        y->wsl_evidence = facts_printf(s->f, "%s (%s)", lf->os_wsl.text ? lf->os_wsl.text : "WSL",
                                       src(s, lf->os_wsl.line));
    } else if (lf->hint_windows && lf->hint_windows >= lf->hint_linux) {
        y->os = "windows";
    } else if (lf->hint_macos && lf->hint_macos >= lf->hint_linux) {
        y->os = "macos";
    } else if (lf->hint_linux) {
        y->os = "linux";
    } else if (m && m->system.os) {
        y->os = m->system.os;
        y->wsl = m->system.wsl;
        y->wsl_evidence = m->system.wsl_evidence ? facts_str(s->f, m->system.wsl_evidence) : NULL;
    }
    if (lf->container.v) {
        y->container = "container";
        y->container_evidence = src(s, lf->container.line);
    }
    /* The distribution only from a scan of this machine (--with-check), when the log is Linux too. */
    if (m && m->system.distro_id && (!y->os || !strcmp(y->os, "linux")) && !y->wsl) {
        y->distro_id = facts_str(s->f, m->system.distro_id);
        y->distro_name = facts_str(s->f, m->system.distro_name);
        y->distro_version = facts_str(s->f, m->system.distro_version);
        y->distro_source = facts_str(s->f, m->system.distro_source);
    }
}

/* ---- the driver ---- */

/* "11040" (cudaDriverGetVersion, torch's "found version") -> "11.4". */
static const char *cuda_from_int(struct ls *s, const char *v)
{
    long n = strtol(v, NULL, 10);
    if (n < 1000)
        return NULL;
    return facts_printf(s->f, "%ld.%ld", n / 1000, (n % 1000) / 10);
}

static void x_driver(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    struct driver_facts *d = &s->f->driver;
    const char *ceiling = NULL, *csrc = NULL, *ksrc;

    if (lf->driver_version.v) {
        /* nvidia-smi's and collect_env's "Driver Version" is NVML's answer: the loaded
         * kernel module's version. */
        d->kmod_version = facts_str(s->f, lf->driver_version.v);
        d->kmod_source = src(s, lf->driver_version.line);
    } else if (s->machine && facts_driver_version(s->machine)) {
        d->kmod_version = facts_str(s->f, facts_driver_version(s->machine));
        d->kmod_source = facts_str(s->f, s->machine->driver.kmod_source);
    }
    if (lf->driver_cuda.v) {
        ceiling = facts_str(s->f, lf->driver_cuda.v);
        csrc = src(s, lf->driver_cuda.line);
    } else if (lf->ev[LE_DRIVER_TOO_OLD].a && (ceiling = cuda_from_int(s, lf->ev[LE_DRIVER_TOO_OLD].a)) != NULL) {
        /* torch: "found version 11040" is cudaDriverGetVersion, the driver's CUDA level */
        csrc = src(s, first_line(s, LE_DRIVER_TOO_OLD));
    } else if (d->kmod_version && s->kb &&
               kb_driver_cuda_max(s->kb, d->kmod_version, &ceiling, &ksrc) == 1) {
        csrc = facts_str(s->f, ksrc);
    } else {
        ceiling = NULL;
    }
    d->cuda_max = ceiling;
    d->cuda_max_source = csrc;
}

/* nvidia-smi could not talk to the kernel module; TF's diagnostics say it is not running. */
static void x_kmod_absent(struct ls *s)
{
    struct driver_facts *d = &s->f->driver;
    enum log_ev ev = cnt(s, LE_SMI_FAILED) ? LE_SMI_FAILED : LE_KERNEL_DRIVER_DOWN;
    if (d->kmod_version || !cnt(s, ev))
        return;
    d->kmod_source = src(s, first_line(s, ev));
}

/* dlopen("libcuda.so.1") found nothing, or found the toolkit's stub. */
static void x_libcuda(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    struct driver_facts *d = &s->f->driver;
    size_t i;

    if (cnt(s, LE_STUB_LIBCUDA)) {
        const char *t = lf->ev[LE_STUB_LIBCUDA].hits[0].text, *p = t ? strstr(t, "/stubs/libcuda.so") : NULL;
        const char *b = p;
        while (b && b > t && b[-1] != ' ' && b[-1] != '\'' && b[-1] != '"' && b[-1] != '(' && b[-1] != ':' &&
               b[-1] != '=')
            b--;
        if (p) {
            d->libcuda_resolved = facts_printf(s->f, "%.*s", (int)((size_t)(p - b) + strlen("/stubs/libcuda.so")), b);
            d->libcuda_step = "log";
            d->loader_asked = 1;
        }
        return;
    }
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && driver_lib(lf->libs[i].name))
            break;
    if (i < lf->n_libs || cnt(s, LE_NO_DRIVER))
        d->loader_asked = 1;   /* and libcuda_resolved stays NULL: dlopen found none (facts.h) */
}

static void x_nouveau(struct ls *s)
{
    if (!cnt(s, LE_NOUVEAU))
        return;
    s->f->driver.nouveau_loaded = 1;
    s->f->driver.nouveau_evidence = facts_printf(s->f, "%s (%s)", s->lf->ev[LE_NOUVEAU].hits[0].text,
                                                 src(s, first_line(s, LE_NOUVEAU)));
}

/* TensorFlow's diagnostics: "kernel version K does not match DSO version D". */
static void x_dso(struct ls *s)
{
    const struct log_event *e = &s->lf->ev[LE_DSO_MISMATCH];
    struct driver_facts *d = &s->f->driver;
    struct driver_lib *dl;
    if (!e->count || !e->a || !e->b || s->lf->container.v)
        return;   /* in a container it is the image's forward-compatible libcuda (explain says so) */
    if (!d->kmod_version) {
        d->kmod_version = facts_str(s->f, e->a);
        d->kmod_source = src(s, first_line(s, LE_DSO_MISMATCH));
    }
    ALLOC_GROW(d->libs, d->n_libs + 1, d->alloc_libs);
    dl = &d->libs[d->n_libs++];
    memset(dl, 0, sizeof(*dl));
    dl->name = "libcuda";
    dl->version = facts_str(s->f, e->b);
    dl->path = src(s, first_line(s, LE_DSO_MISMATCH));
    dl->loaded = 1;
}

/* The kernel module's API check: the user-space driver (the client) and the module differ. */
static void x_nvrm(struct ls *s)
{
    const struct log_event *e = &s->lf->ev[LE_NVRM_API_MISMATCH];
    struct driver_facts *d = &s->f->driver;
    struct driver_lib *dl;
    if (!e->count || !e->a || !e->b)
        return;
    d->kmod_version = facts_str(s->f, e->b);
    d->kmod_source = src(s, first_line(s, LE_NVRM_API_MISMATCH));
    ALLOC_GROW(d->libs, d->n_libs + 1, d->alloc_libs);
    dl = &d->libs[d->n_libs++];
    memset(dl, 0, sizeof(*dl));
    /* the client of the check is the user-space driver (libcuda, NVML: one version, the one
     * an upgrade installed) */
    dl->name = "libcuda";
    dl->version = facts_str(s->f, e->a);
    dl->path = src(s, first_line(s, LE_NVRM_API_MISMATCH));
    dl->loaded = 1;
}

/* ---- the GPU ---- */

/*
 * The kb's row for a model as a log names it: "NVIDIA GeForce RTX 3090",
 * "Tesla V100-SXM2-16GB", "NVIDIA A100-PCIE-40GB": without the vendor, the
 * board suffix after '-', then trailing words, while two words remain (the
 * kb's names are the models: "GeForce RTX 3090", "Tesla V100").  1 found.
 */
static int gpu_row(struct ls *s, const char *name, const char **kname, const char **kcc, const char **ksrc)
{
    char q[128];
    size_t n;
    const char *p = name;
    if (!strncmp(p, "NVIDIA ", 7))
        p += 7;
    n = strcspn(p, "-(");
    if (n >= sizeof(q))
        return 0;
    memcpy(q, p, n);
    q[n] = '\0';
    while (n && q[n - 1] == ' ')
        q[--n] = '\0';
    for (;;) {
        char *sp;
        if (kb_gpu_by_name(s->kb, q, kname, kcc, ksrc) == 1 && *kcc)
            return 1;
        sp = strrchr(q, ' ');
        if (!sp || !strchr(q, ' ') || strchr(q, ' ') == sp)
            return 0;   /* two words left: no shorter query names a model */
        *sp = '\0';
    }
}

static void x_gpu(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    struct gpu *g;
    const char *name = lf->gpu_name.v, *cc = lf->gpu_cc.v, *kname = NULL, *kcc = NULL, *ksrc = NULL;

    /* the log names the machine's graphics, none of them NVIDIA's, and says there is no NVIDIA GPU: as a
       PCI listing without an NVIDIA display device (a program's "no NVIDIA GPU found" alone is not enough) */
    if (!name && !cc && lf->other_gpu.v && lf->no_nvidia_said.v && !lf->driver_version.v && !lf->pci_gpu.v &&
        !lf->os_wsl.v && !lf->arm.v && !lf->os_macos.v)
        s->f->pci_readable = 1;
    if (!name && !cc)
        return;
    ALLOC_GROW(s->f->gpus, s->f->n_gpus + 1, s->f->alloc_gpus);
    g = &s->f->gpus[s->f->n_gpus++];
    memset(g, 0, sizeof(*g));
    g->vendor = 0x10de;
    g->minor = -1;   /* its /dev/nvidiaN is not in the log */
    g->name = name ? facts_str(s->f, name) : NULL;
    g->name_source = src(s, lf->gpu_name.line);
    if (cc) {
        g->compute_capability = facts_str(s->f, cc);
        g->cc_source = src(s, lf->gpu_cc.line);
    } else if (s->kb && gpu_row(s, name, &kname, &kcc, &ksrc)) {
        /* as the scan does from the PCI id: the knowledge base's row for the model */
        g->compute_capability = facts_str(s->f, kcc);
        g->cc_source = facts_str(s->f, ksrc);
    }
}

/* ---- the environment ---- */

static void env_set(struct ls *s, const char *name, const struct log_value *v)
{
    ALLOC_GROW(s->f->env, s->f->n_env + 1, s->f->alloc_env);
    s->f->env[s->f->n_env].name = name;
    s->f->env[s->f->n_env].value = facts_str(s->f, v->v);
    s->f->n_env++;
}

static void x_env(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    if (lf->cvd.v)
        env_set(s, "CUDA_VISIBLE_DEVICES", &lf->cvd);
    if (lf->ld_library_path.v) {
        const char *p = lf->ld_library_path.v;
        env_set(s, "LD_LIBRARY_PATH", &lf->ld_library_path);
        while (*p) {
            size_t k = strcspn(p, ":");
            if (k)
                strlist_push(s->f, &s->f->ldenv.ld_library_path, facts_printf(s->f, "%.*s", (int)k, p));
            p += k;
            if (*p)
                p++;
        }
    }
}

/* ---- CUDA and cuDNN ---- */

static void x_cudnn(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    const struct log_event *mm = &lf->ev[LE_CUDNN_MISMATCH];
    struct cudnn_install *ci;
    const char *v = NULL;
    long line = 0;
    char buf[32];

    if (lf->cudnn_version.v) {
        v = lf->cudnn_version.v;
        line = lf->cudnn_version.line;
        if (!strchr(v, '.') && strlen(v) >= 4 && strlen(v) <= 6) {
            /* collect_env and XLA print cuDNN's integer form: 8907 = 8.9.7, 90100 = 9.1.0 */
            long n = strtol(v, NULL, 10), major = n >= 10000 ? n / 10000 : n / 1000;
            long rest = n >= 10000 ? n % 10000 : n % 1000;
            snprintf(buf, sizeof(buf), "%ld.%ld.%ld", major, n >= 10000 ? rest / 100 : rest / 100,
                     rest % 100);
            v = buf;
        }
    } else if (mm->a) {
        v = mm->a;   /* "Loaded runtime CuDNN library: 8.0.4" */
        line = first_line(s, LE_CUDNN_MISMATCH);
    } else if (lf->cudnn_stated.v) {
        v = lf->cudnn_stated.v;   /* the reporter's "cuda12.4 cudnn9" */
        line = lf->cudnn_stated.line;
    }
    if (!v)
        return;
    ALLOC_GROW(s->f->cudnn, s->f->n_cudnn + 1, s->f->alloc_cudnn);
    ci = &s->f->cudnn[s->f->n_cudnn++];
    memset(ci, 0, sizeof(*ci));
    ci->version = facts_str(s->f, v);
    ci->version_source = src(s, line);
    ci->provenance = "log";
}

static void x_cuda(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    const struct log_value *v = lf->nvcc_version.v ? &lf->nvcc_version : NULL;
    const char *t, *dir;
    struct cuda_install *ci;

    /* A toolkit by its directory (/usr/local/cuda-11.2) or nvcc's own banner. */
    if (!v && lf->cuda_version.v && lf->cuda_version.text && strstr(lf->cuda_version.text, "/usr/local/cuda-"))
        v = &lf->cuda_version;
    /* else the toolkit the paste states in words ("cuda 8.0" in the reporter's list) */
    if (!v && lf->toolkit_stated.v)
        v = &lf->toolkit_stated;
    if (!v)
        return;
    ALLOC_GROW(s->f->cuda, s->f->n_cuda + 1, s->f->alloc_cuda);
    ci = &s->f->cuda[s->f->n_cuda++];
    memset(ci, 0, sizeof(*ci));
    ci->version = facts_str(s->f, v->v);
    ci->version_source = src(s, v->line);
    ci->provenance = "log";
    t = v->text ? strstr(v->text, "/usr/local/cuda-") : NULL;
    dir = t ? facts_printf(s->f, "%.*s", (int)(strlen("/usr/local/cuda-") +
                                               strcspn(t + strlen("/usr/local/cuda-"), "/ \t'\":;")), t) : NULL;
    /* the directory the log shows, else where the log shows it ("log:LINE") */
    ci->path = dir ? dir : ci->version_source;
    ci->dev = ci->ino = 0;
}

/* ---- the loader's answers ---- */

static void answer(struct ls *s, const char *name, const char *path, const char *step)
{
    struct lib_answer *a;
    size_t i;
    const char *q = facts_printf(s->f, LIB_ANSWER_ANY "%s", name);
    for (i = 0; i < s->f->n_answers; i++)
        if (!strcmp(s->f->answers[i].query, q))
            return;   /* the first the log shows */
    ALLOC_GROW(s->f->answers, s->f->n_answers + 1, s->f->alloc_answers);
    a = &s->f->answers[s->f->n_answers++];
    memset(a, 0, sizeof(*a));
    a->query = q;
    a->path = path;
    a->step = step;
}

static void x_answers(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    const struct log_event *mm = &lf->ev[LE_CUDNN_MISMATCH];
    size_t i;

    if (mm->a && strchr(mm->a, '.')) {
        /* "Loaded runtime CuDNN library: 8.0.4": dlopen("libcudnn.so.8") got cuDNN 8.0.4, whose
         * file is libcudnn.so.8.0.4 (cuDNN's soname link points at it); first, as it says more
         * than "Successfully opened dynamic library libcudnn.so.8" */
        const char *soname = facts_printf(s->f, "libcudnn.so.%.*s", (int)strcspn(mm->a, "."), mm->a);
        answer(s, soname, facts_printf(s->f, "libcudnn.so.%s", mm->a), "log");
    }
    for (i = 0; i < lf->n_libs; i++) {
        const struct log_lib *l = &lf->libs[i];
        /* found: the file by the name it was asked for (the log shows no directory) */
        answer(s, l->name, l->ok ? facts_str(s->f, l->name) : NULL, l->ok ? "log" : NULL);
    }
}

/* ---- library files the log shows (ls, ldconfig -p, paths) ---- */

static struct lib_dir *libdir_for(struct ls *s, const char *dir)
{
    struct lib_dir *d;
    size_t i;
    for (i = 0; i < s->f->n_libdirs; i++)
        if (!strcmp(s->f->libdirs[i].dir, dir))
            return &s->f->libdirs[i];
    ALLOC_GROW(s->f->libdirs, s->f->n_libdirs + 1, s->f->alloc_libdirs);
    d = &s->f->libdirs[s->f->n_libdirs++];
    memset(d, 0, sizeof(*d));
    d->dir = facts_str(s->f, dir);
    d->real = d->dir;
    return d;
}

/* Did the log show this name failing to load (on line, or on any line when line is 0)? */
static int failed(const struct log_facts *lf, const char *name, long line)
{
    size_t i;
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && !strcmp(lf->libs[i].name, name) && (!line || lf->libs[i].line == line))
            return 1;
    return 0;
}

/*
 * A CUDA library file the log names outside a failure is installed: in the
 * directory the line shows it in, else in a directory the facts name by
 * the line ("log:LINE"), which the judges can compare versions in but that
 * is no path to put on the loader's.  So a name the log shows failing is
 * listed only in a real directory.
 */
static void x_mentions(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    size_t i;
    for (i = 0; i < lf->n_mentions; i++) {
        const struct log_lib *m = &lf->mentions[i];
        const char *at = m->text ? strstr(m->text, m->name) : NULL, *b = at;
        struct lib_dir *d;
        if (failed(lf, m->name, m->line))
            continue;   /* the failure itself names it */
        while (b && b > m->text && b[-1] != ' ' && b[-1] != '\'' && b[-1] != '"' && b[-1] != '(' && b[-1] != '=' &&
               b[-1] != '>' && b[-1] != ':')
            b--;
        if (at && b < at && at[-1] == '/' && b[0] == '/')
            d = libdir_for(s, facts_printf(s->f, "%.*s", (int)(at - b - 1), b));
        else if (!failed(lf, m->name, 0))
            d = libdir_for(s, src(s, m->line));
        else
            continue;
        {
            size_t k;
            for (k = 0; k < d->n_names && strcmp(d->names[k], m->name); k++)
                ;
            if (k < d->n_names)
                continue;
        }
        ALLOC_GROW(d->names, d->n_names + 1, d->alloc_names);
        d->names[d->n_names++] = facts_str(s->f, m->name);
    }
}

/* ---- the Python environment and its framework builds ---- */

/* The first package the log lists of names (in order; "cupy-cuda*" matches by its prefix). */
static const struct log_pkg *pkg_of(const struct log_facts *lf, const char *const *names)
{
    const struct log_pkg *p;
    size_t i, j, n;
    for (i = 0; names && names[i]; i++) {
        n = strlen(names[i]);
        if (n && names[i][n - 1] == '*') {
            for (j = 0; j < lf->n_pkgs; j++)
                if (!strncmp(lf->pkgs[j].name, names[i], n - 1))
                    return &lf->pkgs[j];
        } else if ((p = log_facts_pkg(lf, names[i])) != NULL) {
            return p;
        }
    }
    return NULL;
}

static struct python_env *log_env(struct ls *s)
{
    struct python_env *e;
    if (s->f->n_pyenvs)
        return &s->f->pyenvs[0];
    ALLOC_GROW(s->f->pyenvs, 1, s->f->alloc_pyenvs);
    e = &s->f->pyenvs[s->f->n_pyenvs++];
    memset(e, 0, sizeof(*e));
    e->include_system_site = -1;
    e->python_version = s->lf->python_version.v ? facts_str(s->f, s->lf->python_version.v) : NULL;
    e->python_version_source = src(s, s->lf->python_version.line);
    e->found_by = "log";
    return e;
}

static void add_component(struct ls *s, struct framework_build *fw, const char *name, const char *version, long line)
{
    struct py_dist *d;
    ALLOC_GROW(fw->components, fw->n_components + 1, fw->alloc_components);
    d = &fw->components[fw->n_components++];
    memset(d, 0, sizeof(*d));
    d->name = facts_str(s->f, name);
    d->version = facts_str(s->f, version);
    d->path = src(s, line);
}

/* The framework said itself that it has no CUDA (family ev): a CPU build, quoting its line. */
static void variant_cpu_said(struct ls *s, struct framework_build *fw, enum log_ev ev)
{
    fw->variant = "cpu";
    fw->variant_source = src(s, first_line(s, ev));
    fw->variant_said = s->lf->ev[ev].n_hits ? facts_str(s->f, s->lf->ev[ev].hits[0].text) : NULL;
}

static void fw_torch_more(struct ls *s, struct framework_build *fw)
{
    const struct log_facts *lf = s->lf;
    const struct log_event *sm = &lf->ev[LE_SM_INCOMPATIBLE];
    if (lf->torch_cuda.v && strcmp(lf->torch_cuda.v, "None"))
        fw->cuda = facts_str(s->f, lf->torch_cuda.v);
    /* torch says so itself (torch/cuda/__init__.py _lazy_init), or collect_env's "None" */
    if (cnt(s, LE_TORCH_NOT_COMPILED)) {
        variant_cpu_said(s, fw, LE_TORCH_NOT_COMPILED);
    } else if (lf->torch_cuda.v && !strcmp(lf->torch_cuda.v, "None")) {
        fw->variant = "cpu";
        fw->variant_source = src(s, lf->torch_cuda.line);
        fw->variant_said = lf->torch_cuda.text ? facts_str(s->f, lf->torch_cuda.text) : NULL;
    } else if (lf->conda_cpu.v && !strcmp(lf->conda_cpu.v, "pytorch")) {
        fw->variant = "cpu";
        fw->variant_source = src(s, lf->conda_cpu.line);
        fw->variant_said = lf->conda_cpu.text ? facts_str(s->f, lf->conda_cpu.text) : NULL;
    }
    if (!fw->version && lf->conda_torch_version.v) {
        fw->version = facts_str(s->f, lf->conda_torch_version.v);
        fw->build_source = src(s, lf->conda_torch_version.line);
    }
    if (!fw->cuda && !fw->variant && lf->conda_torch_cuda.v) {
        /* conda install pytorch ... cudatoolkit=X.Y: the pytorch channel's build for that CUDA, where
         * the channel has one (any, when no release is pinned: its newest); for a pinned release
         * torch.kb must list that CUDA variant, else conda's solver may have taken another build
         * (the CPU one: explain ranks that) */
        const char *c = lf->conda_torch_cuda.v;
        char var[16];
        struct kb_torch t;
        size_t k = strcspn(c, ".");
        int ok = !fw->version;
        if (!ok && k && k < 3 && c[k] == '.' && c[k + 1] >= '0' && c[k + 1] <= '9' &&
            (size_t)snprintf(var, sizeof(var), "cu%.*s%c", (int)k, c, c[k + 1]) < sizeof(var))
            ok = s->kb && kb_torch(s->kb, fw->version, var, &t) == 1;
        if (ok) {
            fw->cuda = facts_str(s->f, c);
            if (fw->version && !fw->local)
                fw->local = facts_str(s->f, var);   /* the variant torch.kb judges (its minimum driver) */
            if (!fw->build_source)
                fw->build_source = src(s, lf->conda_torch_cuda.line);
        }
    }
    if (sm->b) {
        /* "The current PyTorch install supports CUDA capabilities sm_50 sm_60 ..." */
        fw->archs = facts_str(s->f, sm->b);
        fw->archs_source = src(s, first_line(s, LE_SM_INCOMPATIBLE));
    }
}

static void fw_tf_more(struct ls *s, struct framework_build *fw)
{
    const struct log_event *mm = &s->lf->ev[LE_CUDNN_MISMATCH];
    if ((fw->dist && !strcmp(fw->dist, "tensorflow-cpu")) ||
        (s->lf->conda_cpu.v && !strncmp(s->lf->conda_cpu.v, "tensorflow", 10)))
        fw->variant = "cpu";
    if (mm->b && !cnt(s, LE_JAX_BACKEND_FAIL))
        fw->cudnn = facts_str(s->f, mm->b);   /* "but source was compiled with: 8.1.0" */
}

static void fw_jax_more(struct ls *s, struct framework_build *fw)
{
    const struct log_facts *lf = s->lf;
    const struct log_pkg *p;
    size_t i;
    if (lf->jaxlib_version.v)
        add_component(s, fw, "jaxlib", lf->jaxlib_version.v, lf->jaxlib_version.line);
    for (i = 0; i < lf->n_pkgs; i++) {
        p = &lf->pkgs[i];
        if (!strncmp(p->name, "jax-cuda", 8))
            add_component(s, fw, p->name, p->version, p->line);
    }
    /* jaxlib/plugin_support.py: the plugin and jaxlib differ, so the plugin is not used */
    if (cnt(s, LE_JAX_PLUGIN_MISMATCH))
        fw->version_skew = 1;
    /* jax/_src/xla_bridge.py: no CUDA plugin or CUDA jaxlib is installed */
    if (cnt(s, LE_JAX_CPU_JAXLIB))
        fw->variant = "cpu";
    /* conda's CPU build of jaxlib (its build string, logread.c conda_cpu_build) */
    if (lf->conda_cpu.v && !strcmp(lf->conda_cpu.v, "jaxlib"))
        fw->variant = "cpu";
}

static void fw_ort_more(struct ls *s, struct framework_build *fw)
{
    /* Only onnxruntime-gpu has the CUDA provider: a provider that failed to load is its. */
    if (!fw->dist && (cnt(s, LE_ORT_PROVIDER_FAIL) || cnt(s, LE_ORT_EP_FAIL)))
        fw->dist = "onnxruntime-gpu";
    if (fw->dist && !strcmp(fw->dist, "onnxruntime-gpu") && log_facts_pkg(s->lf, "onnxruntime"))
        fw->dist = NULL;   /* both packages: which one's files win is not in the log */
    /* a release package's name: onnxruntime-win-x64-gpu-cuda12-1.17.1 is the CUDA 12 build */
    if (!fw->cuda && s->lf->ort_build_cuda.v)
        fw->cuda = facts_str(s->f, s->lf->ort_build_cuda.v);
}

static void fw_cupy_more(struct ls *s, struct framework_build *fw)
{
    (void)s;
    if (fw->dist && !strncmp(fw->dist, "cupy-rocm", 9))
        fw->variant = "rocm";   /* CuPy's ROCm wheel */
}

static void fw_paddle_more(struct ls *s, struct framework_build *fw)
{
    size_t i;
    const struct log_event *e = &s->lf->ev[LE_CPU_BUILD_MSG];
    if (fw->dist && !strcmp(fw->dist, "paddlepaddle"))
        fw->variant = "cpu";
    for (i = 0; i < e->n_hits; i++)
        if (has(e->hits[i].text, "PaddlePaddle") || has(e->hits[i].text, "CPU only version"))
            fw->variant = "cpu";   /* pybind.cc: "installed CPU version PaddlePaddle" */
    /* gpu_resources.cc: "The installed Paddle is compiled with CUDA 12.0, but ..." (the build's CUDA) */
    if (s->lf->ev[LE_PADDLE_CUDA_CHECK].a && !fw->cuda)
        fw->cuda = facts_str(s->f, s->lf->ev[LE_PADDLE_CUDA_CHECK].a);
}

static void fw_xgboost_more(struct ls *s, struct framework_build *fw)
{
    if (fw->dist && !strcmp(fw->dist, "xgboost-cpu"))
        fw->variant = "cpu";   /* XGBoost's CPU-only package (2.1 on) */
    /* src/common/common.h AssertGPUSupport: the library says it was built without CUDA */
    if (cnt(s, LE_XGB_NO_GPU))
        variant_cpu_said(s, fw, LE_XGB_NO_GPU);
}

/* What shows a framework in a log, and who asked for a library (log_lib.via). */
struct fw_src {
    const char *name;
    size_t version;                  /* offsetof(struct log_facts, <its version>), or 0 */
    const char *const *dists;        /* its pip distributions, most specific first */
    const char *via;                 /* log_lib.via of the libraries it loads */
    enum log_ev evs[8];              /* families only it prints (LE__COUNT ends) */
    void (*more)(struct ls *s, struct framework_build *fw);
};

static const char *const tf_dists[] = { "tensorflow-gpu", "tensorflow-cpu", "tensorflow", "tensorflow-intel",
                                        "tf-nightly", NULL };
static const char *const torch_dists[] = { "torch", NULL };
static const char *const jax_dists[] = { "jax", NULL };
static const char *const ort_dists[] = { "onnxruntime-gpu", "onnxruntime", NULL };
static const char *const cupy_dists[] = { "cupy-cuda*", "cupy-rocm*", "cupy", NULL };
static const char *const paddle_dists[] = { "paddlepaddle-gpu", "paddlepaddle", NULL };
static const char *const xgboost_dists[] = { "xgboost-cu13", "xgboost-cu12", "xgboost-cpu", "xgboost", NULL };

static const struct fw_src fw_srcs[] = {
    { "tensorflow", offsetof(struct log_facts, tf_version), tf_dists, "tensorflow",
      { LE_TF_DLOPEN_FAIL, LE_TF_SKIP_GPU, LE_TF_NO_CUDA_DRIVERS, LE_TF_CUDART_IGNORE, LE_TF_IGNORING_GPU,
        LE_TF_SELF_CHECK, LE_GPU_LIST_EMPTY, LE__COUNT },
      fw_tf_more },
    { "torch", offsetof(struct log_facts, torch_version), torch_dists, "torch",
      { LE_TORCH_NOT_COMPILED, LE_DRIVER_TOO_OLD, LE_NO_DRIVER, LE_SM_INCOMPATIBLE, LE_GPU_TOO_OLD,
        LE_TORCH_PRELOAD, LE_TORCH_NO_GPU, LE__COUNT },
      fw_torch_more },
    { "jax", offsetof(struct log_facts, jax_version), jax_dists, "jax",
      { LE_JAX_CPU_JAXLIB, LE_JAX_NO_GPU, LE_JAX_VERSION_LOW, LE_JAX_OUTDATED, LE_JAX_BACKEND_FAIL,
        LE_JAX_PLUGIN_MISMATCH, LE_JAX_LIB_MISSING, LE__COUNT },
      fw_jax_more },
    { "onnxruntime", offsetof(struct log_facts, ort_version), ort_dists, "onnxruntime",
      { LE_ORT_PROVIDER_FAIL, LE_ORT_EP_FAIL, LE_ORT_CPU_PKG, LE_ORT_PROVIDER_LIST, LE__COUNT },
      fw_ort_more },
    { "cupy", offsetof(struct log_facts, cupy_version), cupy_dists, "cupy", { LE__COUNT }, fw_cupy_more },
    { "paddle", 0, paddle_dists, "paddle", { LE_PADDLE_CUDA_CHECK, LE__COUNT }, fw_paddle_more },
    { "xgboost", 0, xgboost_dists, "xgboost", { LE_XGB_NO_GPU, LE__COUNT }, fw_xgboost_more },
};

#define N_FW (sizeof(fw_srcs) / sizeof(fw_srcs[0]))

/*
 * How much of the log is this framework's (0: none of it): its version or
 * package, each message family only it prints, each library it asked for.
 */
static int fw_weight(const struct ls *s, const struct fw_src *r, const struct log_value **ver,
                     const struct log_pkg **pkg)
{
    const struct log_facts *lf = s->lf;
    size_t i;
    int w = 0;
    *ver = r->version ? (const struct log_value *)(const void *)((const char *)lf + r->version) : NULL;
    if (*ver && !(*ver)->v)
        *ver = NULL;
    *pkg = pkg_of(lf, r->dists);
    w += *ver ? 2 : *pkg ? 1 : 0;
    /* a conda install of PyTorch (logread.c conda_torch_spec) shows it as a package would */
    if (!*ver && !*pkg && lf->conda_torch_cuda.v && !strcmp(r->name, "torch"))
        w += 1;
    for (i = 0; i < 8 && r->evs[i] != LE__COUNT; i++)
        w += cnt(s, r->evs[i]) ? 2 : 0;
    for (i = 0; i < lf->n_libs; i++)
        w += lf->libs[i].via && !strcmp(lf->libs[i].via, r->via) ? 2 : 0;
    return w;
}

/* The names the loader did not find for this framework: its own requests, and
 * the loader's generic lines ("cannot open shared object file") when it is the
 * framework most of the log is about (generic). */
static void fw_unresolved(struct ls *s, struct framework_build *fw, const char *via, int generic)
{
    const struct log_facts *lf = s->lf;
    size_t i;
    for (i = 0; i < lf->n_libs; i++) {
        const struct log_lib *l = &lf->libs[i];
        int mine = l->via && ((via && !strcmp(l->via, via)) ||
                              (generic && (!strcmp(l->via, "loader") || !strcmp(l->via, "cudnn"))));
        /* a program no framework of is in the log needs what it misses (TensorRT too) */
        if (l->ok || !mine || (strcmp(fw->name, "the program") ? not_a_need(l->name) : not_a_program_need(l->name)))
            continue;
        facts_evidence(s->f, &fw->unresolved, &fw->n_unresolved, &fw->alloc_unresolved, src(s, l->line), l->name);
    }
}

static struct framework_build *add_fw(struct ls *s, const char *name)
{
    struct python_env *e = log_env(s);
    struct framework_build *fw;
    ALLOC_GROW(e->frameworks, e->n_frameworks + 1, e->alloc_frameworks);
    fw = &e->frameworks[e->n_frameworks++];
    memset(fw, 0, sizeof(*fw));
    fw->name = name;
    fw->debug = -1;
    fw->device_code = -1;
    return fw;
}

static void add_dist(struct ls *s, const char *name, const char *version, long line)
{
    struct python_env *e = log_env(s);
    struct py_dist *d;
    ALLOC_GROW(e->dists, e->n_dists + 1, e->alloc_dists);
    d = &e->dists[e->n_dists++];
    memset(d, 0, sizeof(*d));
    d->name = facts_str(s->f, name);
    d->version = version ? facts_str(s->f, version) : NULL;
    d->path = src(s, line);
}

static void x_frameworks(struct ls *s)
{
    const struct log_facts *lf = s->lf;
    const struct log_value *ver[N_FW];
    const struct log_pkg *pkg[N_FW];
    int w[N_FW], best = -1;
    size_t i, k, order[N_FW], n_lost = 0;

    for (i = 0; i < N_FW; i++) {
        w[i] = fw_weight(s, &fw_srcs[i], &ver[i], &pkg[i]);
        if (w[i] && (best < 0 || w[i] > w[best]))
            best = (int)i;
    }
    /* the framework most of the log is about first (stable for ties) */
    for (i = 0; i < N_FW; i++)
        order[i] = i;
    for (i = 1; i < N_FW; i++) {
        size_t t = order[i], j;
        for (j = i; j > 0 && w[order[j - 1]] < w[t]; j--)
            order[j] = order[j - 1];
        order[j] = t;
    }
    for (k = 0; k < N_FW; k++) {
        const struct fw_src *r;
        struct framework_build *fw;
        const char *v;
        i = order[k];
        r = &fw_srcs[i];
        if (!w[i])
            continue;
        fw = add_fw(s, r->name);
        v = ver[i] ? ver[i]->v : pkg[i] ? pkg[i]->version : NULL;
        fw->version = v ? facts_str(s->f, v) : NULL;
        fw->build_source = src(s, ver[i] ? ver[i]->line : pkg[i] ? pkg[i]->line : 0);
        fw->dist = pkg[i] ? facts_str(s->f, pkg[i]->name) : NULL;
        fw->local = fw->version && ver_pep440_local(fw->version) ? facts_str(s->f, ver_pep440_local(fw->version))
                                                                  : NULL;
        if (pkg[i])
            add_dist(s, pkg[i]->name, pkg[i]->version, pkg[i]->line);
        if (r->more)
            r->more(s, fw);
        fw_unresolved(s, fw, r->via, (int)i == best);
    }
    /* Libraries that did not load for a program the log does not name (a
     * library of its own, a tool): a build of unknown kind, judged on them. */
    for (i = 0; i < lf->n_libs; i++)
        n_lost += !lf->libs[i].ok && !not_a_program_need(lf->libs[i].name);
    if (best < 0 && n_lost) {
        struct framework_build *fw = add_fw(s, "the program");
        fw_unresolved(s, fw, "ctranslate2", 1);
    }
    /* CTranslate2 (faster-whisper) loads its own CUDA libraries by the CUDA major it was built for,
     * whatever torch beside it wants: a build of its own, judged on them */
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && lf->libs[i].via && !strcmp(lf->libs[i].via, "ctranslate2"))
            break;
    if (i < lf->n_libs && best >= 0) {
        struct framework_build *fw = add_fw(s, "the program");
        fw_unresolved(s, fw, "ctranslate2", 0);
    }
    /* the pip NVIDIA wheels the log lists (pip list / pip show), as installed dists */
    for (i = 0; i < lf->n_pkgs && s->f->n_pyenvs; i++)
        if (!strncmp(lf->pkgs[i].name, "nvidia-", 7))
            add_dist(s, lf->pkgs[i].name, lf->pkgs[i].version, lf->pkgs[i].line);
}

/* ---- the table ---- */

static const struct extractor {
    const char *what;
    void (*fill)(struct ls *s);
} extractors[] = {
    { "system: OS, WSL2, container (paths, banners, commands); the distribution from --with-check", x_system },
    { "driver: version (nvidia-smi, collect_env), CUDA ceiling (nvidia-smi, torch's found version)", x_driver },
    { "driver: kernel module not loaded (nvidia-smi failed, TF's diagnostics)", x_kmod_absent },
    { "driver: libcuda not found, or the toolkit's stub loaded", x_libcuda },
    { "driver: nouveau owns the GPU (NVRM)", x_nouveau },
    { "driver: kernel module and libcuda versions (TF's DSO check)", x_dso },
    { "driver: kernel module and user-space versions (NVRM's API check in dmesg)", x_nvrm },
    { "GPU: name and compute capability (nvidia-smi, collect_env, framework warnings)", x_gpu },
    { "environment: CUDA_VISIBLE_DEVICES, LD_LIBRARY_PATH", x_env },
    { "cuDNN version (collect_env, XLA, TF's runtime check)", x_cudnn },
    { "CUDA toolkit (nvcc --version, /usr/local/cuda-X.Y)", x_cuda },
    { "loader answers by library name (dlopen failed / opened)", x_answers },
    { "library files the log names (ls, ldconfig -p, paths): installed, listed by directory", x_mentions },
    { "Python environment: framework builds, their versions, variants and missing libraries", x_frameworks },
};

const char *logscan_extractor_at(size_t i)
{
    return i < sizeof(extractors) / sizeof(extractors[0]) ? extractors[i].what : NULL;
}

void logscan_facts(const struct log_facts *lf, const struct kb *kb, const struct facts *machine,
                   struct facts *f)
{
    struct ls s;
    size_t i;
    s.lf = lf;
    s.kb = kb;
    s.machine = machine;
    s.f = f;
    f->partial = "log";
    for (i = 0; i < sizeof(extractors) / sizeof(extractors[0]); i++)
        extractors[i].fill(&s);
}
