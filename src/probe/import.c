/*
 * import.c - `probe --import`: run each framework's interpreter with
 * gpudoctor's script, read its answer, compare it with check's verdict and
 * the loader model's files.  See import.h.
 */
#include "probe/import.h"

#include <jansson.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "diagnose/fixes_intent.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

void probe_import_init(struct probe_import *pi)
{
    memset(pi, 0, sizeof(*pi));
    arena_init(&pi->arena);
    pi->timeout_ms = PROBE_IMPORT_DEFAULT_TIMEOUT_MS;
}

void probe_import_release(struct probe_import *pi)
{
    free(pi->runs);
    arena_release(&pi->arena);
    probe_import_init(pi);
}

/* ---- the plan ------------------------------------------------------------ */

/* path on this machine, as given: an interpreter must keep its own path
 * (a venv's python is a symlink, and Python finds pyvenv.cfg from it). */
static const char *as_host(struct arena *a, struct fs *fs, const char *path)
{
    struct strbuf host = STRBUF_INIT;
    struct gd_err err;
    const char *out = NULL;
    err_init(&err);
    if (fs_host_path(fs, path, 0, &host, &err) == 1)
        out = arena_strdup(a, host.buf);
    strbuf_release(&host);
    return out;
}

static const char *real_host(struct arena *a, struct fs *fs, const char *path)
{
    struct strbuf sb = STRBUF_INIT, host = STRBUF_INIT;
    struct gd_err err;
    const char *out = NULL;
    err_init(&err);
    if (fs_realpath(fs, path, &sb, &err) == 1 && fs_host_path(fs, sb.buf, 0, &host, &err) == 1)
        out = arena_strdup(a, host.buf);
    else if (fs_host_path(fs, path, 0, &host, &err) == 1)
        out = arena_strdup(a, host.buf);
    strbuf_release(&sb);
    strbuf_release(&host);
    return out;
}

/* The environment's interpreter: the one the scan found, else the first of
 * PREFIX/bin/python3, python, pythonX.Y that is an executable file. */
static const char *interpreter_of(struct probe_import *pi, struct fs *fs, const struct python_env *e)
{
    const char *names[3];
    size_t i;
    if (!e)
        return NULL;
    if (e->interpreter)
        return as_host(&pi->arena, fs, e->interpreter);
    if (!e->prefix)
        return NULL;
    names[0] = "python3";
    names[1] = "python";
    names[2] = e->python_version ? arena_printf(&pi->arena, "python%.4s", e->python_version) : NULL;
    for (i = 0; i < 3; i++) {
        struct strbuf p = STRBUF_INIT, real = STRBUF_INIT;
        struct compat_stat st;
        struct gd_err err;
        const char *out = NULL;
        if (!names[i])
            continue;
        err_init(&err);
        strbuf_addf(&p, "%s/bin/%s", e->prefix, names[i]);
        if (fs_realpath(fs, p.buf, &real, &err) == 1 && fs_stat(fs, real.buf, &st, &err) == 1 &&
            st.type == COMPAT_FT_REG && fs_access(fs, real.buf, COMPAT_X_OK))
            out = as_host(&pi->arena, fs, p.buf);
        strbuf_release(&p);
        strbuf_release(&real);
        if (out)
            return out;
    }
    return NULL;
}

void probe_import_plan(struct probe_import *pi, const struct diagnosis *dx, struct fs *fs)
{
    size_t i, j;
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        struct probe_import_run *ir;
        if (!v->fw || !v->fw->name)
            continue;
        ALLOC_GROW(pi->runs, pi->n_runs + 1, pi->alloc_runs);
        ir = &pi->runs[pi->n_runs++];
        memset(ir, 0, sizeof(*ir));
        ir->subject = arena_strdup(&pi->arena, v->subject ? v->subject : v->fw->name);
        ir->framework = arena_strdup(&pi->arena, v->fw->name);
        ir->predicted = v->gpu;
        ir->predicted_reason = v->reason ? arena_strdup(&pi->arena, v->reason) : NULL;
        ir->interpreter = interpreter_of(pi, fs, v->env);
        ir->net_isolated = -1;
        ir->import_ok = ir->gpu = -1;
        ir->device_count = -1;
        for (j = 0; j < v->n_needs && ir->n_libs < PROBE_IMPORT_MAX_LIBS; j++) {
            const struct need *n = &v->needs[j];
            struct probe_import_lib *l;
            size_t k;
            int dup = 0;
            if (!n->library)
                continue;
            for (k = 0; k < ir->n_libs; k++)
                dup |= !strcmp(ir->libs[k].library, n->library);
            if (dup)
                continue;
            l = &ir->libs[ir->n_libs++];
            l->library = arena_strdup(&pi->arena, n->library);
            l->predicted = n->resolved_path ? real_host(&pi->arena, fs, n->resolved_path) : NULL;
        }
    }
}

/* ---- the child ----------------------------------------------------------- */

int probe_import_child_main(int wfd, const char *const *args, size_t nargs)
{
    char *argv[8];
    char **envp;
    char head[64];
    size_t i, ne;
    int iso, e;

    if (nargs < 3)
        return 126;
    errno = 0;
    iso = compat_isolate_network();
    e = errno;
    if (iso)
        snprintf(head, sizeof(head), "GDI1 net=1\n");
    else
        snprintf(head, sizeof(head), "GDI1 net=0 errno=%d\n", e);
    compat_write_all(wfd, head, strlen(head));
    argv[0] = (char *)args[0];
    argv[1] = (char *)"-I";
    argv[2] = (char *)"-B";
    argv[3] = (char *)"-c";
    argv[4] = (char *)args[2];
    argv[5] = (char *)args[1];
    argv[6] = NULL;
    ne = nargs - 3;
    envp = xcalloc(ne + 1, sizeof(*envp));
    for (i = 0; i < ne; i++)
        envp[i] = (char *)args[3 + i];
    return compat_child_execve(wfd, args[0], argv, envp);
}

/* ---- the answer ---------------------------------------------------------- */

static const char *jstr(struct arena *a, json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_string(v))
        return NULL;
    return arena_strndup(a, json_string_value(v), json_string_length(v) > 4096 ? 4096 : json_string_length(v));
}

static int jbool(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_boolean(v) ? json_is_true(v) : -1;
}

int probe_import_parse(const uint8_t *buf, size_t len, struct probe_import_run *ir, struct arena *a)
{
    const uint8_t *nl = memchr(buf, '\n', len < 64 ? len : 64);
    json_error_t jerr;
    json_t *root, *v;
    size_t off;

    if (!nl || len < 10 || memcmp(buf, "GDI1 net=", 9) != 0) {
        ir->run_error = "the child wrote no header: it did not start";
        return 0;
    }
    ir->net_isolated = buf[9] == '1';
    if (!ir->net_isolated) {
        const char *p = memchr(buf, 'e', (size_t)(nl - buf));
        int e = 0;
        if (p && (size_t)(nl - (const uint8_t *)p) > 6 && !memcmp(p, "errno=", 6))
            e = (int)strtol(p + 6, NULL, 10);
        ir->net_error = arena_printf(a, "the network could not be isolated (%s)",
                                     e ? strerror(e) : "unknown error");
    }
    off = (size_t)(nl - buf) + 1;
    if (off >= len) {
        ir->run_error = "the interpreter wrote no answer";
        return 0;
    }
    root = json_loadb((const char *)buf + off, len - off, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(root) || json_integer_value(json_object_get(root, "gd_import")) != 1) {
        ir->run_error = arena_printf(a, "the interpreter's answer is not gpudoctor's JSON%s%s",
                                     root ? "" : ": ", root ? "" : jerr.text);
        json_decref(root);
        return 0;
    }
    ir->import_ok = jbool(root, "import_ok");
    ir->import_error = jstr(a, root, "import_error");
    ir->version = jstr(a, root, "version");
    ir->gpu = jbool(root, "gpu");
    v = json_object_get(root, "device_count");
    ir->device_count = json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) < 1000000
                       ? (int)json_integer_value(v) : -1;
    ir->cuda = jstr(a, root, "cuda");
    ir->cudnn = jstr(a, root, "cudnn");
    ir->question = jstr(a, root, "question");
    v = json_object_get(root, "details");
    if (json_is_object(v)) {
        struct strbuf sb = STRBUF_INIT;
        const char *k;
        json_t *x;
        json_object_foreach(v, k, x) {
            if (!json_is_string(x) || !json_string_length(x) || sb.len > 4096)
                continue;
            if (sb.len)
                strbuf_addstr(&sb, "; ");
            strbuf_addf(&sb, "%s=%s", k, json_string_value(x));
        }
        if (sb.len)
            ir->details = arena_strdup(a, sb.buf);
        strbuf_release(&sb);
    }
    v = json_object_get(root, "mapped");
    if (json_is_array(v)) {
        size_t i;
        for (i = 0; i < json_array_size(v) && ir->n_mapped < PROBE_IMPORT_MAX_MAPPED; i++) {
            json_t *p = json_array_get(v, i);
            if (json_is_string(p) && json_string_value(p)[0] == '/')
                ir->mapped[ir->n_mapped++] = arena_strdup(a, json_string_value(p));
        }
    }
    json_decref(root);
    return 0;
}

/* ---- the comparison ------------------------------------------------------ */

static const char *base_of(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The mapped file that is library (a soname "libcudart.so.12" matches
 * "libcudart.so.12" and "libcudart.so.12.4.127"), or NULL. */
static const char *mapped_as(const struct probe_import_run *ir, const char *library)
{
    size_t i, n = strlen(library);
    for (i = 0; i < ir->n_mapped; i++) {
        const char *b = base_of(ir->mapped[i]);
        if (!strncmp(b, library, n) && (b[n] == '\0' || b[n] == '.'))
            return ir->mapped[i];
    }
    return NULL;
}

/* "libcudnn.so.9: cannot open shared object file" -> "libcudnn.so.9". */
static const char *missing_in(struct arena *a, const char *err)
{
    const char *p = err ? strstr(err, ": cannot open shared object file") : NULL;
    const char *s;
    if (!p)
        return NULL;
    s = p;
    while (s > err && s[-1] != ' ' && s[-1] != '\'' && s[-1] != '"' && s[-1] != '(' && s[-1] != '/')
        s--;
    return s < p ? arena_strndup(a, s, (size_t)(p - s)) : NULL;
}

void probe_import_compare(struct probe_import_run *ir, struct arena *a)
{
    size_t i;
    int answer = ir->import_ok == 0 ? 0 : ir->import_ok == 1 ? ir->gpu : -1;
    ir->gpu_cmp = PI_NOT_COMPARED;
    if (ir->predicted != GPU_UNKNOWN && answer >= 0)
        ir->gpu_cmp = (answer == 1) == (ir->predicted == GPU_YES) ? PI_AGREE : PI_DISAGREE;
    for (i = 0; i < ir->n_libs; i++) {
        struct probe_import_lib *l = &ir->libs[i];
        l->mapped = mapped_as(ir, l->library);
        if (!l->mapped || !l->predicted)
            l->cmp = PI_NOT_COMPARED;
        else
            l->cmp = strcmp(l->mapped, l->predicted) ? PI_DISAGREE : PI_AGREE;
    }
    ir->missing_lib = ir->import_ok == 0 ? missing_in(a, ir->import_error) : NULL;
    ir->missing_cmp = PI_NOT_COMPARED;
    if (ir->missing_lib) {
        for (i = 0; i < ir->n_libs; i++) {
            size_t n = strlen(ir->libs[i].library);
            if (strncmp(ir->missing_lib, ir->libs[i].library, n) != 0)
                continue;
            ir->missing_cmp = ir->libs[i].predicted ? PI_DISAGREE : PI_AGREE;
            break;
        }
    }
}

/* ---- running ------------------------------------------------------------ */

int probe_import_execute(struct probe_import *pi, const struct env *env, struct fs *fs,
                         unsigned timeout_ms, struct gd_err *err)
{
    size_t i, j;
    unsigned char *buf;

    pi->timeout_ms = timeout_ms;
    if (!fs->host_root)
        return err_setx(err, GD_ERR_USAGE, "--import runs this machine's interpreters only, not a tree's");
    buf = xmalloc(PROBE_IMPORT_ANSWER_MAX);
    for (i = 0; i < pi->n_runs; i++) {
        struct probe_import_run *ir = &pi->runs[i];
        const char **args;
        struct compat_child_result cr;
        size_t nargs = 0;
        int rc;
        if (!ir->interpreter) {
            ir->run_error = "no interpreter of this environment was found";
            continue;
        }
        args = xcalloc(3 + env->nr, sizeof(*args));
        args[nargs++] = ir->interpreter;
        args[nargs++] = ir->framework;
        args[nargs++] = probe_import_script;
        for (j = 0; j < env->nr; j++)
            args[nargs++] = env->vars[j];
        /* the framework loads the same driver as probe's own child */
        rc = compat_child_run(probe_import_child_main, args, nargs, timeout_ms, probe_guard_flags(fs), buf,
                              PROBE_IMPORT_ANSWER_MAX, &cr, NULL);
        free(args);
        if (rc < 0) {
            free(buf);
            return err_set(err, "cannot start the --import child process");
        }
        ir->ran = 1;
        switch (cr.end) {
        case COMPAT_CHILD_EXITED: ir->child_end = PROBE_CHILD_EXITED; break;
        case COMPAT_CHILD_SIGNALED: ir->child_end = PROBE_CHILD_SIGNALED; break;
        case COMPAT_CHILD_TIMEOUT: ir->child_end = PROBE_CHILD_TIMEOUT; break;
        case COMPAT_CHILD_OVERFLOW: ir->child_end = PROBE_CHILD_OVERFLOW; break;
        }
        ir->child_code = cr.code;
        ir->child_ns = cr.elapsed_ns;
        probe_import_parse(buf, cr.len, ir, &pi->arena);
        if (cr.end == COMPAT_CHILD_TIMEOUT)
            ir->run_error = arena_printf(&pi->arena, "no answer within %u s", (timeout_ms + 999u) / 1000u);
        else if (cr.end == COMPAT_CHILD_SIGNALED)
            ir->run_error = arena_printf(&pi->arena, "the interpreter died with %s",
                                         compat_signal_name(cr.code) ? compat_signal_name(cr.code) : "a signal");
        else if (cr.end == COMPAT_CHILD_OVERFLOW)
            ir->run_error = "the interpreter wrote more than gpudoctor reads";
        else if (ir->run_error && (cr.code == 126 || cr.code == 127) && cr.len < 64)
            ir->run_error = arena_printf(&pi->arena, "'%s' could not be executed (exit %d)",
                                         ir->interpreter, cr.code);
        else if (ir->run_error && cr.code)
            ir->run_error = arena_printf(&pi->arena, "%s (exit %d)", ir->run_error, cr.code);
        if (!ir->run_error)
            probe_import_compare(ir, &pi->arena);
    }
    free(buf);
    return 0;
}

/* ---- findings ------------------------------------------------------------ */

static const char *answer_text(const struct probe_import_run *ir, struct arena *a)
{
    if (ir->import_ok == 0)
        return arena_printf(a, "the import fails (%s)", ir->import_error ? ir->import_error : "?");
    return arena_printf(a, "%s says %s%s", ir->question ? ir->question : ir->framework,
                        ir->gpu == 1 ? "a GPU is usable" : "no GPU is usable",
                        ir->device_count >= 0 ? arena_printf(a, " (%d device(s))", ir->device_count) : "");
}

static void report_fix(struct findings *fl, struct finding *fd)
{
    fixes_run(NULL, fl, fd, FIX_TOOL_FACTS_TO_FILE, "Attach the facts check judged to a gpudoctor bug report",
              "gpudoctor-facts.json", NULL);
}

void probe_import_findings(const struct probe_import *pi, struct findings *fl)
{
    size_t i, j;
    for (i = 0; i < pi->n_runs; i++) {
        const struct probe_import_run *ir = &pi->runs[i];
        struct finding *fd;
        if (ir->run_error) {
            fd = findings_add(fl, "GD527", SEV_WARNING, "%s: the framework's own answer could not be had: %s",
                              ir->subject, ir->run_error);
            fd->subject = ir->subject;
            if (ir->interpreter)
                finding_evidence(fl, fd, ir->interpreter, "ran %s -I -B -c <gpudoctor's script> %s",
                                 ir->interpreter, ir->framework);
            continue;
        }
        if (ir->gpu_cmp == PI_DISAGREE) {
            fd = findings_add(fl, "GD525", SEV_WARNING,
                              "%s: check predicted %s, but %s", ir->subject,
                              ir->predicted == GPU_YES ? "the GPU is used" : "no GPU", answer_text(ir, fl->arena));
            fd->subject = ir->subject;
            finding_evidence(fl, fd, NULL, "check: %s%s%s", gpu_verdict_name(ir->predicted),
                             ir->predicted_reason ? ": " : "", ir->predicted_reason ? ir->predicted_reason : "");
            finding_evidence(fl, fd, ir->interpreter, "%s", answer_text(ir, fl->arena));
            if (ir->details)
                finding_evidence(fl, fd, NULL, "%s", ir->details);
            finding_evidence(fl, fd, NULL, "a disagreement is a gpudoctor bug (or a cause it does not model): "
                                           "please report it with the facts");
            report_fix(fl, fd);
        }
        if (ir->missing_cmp == PI_DISAGREE) {
            fd = findings_add(fl, "GD526", SEV_WARNING,
                              "%s: the import fails on %s, which the loader model finds", ir->subject,
                              ir->missing_lib);
            fd->subject = ir->subject;
            finding_evidence(fl, fd, ir->interpreter, "%s", ir->import_error);
            for (j = 0; j < ir->n_libs; j++)
                if (ir->libs[j].predicted && !strncmp(ir->missing_lib, ir->libs[j].library, strlen(ir->libs[j].library)))
                    finding_evidence(fl, fd, ir->libs[j].predicted, "the loader model: %s is %s",
                                     ir->libs[j].library, ir->libs[j].predicted);
            report_fix(fl, fd);
        }
        for (j = 0; j < ir->n_libs; j++) {
            const struct probe_import_lib *l = &ir->libs[j];
            if (l->cmp != PI_DISAGREE)
                continue;
            fd = findings_add(fl, "GD526", SEV_WARNING,
                              "%s: the process loaded %s as %s, the loader model predicted %s", ir->subject,
                              l->library, l->mapped, l->predicted);
            fd->subject = ir->subject;
            finding_evidence(fl, fd, l->mapped, "mapped by the framework's process (/proc/self/maps)");
            finding_evidence(fl, fd, l->predicted, "predicted by the loader model");
            report_fix(fl, fd);
        }
    }
}
