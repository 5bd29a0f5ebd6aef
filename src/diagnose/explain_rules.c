/*
 * explain_rules.c - the rules of `gpudoctor explain` (diagnose/explain_rules.h).
 *
 * First the judges: diagnose_run on the log's partial facts, whose
 * findings are decided (the same code, title and fixes as check would
 * give for that machine).  Then the log's own rows: a message in which a
 * program names its cause confirms a judged finding of that cause (its
 * lines become evidence, its confidence is kept) or, when the facts the
 * judge needs are not in the log, raises the cause itself as a hypothesis
 * with what would decide it.  Then the log-only causes, the harmless
 * noise, "nothing found", and the ranking.
 */
#include "diagnose/explain_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "diagnose/lookup.h"
#include "kb/kb.h"
#include "scan/logscan.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

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
    const struct facts *f;   /* the log's partial facts */
    struct findings *out;
    const char *os;          /* windows / wsl / linux / macos / NULL */
    int n_causes;            /* error/warning findings so far */
    int score[MAX_SCORED];   /* confidence per finding index (0: not a cause) */
    const char *tell[MAX_SCORED];
    unsigned char judged[MAX_SCORED];
    struct alt alts[MAX_ALTS];
    size_t n_alts;
    struct fix_ctx fx;                 /* the fix engine's view of the log's machine */
    const struct python_env *env;      /* the log's Python, or NULL */
};

static unsigned long cnt(const struct ctx *c, enum log_ev ev)
{
    return c->lf->ev[ev].count;
}

static int has(const char *s, const char *needle)
{
    return s && strstr(s, needle) != NULL;
}

static int os_is(const struct ctx *c, const char *os)
{
    return c->os && !strcmp(c->os, os);
}

static void quote_line(struct ctx *c, struct finding *fd, long line, const char *text)
{
    size_t i;
    if (!line || !text)
        return;
    for (i = 0; i < fd->n_evidence; i++)
        if (fd->evidence[i].line == line)
            return;   /* that line is quoted already */
    finding_evidence_line(c->out, fd, line, text);
}

static void quote_ev(struct ctx *c, struct finding *fd, enum log_ev ev)
{
    const struct log_event *e = &c->lf->ev[ev];
    size_t i;
    for (i = 0; i < e->n_hits; i++)
        quote_line(c, fd, e->hits[i].line, e->hits[i].text);
    if (e->count > e->n_hits)
        finding_evidence(c->out, fd, NULL, "... and %lu more such line(s)", e->count - e->n_hits);
}

static void quote_val(struct ctx *c, struct finding *fd, const struct log_value *v)
{
    if (v->v)
        quote_line(c, fd, v->line, v->text);
}

/*
 * How sure a cause is when nothing more specific says: a message that
 * names its cause outright is near-certain; a library that did not load is
 * strong; a CUDA error name, a fallback to the CPU or an exception without
 * a known cause are weak.  The rows below set their own.
 */
static int default_score(const char *code, enum severity sev)
{
    static const struct { const char *code; int score; } base[] = {
        { "GD101", 85 }, { "GD103", 90 }, { "GD104", 90 }, { "GD105", 85 }, { "GD106", 85 },
        { "GD107", 85 }, { "GD108", 85 }, { "GD109", 75 }, { "GD110", 85 }, { "GD201", 80 },
        { "GD202", 80 }, { "GD203", 78 }, { "GD204", 75 }, { "GD205", 78 }, { "GD206", 82 },
        { "GD207", 84 }, { "GD208", 86 }, { "GD209", 86 }, { "GD210", 40 }, { "GD211", 90 },
        { "GD212", 90 }, { "GD213", 90 }, { "GD214", 92 }, { "GD216", 70 }, { "GD402", 50 },
        { "GD403", 55 }, { "GD404", 30 }, { "GD407", 88 }, { "GD408", 85 }, { "GD409", 85 },
        { "GD410", 88 }, { "GD411", 70 }, { "GD603", 82 }, { "GD601", 75 }, { "GD602", 80 },
        { "GD604", 85 }, { "GD605", 80 },
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

static int get_score(const struct ctx *c, const struct finding *fd)
{
    size_t i = fd_index(c, fd);
    return i < MAX_SCORED ? c->score[i] : 1;
}

/* What tells this cause apart from the others (a command), shown when it is an alternative. */
static void set_tell(struct ctx *c, const struct finding *fd, const char *tell)
{
    size_t i = fd_index(c, fd);
    if (i < MAX_SCORED && !c->tell[i])
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
    if (!strcmp(code, "GD102") && c->f->n_gpus)
        return;   /* the log shows the GPU: "no GPU at all" is ruled out */
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

/* The finding of this code (or kind) that is a cause, or NULL. */
static struct finding *cause_of(struct ctx *c, const char *code, const char *kind)
{
    size_t i;
    for (i = 0; i < c->out->nr; i++) {
        struct finding *fd = &c->out->v[i];
        if (fd->severity >= SEV_WARNING && ((code && !strcmp(fd->code, code)) || (kind && !strcmp(fd->kind, kind))))
            return fd;
    }
    return NULL;
}

/* The framework build the log shows by this name, or NULL. */
static const struct framework_build *log_fw(const struct ctx *c, const char *name)
{
    size_t i;
    for (i = 0; c->env && i < c->env->n_frameworks; i++)
        if (!strcmp(c->env->frameworks[i].name, name))
            return &c->env->frameworks[i];
    return NULL;
}

/* ---- the judges ---- */

/*
 * Judge the log's facts as check judges a machine, and keep every cause
 * they find.  A judge's evidence names the facts' sources; those from the
 * log ("log:LINE", scan/logscan.h) become the quoted log line.
 */
static void judged(struct ctx *c)
{
    struct lookup lk;
    struct diagnosis dx;
    size_t i, j, k;

    lookup_init(&lk, NULL, c->in->facts);
    diagnose_run(c->in->facts, c->in->kb, &lk, &dx, c->out->arena);
    for (i = 0; i < dx.findings.nr; i++) {
        const struct finding *s = &dx.findings.v[i];
        struct finding *fd;
        if (s->severity < SEV_WARNING)
            continue;   /* "cannot be decided from files": the log's rows say what is missing */
        fd = cause(c, s->code, s->severity, s->title);
        fd->subject = s->subject;
        if (s->severity == SEV_WARNING)
            set_score(c, fd, default_score(s->code, SEV_WARNING) - 20);   /* a judge's "possibly" */
        /* the log's lines of the libraries it names come first */
        for (k = 0; k < c->lf->n_libs; k++) {
            const struct log_lib *l = &c->lf->libs[k];
            int named = has(s->title, l->name);
            for (j = 0; j < s->n_evidence && !named; j++)
                named = has(s->evidence[j].text, l->name);
            if (named)
                quote_line(c, fd, l->line, l->text);
        }
        if (fd_index(c, fd) < MAX_SCORED)
            c->judged[fd_index(c, fd)] = 1;
        for (j = 0; j < s->n_evidence; j++) {
            const struct evidence *e = &s->evidence[j];
            long line = logscan_line(e->path);
            if (line) {
                finding_evidence_line(c->out, fd, line, e->text);
                fd->evidence[fd->n_evidence - 1].path = NULL;
            } else {
                finding_evidence(c->out, fd, e->path, "%s", e->text);
            }
        }
        for (k = 0; k < s->n_fixes; k++) {
            const struct fix *x = &s->fixes[k];
            if (x->command)
                finding_fix(c->out, fd, x->shell, x->title, "%s", x->command);
            else
                finding_fix(c->out, fd, x->shell, x->title, NULL);
            fd->fixes[fd->n_fixes - 1].group = x->group;
        }
    }
    diagnosis_release(&dx);
}

/*
 * A library the judges found missing, where the log cannot show why:
 * installed elsewhere, or only in another version (the judges decide that
 * from directory listings a log does not have).  What would tell.
 */
static void missing_alternatives(struct ctx *c)
{
    size_t i, j;
    /* no driver, judged from a library that did not load: no GPU at all, or WSL2 */
    if ((i = (size_t)(cause_of(c, "GD101", NULL) ? cause_of(c, "GD101", NULL) - c->out->v : 0)) < MAX_SCORED &&
        cause_of(c, "GD101", NULL) && c->judged[i] && !os_is(c, "windows")) {
        alt(c, "GD102", 50, "there is no NVIDIA GPU in this machine at all (a laptop's Intel/AMD graphics, a CPU-only "
            "VM)", "lspci | grep -i nvidia", 0, NULL);
        if (!c->os || os_is(c, "linux"))
            alt(c, "GD110", 38, "on WSL2 the GPU comes from the Windows driver, in /usr/lib/wsl/lib (a Linux driver "
                "inside WSL cannot work)", "uname -r (\"microsoft\" = WSL); ls /usr/lib/wsl/lib", 0, NULL);
    }
    if (cause_of(c, "GD110", NULL))
        alt(c, "GD101", 35, "the Windows NVIDIA driver is missing or too old for WSL2",
            "nvidia-smi (inside WSL); ls /usr/lib/wsl/lib", 0, NULL);
    for (i = 0; i < c->out->nr && i < MAX_SCORED; i++) {
        const struct finding *fd = &c->out->v[i];
        const char *name = NULL;
        int dnn = !strcmp(fd->code, "GD202");
        if (!c->judged[i] || (strcmp(fd->code, "GD201") && !dnn && strcmp(fd->code, "GD203")))
            continue;
        for (j = 0; j < fd->n_evidence && !name; j++)
            if (fd->evidence[j].text && strchr(fd->evidence[j].text, ':'))
                name = arena_strndup(c->out->arena, fd->evidence[j].text, strcspn(fd->evidence[j].text, ":"));
        if (!name)
            continue;
        alt(c, "GD204", 42, "the library is installed, but not where the loader looks",
            arena_printf(c->out->arena, "find / -name '%.*s*' 2>/dev/null; ldconfig -p | grep %.*s",
                         (int)strcspn(name, "0123456789."), name, (int)strcspn(name, "0123456789."), name), 0, NULL);
        alt(c, dnn ? "GD207" : "GD206", 60, "another version is installed than the one this build was made for",
            dnn ? "ls /usr/lib/x86_64-linux-gnu/libcudnn* /usr/local/cuda/lib64/libcudnn*; pip list | grep cudnn"
                : "nvcc --version; pip list | grep nvidia-", 0, NULL);
        return;
    }
}

/* ---- fixes: the engine's, by intent ---- */

enum fix_intent {
    FX_NONE = 0,
    FX_CHECK,            /* gpudoctor check on that machine */
    FX_DRIVER_INSTALL,   /* fixes_driver_install */
    FX_DRIVER_LOAD,      /* fixes_driver_load_module */
    FX_LIBCUDA,          /* fixes_libcuda_missing */
    FX_DRIVER_UPGRADE,   /* fixes_driver_upgrade, the floor unknown */
    FX_DRIVER_RELOAD,    /* fixes_driver_reload */
    FX_NOUVEAU,          /* fixes_nouveau_off */
    FX_NODES,            /* fixes_device_nodes */
    FX_STUB,             /* fixes_stub_off_path */
    FX_VISIBLE,          /* fixes_visible_devices */
    FX_FRAMEWORK,        /* the engine's install of the row's (or the log's) framework */
    FX_LOADER_PATH,      /* fixes_loader_path with the toolkit's lib64 */
    FX_TOOLKIT,          /* log-only (GD408): the NVIDIA Container Toolkit for Docker */
};

/* The framework most of the log is about (the first build logscan made). */
static const char *main_fw(const struct ctx *c)
{
    return c->env && c->env->n_frameworks ? c->env->frameworks[0].name : NULL;
}

static void framework_fix(struct ctx *c, struct finding *fd, const char *fw)
{
    const struct framework_build *b;
    if (!fw)
        fw = main_fw(c);
    b = fw ? log_fw(c, fw) : NULL;
    if (!fw || (!strcmp(fw, "paddle")) || !strcmp(fw, "the program")) {
        finding_fix(c->out, fd, NULL, "Run gpudoctor on that machine (it finds the framework, the driver and the GPU)",
                    "gpudoctor check");
        return;
    }
    if (!strcmp(fw, "torch"))
        fixes_torch_install(&c->fx, c->out, fd, c->env, b ? b->version : NULL);
    else if (!strcmp(fw, "tensorflow") && os_is(c, "windows") && b && b->version)
        fixes_tf_windows_routes(&c->fx, c->out, fd, c->env);
    else if (!strcmp(fw, "tensorflow"))
        fixes_tf_install(&c->fx, c->out, fd, c->env, b ? b->version : NULL);
    else if (!strcmp(fw, "jax"))
        fixes_jax_install(&c->fx, c->out, fd, c->env,
                          c->lf->jaxlib_version.v ? c->lf->jaxlib_version.v : b ? b->version : NULL);
    else if (!strcmp(fw, "onnxruntime"))
        fixes_ort_install(&c->fx, c->out, fd, c->env, b ? b->version : NULL);
    else if (!strcmp(fw, "cupy"))
        fixes_cupy_install(&c->fx, c->out, fd, c->env, b ? b->version : NULL);
}

static void apply_fix(struct ctx *c, struct finding *fd, enum fix_intent fix, const char *fw)
{
    switch (fix) {
    case FX_NONE:
        break;
    case FX_CHECK:
        finding_fix(c->out, fd, NULL, "Run gpudoctor on that machine for the rest of the picture", "gpudoctor check");
        break;
    case FX_DRIVER_INSTALL:
        fixes_driver_install(&c->fx, c->out, fd);
        break;
    case FX_DRIVER_LOAD:
        fixes_driver_load_module(&c->fx, c->out, fd);
        fixes_driver_install(&c->fx, c->out, fd);
        break;
    case FX_LIBCUDA:
        fixes_libcuda_missing(&c->fx, c->out, fd);
        break;
    case FX_DRIVER_UPGRADE:
        fixes_driver_upgrade(&c->fx, c->out, fd, NULL, NULL);
        break;
    case FX_DRIVER_RELOAD:
        fixes_driver_reload(&c->fx, c->out, fd);
        break;
    case FX_NOUVEAU:
        fixes_nouveau_off(&c->fx, c->out, fd);
        break;
    case FX_NODES:
        fixes_device_nodes(&c->fx, c->out, fd);
        break;
    case FX_STUB:
        fixes_stub_off_path(&c->fx, c->out, fd);
        break;
    case FX_VISIBLE:
        fixes_visible_devices(&c->fx, c->out, fd);
        break;
    case FX_FRAMEWORK:
        framework_fix(c, fd, fw);
        break;
    case FX_TOOLKIT:
        finding_fix(c->out, fd, "sh", "Install the toolkit, register it with Docker, restart Docker",
                    "sudo apt-get install -y nvidia-container-toolkit\n"
                    "sudo nvidia-ctk runtime configure --runtime=docker\nsudo systemctl restart docker");
        break;
    case FX_LOADER_PATH:
        fixes_loader_path(&c->fx, c->out, fd, "Put the directory that holds it on the loader path "
                          "(where `find / -name 'lib*.so*'` shows it)", "/usr/local/cuda/lib64");
        break;
    }
}

/* ---- the log's rows: messages that name their cause ---- */

/* "$a", "$b", "$c" in a row's title: the family's captures ("?" when none). */
static const char *expand(struct ctx *c, const char *t, const struct log_event *e)
{
    struct strbuf sb = STRBUF_INIT;
    const char *r;
    for (; *t; t++) {
        if (t[0] == '$' && (t[1] == 'a' || t[1] == 'b' || t[1] == 'c')) {
            const char *v = t[1] == 'a' ? e->a : t[1] == 'b' ? e->b : e->c;
            strbuf_addstr(&sb, v ? v : "?");
            t++;
        } else {
            strbuf_addch(&sb, *t);
        }
    }
    r = arena_strdup(c->out->arena, sb.buf);
    strbuf_release(&sb);
    return r;
}

static int w_always(const struct ctx *c) { (void)c; return 1; }
static int w_no_cause(const struct ctx *c) { return !c->n_causes; }
static int w_container(const struct ctx *c) { return c->lf->container.v != NULL; }
static int w_no_container(const struct ctx *c) { return !c->lf->container.v; }
static int w_not_mac(const struct ctx *c) { return !os_is(c, "macos"); }
static int w_mac(const struct ctx *c) { return os_is(c, "macos"); }
static int w_jax_dnn(const struct ctx *c) { return has(c->lf->ev[LE_JAX_VERSION_LOW].a, "udnn") || has(c->lf->ev[LE_JAX_VERSION_LOW].a, "uDNN"); }
static int w_jax_nodnn(const struct ctx *c) { return !w_jax_dnn(c); }
static int w_jaxo_dnn(const struct ctx *c) { return has(c->lf->ev[LE_JAX_OUTDATED].a, "udnn") || has(c->lf->ev[LE_JAX_OUTDATED].a, "uDNN"); }
static int w_jaxo_nodnn(const struct ctx *c) { return !w_jaxo_dnn(c); }
static int w_jax_nodev(const struct ctx *c)
{
    const char *why = c->lf->ev[LE_JAX_BACKEND_FAIL].a;
    return has(why, "no supported devices") || has(why, "No visible GPU") || has(why, "CUDA_ERROR_NO_DEVICE");
}
static int w_jax_pjrt(const struct ctx *c)
{
    const char *why = c->lf->ev[LE_JAX_BACKEND_FAIL].a;
    return !w_jax_nodev(c) && (has(why, "PJRT") || has(why, "has no attribute") || has(why, "plugin"));
}
static int w_ort_both(const struct ctx *c)
{
    return log_facts_pkg(c->lf, "onnxruntime") && log_facts_pkg(c->lf, "onnxruntime-gpu");
}
static int w_ort_one(const struct ctx *c) { return !w_ort_both(c); }
static int w_shm_perm(const struct ctx *c)
{
    const struct log_hit *h = first_hit(c, LE_NCCL_SHM);
    return h && (has(h->text, "ermission denied") || has(h->text, "No such file"));
}
static int w_syserr(const struct ctx *c) { return !cnt(c, LE_NCCL_SHM); }
static int w_no_cvd_hidden(const struct ctx *c) { return !cnt(c, LE_CVD_HIDDEN); }
static int w_kernel_image_jax(const struct ctx *c)
{
    return c->env && log_fw(c, "jax") && !cnt(c, LE_SM_INCOMPATIBLE) && !cnt(c, LE_GPU_TOO_OLD);
}
static int w_kernel_image(const struct ctx *c) { return !w_kernel_image_jax(c); }
static int w_linux_or_unknown(const struct ctx *c) { return !c->os || os_is(c, "linux"); }
static int w_wsl(const struct ctx *c) { return os_is(c, "wsl"); }

/*
 * One message family and the cause it names.  A judged finding of that
 * code (or of also, another code for the same fact) absorbs the row: the
 * family's lines become its evidence and it takes the row's confidence
 * when higher.  Otherwise the row raises the cause: a finding with the
 * title, the lines, what decides it (tell) and the engine's fix for it.
 */
struct row {
    enum log_ev ev;
    int (*when)(const struct ctx *c);
    const char *code;
    int score;
    const char *title;           /* $a $b $c: the family's captures */
    const char *tell;
    enum fix_intent fix;
    const char *fw;              /* FX_FRAMEWORK: whose install (NULL: the log's framework) */
    const char *also;            /* another code that absorbs it, or NULL */
    enum severity sev;
};

#define E SEV_ERROR
#define W SEV_WARNING

static const struct row rows[] = {
    /* the driver and the machine */
    { LE_SMI_FAILED, w_always, "GD101", 85, "no working NVIDIA driver: nvidia-smi cannot talk to its kernel module",
      "nvidia-smi; lsmod | grep nvidia", FX_DRIVER_LOAD, NULL, "GD110", E },
    { LE_KERNEL_DRIVER_DOWN, w_always, "GD101", 85, "no working NVIDIA driver: the kernel module is not loaded",
      "nvidia-smi; lsmod | grep nvidia", FX_DRIVER_LOAD, NULL, "GD110", E },
    { LE_NO_DRIVER, w_always, "GD101", 55, "PyTorch found no NVIDIA driver: libcuda does not load",
      "nvidia-smi; ls /usr/lib/x86_64-linux-gnu/libcuda.so*", FX_LIBCUDA, NULL, "GD110", E },
    { LE_NVML_MISMATCH, w_always, "GD103", 90,
      "the NVIDIA kernel module and the user-space driver differ (driver upgraded without a reboot)",
      "cat /proc/driver/nvidia/version; modinfo -F version nvidia", FX_DRIVER_RELOAD, NULL, NULL, E },
    { LE_NVRM_API_MISMATCH, w_always, "GD103", 92, "the NVIDIA kernel module $b and the user-space driver $a differ",
      "cat /proc/driver/nvidia/version; modinfo -F version nvidia", FX_DRIVER_RELOAD, NULL, NULL, E },
    { LE_NOUVEAU, w_always, "GD104", 90, "the open-source nouveau driver (or a framebuffer driver) owns the GPU",
      "lsmod | grep nouveau", FX_NOUVEAU, NULL, NULL, E },
    { LE_NVML_PERMISSION, w_always, "GD105", 85,
      "the NVIDIA device nodes (/dev/nvidia*) are not accessible to this user", "ls -l /dev/nvidia*", FX_NODES,
      NULL, NULL, E },
    { LE_STUB_LIBCUDA, w_always, "GD106", 85,
      "the CUDA toolkit's stub libcuda (lib64/stubs) was loaded instead of the driver's libcuda",
      "echo \"$LD_LIBRARY_PATH\" | tr : '\\n' | grep stubs", FX_STUB, NULL, NULL, E },
    { LE_DSO_MISMATCH, w_no_container, "GD103", 80, "the loaded kernel module $a and the user-space driver $b differ",
      "cat /proc/driver/nvidia/version", FX_DRIVER_RELOAD, NULL, NULL, E },
    { LE_DSO_MISMATCH, w_container, "GD208", 80,
      "the host's driver (kernel $a) is older than the libcuda $b inside the container (its forward-compatibility package)",
      "nvidia-smi on the host: its CUDA Version is the ceiling", FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_DRIVER_REQUIREMENT, w_always, "GD208", 92,
      "the container image needs CUDA $a, and the host's driver supports less",
      "nvidia-smi on the host: \"CUDA Version\" is the highest the driver runs", FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_DRIVER_TOO_OLD, w_always, "GD208", 86, "the NVIDIA driver is older than the CUDA runtime this PyTorch ships",
      "nvidia-smi (CUDA Version) vs torch.version.cuda", FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_INSUFFICIENT_DRIVER, w_always, "GD208", 86, "the NVIDIA driver is older than the CUDA runtime the program uses",
      "nvidia-smi (CUDA Version) vs the framework's CUDA", FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_CVD_HIDDEN, w_always, "GD108", 85, "CUDA_VISIBLE_DEVICES hides every GPU from the program",
      "echo \"$CUDA_VISIBLE_DEVICES\"", FX_VISIBLE, NULL, NULL, E },
    { LE_DOCKER_NO_GPU, w_always, "GD408", 85,
      "Docker cannot give the container GPUs: the NVIDIA Container Toolkit is not installed or not configured",
      "nvidia-ctk --version; docker info | grep -i runtime", FX_TOOLKIT, NULL, NULL, E },
    /* builds */
    { LE_TORCH_NOT_COMPILED, w_not_mac, "GD211", 90, "this PyTorch is a CPU-only build (Torch not compiled with CUDA)",
      "python -c \"import torch; print(torch.__version__, torch.version.cuda)\"", FX_FRAMEWORK, "torch", NULL, E },
    { LE_TORCH_NOT_COMPILED, w_mac, "GD214", 92, "PyTorch on a Mac has no CUDA: use the MPS device instead",
      "python -c \"import torch; print(torch.backends.mps.is_available())\"", FX_NONE, NULL, NULL, E },
    { LE_JAX_CPU_JAXLIB, w_always, "GD211", 90,
      "JAX has no CUDA plugin installed: a GPU is present, JAX runs on the CPU",
      "pip list | grep -i jax", FX_FRAMEWORK, "jax", NULL, E },
    { LE_CPU_BUILD_MSG, w_always, "GD211", 90, "this framework is a CPU-only build: it says so itself",
      "pip list (the GPU package of the framework?)", FX_FRAMEWORK, NULL, NULL, E },
    { LE_ORT_CPU_PKG, w_ort_one, "GD211", 72,
      "this onnxruntime has no CUDA provider: the CPU package (onnxruntime) is installed, not onnxruntime-gpu",
      "pip list | grep -i onnxruntime", FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_ORT_CPU_PKG, w_ort_both, "GD216", 85,
      "onnxruntime and onnxruntime-gpu are both installed: the CPU package's files win",
      "pip list | grep -i onnxruntime", FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_JAX_PLUGIN_MISMATCH, w_always, "GD213", 90, "JAX ignores its CUDA plugin: $a does not match jaxlib $b",
      "pip list | grep -i jax", FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_BACKEND_FAIL, w_jax_pjrt, "GD213", 80, "JAX's CUDA plugin and jax/jaxlib are from different releases",
      "pip list | grep -i jax", FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_BACKEND_FAIL, w_jax_nodev, "GD404", 35, "JAX's CUDA backend found no usable GPU",
      "nvidia-smi; echo \"$CUDA_VISIBLE_DEVICES\"", FX_CHECK, NULL, NULL, W },
    /* libraries */
    { LE_TF_NO_CUDA_DRIVERS, w_no_cause, "GD201", 80,
      "TensorFlow could not load the CUDA runtime (libcudart), despite saying \"Could not find cuda drivers\"",
      "TF_CPP_MAX_VLOG_LEVEL=3 python -c \"import tensorflow\" 2>&1 | grep dso_loader", FX_FRAMEWORK, "tensorflow",
      NULL, E },
    { LE_TORCH_PRELOAD, w_always, "GD205", 85,
      "PyTorch could not find $a among pip's nvidia-* packages (a CUDA wheel is missing or from another CUDA)",
      "pip list | grep -i nvidia- (the wheels torch pins)", FX_FRAMEWORK, "torch", NULL, E },
    { LE_ORT_PROVIDER_FAIL, w_no_cause, "GD203", 78,
      "ONNX Runtime could not load its CUDA provider: one of its DLL dependencies (CUDA, cuDNN) is missing",
      "the provider's dependencies: ldd (Linux) / Dependencies.exe (Windows) on onnxruntime_providers_cuda",
      FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_WIN_DLL_LOAD, w_no_cause, "GD203", 78, "PyTorch could not load $a or one of its dependencies (WinError 126)",
      "Dependencies.exe on that DLL; where cudnn*.dll cublas*.dll", FX_FRAMEWORK, "torch", NULL, E },
    { LE_ORT_EP_FAIL, w_no_cause, "GD206", 82, "ONNX Runtime could not start its CUDA provider: it needs $a",
      "pip list | grep -i -E 'onnxruntime|nvidia-'; nvcc --version", FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_CUDNN_MISMATCH, w_always, "GD207", 90, "cuDNN $a was loaded, but the framework was compiled with cuDNN $b",
      "ldconfig -p | grep libcudnn; pip list | grep cudnn", FX_FRAMEWORK, NULL, NULL, E },
    { LE_JAX_VERSION_LOW, w_jax_dnn, "GD207", 84, "JAX found $a $b but was built against $c, which is newer",
      "pip list | grep -i -E 'jax|cudnn'; echo $LD_LIBRARY_PATH", FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_VERSION_LOW, w_jax_nodnn, "GD206", 82, "JAX found $a $b but was built against $c, which is newer",
      "pip list | grep -i -E 'jax|nvidia-'; echo $LD_LIBRARY_PATH", FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_OUTDATED, w_jaxo_dnn, "GD207", 84, "JAX found an outdated $a (installed $b, built against $c)",
      "pip list | grep -i -E 'jax|cudnn'; echo $LD_LIBRARY_PATH", FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_OUTDATED, w_jaxo_nodnn, "GD206", 82, "JAX found an outdated $a (installed $b, built against $c)",
      "pip list | grep -i -E 'jax|nvidia-'; echo $LD_LIBRARY_PATH", FX_FRAMEWORK, "jax", NULL, E },
    /* the GPU's architecture */
    { LE_SM_INCOMPATIBLE, w_always, "GD209", 86, "this PyTorch build has no code for the GPU ($a)",
      "python -c \"import torch; print(torch.cuda.get_arch_list())\"", FX_FRAMEWORK, "torch", NULL, E },
    { LE_GPU_TOO_OLD, w_always, "GD209", 86,
      "the framework no longer supports this GPU (compute capability $a)", "nvidia-smi --query-gpu=compute_cap --format=csv",
      FX_FRAMEWORK, NULL, NULL, E },
    { LE_TF_IGNORING_GPU, w_always, "GD209", 86,
      "TensorFlow ignores the GPU: compute capability $a is below its minimum $b",
      "nvidia-smi --query-gpu=compute_cap --format=csv", FX_FRAMEWORK, "tensorflow", NULL, E },
    { LE_NO_KERNEL_IMAGE, w_kernel_image, "GD209", 86,
      "the framework has no code for this GPU (\"no kernel image is available for execution on the device\")",
      "nvidia-smi --query-gpu=compute_cap --format=csv; the framework's arch list", FX_FRAMEWORK, NULL, NULL, E },
    { LE_NO_KERNEL_IMAGE, w_kernel_image_jax, "GD209", 50,
      "the framework has no code for this GPU (\"no kernel image is available for execution on the device\")",
      "nvidia-smi (compute capability, CUDA Version) vs the jaxlib build", FX_FRAMEWORK, "jax", NULL, E },
    { LE_TF_PTX_JIT, w_always, "GD210", 40,
      "TensorFlow has no native code for compute capability $a: kernels are JIT-compiled from PTX (slow first "
      "start; may fail on GPUs newer than the PTX)", NULL, FX_NONE, NULL, NULL, W },
};

/* Alternatives a family raises (the log cannot rule them out). */
static const struct alt_row {
    enum log_ev ev;
    int (*when)(const struct ctx *c);
    const char *code;
    int score;
    const char *why, *tell;
} alt_rows[] = {
    { LE_SMI_FAILED, w_always, "GD102", 50, "there is no NVIDIA GPU in this machine at all (a laptop's Intel/AMD "
      "graphics, a CPU-only VM)", "lspci | grep -i nvidia" },
    { LE_KERNEL_DRIVER_DOWN, w_always, "GD102", 50, "there is no NVIDIA GPU in this machine at all (a laptop's "
      "Intel/AMD graphics, a CPU-only VM)", "lspci | grep -i nvidia" },
    { LE_NO_DRIVER, w_always, "GD102", 60, "there is no NVIDIA GPU in this machine at all (a laptop's Intel/AMD "
      "graphics, a CPU-only VM)", "lspci | grep -i nvidia" },
    { LE_SMI_FAILED, w_linux_or_unknown, "GD110", 38, "on WSL2 the GPU comes from the Windows driver (a Linux "
      "driver inside WSL cannot work)", "uname -r (\"microsoft\" = WSL); ls /usr/lib/wsl/lib" },
    { LE_NO_DRIVER, w_linux_or_unknown, "GD110", 38, "on WSL2 the GPU comes from the Windows driver (a Linux "
      "driver inside WSL cannot work)", "uname -r (\"microsoft\" = WSL); ls /usr/lib/wsl/lib" },
    { LE_NO_DRIVER, w_wsl, "GD101", 35, "the Windows NVIDIA driver is missing or too old for WSL2",
      "nvidia-smi (inside WSL); ls /usr/lib/wsl/lib" },
    { LE_DSO_MISMATCH, w_container, "GD103", 45, "the driver was upgraded on the host without a reboot",
      "cat /proc/driver/nvidia/version; ls -l /usr/local/cuda/compat" },
    { LE_DSO_MISMATCH, w_no_container, "GD208", 45, "inside a container: the host driver is older than the image's "
      "libcuda", "cat /proc/driver/nvidia/version; ls -l /usr/local/cuda/compat" },
    { LE_DRIVER_TOO_OLD, w_linux_or_unknown, "GD110", 35, "on WSL2: the Windows driver (or Windows build) lacks "
      "CUDA support for WSL", "uname -r (\"microsoft\" = WSL); nvidia-smi on Windows" },
    { LE_INSUFFICIENT_DRIVER, w_linux_or_unknown, "GD110", 35, "on WSL2: the Windows driver (or Windows build) lacks "
      "CUDA support for WSL", "uname -r (\"microsoft\" = WSL); nvidia-smi on Windows" },
    { LE_DRIVER_TOO_OLD, w_wsl, "GD110", 60, "on WSL2 the Windows driver provides CUDA: an outdated or broken Windows "
      "driver (or Windows build) shows this way", "nvidia-smi inside WSL and on Windows; ls -l /usr/lib/wsl/lib" },
    { LE_INSUFFICIENT_DRIVER, w_wsl, "GD110", 60, "on WSL2 the Windows driver provides CUDA: an outdated or broken "
      "Windows driver (or Windows build) shows this way", "nvidia-smi inside WSL and on Windows; ls -l /usr/lib/wsl/lib" },
    { LE_DOCKER_NO_GPU, w_always, "GD102", 40, "there is no NVIDIA GPU (or driver) on this host at all",
      "lspci | grep -i nvidia; nvidia-smi (on the host)" },
    { LE_ORT_CPU_PKG, w_ort_one, "GD216", 55, "both onnxruntime and onnxruntime-gpu are installed, and the CPU "
      "package's files win", "pip list | grep -i onnxruntime" },
    { LE_JAX_BACKEND_FAIL, w_jax_nodev, "GD208", 50, "the driver is older than the CUDA jaxlib was built for",
      "nvidia-smi (CUDA Version) vs the jax-cuda plugin's CUDA" },
    { LE_JAX_BACKEND_FAIL, w_jax_nodev, "GD108", 40, "CUDA_VISIBLE_DEVICES hides the GPUs",
      "echo \"$CUDA_VISIBLE_DEVICES\"" },
    { LE_TORCH_PRELOAD, w_always, "GD216", 58, "the environment is half-installed (an nvidia-* wheel removed or "
      "replaced)", "pip list | grep -i nvidia-" },
    { LE_NO_KERNEL_IMAGE, w_kernel_image_jax, "GD208", 70, "the driver is older than the CUDA jaxlib was built with, "
      "so XLA's PTX cannot be loaded", "nvidia-smi (CUDA Version) vs pip list | grep jax-cuda" },
    { LE_NO_KERNEL_IMAGE, w_kernel_image, "GD208", 35, "the driver is too old for the PTX in this build",
      "nvidia-smi (CUDA Version)" },
    { LE_NCCL_SHM, w_shm_perm, "GD402", 60, "the shared-memory segment could not be opened (permissions, or "
      "processes in different IPC namespaces)", "ls -l /dev/shm; run every rank in one container or with --ipc=host" },
    { LE_NCCL_SYSERR, w_syserr, "GD402", 38, "another system call failed (sockets, peer access): NCCL_DEBUG=INFO "
      "tells", "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALL" },
    { LE_CUDA_HOME_UNSET, w_always, "GD204", 40, "the toolkit is installed but not where the build looks",
      "ls -d /usr/local/cuda*; which nvcc" },
    { LE_NO_CUDA_GPUS, w_no_cvd_hidden, "GD403", 45, "no GPU is usable here (a container without --gpus, a GPU in "
      "another mode)", "nvidia-smi -L (in the same shell or container)" },
};

static void alt_hit(struct ctx *c, const char *code, int score, const char *why, const char *tell, enum log_ev ev)
{
    const struct log_hit *h = first_hit(c, ev);
    alt(c, code, score, why, tell, h ? h->line : 0, h ? h->text : NULL);
}

static void apply_rows(struct ctx *c)
{
    size_t i;
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const struct row *r = &rows[i];
        const struct finding_code *fc = finding_code_find(r->code);
        struct finding *fd;
        if (!cnt(c, r->ev) || !r->when(c))
            continue;
        fd = cause_of(c, r->code, NULL);
        if (!fd && r->also)
            fd = cause_of(c, r->also, NULL);
        if (!fd && fc && c->n_causes)
            fd = cause_of(c, NULL, fc->kind);
        if (fd && (fd_index(c, fd) >= MAX_SCORED || c->judged[fd_index(c, fd)])) {
            /* a judge decided it from the log's facts: the message is its evidence, and
             * how sure the message is of its own cause calibrates it (the surest message,
             * when several) */
            size_t k = fd_index(c, fd);
            quote_ev(c, fd, r->ev);
            if (strcmp(fd->code, r->code)) {
                set_tell(c, fd, r->tell);
                continue;   /* another cause the same facts show (WSL2's libcuda for "no driver") */
            }
            if (k < MAX_SCORED && c->judged[k] == 1) {
                set_score(c, fd, r->score);
                c->judged[k] = 2;
            } else if (r->score > get_score(c, fd)) {
                set_score(c, fd, r->score);
            }
            set_tell(c, fd, r->tell);
            continue;
        }
        if (fd && !strcmp(fd->code, r->code)) {
            quote_ev(c, fd, r->ev);   /* another row raised it already */
            continue;
        }
        fd = cause(c, r->code, r->sev, expand(c, r->title, &c->lf->ev[r->ev]));
        set_score(c, fd, r->score);
        set_tell(c, fd, r->tell);
        quote_ev(c, fd, r->ev);
        apply_fix(c, fd, r->fix, r->fw);
    }
    for (i = 0; i < sizeof(alt_rows) / sizeof(alt_rows[0]); i++) {
        const struct alt_row *a = &alt_rows[i];
        if (cnt(c, a->ev) && a->when(c))
            alt_hit(c, a->code, a->score, a->why, a->tell, a->ev);
    }
}

/* ---- rows with more to say: the log's context decides the title or the score ---- */

/* A CUDA_VISIBLE_DEVICES value that names devices ("1", "0,1", "GPU-..."). */
static int cvd_names_devices(const char *v)
{
    return v && *v && strcmp(v, "-1") && !(v[0] == '-' && v[1] == '1');
}

/* "No CUDA GPUs are available": the driver answered and counted none. */
static void rule_no_cuda_gpus(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    int named = cvd_names_devices(lf->cvd.v);
    if (!cnt(c, LE_NO_CUDA_GPUS) || cnt(c, LE_CVD_HIDDEN))
        return;
    if ((fd = cause_of(c, "GD108", NULL)) != NULL) {
        quote_ev(c, fd, LE_NO_CUDA_GPUS);
        return;
    }
    fd = cause(c, "GD108", SEV_ERROR,
               named ? arena_printf(c->out->arena, "CUDA_VISIBLE_DEVICES=%s names no GPU this machine has (they count "
                                    "from 0), so CUDA sees none", lf->cvd.v)
                     : "the driver answered but CUDA counted no GPU: most often CUDA_VISIBLE_DEVICES (set in the "
                       "script or by a --gpu option) names a GPU that does not exist");
    set_score(c, fd, named ? 85 : 60);
    quote_ev(c, fd, LE_NO_CUDA_GPUS);
    quote_val(c, fd, &lf->cvd);
    quote_val(c, fd, &lf->command);
    set_tell(c, fd, "echo \"$CUDA_VISIBLE_DEVICES\"; nvidia-smi -L");
    fixes_visible_devices(&c->fx, c->out, fd);
}

/*
 * A library finding the judges made where a message explains more (Paddle's
 * loader path, a pip wheel off the path, torch's preload): a symptom, ranked
 * below its explanation.
 */
static void lower_missing(struct ctx *c, const char *name)
{
    size_t i, j;
    for (i = 0; i < c->out->nr && i < MAX_SCORED; i++) {
        const struct finding *fd = &c->out->v[i];
        if (!c->judged[i] || (strcmp(fd->code, "GD201") && strcmp(fd->code, "GD202") && strcmp(fd->code, "GD203")))
            continue;
        for (j = 0; j < fd->n_evidence; j++)
            if (has(fd->evidence[j].text, name) || has(fd->title, name))
                c->score[i] = 55;
    }
}

/* Paddle's loader looks on LD_LIBRARY_PATH only, and says so. */
static void rule_paddle_libs(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && lf->libs[i].via && !strcmp(lf->libs[i].via, "paddle"))
            break;
    if (i == lf->n_libs)
        return;
    fd = cause(c, "GD204", SEV_ERROR, "");
    fd->title = arena_printf(c->out->arena, "PaddlePaddle could not load %s: it looks on LD_LIBRARY_PATH, which "
                             "does not name its directory", lf->libs[i].name);
    set_score(c, fd, 72);
    lower_missing(c, lf->libs[i].name);
    quote_line(c, fd, lf->libs[i].line, lf->libs[i].text);
    quote_val(c, fd, &lf->ld_library_path);
    set_tell(c, fd, "find / -name 'libcud*.so*' 2>/dev/null; echo $LD_LIBRARY_PATH");
    apply_fix(c, fd, FX_LOADER_PATH, NULL);
}

/* A library the log shows missing while the wheel that carries it is listed. */
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
 * The log lists pip's wheel of a library that did not load: the library is
 * installed, the loader does not look in site-packages/nvidia.  The judges
 * decide that from the wheel's directory listing, which a log does not
 * have: a hypothesis, with what tells.
 */
static void rule_pip_wheel(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    size_t i;
    for (i = 0; i < lf->n_libs; i++) {
        const struct log_lib *l = &lf->libs[i];
        const struct log_pkg *w;
        struct finding *fd;
        if (l->ok || !(w = pip_wheel_for(c, l->name)) || has(l->name, "libcuda.so") || cnt(c, LE_TORCH_PRELOAD))
            continue;
        fd = cause(c, "GD205", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "%s is installed from pip (%s %s), but the loader does not look in "
                                 "site-packages/nvidia", l->name, w->name, w->version);
        set_score(c, fd, 83);
        lower_missing(c, l->name);
        quote_line(c, fd, l->line, l->text);
        quote_line(c, fd, w->line, w->text);
        set_tell(c, fd, "python -c 'import nvidia, os; print(os.listdir(nvidia.__path__[0]))'; echo $LD_LIBRARY_PATH");
        apply_fix(c, fd, FX_FRAMEWORK, NULL);
        return;
    }
}

/* The CUDA compiler (NVRTC, nvcc, ptxas) cannot compile for this GPU. */
static void rule_compiler_arch(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    const char *sm = lf->ev[LE_COMPILER_ARCH].a, *lo = NULL, *hi = NULL;
    const char *cuda = lf->cuda_version.v ? lf->cuda_version.v : lf->torch_cuda.v;
    struct finding *fd;
    if (!cnt(c, LE_COMPILER_ARCH))
        return;
    fd = cause(c, "GD209", SEV_ERROR, "");
    fd->title = arena_printf(c->out->arena, "the CUDA compiler in use (NVRTC/nvcc) cannot compile for this GPU%s%s: "
                             "the GPU is newer or older than that CUDA release supports", sm ? " " : "", sm ? sm : "");
    quote_ev(c, fd, LE_COMPILER_ARCH);
    quote_val(c, fd, &lf->torch_version);
    quote_val(c, fd, &lf->gpu_name);
    if (cuda && kb_cuda_sm_range(c->in->kb, cuda, &lo, &hi) == 1)
        finding_evidence(c->out, fd, NULL, "CUDA %s compiles for %s to %s (cuda_sm table)", cuda, lo, hi);
    set_tell(c, fd, "python -c 'import torch; print(torch.version.cuda)'; ldconfig -p | grep nvrtc");
    apply_fix(c, fd, FX_FRAMEWORK, NULL);
    alt_hit(c, "GD206", 35, "another CUDA's NVRTC is found before the framework's own",
            "python -c 'import torch; print(torch.version.cuda)'; ldconfig -p | grep nvrtc", LE_COMPILER_ARCH);
}

/* A CUDA library's name: the runtime, cuDNN, the math libraries, NVRTC, CUPTI, NCCL. */
static int cuda_lib(const char *name)
{
    static const char *const stems[] = { "cud", "cublas", "cupti", "cufft", "curand", "cusolver", "cusparse",
                                         "nvrtc", "nvJitLink", "nvjitlink", "nccl", "nvToolsExt", NULL };
    const char *const *s;
    for (s = stems; *s; s++)
        if (has(name, *s))
            return 1;
    return 0;
}

/* Two copies of a CUDA library mixed: "undefined symbol: S, version libcudnn_xxx.so.8". */
static void rule_undefined_symbol(struct ctx *c)
{
    const struct log_event *e = &c->lf->ev[LE_UNDEFINED_SYMBOL];
    struct finding *fd;
    int dnn;
    if (!e->count || !(cuda_lib(e->a) || has(e->b, "cudnn") || has(e->b, "cublas")))
        return;
    dnn = has(e->a, "cudnn") || has(e->b, "cudnn");
    if (dnn) {
        fd = cause(c, "GD207", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "two different copies of cuDNN are mixed: a symbol of %s is missing",
                                 e->a ? e->a : "cuDNN");
        alt_hit(c, "GD109", 55, "two cuDNN installs are on the loader path, and the wrong one wins",
                "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH", LE_UNDEFINED_SYMBOL);
    } else {
        fd = cause(c, "GD206", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "two different copies of the CUDA libraries are mixed: a symbol of "
                                 "%s is missing", e->a ? e->a : "a CUDA library");
        set_score(c, fd, 75);
        quote_ev(c, fd, LE_UNDEFINED_SYMBOL);
        fd = cause(c, "GD109", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "two CUDA installs are mixed: %s resolves against another copy of %s",
                                 e->b ? e->b : "a symbol", e->a ? e->a : "its library");
        set_score(c, fd, 80);
        quote_val(c, fd, &c->lf->pip_nvidia);
        quote_val(c, fd, &c->lf->conda);
    }
    quote_ev(c, fd, LE_UNDEFINED_SYMBOL);
    finding_evidence(c->out, fd, NULL, "usually a system copy on LD_LIBRARY_PATH shadows the one the framework "
                     "installed with pip");
    set_tell(c, fd, "ldconfig -p | grep -E 'cudnn|cublas'; echo $LD_LIBRARY_PATH");
}

/* What a CUDA error number means for the user (CUDA 13.0 headers: driver_types.h, cuda.h). */
static const struct { long number; const char *meaning; } meanings[] = {
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
        if (er->number == 35 || er->number == 222) {
            /* cudaErrorInsufficientDriver, ...UnsupportedPtxVersion: the driver is older */
            if (!(fd = cause_of(c, "GD208", NULL))) {
                fd = cause(c, "GD208", SEV_ERROR, "the NVIDIA driver is older than the CUDA runtime or PTX the program uses");
                set_tell(c, fd, "nvidia-smi (CUDA Version) vs the framework's CUDA");
                apply_fix(c, fd, FX_DRIVER_UPGRADE, NULL);
            }
            quote_line(c, fd, er->line, er->text);
            if (os_is(c, "wsl"))
                alt(c, "GD110", 60, "on WSL2 the Windows driver provides CUDA: an outdated or broken Windows driver "
                    "(or Windows build) shows this way", "nvidia-smi inside WSL and on Windows; ls -l /usr/lib/wsl/lib",
                    er->line, er->text);
            else if (!c->os || os_is(c, "linux"))
                alt(c, "GD110", 35, "on WSL2: the Windows driver (or Windows build) lacks CUDA support for WSL",
                    "uname -r (\"microsoft\" = WSL); nvidia-smi on Windows", er->line, er->text);
            continue;
        }
        if (er->number == 209) {
            if (!(fd = cause_of(c, "GD209", NULL))) {
                fd = cause(c, "GD209", SEV_ERROR, "the framework has no code for this GPU (CUDA error 209)");
                apply_fix(c, fd, FX_FRAMEWORK, NULL);
            }
            quote_line(c, fd, er->line, er->text);
            continue;
        }
        if (er->number == 803)
            continue;   /* the driver mismatch rows quote it */
        if (er->number == 804) {
            fd = cause(c, "GD208", SEV_ERROR,
                       "the driver is older than the CUDA runtime, so its forward-compatibility libraries were used, "
                       "and this GPU does not support them (CUDA error 804)");
            set_score(c, fd, 72);
            quote_line(c, fd, er->line, er->text);
            quote_val(c, fd, &lf->driver_version);
            quote_val(c, fd, &lf->container);
            apply_fix(c, fd, FX_DRIVER_UPGRADE, NULL);
            alt(c, "GD402", 40, "cuda-compat is on the loader path although the driver is new enough",
                "echo $LD_LIBRARY_PATH | tr : '\\n' | grep compat", er->line, er->text);
            continue;
        }
        if (er->number == 100) {
            if (cnt(c, LE_CVD_HIDDEN) && (fd = cause_of(c, "GD108", NULL)) != NULL) {
                quote_line(c, fd, er->line, er->text);
            } else if (!cnt(c, LE_CVD_HIDDEN)) {
                fd = cause(c, "GD403", SEV_ERROR, "");
                fd->title = arena_printf(c->out->arena, "CUDA found no usable GPU (%s)", er->name);
                quote_line(c, fd, er->line, er->text);
                finding_evidence(c->out, fd, NULL, "causes: CUDA_VISIBLE_DEVICES empty or -1, a container started "
                                 "without GPUs, or on WSL2 a Linux libcuda shadowing /usr/lib/wsl/lib");
                set_tell(c, fd, "echo \"$CUDA_VISIBLE_DEVICES\"; nvidia-smi -L");
                finding_fix(c->out, fd, NULL, "In a container: start it with the GPUs", "docker run --gpus all ...");
                apply_fix(c, fd, FX_CHECK, NULL);
            }
            continue;
        }
        if (er->number == 34) {
            if (!(fd = cause_of(c, "GD106", NULL))) {
                fd = cause(c, "GD106", SEV_ERROR, "the CUDA toolkit's stub libcuda was loaded instead of the driver "
                           "(CUDA_ERROR_STUB_LIBRARY)");
                apply_fix(c, fd, FX_STUB, NULL);
            }
            quote_line(c, fd, er->line, er->text);
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
        quote_line(c, fd, er->line, er->text);
        if (er->number == 804)
            finding_fix(c->out, fd, "sh", "Take the cuda-compat directory off the loader path",
                        "echo \"$LD_LIBRARY_PATH\" | tr : '\\n' | grep compat");
        else if (er->number == 802)
            finding_fix(c->out, fd, "sh", "Start the fabric manager", "sudo systemctl enable --now nvidia-fabricmanager");
        else
            apply_fix(c, fd, FX_CHECK, NULL);
    }
    /* torch's "CUDA initialization: ..." warning without a cause of its own. */
    if (cnt(c, LE_CUDA_INIT_WARNING) && !c->n_causes) {
        fd = cause(c, "GD404", SEV_WARNING, "");
        fd->title = arena_printf(c->out->arena, "PyTorch could not initialise CUDA: %s",
                                 lf->ev[LE_CUDA_INIT_WARNING].a ? lf->ev[LE_CUDA_INIT_WARNING].a : "?");
        quote_ev(c, fd, LE_CUDA_INIT_WARNING);
        apply_fix(c, fd, FX_CHECK, NULL);
    }
}

/* ---- the log-only causes (GD4xx: check has no twin for them) ---- */

static const char *const framework_modules[] = {
    "torch", "tensorflow", "jax", "jaxlib", "onnxruntime", "cupy", "paddle", "keras", "tensorrt", NULL
};

/* The same variables for the log's shell: sh, or PowerShell and cmd (one group). */
static void shell_fix(struct ctx *c, struct finding *fd, const char *title, const char *sh, const char *ps,
                      const char *cm)
{
    unsigned g = 1;
    size_t i;
    if (strcmp(c->fx.os, "windows")) {
        finding_fix(c->out, fd, "sh", title, "%s", sh);
        return;
    }
    for (i = 0; i < fd->n_fixes; i++)
        if (fd->fixes[i].group >= g)
            g = fd->fixes[i].group + 1;
    finding_fix(c->out, fd, "powershell", title, "%s", ps);
    fd->fixes[fd->n_fixes - 1].group = g;
    finding_fix(c->out, fd, "cmd", title, "%s", cm);
    fd->fixes[fd->n_fixes - 1].group = g;
}

static void rule_log_only(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;

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
    if (cnt(c, LE_NCCL_SHM)) {
        fd = cause(c, "GD409", SEV_ERROR,
                   "the shared memory in /dev/shm is too small for NCCL or the DataLoader (Docker gives 64 MB)");
        quote_ev(c, fd, LE_NCCL_SHM);
        quote_val(c, fd, &lf->container);
        set_tell(c, fd, "df -h /dev/shm (64M is Docker's default)");
        finding_fix(c->out, fd, "sh", "Give the container the host's IPC namespace, or more shared memory",
                    "docker run --ipc=host ...   # or --shm-size=16g");
        finding_fix(c->out, fd, "sh", "Or let NCCL go without shared memory (slower)", "export NCCL_SHM_DISABLE=1");
        if (w_shm_perm(c))
            set_score(c, fd, 45);   /* not a size: the segment exists elsewhere or cannot be opened */
    }
    if (cnt(c, LE_NCCL_SYSERR) && !cnt(c, LE_NCCL_SHM)) {
        fd = cause(c, "GD409", SEV_ERROR,
                   "NCCL failed on a system call; in a container this is usually /dev/shm being too small");
        set_score(c, fd, lf->container.v ? 55 : 40);
        quote_ev(c, fd, LE_NCCL_SYSERR);
        set_tell(c, fd, "NCCL_DEBUG=INFO shows the call that failed; df -h /dev/shm");
        shell_fix(c, fd, "See which call failed", "NCCL_DEBUG=INFO python your_script.py",
                  "$env:NCCL_DEBUG = \"INFO\"\npython your_script.py", "set \"NCCL_DEBUG=INFO\"\npython your_script.py");
        finding_fix(c->out, fd, "sh", "In Docker, give it the host's IPC namespace", "docker run --ipc=host ...");
    }
    if ((fd = cause_of(c, "GD408", NULL)) != NULL && cnt(c, LE_DOCKER_NO_GPU))
        quote_val(c, fd, &lf->command);
    if (cnt(c, LE_EXT_CUDA_MISMATCH)) {
        const struct log_event *e = &lf->ev[LE_EXT_CUDA_MISMATCH];
        fd = cause(c, "GD410", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "a CUDA extension is being compiled with CUDA %s, but PyTorch was "
                                 "built with CUDA %s", e->a ? e->a : "?", e->b ? e->b : "?");
        quote_ev(c, fd, LE_EXT_CUDA_MISMATCH);
        quote_val(c, fd, &lf->torch_version);
        if (e->b)
            finding_fix(c->out, fd, "sh", "Point the build at a toolkit of PyTorch's CUDA version",
                        "export CUDA_HOME=/usr/local/cuda-%s", e->b);
        /* torch's cpp_extension refuses only another CUDA major: any build of the toolkit's major */
        if (e->a && strtol(e->a, NULL, 10) > 0)
            finding_fix(c->out, fd, NULL, "Or install a PyTorch build for the toolkit's CUDA major, or a prebuilt "
                        "wheel of the extension", "gpudoctor plan --framework torch --cuda %ld", strtol(e->a, NULL, 10));
    } else if (cnt(c, LE_CUDA_HOME_UNSET)) {
        fd = cause(c, "GD410", SEV_ERROR,
                   "a CUDA extension is being compiled, but no CUDA toolkit was found (CUDA_HOME is not set)");
        set_score(c, fd, 70);
        quote_ev(c, fd, LE_CUDA_HOME_UNSET);
        finding_fix(c->out, fd, "sh", "Install the toolkit of PyTorch's CUDA version and point CUDA_HOME at it",
                    "export CUDA_HOME=/usr/local/cuda");
    }
    if (cnt(c, LE_MODULE_MISSING) && lf->ev[LE_MODULE_MISSING].a) {
        const char *m = lf->ev[LE_MODULE_MISSING].a;
        for (i = 0; framework_modules[i]; i++) {
            size_t k = strlen(framework_modules[i]);
            if (!strncmp(m, framework_modules[i], k) && (m[k] == '\0' || m[k] == '.' || m[k] == '_'))
                break;
        }
        if (framework_modules[i]) {
            const char *fw = !strncmp(m, "jax", 3) ? "jax" : !strcmp(framework_modules[i], "keras") ? NULL
                                                                                                 : framework_modules[i];
            fd = cause(c, "GD411", SEV_ERROR, "");
            fd->title = arena_printf(c->out->arena, "'%s' is not installed in the Python that ran: another "
                                     "environment or kernel", m);
            quote_ev(c, fd, LE_MODULE_MISSING);
            quote_val(c, fd, &lf->command);
            framework_fix(c, fd, fw && strcmp(fw, "tensorrt") ? fw : NULL);
            alt_hit(c, "GD216", 40, "the package is installed but broken (a partial install or two versions)",
                    "python -m pip show -f <package>", LE_MODULE_MISSING);
        }
    }
}

/* No GPU in use, and no cause named: a container without GPUs, a batch job without one. */
static void rule_setting(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    int tf_empty = !cnt(c, LE_GPU_WORKS) &&
                   (cnt(c, LE_GPU_LIST_EMPTY) || (cnt(c, LE_TF_CPU_DEVICES) && !cnt(c, LE_TF_GPU_DEVICES)));
    if (c->n_causes || !(cnt(c, LE_TORCH_NO_GPU) || tf_empty || cnt(c, LE_SMI_FAILED) || cnt(c, LE_NO_CUDA_GPUS)))
        return;
    if (lf->container.v && !lf->docker_gpus.v && lf->command.v) {
        fd = cause(c, "GD408", SEV_ERROR, "the container was started without GPUs: docker run needs --gpus all (and "
                   "the NVIDIA Container Toolkit)");
        set_score(c, fd, 62);
        quote_val(c, fd, &lf->command);
        quote_ev(c, fd, LE_TORCH_NO_GPU);
        finding_fix(c->out, fd, "sh", "Start it with the GPUs", "docker run --gpus all ...");
    } else if (lf->cluster.v) {
        fd = cause(c, "GD403", SEV_ERROR, "the batch job has no GPU: it ran on a node (or in an allocation) without one");
        set_score(c, fd, 65);
        quote_val(c, fd, &lf->cluster);
        quote_ev(c, fd, LE_TORCH_NO_GPU);
        quote_ev(c, fd, LE_SMI_FAILED);
        finding_fix(c->out, fd, "sh", "Ask the scheduler for a GPU", "srun --gpus=1 ...   # or #SBATCH --gres=gpu:1");
    }
}

/* TensorFlow with its loader's messages switched on (log-only advice: the log hides them). */
static void tf_verbose_fix(struct ctx *c, struct finding *fd, const char *title)
{
    shell_fix(c, fd, title, "TF_CPP_MIN_LOG_LEVEL=0 TF_CPP_MAX_VLOG_LEVEL=3 python your_script.py",
              "$env:TF_CPP_MIN_LOG_LEVEL = \"0\"; $env:TF_CPP_MAX_VLOG_LEVEL = \"3\"\npython your_script.py",
              "set \"TF_CPP_MIN_LOG_LEVEL=0\"\nset \"TF_CPP_MAX_VLOG_LEVEL=3\"\npython your_script.py");
}

/*
 * The framework fell back to the CPU and nothing named a cause: what the
 * log cannot tell, ranked, with what would tell.
 */
static void rule_no_gpu_unexplained(struct ctx *c)
{
    const struct log_facts *lf = c->lf;
    const struct kb *kb = c->in->kb;
    struct finding *fd;
    int mac = os_is(c, "macos"), win = os_is(c, "windows");
    int tf_empty = !cnt(c, LE_GPU_WORKS) &&
                   (cnt(c, LE_GPU_LIST_EMPTY) || (cnt(c, LE_TF_CPU_DEVICES) && !cnt(c, LE_TF_GPU_DEVICES)));

    if (c->n_causes || cnt(c, LE_GPU_WORKS))
        return;
    if (cnt(c, LE_TF_SKIP_GPU)) {
        fd = cause(c, "GD404", SEV_WARNING,
                   "TensorFlow skipped the GPU because some CUDA library did not load; the log does not name it");
        quote_ev(c, fd, LE_TF_SKIP_GPU);
        shell_fix(c, fd, "Rerun with the loader's messages switched on to see which library",
                  "TF_CPP_MAX_VLOG_LEVEL=3 python your_script.py 2>&1 | grep dso_loader",
                  "$env:TF_CPP_MAX_VLOG_LEVEL = \"3\"\npython your_script.py 2>&1 | Select-String dso_loader",
                  "set \"TF_CPP_MAX_VLOG_LEVEL=3\"\npython your_script.py 2>&1 | findstr dso_loader");
        apply_fix(c, fd, FX_CHECK, NULL);
        if (pip_wheel_for(c, "cudnn"))
            alt_hit(c, "GD205", 45, "the nvidia-* pip wheels are installed, but this TensorFlow does not find them "
                    "(some releases lack the RUNPATH into site-packages/nvidia)",
                    "ls $(python -c 'import nvidia; print(nvidia.__path__[0])')", LE_TF_SKIP_GPU);
        alt_hit(c, "GD201", 40, "a CUDA library TensorFlow needs is not installed", "TF_CPP_MAX_VLOG_LEVEL=3 python -c "
                "\"import tensorflow\" 2>&1 | grep dso_loader", LE_TF_SKIP_GPU);
        return;
    }
    if (!(tf_empty || cnt(c, LE_TORCH_NO_GPU) || cnt(c, LE_JAX_NO_GPU) || cnt(c, LE_JAX_BACKEND_FAIL) ||
          cnt(c, LE_MPS_UNAVAILABLE)))
        return;
    if (mac || (cnt(c, LE_MPS_UNAVAILABLE) && !win)) {
        const char *mps_macos;
        fd = cause(c, "GD214", SEV_ERROR,
                   "this is a Mac: there is no CUDA; the GPU is reached through Metal (tensorflow-metal, PyTorch's MPS)");
        set_score(c, fd, 75);
        quote_val(c, fd, &lf->os_macos);
        quote_ev(c, fd, LE_MPS_UNAVAILABLE);
        quote_ev(c, fd, LE_GPU_LIST_EMPTY);
        quote_ev(c, fd, LE_TORCH_NO_GPU);
        finding_fix(c->out, fd, NULL,
                    kb_pkg_fact_current(kb, "torch", "mps_min_macos", &mps_macos, NULL) == 1
                        ? arena_printf(c->out->arena, "PyTorch: use the mps device (macOS %s or newer)", mps_macos)
                        : "PyTorch: use the mps device", "device = torch.device(\"mps\")");
        finding_fix(c->out, fd, NULL, "TensorFlow: Apple's Metal plugin, next to the TensorFlow it pairs with",
                    "https://developer.apple.com/metal/tensorflow-plugin/");
        return;
    }
    if (cnt(c, LE_JAX_NO_GPU) && !cnt(c, LE_JAX_BACKEND_FAIL)) {
        /* Older JAX prints only this when jaxlib has no CUDA at all; a CUDA jaxlib or
         * plugin that fails also prints the backend error. */
        fd = cause(c, "GD211", SEV_ERROR, "JAX fell back to the CPU without a CUDA backend error: a CPU-only jaxlib");
        set_score(c, fd, 65);
        quote_ev(c, fd, LE_JAX_NO_GPU);
        quote_val(c, fd, &lf->jaxlib_version);
        set_tell(c, fd, "pip list | grep -i jax (a +cuda jaxlib or a jax-cuda plugin?)");
        apply_fix(c, fd, FX_FRAMEWORK, "jax");
        if (win)
            alt(c, "GD212", 60, "JAX has no GPU build for native Windows: use WSL2", "wsl --install",
                lf->os_windows.line, lf->os_windows.text);
        alt_hit(c, "GD201", 30, "jaxlib has CUDA, but a CUDA library did not load (rerun with TF_CPP_MIN_LOG_LEVEL=0)",
                "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py", LE_JAX_NO_GPU);
        return;
    }
    if (tf_empty) {
        const struct log_hit *h = first_hit(c, cnt(c, LE_GPU_LIST_EMPTY) ? LE_GPU_LIST_EMPTY : LE_TF_CPU_DEVICES);
        const struct framework_build *tf = log_fw(c, "tensorflow");
        struct kb_tf_build wb;
        int win_cpu_only = tf && tf->version && kb_tf_build(kb, tf->version, "windows", &wb) == 1 && !wb.cuda;
        int win_score = win ? 70 : (!c->os ? (win_cpu_only || !(tf && tf->version) ? 50 : 20) : 0);
        const char *tf_win_last = kb_tf_last_windows_gpu(kb);
        fd = cause(c, "GD404", SEV_WARNING,
                   "TensorFlow lists no GPU, and the log does not say why (it hides the loader's messages by default)");
        set_score(c, fd, 20);
        quote_ev(c, fd, LE_GPU_LIST_EMPTY);
        quote_ev(c, fd, LE_TF_CPU_DEVICES);
        tf_verbose_fix(c, fd, "TensorFlow hides the reason at the default log level: rerun with");
        apply_fix(c, fd, FX_CHECK, NULL);
        if (win_score)
            alt(c, "GD212", win_score,
                tf_win_last ? arena_printf(c->out->arena, "TensorFlow after %s has no GPU build for native Windows "
                                           "(WSL2 or TensorFlow %s are the ways)", tf_win_last, tf_win_last)
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
    apply_fix(c, fd, FX_CHECK, NULL);
    if (cnt(c, LE_TORCH_NO_GPU)) {
        alt_hit(c, "GD211", 28, "this PyTorch is a CPU-only build (+cpu, or PyPI's wheel on Windows)",
                "python -c \"import torch; print(torch.__version__, torch.version.cuda)\"", LE_TORCH_NO_GPU);
        alt_hit(c, "GD208", 26, "the driver is older than this PyTorch's CUDA", "nvidia-smi (CUDA Version)",
                LE_TORCH_NO_GPU);
    }
}

/* Harmless lines (GD401, never a cause), with the source that prints each. */
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
        if (lf->libs[i].ok || !has(lf->libs[i].name, "nvinfer"))
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
        fd = findings_add(c->out, "GD406", SEV_INFO, "the log ends in a Python exception that is not a known GPU "
                          "problem: %s", lf->ev[LE_EXCEPTION].a ? lf->ev[LE_EXCEPTION].a : "?");
        quote_ev(c, fd, LE_EXCEPTION);
    }
    fd = findings_add(c->out, "GD405", SEV_INFO, "%s", "no cause of a GPU problem was found in this log");
    finding_evidence(c->out, fd, NULL, "%lu lines read; %s", lf->lines,
                     lf->driver_version.v ? "driver version shown" : "no driver version in the log");
    if (!c->env || !c->env->n_frameworks)
        finding_evidence(c->out, fd, NULL, "the log does not show which framework runs");
    finding_fix(c->out, fd, NULL, "Run gpudoctor on the machine that wrote the log", "gpudoctor check");
    if (!cnt(c, LE_TF_DLOPEN_FAIL) && !cnt(c, LE_TF_DLOPEN_OK))
        tf_verbose_fix(c, fd, "For TensorFlow, a log with the library loader's messages says more");
}

/* ---- ranking ---- */

/* Each finding's log lines first (in the order found), then what the judges inferred. */
static void lines_first(struct ctx *c)
{
    size_t i, j, w;
    for (i = 0; i < c->out->nr; i++) {
        struct finding *fd = &c->out->v[i];
        struct evidence *tmp;
        if (fd->n_evidence < 2)
            continue;
        tmp = xcalloc(fd->n_evidence, sizeof(*tmp));
        for (j = w = 0; j < fd->n_evidence; j++)
            if (fd->evidence[j].line)
                tmp[w++] = fd->evidence[j];
        for (j = 0; j < fd->n_evidence; j++)
            if (!fd->evidence[j].line)
                tmp[w++] = fd->evidence[j];
        memcpy(fd->evidence, tmp, fd->n_evidence * sizeof(*tmp));
        free(tmp);
    }
}

/* Order: causes by confidence (stable), then the informational findings. */
static void order_findings(struct ctx *c)
{
    struct findings *fl = c->out;
    struct finding *tmp;
    int key[MAX_SCORED * 4], k;
    const char *tell[MAX_SCORED];
    unsigned char jd[MAX_SCORED];
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
        if (i < MAX_SCORED) {
            tell[i] = idx[i] < MAX_SCORED ? c->tell[idx[i]] : NULL;
            jd[i] = idx[i] < MAX_SCORED ? c->judged[idx[i]] : 0;
        }
    }
    memcpy(fl->v, tmp, n * sizeof(*tmp));
    for (i = 0; i < n && i < MAX_SCORED; i++) {
        k = key[idx[i]];
        c->score[i] = k < 0 ? 0 : k;
        c->tell[i] = tell[i];
        c->judged[i] = jd[i];
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
static void hyp_offer(struct explain_hypothesis *all, size_t *n, size_t cap, const struct explain_hypothesis *h)
{
    size_t i;
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
        h.judged = i < MAX_SCORED ? c->judged[i] : 0;
        for (j = 0; j < fd->n_evidence; j++)
            hyp_line(&h, fd->evidence[j].line, fd->evidence[j].text);
        hyp_offer(all, &n, cap, &h);
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
        hyp_offer(all, &n, cap, &h);
    }
    if (!n) {
        /* Nothing wrong is shown: the harmless lines are what the log is about. */
        memset(&h, 0, sizeof(h));
        if (noise) {
            h.kind = "harmless_noise";
            h.code = "GD401";
            h.confidence = 40;
            h.why = "the alarming lines in this log are harmless; nothing in it stops the GPU";
            for (i = 0; i < fl->nr; i++)
                if (!strcmp(fl->v[i].kind, "harmless_noise"))
                    for (j = 0; j < fl->v[i].n_evidence; j++)
                        hyp_line(&h, fl->v[i].evidence[j].line, fl->v[i].evidence[j].text);
            hyp_offer(all, &n, cap, &h);
        }
        memset(&h, 0, sizeof(h));
        h.kind = "other";
        h.code = exc ? "GD406" : "GD405";
        h.confidence = exc ? 25 : 10;
        h.why = exc ? "the log ends in an exception that is not a known GPU problem"
                    : "no cause of a GPU problem was found in this log";
        h.tell = "gpudoctor check (on the machine that wrote the log)";
        hyp_offer(all, &n, cap, &h);
    }
    /* Stable sort by confidence. */
    for (i = 1; i < n; i++) {
        h = all[i];
        for (j = i; j > 0 && all[j - 1].confidence < h.confidence; j--)
            all[j] = all[j - 1];
        all[j] = h;
    }
    res->n_ranked = n < EXPLAIN_MAX_RANKED ? n : EXPLAIN_MAX_RANKED;
    res->n = n < EXPLAIN_MAX_HYP ? n : EXPLAIN_MAX_HYP;
    for (i = 0; i < res->n_ranked; i++)
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

/* The log's OS as its facts say (scan/logscan.c weighs the hints), and the line that shows it. */
static const char *log_os(const struct ctx *c, long *line)
{
    const struct sys_facts *y = &c->f->system;
    const struct log_facts *lf = c->lf;
    *line = 0;
    if (y->wsl == 2) {
        *line = lf->os_wsl.line;
        return "wsl";
    }
    if (!y->os)
        return NULL;
    *line = !strcmp(y->os, "windows") ? lf->os_windows.line : !strcmp(y->os, "macos") ? lf->os_macos.line
                                                                                       : lf->os_linux.line;
    return y->os;
}

void explain_rules(const struct explain_input *in, struct findings *out, struct explain_result *res)
{
    struct ctx c;
    long line;

    memset(&c, 0, sizeof(c));
    c.in = in;
    c.lf = in->log;
    c.f = in->facts;
    c.out = out;
    c.os = log_os(&c, &line);
    c.env = c.f->n_pyenvs ? &c.f->pyenvs[0] : NULL;
    fix_ctx_from_facts(&c.fx, c.f, in->kb, out->arena);

    judged(&c);
    missing_alternatives(&c);
    apply_rows(&c);
    rule_no_cuda_gpus(&c);
    if (cnt(&c, LE_TORCH_PRELOAD)) {
        size_t i;   /* torch went looking for its pip wheels after these failed: the preload explains them */
        for (i = 0; i < c.lf->n_libs; i++)
            if (!c.lf->libs[i].ok)
                lower_missing(&c, c.lf->libs[i].name);
    }
    rule_paddle_libs(&c);
    rule_pip_wheel(&c);
    rule_compiler_arch(&c);
    rule_undefined_symbol(&c);
    rule_cuda_errors(&c);
    rule_log_only(&c);
    rule_setting(&c);
    rule_no_gpu_unexplained(&c);
    rule_noise(&c);
    rule_nothing_found(&c);
    lines_first(&c);
    order_findings(&c);
    if (res) {
        memset(res, 0, sizeof(*res));
        res->os = c.os;
        res->os_line = line;
        if (rank(&c, res))
            promote(&c, &res->hyp[0]);
        if (res->n)
            res->hyp[0].tell = NULL;   /* the top one is the answer, not an alternative */
    }
}
