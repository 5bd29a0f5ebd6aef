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
#include "diagnose/explain_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "diagnose/fixes_container.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_node.h"
#include "diagnose/lookup.h"
#include "kb/kb.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

unsigned long explain_cnt(const struct explain_ctx *c, enum log_ev ev)
{
    return c->lf->ev[ev].count;
}

int explain_has(const char *s, const char *needle)
{
    return s && strstr(s, needle) != NULL;
}

int explain_os_is(const struct explain_ctx *c, const char *os)
{
    return c->os && !strcmp(c->os, os);
}

void explain_quote_line(struct explain_ctx *c, struct finding *fd, long line, const char *text)
{
    size_t i;
    if (!line || !text)
        return;
    for (i = 0; i < fd->n_evidence; i++)
        if (fd->evidence[i].line == line)
            return;   /* that line is quoted already */
    finding_evidence_line(c->out, fd, line, text);
}

void explain_quote_ev(struct explain_ctx *c, struct finding *fd, enum log_ev ev)
{
    const struct log_event *e = &c->lf->ev[ev];
    size_t i;
    for (i = 0; i < e->n_hits; i++)
        explain_quote_line(c, fd, e->hits[i].line, e->hits[i].text);
    if (e->count > e->n_hits)
        finding_evidence(c->out, fd, NULL, "... and %lu more such line(s)", e->count - e->n_hits);
}

void explain_quote_val(struct explain_ctx *c, struct finding *fd, const struct log_value *v)
{
    if (v->v)
        explain_quote_line(c, fd, v->line, v->text);
}

/*
 * How sure a cause is when nothing more specific says: a message that
 * names its cause outright is near-certain; a library that did not load is
 * strong; a CUDA error name, a fallback to the CPU or an exception without
 * a known cause are weak.  The rows below set their own.
 */
static int explain_default_score(const char *code, enum severity sev)
{
    static const struct { const char *code; int score; } base[] = {
        { "GD101", 85 }, { "GD103", 90 }, { "GD104", 90 }, { "GD105", 85 }, { "GD106", 85 },
        { "GD107", 85 }, { "GD108", 85 }, { "GD109", 75 }, { "GD110", 85 }, { "GD201", 80 },
        { "GD202", 80 }, { "GD203", 78 }, { "GD204", 75 }, { "GD205", 78 }, { "GD206", 82 },
        { "GD207", 84 }, { "GD208", 86 }, { "GD209", 86 }, { "GD210", 40 }, { "GD211", 90 },
        { "GD212", 90 }, { "GD213", 90 }, { "GD214", 92 }, { "GD216", 70 }, { "GD402", 50 }, { "GD412", 78 },
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

static size_t explain_fd_index(const struct explain_ctx *c, const struct finding *fd)
{
    return (size_t)(fd - c->out->v);
}

void explain_set_score(struct explain_ctx *c, const struct finding *fd, int score)
{
    size_t i = explain_fd_index(c, fd);
    if (i < MAX_SCORED)
        c->score[i] = score;
}

int explain_get_score(const struct explain_ctx *c, const struct finding *fd)
{
    size_t i = explain_fd_index(c, fd);
    return i < MAX_SCORED ? c->score[i] : 1;
}

/* What tells this cause apart from the others (the engine's look for the log's OS), shown when it is an alternative. */
void explain_set_tell(struct explain_ctx *c, const struct finding *fd, enum fix_tool t, const char *arg)
{
    size_t i = explain_fd_index(c, fd);
    if (i < MAX_SCORED && !c->tell[i].text) {
        c->tell[i].tool = t;
        c->tell[i].arg = arg;
        c->tell[i].text = fixes_tell(&c->fx, c->out, t, arg);
    }
}

struct finding *explain_cause(struct explain_ctx *c, const char *code, enum severity sev, const char *title)
{
    struct finding *fd;
    if (sev >= SEV_WARNING)
        c->n_causes++;
    fd = findings_add(c->out, code, sev, "%s", title);
    explain_set_score(c, fd, explain_default_score(code, sev));
    return fd;
}

struct finding *explain_msg_cause(struct explain_ctx *c, const char *code, enum severity sev, const char *title,
                                  int score, enum log_ev ev, enum fix_tool t, const char *arg)
{
    struct finding *fd = explain_cause(c, code, sev, title);
    explain_set_score(c, fd, score);
    explain_quote_ev(c, fd, ev);
    if (t != FIX_TOOL_N)
        explain_set_tell(c, fd, t, arg);
    return fd;
}

/* An alternative cause the log cannot rule out, with what would tell it apart. */
void explain_alt(struct explain_ctx *c, const char *code, int score, const char *why, enum fix_tool t,
                 const char *arg, long line, const char *text)
{
    const struct finding_code *fc = finding_code_find(code);
    struct explain_alt *a;
    if (!fc || c->n_alts >= MAX_ALTS)
        return;
    if (!strcmp(code, "GD102") && c->f->n_gpus)
        return;   /* the log shows the GPU: "no GPU at all" is ruled out */
    a = &c->alts[c->n_alts++];
    a->kind = fc->kind;
    a->code = code;
    a->score = score;
    a->why = why;
    a->tell_tool = t;
    a->tell_arg = arg;
    a->tell = fixes_tell(&c->fx, c->out, t, arg);
    a->line = line;
    a->text = text;
}

const struct log_hit *explain_first_hit(const struct explain_ctx *c, enum log_ev ev)
{
    const struct log_event *e = &c->lf->ev[ev];
    return e->n_hits ? &e->hits[0] : NULL;
}

/* The finding of this code (or kind) that is a cause, or NULL. */
struct finding *explain_cause_of(struct explain_ctx *c, const char *code, const char *kind)
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
const struct framework_build *explain_log_fw(const struct explain_ctx *c, const char *name)
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
static void judged(struct explain_ctx *c)
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
        fd = explain_cause(c, s->code, s->severity, s->title);
        fd->subject = s->subject;
        if (s->severity == SEV_WARNING)
            explain_set_score(c, fd, explain_default_score(s->code, SEV_WARNING) - 20);   /* a judge's "possibly" */
        /* the log's lines of the libraries it names come first */
        for (k = 0; k < c->lf->n_libs; k++) {
            const struct log_lib *l = &c->lf->libs[k];
            int named = explain_has(s->title, l->name);
            for (j = 0; j < s->n_evidence && !named; j++)
                named = explain_has(s->evidence[j].text, l->name);
            if (named)
                explain_quote_line(c, fd, l->line, l->text);
        }
        if (explain_fd_index(c, fd) < MAX_SCORED)
            c->judged[explain_fd_index(c, fd)] = 1;
        for (j = 0; j < s->n_evidence; j++) {
            const struct evidence *e = &s->evidence[j];
            long line = facts_log_line(e->path);
            if (line) {
                finding_evidence_line(c->out, fd, line, e->text);
                fd->evidence[fd->n_evidence - 1].path = NULL;
            } else {
                finding_evidence(c->out, fd, e->path, "%s", e->text);
            }
        }
        for (k = 0; k < s->n_fixes; k++) {
            fixes_copy(c->out, fd, &s->fixes[k]);
        }
    }
    diagnosis_release(&dx);
}

/*
 * A library the judges found missing, where the log cannot show why:
 * installed elsewhere, or only in another version (the judges decide that
 * from directory listings a log does not have).  What would tell.
 */
/* "2024-05-22" -> months since year 0, or -1. */
long explain_months_of(const char *d)
{
    char *end;
    long y, m;
    if (!d)
        return -1;
    y = strtol(d, &end, 10);
    if (end != d + 4 || *end != '-')
        return -1;
    m = strtol(end + 1, &end, 10);
    return m >= 1 && m <= 12 ? y * 12 + m - 1 : -1;
}

/*
 * The CUDA line the library name implies had its successor out at least
 * half a year before the log's date (its first timestamp): a machine of that
 * date most likely has the newer toolkit, and the build wants the old one.
 * Fills *why; 1 when so.
 */
static int superseded_line(struct explain_ctx *c, const char *name, const char **why)
{
    char line[16];
    const char *next, *released;
    long logm, relm;
    if (!c->lf->date.v || !log_lib_cuda_line(name, line, sizeof(line)) ||
        kb_cuda_successor(c->in->kb, line, &next, &released) != 1)
        return 0;
    logm = explain_months_of(c->lf->date.v);
    relm = explain_months_of(released);
    if (logm < 0 || relm < 0 || logm < relm + 6)
        return 0;
    *why = arena_printf(c->out->arena, "%s belongs to CUDA %s, which CUDA %s replaced (%.7s) well before this log "
                        "(%s): the machine most likely has the newer toolkit, and this build wants the older one",
                        name, line, next, released, c->lf->date.v);
    return 1;
}

/*
 * Up to CUDA 10.2 the runtime, and up to 10.0 every CUDA library, carried
 * the toolkit's minor in its file name (libcublas.so.9.0, cudart64_101.dll):
 * a toolkit of any other minor, even 9.1 for 9.0, does not provide it, and
 * the frameworks of that time pinned one minor each.  A missing library of
 * that kind is most often another CUDA installed (TensorFlow 1.x's issue
 * threads), so "another version" ranks above "missing".  Fills *why.
 */
static int minor_soname(struct explain_ctx *c, const char *name, const char **why)
{
    char line[16];
    /* not the runtime itself: a machine without any CUDA fails on cudart first (TensorFlow's stub
       even says to ignore it without a GPU), so there "missing" stays first */
    if (!log_lib_cuda_line(name, line, sizeof(line)) || !strchr(line, '.') || explain_has(name, "cudart"))
        return 0;
    *why = arena_printf(c->out->arena, "%s is CUDA %s's own file name: a toolkit of any other version (even another "
                        "minor) does not provide it, and this build wants exactly CUDA %s", name, line, line);
    return 1;
}

/*
 * cuDNN's first lines each lived about a year (the cuDNN Archive: 5.x in
 * 2016, 6.0 in April 2017, 7.0 by August 2017), and the builds of that time
 * pinned one major in the file name they load: TensorFlow 1.0-1.2 wanted
 * libcudnn.so.5, 1.3-1.4 libcudnn.so.6 (tensorflow.org's tested build
 * configurations), while the install docs and machines moved on.  A build
 * that misses libcudnn.so.5 or .so.6 (cudnn64_5.dll, cudnn64_6.dll) most
 * often finds another cuDNN than the one it pins, so "another version" ranks
 * above "missing".  Fills *why; 1 when so.
 */
static int old_cudnn_major(struct explain_ctx *c, const char *name, const char **why)
{
    const char *p = strstr(name, "libcudnn.so.");
    int major;
    if (p)
        p += strlen("libcudnn.so.");
    else if ((p = strstr(name, "cudnn64_")) != NULL)
        p += strlen("cudnn64_");
    else
        return 0;
    if (*p < '1' || *p > '6' || (p[1] >= '0' && p[1] <= '9'))
        return 0;
    major = *p - '0';
    *why = arena_printf(c->out->arena, "%s is cuDNN %d's file name: builds of 2016-2017 pinned that major, and "
                        "the next majors replaced it within about a year, so the machine most likely has another "
                        "cuDNN than the one this build wants", name, major);
    return 1;
}

/* TensorRT's libraries by file name: libnvinfer.so.N, libnvinfer_plugin.so.N, libnvonnxparser.so.N,
 * libnvparsers.so.N (Linux), nvinfer.dll, nvinfer_10.dll, nvonnxparser.dll (Windows). */
static int tensorrt_lib(const char *name)
{
    return !strncmp(name, "libnvinfer", 10) || !strncmp(name, "libnvonnxparser", 15) ||
           !strncmp(name, "libnvparsers", 12) || !strncmp(name, "nvinfer", 7) || !strncmp(name, "nvonnxparser", 12);
}

static void missing_alternatives(struct explain_ctx *c)
{
    size_t i, j;
    const char *why;
    /* no driver, judged from a library that did not load: no GPU at all, or WSL2 */
    if ((i = (size_t)(explain_cause_of(c, "GD101", NULL) ? explain_cause_of(c, "GD101", NULL) - c->out->v : 0)) < MAX_SCORED &&
        explain_cause_of(c, "GD101", NULL) && c->judged[i] && !explain_os_is(c, "windows")) {
        explain_alt(c, "GD102", 50, "there is no NVIDIA GPU in this machine at all (a laptop's Intel/AMD graphics, a CPU-only "
            "VM)", FIX_TOOL_LSPCI, NULL, 0, NULL);
        if (!c->os || explain_os_is(c, "linux"))
            explain_alt(c, "GD110", 38, "on WSL2 the GPU comes from the Windows driver, in /usr/lib/wsl/lib (a Linux driver "
                "inside WSL cannot work)", FIX_TOOL_TELL_WSL_KERNEL, NULL, 0, NULL);
    }
    if (explain_cause_of(c, "GD110", NULL))
        explain_alt(c, "GD101", 35, "the Windows NVIDIA driver is missing or too old for WSL2",
            FIX_TOOL_TELL_WSL_LIBS, NULL, 0, NULL);
    for (i = 0; i < c->out->nr && i < MAX_SCORED; i++) {
        const struct finding *fd = &c->out->v[i];
        const char *name = NULL;
        int dnn = !strcmp(fd->code, "GD202");
        if (!c->judged[i] || (strcmp(fd->code, "GD201") && !dnn && strcmp(fd->code, "GD203")))
            continue;
        /* the library it names: one the log shows failing, else the text before the loader's ':' */
        for (j = 0; j < c->lf->n_libs && !name; j++)
            if (!c->lf->libs[j].ok && explain_has(fd->title, c->lf->libs[j].name))
                name = c->lf->libs[j].name;
        for (j = 0; j < fd->n_evidence && !name; j++)
            if (fd->evidence[j].text && strchr(fd->evidence[j].text, ':'))
                name = arena_strndup(c->out->arena, fd->evidence[j].text, strcspn(fd->evidence[j].text, ":"));
        /* The name is the log's text: only a library's name goes into a command
         * (a quote or a backquote from a log would run as the shell's). */
        if (!name || !*name || name[strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789._+-")])
            continue;
        {
            /* the log names a toolkit directory of the library's CUDA line: installed there, not searched */
            char want[16];
            const char *td = c->lf->toolkit_dir.v;
            size_t wl;
            if (!dnn && td && log_lib_cuda_line(name, want, sizeof(want)) && (wl = strlen(want)) != 0 &&
                !strncmp(td, want, wl) && (td[wl] == '.' || td[wl] == '\0'))
                explain_alt(c, "GD204", explain_get_score(c, fd) + 4,
                    arena_printf(c->out->arena, "the log shows CUDA %s's directory, which ships %s: it is installed, "
                                 "but not where the loader looks (LD_LIBRARY_PATH, ld.so.conf)", td, name),
                    FIX_TOOL_TELL_FIND_LIB, name, c->lf->toolkit_dir.line, c->lf->toolkit_dir.text);
        }
        if (!dnn && tensorrt_lib(name) && !c->lf->arm.v)
            /* TensorRT's own libraries, needed by a program linked against them (onnx2trt, trtexec,
               an application): TensorRT's tar and zip packages, the install guide's usual route
               outside a distribution, put them in TensorRT-<version>/lib, which no loader searches
               until it is on LD_LIBRARY_PATH (TensorRT Installation Guide, "Tar File Installation":
               add the absolute path to TensorRT's lib directory to LD_LIBRARY_PATH); not on a Jetson,
               where JetPack's packages put it in the distribution's library directory */
            explain_alt(c, "GD204", explain_get_score(c, fd) + 4, arena_printf(c->out->arena, "%s is TensorRT's, "
                        "which this program was linked against: TensorRT's tar and zip packages install it in "
                        "their own lib directory, which the loader searches only when LD_LIBRARY_PATH names it",
                        name), FIX_TOOL_TELL_FIND_LIB, name, 0, NULL);
        explain_alt(c, "GD204", 42, "the library is installed, but not where the loader looks",
            FIX_TOOL_TELL_FIND_LIB, name, 0, NULL);
        if (!dnn && (superseded_line(c, name, &why) || minor_soname(c, name, &why))) {
            /* the build wants a CUDA line long replaced when the log was written: most likely the newer toolkit */
            explain_alt(c, "GD206", explain_get_score(c, fd) + 4, why, FIX_TOOL_TELL_TOOLKIT_VERSIONS, NULL, c->lf->date.line, c->lf->date.text);
            return;
        }
        if (dnn && old_cudnn_major(c, name, &why)) {
            explain_alt(c, "GD207", explain_get_score(c, fd) + 4, why, FIX_TOOL_TELL_CUDNN_FILES, NULL, 0, NULL);
            return;
        }
        explain_alt(c, dnn ? "GD207" : "GD206", 60, "another version is installed than the one this build was made for",
            dnn ? FIX_TOOL_TELL_CUDNN_FILES : FIX_TOOL_TELL_NVCC_PIP, NULL, 0, NULL);
        return;
    }
}

/* ---- fixes: the engine's, by intent ---- */


/* The framework most of the log is about (the first build logscan made). */
static const char *main_fw(const struct explain_ctx *c)
{
    return c->env && c->env->n_frameworks ? c->env->frameworks[0].name : NULL;
}

void explain_framework_fix(struct explain_ctx *c, struct finding *fd, const char *fw)
{
    const struct framework_build *b;
    if (!fw)
        fw = main_fw(c);
    b = fw ? explain_log_fw(c, fw) : NULL;
    if (!fw || (!strcmp(fw, "paddle")) || !strcmp(fw, "the program")) {
        fixes_run(&c->fx, c->out, fd, FIX_TOOL_CHECK,
                  "Run gpudoctor on that machine (it finds the framework, the driver and the GPU)", NULL, NULL);
        return;
    }
    if (!strcmp(fw, "torch"))
        fixes_torch_install(&c->fx, c->out, fd, c->env, b ? b->version : NULL);
    else if (!strcmp(fw, "tensorflow") && explain_os_is(c, "windows") && b && b->version)
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

void explain_apply_fix(struct explain_ctx *c, struct finding *fd, enum explain_fix fix, const char *fw)
{
    switch (fix) {
    case FX_NONE:
        break;
    case FX_CHECK:
        fixes_run(&c->fx, c->out, fd, FIX_TOOL_CHECK, NULL, NULL, NULL);
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
        fixes_kmod_reload(&c->fx, c->out, fd);
        break;
    case FX_NOUVEAU:
        fixes_nouveau(&c->fx, c->out, fd, NULL);
        break;
    case FX_NODES:
        fixes_device_nodes(&c->fx, c->out, fd, 0);
        break;
    case FX_STUB:
        fixes_stub_off_path(&c->fx, c->out, fd);
        break;
    case FX_VISIBLE:
        fixes_visible_devices(&c->fx, c->out, fd);
        break;
    case FX_FRAMEWORK:
        explain_framework_fix(c, fd, fw);
        break;
    case FX_TOOLKIT:
        fixes_toolkit_host(&c->fx, c->out, fd, "docker");
        break;
    case FX_IMAGE_DRIVER:
        fixes_image_no_driver(c->out, fd);
        break;
    case FX_LOADER_PATH:
        fixes_loader_path(&c->fx, c->out, fd, "Put the directory that holds it on the loader path "
                          "(where `find / -name 'lib*.so*'` shows it)", "/usr/local/cuda/lib64");
        break;
    }
}

/* ---- the log's rows: messages that name their cause ---- */

/* "$a", "$b", "$c" in a row's title: the family's captures ("?" when none). */
static const char *expand(struct explain_ctx *c, const char *t, const struct log_event *e)
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

static int w_always(const struct explain_ctx *c) { (void)c; return 1; }
static int w_no_cause(const struct explain_ctx *c) { return !c->n_causes; }
static int cuda_lib(const char *name);
/* The DLL torch names is a CUDA library (or the driver's), or one of torch's own (fbgemm.dll, c10.dll). */
static int w_win_dll_cuda(const struct explain_ctx *c)
{
    const char *a = c->lf->ev[LE_WIN_DLL_LOAD].a;
    return !c->n_causes && (!a || cuda_lib(a) || explain_has(a, "nvcuda"));
}
static int w_win_dll_own(const struct explain_ctx *c) { return !c->n_causes && !w_win_dll_cuda(c); }
static int w_container(const struct explain_ctx *c) { return c->lf->container.v != NULL; }
static int w_no_container(const struct explain_ctx *c) { return !c->lf->container.v; }
static int w_not_mac(const struct explain_ctx *c) { return !explain_os_is(c, "macos"); }
static int w_mac(const struct explain_ctx *c) { return explain_os_is(c, "macos"); }
static int w_jax_dnn(const struct explain_ctx *c) { return explain_has(c->lf->ev[LE_JAX_VERSION_LOW].a, "udnn") || explain_has(c->lf->ev[LE_JAX_VERSION_LOW].a, "uDNN"); }
static int w_jax_nodnn(const struct explain_ctx *c) { return !w_jax_dnn(c); }
static int w_jaxo_dnn(const struct explain_ctx *c) { return explain_has(c->lf->ev[LE_JAX_OUTDATED].a, "udnn") || explain_has(c->lf->ev[LE_JAX_OUTDATED].a, "uDNN"); }
static int w_jaxo_nodnn(const struct explain_ctx *c) { return !w_jaxo_dnn(c); }
static int w_jax_nodev(const struct explain_ctx *c)
{
    const char *why = c->lf->ev[LE_JAX_BACKEND_FAIL].a;
    return explain_has(why, "no supported devices") || explain_has(why, "No visible GPU") || explain_has(why, "CUDA_ERROR_NO_DEVICE");
}
static int w_jax_pjrt(const struct explain_ctx *c)
{
    const char *why = c->lf->ev[LE_JAX_BACKEND_FAIL].a;
    return !w_jax_nodev(c) && (explain_has(why, "PJRT") || explain_has(why, "has no attribute") || explain_has(why, "plugin"));
}
static int w_ort_both(const struct explain_ctx *c)
{
    return log_facts_pkg(c->lf, "onnxruntime") && log_facts_pkg(c->lf, "onnxruntime-gpu");
}
static int w_ort_one(const struct explain_ctx *c) { return !w_ort_both(c); }
/* a provider list without CUDA, and nothing says a CUDA provider failed to load (then it is the fallback's) */
static int w_ort_list(const struct explain_ctx *c)
{
    return !explain_cnt(c, LE_ORT_CPU_PKG) && !explain_cnt(c, LE_ORT_PROVIDER_FAIL) && !explain_cnt(c, LE_ORT_EP_FAIL);
}
static int w_ort_list_one(const struct explain_ctx *c) { return w_ort_list(c) && w_ort_one(c); }
static int w_ort_list_both(const struct explain_ctx *c) { return w_ort_list(c) && w_ort_both(c); }
static int w_shm_perm(const struct explain_ctx *c)
{
    const struct log_hit *h = explain_first_hit(c, LE_NCCL_SHM);
    return h && (explain_has(h->text, "ermission denied") || explain_has(h->text, "No such file"));
}
static int w_syserr(const struct explain_ctx *c) { return !explain_cnt(c, LE_NCCL_SHM); }
static int w_no_cvd_hidden(const struct explain_ctx *c) { return !explain_cnt(c, LE_CVD_HIDDEN); }
static int w_kernel_image_jax(const struct explain_ctx *c)
{
    return c->env && explain_log_fw(c, "jax") && !explain_cnt(c, LE_SM_INCOMPATIBLE) && !explain_cnt(c, LE_GPU_TOO_OLD);
}
static int w_kernel_image(const struct explain_ctx *c) { return !w_kernel_image_jax(c); }
static int w_linux_or_unknown(const struct explain_ctx *c) { return !c->os || explain_os_is(c, "linux"); }
static int w_wsl(const struct explain_ctx *c) { return explain_os_is(c, "wsl"); }
static int w_os_unknown(const struct explain_ctx *c) { return !c->os; }
/* JAX named the CUDA component whose library did not load (jax_plugins/cuda/__init__.py's names) */
static int w_jaxm_is(const struct explain_ctx *c, const char *name)
{
    const char *a = c->lf->ev[LE_JAX_LIB_MISSING].a;
    return a && !strcmp(a, name);
}
static int w_jaxm_dnn(const struct explain_ctx *c) { return w_jaxm_is(c, "cuDNN"); }
static int w_jaxm_rt(const struct explain_ctx *c) { return w_jaxm_is(c, "CUDA"); }
static int w_jaxm_other(const struct explain_ctx *c) { return !w_jaxm_dnn(c) && !w_jaxm_rt(c); }
static int w_torn_jax(const struct explain_ctx *c) { return explain_has(c->lf->ev[LE_FW_TORN_INSTALL].a, "jax"); }
static int w_torn_cupy(const struct explain_ctx *c) { return !w_torn_jax(c); }

/*
 * One message family and the cause it names.  A judged finding of that
 * code (or of also, another code for the same fact) absorbs the row: the
 * family's lines become its evidence and it takes the row's confidence
 * when higher.  Otherwise the row raises the cause: a finding with the
 * title, the lines, what decides it (tell) and the engine's fix for it.
 */
struct row {
    enum log_ev ev;
    int (*when)(const struct explain_ctx *c);
    const char *code;
    int score;
    const char *title;           /* $a $b $c: the family's captures */
    enum fix_tool tell;          /* the engine's look tool (FIX_TOOL_N: none) */
    const char *tell_arg;        /* its argument (a name), or NULL */
    enum explain_fix fix;
    const char *fw;              /* FX_FRAMEWORK: whose install (NULL: the log's framework) */
    const char *also;            /* another code that absorbs it, or NULL */
    enum severity sev;
};

#define E SEV_ERROR
#define W SEV_WARNING

static const struct row rows[] = {
    /* the driver and the machine */
    { LE_SMI_FAILED, w_always, "GD101", 85, "no working NVIDIA driver: nvidia-smi cannot talk to its kernel module",
      FIX_TOOL_TELL_SMI_LSMOD, NULL, FX_DRIVER_LOAD, NULL, "GD110", E },
    { LE_KERNEL_DRIVER_DOWN, w_always, "GD101", 85, "no working NVIDIA driver: the kernel module is not loaded",
      FIX_TOOL_TELL_SMI_LSMOD, NULL, FX_DRIVER_LOAD, NULL, "GD110", E },
    { LE_DRIVER_ZERO, w_always, "GD101", 88, "no NVIDIA driver is installed: the program read driver version 0 "
      "(what cudaDriverGetVersion gives without a driver)", FIX_TOOL_TELL_SMI_DEV_NODES, NULL, FX_DRIVER_INSTALL, NULL, NULL, E },
    { LE_NO_DRIVER, w_always, "GD101", 55, "PyTorch found no NVIDIA driver: libcuda does not load",
      FIX_TOOL_TELL_SMI_LIBCUDA_FILES, NULL, FX_LIBCUDA, NULL, "GD110", E },
    { LE_NVML_MISMATCH, w_always, "GD103", 90,
      "the NVIDIA kernel module and the user-space driver differ (driver upgraded without a reboot)",
      FIX_TOOL_TELL_KMOD_VERSIONS, NULL, FX_DRIVER_RELOAD, NULL, NULL, E },
    { LE_NVRM_API_MISMATCH, w_always, "GD103", 92, "the NVIDIA kernel module $b and the user-space driver $a differ",
      FIX_TOOL_TELL_KMOD_VERSIONS, NULL, FX_DRIVER_RELOAD, NULL, NULL, E },
    { LE_NOUVEAU, w_always, "GD104", 90, "the open-source nouveau driver (or a framebuffer driver) owns the GPU",
      FIX_TOOL_TELL_LSMOD_NOUVEAU, NULL, FX_NOUVEAU, NULL, NULL, E },
    { LE_NVML_PERMISSION, w_always, "GD105", 85,
      "the NVIDIA device nodes (/dev/nvidia*) are not accessible to this user", FIX_TOOL_LS_DEV_NODES, NULL, FX_NODES,
      NULL, NULL, E },
    { LE_STUB_LIBCUDA, w_always, "GD106", 85,
      "the CUDA toolkit's stub libcuda (lib64/stubs) was loaded instead of the driver's libcuda",
      FIX_TOOL_TELL_LDPATH_STUBS, NULL, FX_STUB, NULL, NULL, E },
    { LE_DSO_MISMATCH, w_no_container, "GD103", 80, "the loaded kernel module $a and the user-space driver $b differ",
      FIX_TOOL_TELL_KMOD_VERSION, NULL, FX_DRIVER_RELOAD, NULL, NULL, E },
    { LE_DSO_MISMATCH, w_container, "GD208", 80,
      "the host's driver (kernel $a) is older than the libcuda $b inside the container (its forward-compatibility package)",
      FIX_TOOL_TELL_HOST_SMI_CEILING, NULL, FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_DRIVER_REQUIREMENT, w_always, "GD208", 92,
      "the container image needs CUDA $a, and the host's driver supports less",
      FIX_TOOL_TELL_HOST_SMI_HIGHEST, NULL, FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_DRIVER_TOO_OLD, w_always, "GD208", 86, "the NVIDIA driver is older than the CUDA runtime this PyTorch ships",
      FIX_TOOL_TELL_SMI_CUDA_TORCH, NULL, FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_INSUFFICIENT_DRIVER, w_always, "GD208", 86, "the NVIDIA driver is older than the CUDA runtime the program uses",
      FIX_TOOL_TELL_SMI_CUDA_VS_FW, NULL, FX_DRIVER_UPGRADE, NULL, NULL, E },
    { LE_CVD_HIDDEN, w_always, "GD108", 85, "CUDA_VISIBLE_DEVICES hides every GPU from the program",
      FIX_TOOL_TELL_CVD, NULL, FX_VISIBLE, NULL, NULL, E },
    { LE_CTK_FILE_EXISTS, w_always, "GD807", 88,
      "the image ships its own NVIDIA driver library at $a: the runtime cannot mount the host's over it",
      FIX_TOOL_TELL_IMAGE_DRIVER_LIBS, NULL, FX_IMAGE_DRIVER, NULL, NULL, E },
    /* Docker refuses before any driver is touched (no GPU device driver or no "nvidia" runtime
     * registered): the toolkit comes first in the chain, above a "no driver" judged from a library
     * the toolkit's hook could not load in the same log. */
    { LE_DOCKER_NO_GPU, w_always, "GD408", 87,
      "Docker cannot give the container GPUs: the NVIDIA Container Toolkit is not installed or not configured",
      FIX_TOOL_TELL_CTK, NULL, FX_TOOLKIT, NULL, NULL, E },
    /* builds */
    { LE_TORCH_NOT_COMPILED, w_not_mac, "GD211", 90, "this PyTorch is a CPU-only build (Torch not compiled with CUDA)",
      FIX_TOOL_TELL_TORCH_BUILD, NULL, FX_FRAMEWORK, "torch", NULL, E },
    { LE_TORCH_NOT_COMPILED, w_mac, "GD214", 92, "PyTorch on a Mac has no CUDA: use the MPS device instead",
      FIX_TOOL_TELL_TORCH_MPS, NULL, FX_NONE, NULL, NULL, E },
    { LE_JAX_CPU_JAXLIB, w_always, "GD211", 90,
      "JAX has no CUDA plugin installed: a GPU is present, JAX runs on the CPU",
      FIX_TOOL_TELL_PIP_GREP, "jax", FX_FRAMEWORK, "jax", NULL, E },
    { LE_CPU_BUILD_MSG, w_always, "GD211", 90, "this framework is a CPU-only build: it says so itself",
      FIX_TOOL_TELL_PIP_LIST_GPU, NULL, FX_FRAMEWORK, NULL, NULL, E },
    { LE_ORT_CPU_PKG, w_ort_one, "GD211", 72,
      "this onnxruntime has no CUDA provider: the CPU package (onnxruntime) is installed, not onnxruntime-gpu",
      FIX_TOOL_TELL_PIP_GREP, "onnxruntime", FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_ORT_CPU_PKG, w_ort_both, "GD216", 85,
      "onnxruntime and onnxruntime-gpu are both installed: the CPU package's files win",
      FIX_TOOL_TELL_PIP_GREP, "onnxruntime", FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_ORT_PROVIDER_LIST, w_ort_list_one, "GD211", 70,
      "this onnxruntime has no CUDA provider: its provider list lacks CUDAExecutionProvider (the CPU package's files)",
      FIX_TOOL_TELL_PIP_GREP, "onnxruntime", FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_ORT_PROVIDER_LIST, w_ort_list_both, "GD216", 85,
      "onnxruntime and onnxruntime-gpu are both installed: the CPU package's files win",
      FIX_TOOL_TELL_PIP_GREP, "onnxruntime", FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_JAX_PLUGIN_MISMATCH, w_always, "GD213", 90, "JAX ignores its CUDA plugin: $a does not match jaxlib $b",
      FIX_TOOL_TELL_PIP_GREP, "jax", FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_BACKEND_FAIL, w_jax_pjrt, "GD213", 80, "JAX's CUDA plugin and jax/jaxlib are from different releases",
      FIX_TOOL_TELL_PIP_GREP, "jax", FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_BACKEND_FAIL, w_jax_nodev, "GD404", 35, "JAX's CUDA backend found no usable GPU",
      FIX_TOOL_TELL_SMI_CVD, NULL, FX_CHECK, NULL, NULL, W },
    /* libraries */
    { LE_TF_NO_CUDA_DRIVERS, w_no_cause, "GD201", 80,
      "TensorFlow could not load the CUDA runtime (libcudart), despite saying \"Could not find cuda drivers\"",
      FIX_TOOL_TELL_TF_DSO_LOADER, NULL, FX_FRAMEWORK, "tensorflow",
      NULL, E },
    { LE_TORCH_PRELOAD, w_always, "GD205", 85,
      "PyTorch could not find $a among pip's nvidia-* packages (a CUDA wheel is missing or from another CUDA)",
      FIX_TOOL_TELL_PIP_TORCH_WHEELS, NULL, FX_FRAMEWORK, "torch", NULL, E },
    { LE_ORT_PROVIDER_FAIL, w_no_cause, "GD203", 78,
      "ONNX Runtime could not load its CUDA provider: one of its DLL dependencies (CUDA, cuDNN) is missing",
      FIX_TOOL_TELL_ORT_PROVIDER_LDD, NULL,
      FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_WIN_DLL_LOAD, w_win_dll_cuda, "GD203", 78, "PyTorch could not load $a or one of its dependencies (WinError 126)",
      FIX_TOOL_TELL_WHERE_CUDA_DLLS, NULL, FX_FRAMEWORK, "torch", NULL, E },
    { LE_WIN_DLL_LOAD, w_win_dll_own, "GD412", 78, "PyTorch's own $a (or a DLL it needs) does not load: the install is "
      "incomplete, or a runtime it depends on is missing (the VC++ redistributable, libomp140)",
      FIX_TOOL_TELL_WHERE_RUNTIME_DLLS, NULL, FX_FRAMEWORK, "torch", NULL, E },
    { LE_ORT_EP_FAIL, w_no_cause, "GD206", 82, "ONNX Runtime could not start its CUDA provider: it needs $a",
      FIX_TOOL_TELL_ORT_PIP_NVCC, NULL, FX_FRAMEWORK, "onnxruntime", NULL, E },
    { LE_CUDNN_MISMATCH, w_always, "GD207", 90, "cuDNN $a was loaded, but the framework was compiled with cuDNN $b",
      FIX_TOOL_TELL_CUDNN_COPIES, NULL, FX_FRAMEWORK, NULL, NULL, E },
    { LE_JAX_VERSION_LOW, w_jax_dnn, "GD207", 84, "JAX found $a $b but was built against $c, which is newer",
      FIX_TOOL_TELL_JAX_CUDNN, NULL, FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_VERSION_LOW, w_jax_nodnn, "GD206", 82, "JAX found $a $b but was built against $c, which is newer",
      FIX_TOOL_TELL_JAX_NVIDIA, NULL, FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_OUTDATED, w_jaxo_dnn, "GD207", 84, "JAX found an outdated $a (installed $b, built against $c)",
      FIX_TOOL_TELL_JAX_CUDNN, NULL, FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_OUTDATED, w_jaxo_nodnn, "GD206", 82, "JAX found an outdated $a (installed $b, built against $c)",
      FIX_TOOL_TELL_JAX_NVIDIA, NULL, FX_FRAMEWORK, "jax", NULL, E },
    /* the GPU's architecture */
    { LE_SM_INCOMPATIBLE, w_always, "GD209", 86, "this PyTorch build has no code for the GPU ($a)",
      FIX_TOOL_TELL_TORCH_ARCHS, NULL, FX_FRAMEWORK, "torch", NULL, E },
    { LE_GPU_TOO_OLD, w_always, "GD209", 86,
      "the framework no longer supports this GPU (compute capability $a)", FIX_TOOL_TELL_COMPUTE_CAP, NULL,
      FX_FRAMEWORK, NULL, NULL, E },
    { LE_TF_IGNORING_GPU, w_always, "GD209", 86,
      "TensorFlow ignores the GPU: compute capability $a is below its minimum $b",
      FIX_TOOL_TELL_COMPUTE_CAP, NULL, FX_FRAMEWORK, "tensorflow", NULL, E },
    { LE_NO_KERNEL_IMAGE, w_kernel_image, "GD209", 86,
      "the framework has no code for this GPU (\"no kernel image is available for execution on the device\")",
      FIX_TOOL_TELL_COMPUTE_CAP_VS_FW, NULL, FX_FRAMEWORK, NULL, NULL, E },
    { LE_NO_KERNEL_IMAGE, w_kernel_image_jax, "GD209", 50,
      "the framework has no code for this GPU (\"no kernel image is available for execution on the device\")",
      FIX_TOOL_TELL_COMPUTE_CAP_JAX, NULL, FX_FRAMEWORK, "jax", NULL, E },
    /* the frameworks' own words, read from their source (issue 28) */
    { LE_JAX_LIB_MISSING, w_jaxm_dnn, "GD202", 82, "JAX could not load cuDNN (\"Unable to load cuDNN. Is it installed?\")",
      FIX_TOOL_TELL_JAX_CUDNN, NULL, FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_LIB_MISSING, w_jaxm_rt, "GD201", 82, "JAX could not load the CUDA runtime (\"Unable to load CUDA. Is it "
      "installed?\")", FIX_TOOL_TELL_JAX_NVIDIA, NULL, FX_FRAMEWORK, "jax", NULL, E },
    { LE_JAX_LIB_MISSING, w_jaxm_other, "GD203", 82, "JAX could not load $a (\"Unable to load $a. Is it installed?\")",
      FIX_TOOL_TELL_JAX_NVIDIA, NULL, FX_FRAMEWORK, "jax", NULL, E },
    { LE_FW_NO_ARCH, w_always, "GD209", 86, "the framework's build has no code for this GPU ($a): its own check says so",
      FIX_TOOL_TELL_COMPUTE_CAP, NULL, FX_FRAMEWORK, NULL, NULL, E },
    { LE_XLA_NO_LIBDEVICE, w_always, "GD204", 62, "XLA did not find the CUDA toolkit's nvvm/libdevice where it looks "
      "(${CUDA_DIR}, --xla_gpu_cuda_data_dir, pip's nvidia-cuda-nvcc): it cannot compile its GPU kernels",
      FIX_TOOL_TELL_TOOLKIT_DIRS, NULL, FX_CHECK, NULL, NULL, E },
    { LE_DNN_INIT_FAIL, w_always, "GD207", 55, "XLA could not initialise cuDNN (\"DNN library initialization failed\"): "
      "most often the cuDNN loaded is older than the one it was built with", FIX_TOOL_TELL_CUDNN_COPIES, NULL,
      FX_FRAMEWORK, NULL, NULL, E },
    { LE_FW_TORN_INSTALL, w_torn_jax, "GD216", 82, "jaxlib $b does not go with this jax (it wants $c): jax and jaxlib "
      "are from different releases (one was upgraded without the other)", FIX_TOOL_TELL_PIP_GREP, "jax", FX_FRAMEWORK,
      "jax", NULL, E },
    { LE_FW_TORN_INSTALL, w_torn_cupy, "GD216", 80, "several CuPy packages are installed in one environment (cupy-cudaXX "
      "beside another): their files overwrite each other", FIX_TOOL_TELL_PIP_GREP, "cupy", FX_FRAMEWORK, "cupy", NULL, E },
    { LE_TF_PTX_JIT, w_always, "GD210", 40,
      "TensorFlow has no native code for compute capability $a: kernels are JIT-compiled from PTX (slow first "
      "start; may fail on GPUs newer than the PTX)", FIX_TOOL_N, NULL, FX_NONE, NULL, NULL, W },
};

/* Alternatives a family raises (the log cannot rule them out); a row counts once. */
#define NO_GPU "there is no NVIDIA GPU in this machine at all (a laptop's Intel/AMD graphics, a CPU-only VM)"
static const struct alt_row {
    enum log_ev evs[2];          /* either family raises it (LE__COUNT: none) */
    int (*when)(const struct explain_ctx *c);
    const char *code;
    int score;
    const char *why;
    enum fix_tool tell;
    const char *tell_arg;
} alt_rows[] = {
    { { LE_SMI_FAILED, LE_KERNEL_DRIVER_DOWN }, w_always, "GD102", 50, NO_GPU, FIX_TOOL_LSPCI, NULL },
    { { LE_NO_DRIVER, LE__COUNT }, w_always, "GD102", 60, NO_GPU, FIX_TOOL_LSPCI, NULL },
    { { LE_SMI_FAILED, LE_NO_DRIVER }, w_linux_or_unknown, "GD110", 38, "on WSL2 the GPU comes from the Windows "
      "driver (a Linux driver inside WSL cannot work)", FIX_TOOL_TELL_WSL_KERNEL, NULL },
    { { LE_NO_DRIVER, LE__COUNT }, w_wsl, "GD101", 35, "the Windows NVIDIA driver is missing or too old for WSL2",
      FIX_TOOL_TELL_WSL_LIBS, NULL },
    { { LE_DSO_MISMATCH, LE__COUNT }, w_container, "GD103", 45, "the driver was upgraded on the host without a reboot",
      FIX_TOOL_TELL_KMOD_COMPAT, NULL },
    { { LE_DSO_MISMATCH, LE__COUNT }, w_no_container, "GD208", 45, "inside a container: the host driver is older "
      "than the image's libcuda", FIX_TOOL_TELL_KMOD_COMPAT, NULL },
    { { LE_DRIVER_TOO_OLD, LE_INSUFFICIENT_DRIVER }, w_linux_or_unknown, "GD110", 35, "on WSL2: the Windows driver "
      "(or Windows build) lacks CUDA support for WSL", FIX_TOOL_TELL_WSL_KERNEL_SMI, NULL },
    /* on WSL2 the only driver is the Windows one (NVIDIA's CUDA on WSL User Guide): a driver too old there is
       the Windows driver (or a Windows build without WSL CUDA), fixed on Windows, so WSL's route ranks first
       and "driver too old" (GD208, 86) second */
    { { LE_DRIVER_TOO_OLD, LE_INSUFFICIENT_DRIVER }, w_wsl, "GD110", 88, "on WSL2 the Windows driver provides CUDA: "
      "an outdated or broken Windows driver (or Windows build) shows this way",
      FIX_TOOL_TELL_WSL_DRIVER, NULL },
    /* a thin log: the message alone, from a machine the log does not name; on a Mac every PyTorch is built
       without CUDA */
    { { LE_TORCH_NOT_COMPILED, LE__COUNT }, w_os_unknown, "GD214", 40, "on a Mac every PyTorch is built without "
      "CUDA: there the device is MPS (or the CPU)", FIX_TOOL_TELL_PLATFORM, NULL },
    { { LE_DOCKER_NO_GPU, LE__COUNT }, w_always, "GD102", 40, "there is no NVIDIA GPU (or driver) on this host at all",
      FIX_TOOL_TELL_HOST_GPU, NULL },
    { { LE_ORT_PROVIDER_LIST, LE__COUNT }, w_ort_list_one, "GD216", 55, "both onnxruntime and onnxruntime-gpu are "
      "installed, and the CPU package's files win", FIX_TOOL_TELL_PIP_GREP, "onnxruntime" },
    { { LE_ORT_CPU_PKG, LE__COUNT }, w_ort_one, "GD216", 55, "both onnxruntime and onnxruntime-gpu are installed, "
      "and the CPU package's files win", FIX_TOOL_TELL_PIP_GREP, "onnxruntime" },
    { { LE_JAX_BACKEND_FAIL, LE__COUNT }, w_jax_nodev, "GD208", 50, "the driver is older than the CUDA jaxlib was "
      "built for", FIX_TOOL_TELL_SMI_CUDA_JAX_PLUGIN, NULL },
    { { LE_JAX_BACKEND_FAIL, LE__COUNT }, w_jax_nodev, "GD108", 40, "CUDA_VISIBLE_DEVICES hides the GPUs",
      FIX_TOOL_TELL_CVD, NULL },
    { { LE_TORCH_PRELOAD, LE__COUNT }, w_always, "GD216", 58, "the environment is half-installed (an nvidia-* wheel "
      "removed or replaced)", FIX_TOOL_TELL_PIP_GREP, "nvidia-" },
    { { LE_NO_KERNEL_IMAGE, LE__COUNT }, w_kernel_image_jax, "GD208", 70, "the driver is older than the CUDA jaxlib "
      "was built with, so XLA's PTX cannot be loaded", FIX_TOOL_TELL_SMI_CUDA_JAX_CUDA, NULL },
    { { LE_NO_KERNEL_IMAGE, LE__COUNT }, w_kernel_image, "GD208", 35, "the driver is too old for the PTX in this build",
      FIX_TOOL_TELL_SMI_CUDA, NULL },
    { { LE_NCCL_SHM, LE__COUNT }, w_shm_perm, "GD402", 60, "the shared-memory segment could not be opened "
      "(permissions, or processes in different IPC namespaces)",
      FIX_TOOL_TELL_SHM_PERM, NULL },
    { { LE_NCCL_SYSERR, LE__COUNT }, w_syserr, "GD402", 38, "another system call failed (sockets, peer access): "
      "NCCL_DEBUG=INFO tells", FIX_TOOL_TELL_NCCL_DEBUG, NULL },
    { { LE_CUDA_HOME_UNSET, LE__COUNT }, w_always, "GD204", 40, "the toolkit is installed but not where the build "
      "looks", FIX_TOOL_TELL_TOOLKIT_DIRS, NULL },
    { { LE_XLA_NO_LIBDEVICE, LE__COUNT }, w_always, "GD203", 45, "the CUDA compiler component (nvcc with nvvm/libdevice, "
      "pip's nvidia-cuda-nvcc) is not installed at all", FIX_TOOL_TELL_NVCC_PIP, NULL },
    { { LE_DNN_INIT_FAIL, LE__COUNT }, w_always, "GD407", 40, "the GPU's memory was taken before cuDNN started (another "
      "process, or XLA's preallocation)", FIX_TOOL_TELL_SMI_LIST_HERE, NULL },
    { { LE_NO_CUDA_GPUS, LE__COUNT }, w_no_cvd_hidden, "GD403", 45, "no GPU is usable here (a container without "
      "--gpus, a GPU in another mode)", FIX_TOOL_TELL_SMI_LIST_HERE, NULL },
};
#undef NO_GPU

void explain_alt_hit(struct explain_ctx *c, const char *code, int score, const char *why, enum fix_tool t,
                     const char *arg, enum log_ev ev)
{
    const struct log_hit *h = explain_first_hit(c, ev);
    explain_alt(c, code, score, why, t, arg, h ? h->line : 0, h ? h->text : NULL);
}

static void apply_rows(struct explain_ctx *c)
{
    size_t i;
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const struct row *r = &rows[i];
        const struct finding_code *fc = finding_code_find(r->code);
        struct finding *fd;
        if (!explain_cnt(c, r->ev) || !r->when(c))
            continue;
        fd = explain_cause_of(c, r->code, NULL);
        if (!fd && r->also)
            fd = explain_cause_of(c, r->also, NULL);
        if (!fd && fc && c->n_causes)
            fd = explain_cause_of(c, NULL, fc->kind);
        if (fd && (explain_fd_index(c, fd) >= MAX_SCORED || c->judged[explain_fd_index(c, fd)])) {
            /* a judge decided it from the log's facts: the message is its evidence, and
             * how sure the message is of its own cause calibrates it (the surest message,
             * when several) */
            size_t k = explain_fd_index(c, fd);
            explain_quote_ev(c, fd, r->ev);
            if (strcmp(fd->code, r->code)) {
                explain_set_tell(c, fd, r->tell, r->tell_arg);
                continue;   /* another cause the same facts show (WSL2's libcuda for "no driver") */
            }
            if (k < MAX_SCORED && c->judged[k] == 1) {
                explain_set_score(c, fd, r->score);
                c->judged[k] = 2;
            } else if (r->score > explain_get_score(c, fd)) {
                explain_set_score(c, fd, r->score);
            }
            explain_set_tell(c, fd, r->tell, r->tell_arg);
            continue;
        }
        if (fd && !strcmp(fd->code, r->code)) {
            explain_quote_ev(c, fd, r->ev);   /* another row raised it already */
            continue;
        }
        fd = explain_cause(c, r->code, r->sev, expand(c, r->title, &c->lf->ev[r->ev]));
        explain_set_score(c, fd, r->score);
        explain_set_tell(c, fd, r->tell, r->tell_arg);
        explain_quote_ev(c, fd, r->ev);
        explain_apply_fix(c, fd, r->fix, r->fw);
    }
    for (i = 0; i < sizeof(alt_rows) / sizeof(alt_rows[0]); i++) {
        const struct alt_row *a = &alt_rows[i];
        enum log_ev ev = explain_cnt(c, a->evs[0]) ? a->evs[0] : a->evs[1];
        if (ev != LE__COUNT && explain_cnt(c, ev) && a->when(c))
            explain_alt_hit(c, a->code, a->score, a->why, a->tell, a->tell_arg, ev);
    }
}

/* ---- rows with more to say: the log's context decides the title or the score ---- */

/* A CUDA_VISIBLE_DEVICES value that names devices ("1", "0,1", "GPU-..."). */
static int cvd_names_devices(const char *v)
{
    return v && *v && strcmp(v, "-1") && !(v[0] == '-' && v[1] == '1');
}

/*
 * CUDA keeps the devices CUDA_VISIBLE_DEVICES lists up to its first invalid
 * index (CUDA C++ Programming Guide, "CUDA Environment Variables": "If one of
 * the indices is invalid, only the devices whose index precedes the invalid
 * index are visible"): a list that begins with 0 keeps GPU 0 wherever there
 * is one, so it cannot be why CUDA counts none.
 */
static int cvd_keeps_first(const char *v)
{
    return v && v[0] == '0' && (v[1] == '\0' || v[1] == ',');
}

static void lower_missing(struct explain_ctx *c, const char *name);

/* On WSL a cuDNN sub-library (libcudnn_cnn_infer.so.8, ...) that does not load,
 * while the log names no other missing file, is most often the driver's
 * libcuda it needs: on WSL that lives only in /usr/lib/wsl/lib, outside the
 * loader's default path.  The judged "cuDNN missing" stays as the other answer. */
static void rule_cudnn_sublib_wsl(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    size_t i;
    if (!explain_os_is(c, "wsl"))
        return;
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && explain_has(lf->libs[i].name, "libcudnn_"))
            break;
    if (i == lf->n_libs)
        return;
    lower_missing(c, "libcudnn_");
    explain_alt(c, "GD110", 72, "on WSL2 cuDNN's sub-libraries load the driver's libcuda, which lives only in "
        "/usr/lib/wsl/lib, outside the loader's default path", FIX_TOOL_TELL_WSL_LIBCUDA, NULL,
        lf->libs[i].line, lf->libs[i].text);
}

/*
 * Paddle printed the machine's cuDNN as older than the one it was compiled
 * with (gpu_resources.cc reads it with cudnnGetVersion, so a cuDNN is installed
 * and loads): a cuDNN library failing in the same log is that other cuDNN's
 * (a sub-library of another version, or of a broken copy), not cuDNN missing.
 * The warning alone decides nothing (the GPU often works with it).
 */
static void rule_paddle_cudnn_older(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    size_t i;
    if (!explain_cnt(c, LE_PADDLE_CUDNN_OLDER))
        return;
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && explain_has(lf->libs[i].name, "cudnn"))
            break;
    if (i == lf->n_libs)
        return;
    lower_missing(c, "cudnn");
    explain_alt_hit(c, "GD207", 84, "Paddle loaded a cuDNN older than the one it was built with, so cuDNN is "
                    "installed: the cuDNN library that fails is that other version's", FIX_TOOL_TELL_CUDNN_FILES, NULL,
                    LE_PADDLE_CUDNN_OLDER);
}

/* torch's own DLL (fbgemm.dll, c10.dll: no CUDA library) that does not load is
 * an incomplete install or a missing runtime, not a missing CUDA library: a
 * judge that counted it among the CUDA libraries ranks below. */
/* torch's own shared libraries on Linux (torch/lib in the wheel: libtorch_cuda.so, libc10_cuda.so,
 * libtorch_cpu.so, libcaffe2_nvrtc.so, libshm.so), loaded by torch/__init__.py's import of torch._C:
 * one missing is the install's fault, whoever the loader's line says asked */
static int torch_own_so(const char *name)
{
    return name && (!strncmp(name, "libtorch", 8) || !strncmp(name, "libc10", 6) || !strncmp(name, "libcaffe2", 9) ||
                    !strncmp(name, "libshm.so", 9)) && strstr(name, ".so");
}

static void rule_framework_own_dll(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;
    /* torch's own DLLs, and the CUDA DLLs its wheel ships in torch\lib: the file the loader names is
       there (the path shows it), so what fails is the install or a dependency of it, not a missing CUDA */
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && ((lf->libs[i].via && !strcmp(lf->libs[i].via, "torch") &&
            ((!cuda_lib(lf->libs[i].name) && !explain_has(lf->libs[i].name, "nvcuda")) ||
             explain_has(lf->libs[i].text, "torch\\lib\\") || explain_has(lf->libs[i].text, "torch/lib/"))) ||
             torch_own_so(lf->libs[i].name)))
            break;
    if (i == lf->n_libs || explain_cause_of(c, "GD412", NULL))
        return;
    lower_missing(c, lf->libs[i].name);
    fd = explain_cause(c, "GD412", SEV_ERROR, "");
    fd->title = torch_own_so(lf->libs[i].name)
        ? arena_printf(c->out->arena, "PyTorch's own %s does not load: the install is incomplete or broken (torch/lib "
                       "lacks it), or another torch's files are imported", lf->libs[i].name)
        : arena_printf(c->out->arena, "PyTorch's own %s (or a DLL it needs) does not load: the install is "
                       "incomplete, or a runtime it depends on is missing (the VC++ redistributable, libomp140)",
                       lf->libs[i].name);
    explain_quote_line(c, fd, lf->libs[i].line, lf->libs[i].text);
    explain_set_tell(c, fd, FIX_TOOL_TELL_WHERE_RUNTIME_DLLS, NULL);
    explain_apply_fix(c, fd, FX_FRAMEWORK, "torch");
}

/* The container runtime on WSL found no GPU adapter: Windows gives WSL none
 * (no NVIDIA GPU, or a Windows driver without WSL support). */
static void rule_wsl_no_adapter(struct explain_ctx *c)
{
    struct finding *fd;
    if (!explain_cnt(c, LE_WSL_NO_ADAPTER) || explain_cause_of(c, "GD403", NULL))
        return;
    fd = explain_cause(c, "GD403", SEV_ERROR, "the container runtime found no GPU adapter that Windows gives WSL: "
                       "this machine has no NVIDIA GPU, or its Windows driver does not support WSL");
    explain_set_score(c, fd, 70);
    explain_quote_ev(c, fd, LE_WSL_NO_ADAPTER);
    explain_set_tell(c, fd, FIX_TOOL_TELL_SMI_LIST_WINDOWS, NULL);
    explain_apply_fix(c, fd, FX_CHECK, NULL);
    explain_alt_hit(c, "GD110", 50, "there is an NVIDIA GPU but its Windows driver (or WSL) is too old for GPU "
                    "access in WSL 2, or Docker runs on WSL 1", FIX_TOOL_TELL_WSL_VERSION, NULL, LE_WSL_NO_ADAPTER);
}

/*
 * A Linux NVIDIA driver installed inside WSL 2 (apt's nvidia-driver-N, the
 * .run file, "installed the driver in wsl"): WSL's GPU comes only from the
 * Windows driver, whose libcuda WSL maps into /usr/lib/wsl/lib, and NVIDIA's
 * CUDA on WSL User Guide says no Linux driver may be installed inside WSL 2:
 * its libraries shadow the mapped ones.  check's GD107 judges the same from
 * the driver libraries it finds outside /usr/lib/wsl; a log shows only the
 * install, so the cause is raised here with what decides it.  Ranked above
 * "no driver" (a judged GD101 from nvidia-smi's failure is the symptom).
 */
static void rule_linux_driver_wsl(struct explain_ctx *c)
{
    struct finding *fd;
    if (!explain_os_is(c, "wsl") || !explain_cnt(c, LE_LINUX_DRIVER_INSTALL) || explain_cause_of(c, "GD107", NULL))
        return;
    fd = explain_cause(c, "GD107", SEV_ERROR, "a Linux NVIDIA driver was installed inside WSL2: its libraries "
                       "shadow the Windows driver's in /usr/lib/wsl/lib, the only driver WSL2 can use");
    explain_set_score(c, fd, 88);
    explain_quote_ev(c, fd, LE_LINUX_DRIVER_INSTALL);
    explain_quote_val(c, fd, &c->lf->os_wsl);
    explain_set_tell(c, fd, FIX_TOOL_TELL_WSL_LIBCUDA, NULL);
    fixes_wsl_linux_driver(&c->fx, c->out, fd);
}

/* "No CUDA GPUs are available": the driver answered and counted none. */
static void rule_no_cuda_gpus(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    int named = cvd_names_devices(lf->cvd.v);
    if (!explain_cnt(c, LE_NO_CUDA_GPUS) || explain_cnt(c, LE_CVD_HIDDEN))
        return;
    if ((fd = explain_cause_of(c, "GD108", NULL)) != NULL) {
        explain_quote_ev(c, fd, LE_NO_CUDA_GPUS);
        return;
    }
    if (named && cvd_keeps_first(lf->cvd.v)) {
        /* GPU 0 stays visible: no GPU is visible to this program at all */
        fd = explain_cause(c, "GD403", SEV_ERROR,
                           arena_printf(c->out->arena, "CUDA counted no GPU, though CUDA_VISIBLE_DEVICES=%s keeps GPU "
                                        "0 visible wherever there is one: no GPU reaches this program (a container "
                                        "started without the GPUs, a job without a GPU, a GPU in another mode)",
                                        lf->cvd.v));
        explain_set_score(c, fd, 60);
        explain_quote_ev(c, fd, LE_NO_CUDA_GPUS);
        explain_quote_val(c, fd, &lf->cvd);
        explain_set_tell(c, fd, FIX_TOOL_TELL_SMI_LIST_HERE, NULL);
        explain_apply_fix(c, fd, FX_CHECK, NULL);
        return;
    }
    fd = explain_cause(c, "GD108", SEV_ERROR,
               named ? arena_printf(c->out->arena, "CUDA_VISIBLE_DEVICES=%s names no GPU this machine has (they count "
                                    "from 0), so CUDA sees none", lf->cvd.v)
                     : "the driver answered but CUDA counted no GPU: most often CUDA_VISIBLE_DEVICES (set in the "
                       "script or by a --gpu option) names a GPU that does not exist");
    explain_set_score(c, fd, named ? 85 : 60);
    explain_quote_ev(c, fd, LE_NO_CUDA_GPUS);
    explain_quote_val(c, fd, &lf->cvd);
    explain_quote_val(c, fd, &lf->command);
    explain_set_tell(c, fd, FIX_TOOL_TELL_CVD_SMI_LIST, NULL);
    fixes_visible_devices(&c->fx, c->out, fd);
}

/*
 * A library finding the judges made where a message explains more (Paddle's
 * loader path, a pip wheel off the path, torch's preload): a symptom, ranked
 * below its explanation.
 */
static void lower_missing(struct explain_ctx *c, const char *name)
{
    size_t i, j;
    for (i = 0; i < c->out->nr && i < MAX_SCORED; i++) {
        const struct finding *fd = &c->out->v[i];
        if (!c->judged[i] || (strcmp(fd->code, "GD201") && strcmp(fd->code, "GD202") && strcmp(fd->code, "GD203")))
            continue;
        for (j = 0; j < fd->n_evidence; j++)
            if (explain_has(fd->evidence[j].text, name) || explain_has(fd->title, name))
                c->score[i] = 55;
    }
}

/* A CUDA library's name: the runtime, cuDNN, the math libraries, NVRTC, CUPTI, NCCL. */
static int cuda_lib(const char *name)
{
    static const char *const stems[] = { "cud", "cublas", "cupti", "cufft", "curand", "cusolver", "cusparse",
                                         "nvrtc", "nvJitLink", "nvjitlink", "nccl", "nvToolsExt", NULL };
    const char *const *s;
    for (s = stems; *s; s++)
        if (explain_has(name, *s))
            return 1;
    return 0;
}

/* Paddle's loader looks on LD_LIBRARY_PATH only, and says so. */
static void rule_paddle_libs(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    struct finding *fd;
    size_t i;
    const char *fw = c->env && c->env->n_frameworks ? c->env->frameworks[0].name : NULL;
    int main_paddle = fw && !strcmp(fw, "paddle");
    /* its own loader's line, or the loader's when Paddle is what the log is about: a CUDA
     * library (a line wrapped inside the name leaves a stump such as "libc") */
    for (i = 0; i < lf->n_libs; i++)
        if (!lf->libs[i].ok && lf->libs[i].via && cuda_lib(lf->libs[i].name) &&
            (!strcmp(lf->libs[i].via, "paddle") ||
             (main_paddle && (!strcmp(lf->libs[i].via, "loader") || !strcmp(lf->libs[i].via, "cudnn")))))
            break;
    if (i == lf->n_libs)
        return;
    fd = explain_cause(c, "GD204", SEV_ERROR, "");
    fd->title = arena_printf(c->out->arena, "PaddlePaddle could not load %s: it looks on LD_LIBRARY_PATH, which "
                             "does not name its directory", lf->libs[i].name);
    explain_set_score(c, fd, 72);
    lower_missing(c, lf->libs[i].name);
    explain_quote_line(c, fd, lf->libs[i].line, lf->libs[i].text);
    explain_quote_val(c, fd, &lf->ld_library_path);
    explain_set_tell(c, fd, FIX_TOOL_TELL_FIND_CUDA_LIBS, NULL);
    explain_apply_fix(c, fd, FX_LOADER_PATH, NULL);
}

/* A library the log shows missing while the wheel that carries it is listed. */
const struct log_pkg *explain_pip_wheel_for(const struct explain_ctx *c, const char *name)
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
        if (!explain_has(name, wheels[i].lib))
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
static void rule_pip_wheel(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    size_t i;
    for (i = 0; i < lf->n_libs; i++) {
        const struct log_lib *l = &lf->libs[i];
        const struct log_pkg *w;
        struct finding *fd;
        if (l->ok || !(w = explain_pip_wheel_for(c, l->name)) || explain_has(l->name, "libcuda.so") || explain_cnt(c, LE_TORCH_PRELOAD))
            continue;
        fd = explain_cause(c, "GD205", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "%s is installed from pip (%s %s), but the loader does not look in "
                                 "site-packages/nvidia", l->name, w->name, w->version);
        explain_set_score(c, fd, 83);
        lower_missing(c, l->name);
        explain_quote_line(c, fd, l->line, l->text);
        explain_quote_line(c, fd, w->line, w->text);
        explain_set_tell(c, fd, FIX_TOOL_TELL_PIP_NVIDIA_DIRS, NULL);
        explain_apply_fix(c, fd, FX_FRAMEWORK, NULL);
        return;
    }
}

/* The CUDA compiler (NVRTC, nvcc, ptxas) cannot compile for this GPU. */
static void rule_compiler_arch(struct explain_ctx *c)
{
    const struct log_facts *lf = c->lf;
    const char *sm = lf->ev[LE_COMPILER_ARCH].a, *lo = NULL, *hi = NULL;
    const char *cuda = lf->cuda_version.v ? lf->cuda_version.v : lf->torch_cuda.v;
    struct finding *fd;
    if (!explain_cnt(c, LE_COMPILER_ARCH))
        return;
    fd = explain_cause(c, "GD209", SEV_ERROR, "");
    fd->title = arena_printf(c->out->arena, "the CUDA compiler in use (NVRTC/nvcc) cannot compile for this GPU%s%s: "
                             "the GPU is newer or older than that CUDA release supports", sm ? " " : "", sm ? sm : "");
    explain_quote_ev(c, fd, LE_COMPILER_ARCH);
    explain_quote_val(c, fd, &lf->torch_version);
    explain_quote_val(c, fd, &lf->gpu_name);
    if (cuda && kb_cuda_sm_range(c->in->kb, cuda, &lo, &hi) == 1)
        finding_evidence(c->out, fd, NULL, "CUDA %s compiles for %s to %s (cuda_sm table)", cuda, lo, hi);
    explain_set_tell(c, fd, FIX_TOOL_TELL_NVRTC, NULL);
    explain_apply_fix(c, fd, FX_FRAMEWORK, NULL);
    explain_alt_hit(c, "GD206", 35, "another CUDA's NVRTC is found before the framework's own",
            FIX_TOOL_TELL_NVRTC, NULL, LE_COMPILER_ARCH);
}

/* Two copies of a CUDA library mixed: "undefined symbol: S, version libcudnn_xxx.so.8". */
static void rule_undefined_symbol(struct explain_ctx *c)
{
    const struct log_event *e = &c->lf->ev[LE_UNDEFINED_SYMBOL];
    struct finding *fd;
    int dnn;
    if (!e->count || !(cuda_lib(e->a) || explain_has(e->b, "cudnn") || explain_has(e->b, "cublas")))
        return;
    dnn = explain_has(e->a, "cudnn") || explain_has(e->b, "cudnn");
    /* a symbol of cuDNN's own namespace (C++ "cudnn::", mangled _ZN5cudnn) is one cuDNN library asking
       another for it: the sub-libraries come from two installs (every cuDNN release ships them together),
       not a framework built against another cuDNN, whose calls are the C API's cudnnXxx */
    if (dnn && e->b && !strncmp(e->b, "_ZN5cudnn", 9)) {
        fd = explain_cause(c, "GD109", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "two cuDNN installs are mixed: a cuDNN library needs an internal symbol "
                                 "of %s that the copy found (another install's) lacks", e->a ? e->a : "its sibling");
        explain_set_score(c, fd, 80);
        explain_quote_val(c, fd, &c->lf->pip_nvidia);
        explain_quote_val(c, fd, &c->lf->ld_library_path);
        explain_alt_hit(c, "GD207", 55, "another cuDNN version than the framework's is found first",
                FIX_TOOL_TELL_CUDNN_LDPATH, NULL, LE_UNDEFINED_SYMBOL);
    } else if (dnn) {
        fd = explain_cause(c, "GD207", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "two different copies of cuDNN are mixed: a symbol of %s is missing",
                                 e->a ? e->a : "cuDNN");
        explain_alt_hit(c, "GD109", 55, "two cuDNN installs are on the loader path, and the wrong one wins",
                FIX_TOOL_TELL_CUDNN_LDPATH, NULL, LE_UNDEFINED_SYMBOL);
    } else {
        fd = explain_cause(c, "GD206", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "two different copies of the CUDA libraries are mixed: a symbol of "
                                 "%s is missing", e->a ? e->a : "a CUDA library");
        explain_set_score(c, fd, 75);
        explain_quote_ev(c, fd, LE_UNDEFINED_SYMBOL);
        fd = explain_cause(c, "GD109", SEV_ERROR, "");
        fd->title = arena_printf(c->out->arena, "two CUDA installs are mixed: %s resolves against another copy of %s",
                                 e->b ? e->b : "a symbol", e->a ? e->a : "its library");
        explain_set_score(c, fd, 80);
        explain_quote_val(c, fd, &c->lf->pip_nvidia);
        explain_quote_val(c, fd, &c->lf->conda);
    }
    explain_quote_ev(c, fd, LE_UNDEFINED_SYMBOL);
    finding_evidence(c->out, fd, NULL, "usually a system copy on LD_LIBRARY_PATH shadows the one the framework "
                     "installed with pip");
    explain_set_tell(c, fd, FIX_TOOL_TELL_CUDA_LIB_COPIES, NULL);
}

/* ---- ranking ---- */

/* Each finding's log lines first (in the order found), then what the judges inferred. */
static void lines_first(struct explain_ctx *c)
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
static void order_findings(struct explain_ctx *c)
{
    struct findings *fl = c->out;
    struct finding *tmp;
    int key[MAX_SCORED * 4], k;
    struct explain_tell tell[MAX_SCORED], none = { FIX_TOOL_N, NULL, NULL };
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
            tell[i] = idx[i] < MAX_SCORED ? c->tell[idx[i]] : none;
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
static int rank(struct explain_ctx *c, struct explain_result *res)
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
        h.tell = i < MAX_SCORED ? c->tell[i].text : NULL;
        h.tell_tool = i < MAX_SCORED ? c->tell[i].tool : FIX_TOOL_N;
        h.tell_arg = i < MAX_SCORED ? c->tell[i].arg : NULL;
        h.judged = i < MAX_SCORED ? c->judged[i] : 0;
        for (j = 0; j < fd->n_evidence; j++)
            hyp_line(&h, fd->evidence[j].line, fd->evidence[j].text);
        hyp_offer(all, &n, cap, &h);
    }
    for (i = 0; i < c->n_alts; i++) {
        const struct explain_alt *a = &c->alts[i];
        memset(&h, 0, sizeof(h));
        h.kind = a->kind;
        h.code = a->code;
        h.confidence = a->score;
        h.why = a->why;
        h.tell = a->tell;
        h.tell_tool = a->tell_tool;
        h.tell_arg = a->tell_arg;
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
        h.tell_tool = FIX_TOOL_TELL_CHECK_THERE;
        h.tell = fixes_tell(&c->fx, c->out, h.tell_tool, NULL);
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
static void promote(struct explain_ctx *c, struct explain_hypothesis *h)
{
    struct findings *fl = c->out;
    struct finding *fd, tmp;
    size_t i;
    fd = findings_add(fl, h->code, SEV_ERROR, "%s", h->why);
    for (i = 0; i < h->n_evidence; i++)
        finding_evidence_line(fl, fd, h->ev_line[i], h->ev_text[i]);
    if (h->tell)
        fixes_look(&c->fx, fl, fd, "Confirm it on that machine", h->tell_tool, h->tell_arg);
    tmp = fl->v[fl->nr - 1];
    memmove(fl->v + 1, fl->v, (fl->nr - 1) * sizeof(*fl->v));
    fl->v[0] = tmp;
}

/* The log's OS as its facts say (scan/logscan.c weighs the hints), and the line that shows it. */
static const char *log_os(const struct explain_ctx *c, long *line)
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
    struct explain_ctx c;
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
    rule_wsl_no_adapter(&c);
    rule_linux_driver_wsl(&c);
    rule_framework_own_dll(&c);
    rule_cudnn_sublib_wsl(&c);
    rule_paddle_cudnn_older(&c);
    rule_no_cuda_gpus(&c);
    if (explain_cnt(&c, LE_TORCH_PRELOAD)) {
        size_t i;   /* torch went looking for its pip wheels after these failed: the preload explains them */
        for (i = 0; i < c.lf->n_libs; i++)
            if (!c.lf->libs[i].ok)
                lower_missing(&c, c.lf->libs[i].name);
    }
    rule_paddle_libs(&c);
    rule_pip_wheel(&c);
    rule_compiler_arch(&c);
    rule_undefined_symbol(&c);
    explain_rule_ort_unnamed(&c);
    explain_rule_frameworks(&c);
    explain_rule_messages(&c);
    explain_rule_cuda_errors(&c);
    explain_rule_log_only(&c);
    explain_rule_setting(&c);
    explain_rule_macos_no_cuda(&c);
    explain_rule_no_gpu_unexplained(&c);
    explain_rule_noise(&c);
    explain_rule_nothing_found(&c);
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
