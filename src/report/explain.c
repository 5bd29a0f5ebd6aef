/*
 * explain.c - text and JSON renderers of `gpudoctor explain`.
 */
#include "report/explain.h"
#include "report/report.h"

#include <string.h>

#include "facts/facts_json.h"
#include "report/out.h"
#include "util/json_writer.h"
#include "util/banned.h"

static enum out_style sev_style(enum severity s)
{
    return s == SEV_ERROR ? STYLE_RED : s == SEV_WARNING ? STYLE_YELLOW : STYLE_DIM;
}

static void text_finding(struct out *o, const struct finding *fd)
{
    size_t i;
    out_styled(o, sev_style(fd->severity), "%s", severity_name(fd->severity));
    out_printf(o, " %s %s: ", fd->code, fd->kind);
    out_str(o, fd->title);
    out_raw(o, "\n");
    if (fd->n_evidence)
        out_raw(o, "  evidence:\n");
    for (i = 0; i < fd->n_evidence; i++) {
        const struct evidence *e = &fd->evidence[i];
        if (e->line)
            out_printf(o, "    line %ld: ", e->line);
        else
            out_raw(o, "    - ");
        out_str(o, e->text);
        out_raw(o, "\n");
    }
    if (fd->n_fixes)
        out_raw(o, "  fix:\n");
    for (i = 0; i < fd->n_fixes; i++) {
        const struct fix *x = &fd->fixes[i];
        const char *p, *nl;
        if (!out_show_fix(o, fd, i))
            continue;   /* the same command for another shell (--all-shells shows it) */
        out_raw(o, "    ");
        if (x->shell)
            out_printf(o, "[%s] ", x->shell);
        out_str(o, x->title);
        out_raw(o, "\n");
        for (p = x->command; p && *p; p = nl ? nl + 1 : NULL) {
            nl = strchr(p, '\n');
            out_raw(o, "      ");
            out_styled(o, STYLE_CYAN, "%.*s", nl ? (int)(nl - p) : (int)strlen(p), p);
            out_raw(o, "\n");
        }
    }
}

/* The alternatives the log cannot rule out, and what tells them apart. */
static void text_alternatives(struct out *o, const struct explain_result *h)
{
    size_t i;
    if (!h || h->n < 2)
        return;
    out_styled(o, STYLE_BOLD, "Or else (less likely):\n");
    for (i = 1; i < h->n; i++) {
        out_printf(o, "  %d%% %s %s: ", h->hyp[i].confidence, h->hyp[i].code, h->hyp[i].kind);
        out_str(o, h->hyp[i].why ? h->hyp[i].why : "");
        out_raw(o, "\n");
        if (h->hyp[i].tell) {
            out_raw(o, "      tell apart: ");
            out_styled(o, STYLE_CYAN, "%s", "");
            out_str(o, h->hyp[i].tell);
            out_raw(o, "\n");
        }
    }
}

static void text_value(struct out *o, int *first, const char *label, const struct log_value *v)
{
    if (!v->v)
        return;
    out_printf(o, "%s%s %s (line %ld)", *first ? "  " : "; ", label, v->v, v->line);
    *first = 0;
}

void report_explain_text(FILE *fp, const struct explain_report *r, int color)
{
    struct out o;
    const struct findings *fl = r->findings;
    const struct log_facts *lf = r->log;
    size_t i;
    int first = 1, any_noise = 0;

    memset(&o, 0, sizeof(o));
    o.shell = r->shell;
    o.fp = fp;
    o.color = color;
    /* The cause first, in one line. */
    if (fl->nr && fl->v[0].severity >= SEV_WARNING) {
        out_styled(&o, STYLE_BOLD, "Cause: ");
        out_str(&o, fl->v[0].title);
        out_printf(&o, " [%s %s]\n", fl->v[0].code, fl->v[0].kind);
    } else {
        out_styled(&o, STYLE_BOLD, "Cause: ");
        out_raw(&o, "none found in this log\n");
    }
    text_alternatives(&o, r->hypotheses);
    for (i = 0; i < fl->nr; i++) {
        if (fl->v[i].severity == SEV_INFO && !strcmp(fl->v[i].kind, "harmless_noise")) {
            any_noise = 1;
            continue;
        }
        out_raw(&o, "\n");
        text_finding(&o, &fl->v[i]);
    }
    if (any_noise) {
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Harmless (not the cause):\n");
        for (i = 0; i < fl->nr; i++)
            if (fl->v[i].severity == SEV_INFO && !strcmp(fl->v[i].kind, "harmless_noise"))
                text_finding(&o, &fl->v[i]);
    }
    out_raw(&o, "\n");
    out_styled(&o, STYLE_BOLD, "Read from the log");
    out_printf(&o, " (%s, %lu lines):\n", r->input, lf->lines);
    if (r->os) {
        if (r->os_line)
            out_printf(&o, "  OS %s (line %ld)", r->os, r->os_line);
        else
            out_printf(&o, "  OS %s (from this machine)", r->os);
        first = 0;
    }
    text_value(&o, &first, "TensorFlow", &lf->tf_version);
    text_value(&o, &first, "PyTorch", &lf->torch_version);
    text_value(&o, &first, "PyTorch CUDA", &lf->torch_cuda);
    text_value(&o, &first, "jax", &lf->jax_version);
    text_value(&o, &first, "jaxlib", &lf->jaxlib_version);
    text_value(&o, &first, "onnxruntime", &lf->ort_version);
    text_value(&o, &first, "CuPy", &lf->cupy_version);
    text_value(&o, &first, "driver", &lf->driver_version);
    text_value(&o, &first, "driver CUDA level", &lf->driver_cuda);
    text_value(&o, &first, "nvcc", &lf->nvcc_version);
    text_value(&o, &first, "GPU", &lf->gpu_name);
    text_value(&o, &first, "compute capability", &lf->gpu_cc);
    text_value(&o, &first, "Python", &lf->python_version);
    text_value(&o, &first, "CUDA", &lf->cuda_version);
    text_value(&o, &first, "cuDNN", &lf->cudnn_version);
    text_value(&o, &first, "container", &lf->container);
    text_value(&o, &first, "conda", &lf->conda);
    text_value(&o, &first, "cluster", &lf->cluster);
    text_value(&o, &first, "CUDA_VISIBLE_DEVICES", &lf->cvd);
    if (first)
        out_raw(&o, "  nothing about the OS, framework, driver or GPU");
    out_raw(&o, "\n");
    if (lf->command.v) {
        out_printf(&o, "  command (line %ld): ", lf->command.line);
        out_str(&o, lf->command.v);
        out_raw(&o, "\n");
    }
    if (lf->long_lines)
        out_printf(&o, "  %lu line(s) longer than %d bytes were matched in overlapping windows\n",
                   lf->long_lines, LOGREAD_LINE_MAX);
    if (r->machine)
        out_printf(&o, "  with this machine's scan (--with-check): driver %s, %zu GPU(s)\n",
                   facts_driver_version(r->machine) ? facts_driver_version(r->machine) : "none",
                   r->machine->n_gpus);
}

static void json_value(struct jw *jw, const char *key, const struct log_value *v)
{
    jw_key(jw, key);
    if (!v->v) {
        jw_null(jw);
        return;
    }
    jw_object_begin(jw);
    jw_kv_str(jw, "value", v->v);
    jw_kv_int(jw, "line", v->line);
    jw_object_end(jw);
}


static void json_facts(struct jw *jw, const struct explain_report *r)
{
    const struct log_facts *lf = r->log;
    size_t i;

    jw_object_begin(jw);
    jw_kv_str(jw, "os", r->os);
    if (r->os_line)
        jw_kv_int(jw, "os_line", r->os_line);
    else
        jw_kv_null(jw, "os_line");
    json_value(jw, "tensorflow", &lf->tf_version);
    json_value(jw, "torch", &lf->torch_version);
    json_value(jw, "torch_cuda", &lf->torch_cuda);
    json_value(jw, "jax", &lf->jax_version);
    json_value(jw, "jaxlib", &lf->jaxlib_version);
    json_value(jw, "onnxruntime", &lf->ort_version);
    json_value(jw, "cupy", &lf->cupy_version);
    json_value(jw, "driver", &lf->driver_version);
    json_value(jw, "driver_cuda", &lf->driver_cuda);
    json_value(jw, "nvcc", &lf->nvcc_version);
    json_value(jw, "gpu", &lf->gpu_name);
    json_value(jw, "compute_capability", &lf->gpu_cc);
    json_value(jw, "cudnn", &lf->cudnn_version);
    json_value(jw, "ld_library_path", &lf->ld_library_path);
    json_value(jw, "python", &lf->python_version);
    json_value(jw, "cuda", &lf->cuda_version);
    json_value(jw, "command", &lf->command);
    json_value(jw, "cuda_visible_devices", &lf->cvd);
    json_value(jw, "date", &lf->date);
    jw_key(jw, "setting");
    jw_object_begin(jw);
    json_value(jw, "container", &lf->container);
    json_value(jw, "docker_gpus", &lf->docker_gpus);
    json_value(jw, "conda", &lf->conda);
    json_value(jw, "cluster", &lf->cluster);
    json_value(jw, "pip_nvidia", &lf->pip_nvidia);
    json_value(jw, "windows_python", &lf->win_python);
    jw_object_end(jw);
    jw_key(jw, "libraries");
    jw_array_begin(jw);
    for (i = 0; i < lf->n_libs; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "name", lf->libs[i].name);
        jw_kv_bool(jw, "loaded", lf->libs[i].ok);
        jw_kv_str(jw, "via", lf->libs[i].via);
        jw_kv_str(jw, "error", lf->libs[i].error);
        jw_kv_int(jw, "line", lf->libs[i].line);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "packages");
    jw_array_begin(jw);
    for (i = 0; i < lf->n_pkgs; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "name", lf->pkgs[i].name);
        jw_kv_str(jw, "version", lf->pkgs[i].version);
        jw_kv_int(jw, "line", lf->pkgs[i].line);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "cuda_errors");
    jw_array_begin(jw);
    for (i = 0; i < lf->n_errs; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "name", lf->errs[i].name);
        if (lf->errs[i].number >= 0)
            jw_kv_int(jw, "number", lf->errs[i].number);
        else
            jw_kv_null(jw, "number");
        jw_kv_str(jw, "api", lf->errs[i].api);
        if (lf->errs[i].meaning)
            jw_kv_str(jw, "meaning", lf->errs[i].meaning);
        else
            jw_kv_null(jw, "meaning");
        if (lf->errs[i].finding)
            jw_kv_str(jw, "points_to", lf->errs[i].finding);
        else
            jw_kv_null(jw, "points_to");
        jw_kv_int(jw, "line", lf->errs[i].line);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "messages");
    jw_array_begin(jw);
    for (i = 0; i < LE__COUNT; i++) {
        const struct log_event *e = &lf->ev[i];
        if (!e->count)
            continue;
        jw_object_begin(jw);
        jw_kv_str(jw, "family", log_event_name((enum log_ev)i));
        jw_kv_str(jw, "source", log_event_source((enum log_ev)i));
        jw_kv_int(jw, "count", (int64_t)e->count);
        jw_kv_int(jw, "first_line", e->n_hits ? e->hits[0].line : 0);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_object_end(jw);
}

/* The first n ranked hypotheses (n: the shown ones, or the whole ranking). */
static void json_hypotheses(struct jw *jw, const struct explain_result *h, size_t n)
{
    size_t i, j;
    jw_array_begin(jw);
    for (i = 0; h && i < n; i++) {
        const struct explain_hypothesis *x = &h->hyp[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "kind", x->kind);
        jw_kv_str(jw, "code", x->code);
        jw_kv_int(jw, "confidence", x->confidence);
        jw_kv_str(jw, "why", x->why);
        jw_kv_str(jw, "tell_apart", x->tell);
        jw_kv_bool(jw, "judged", x->judged);
        jw_key(jw, "evidence");
        jw_array_begin(jw);
        for (j = 0; j < x->n_evidence; j++) {
            jw_object_begin(jw);
            jw_kv_int(jw, "line", x->ev_line[j]);
            jw_kv_str(jw, "text", x->ev_text[j]);
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void report_explain_json(FILE *fp, const struct explain_report *r)
{
    const struct findings *fl = r->findings;
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_EXPLAIN_SCHEMA);
    jw_kv_str(&jw, "gpudoctor_version", r->gd_version);
    jw_kv_str(&jw, "kb_revision", r->kb_revision);
    jw_key(&jw, "input");
    jw_object_begin(&jw);
    jw_kv_str(&jw, "name", r->input);
    jw_kv_int(&jw, "lines", (int64_t)r->log->lines);
    jw_kv_int(&jw, "bytes", (int64_t)r->log->bytes);
    jw_kv_int(&jw, "long_lines", (int64_t)r->log->long_lines);
    jw_kv_int(&jw, "segments", (int64_t)r->log->segments);
    jw_object_end(&jw);
    if (fl->nr && fl->v[0].severity >= SEV_WARNING)
        jw_kv_str(&jw, "cause", fl->v[0].code);
    else
        jw_kv_null(&jw, "cause");
    jw_key(&jw, "hypotheses");
    json_hypotheses(&jw, r->hypotheses, r->hypotheses ? r->hypotheses->n : 0);
    jw_key(&jw, "ranking");
    json_hypotheses(&jw, r->hypotheses, r->hypotheses ? r->hypotheses->n_ranked : 0);
    jw_key(&jw, "findings");
    report_json_findings(&jw, fl);
    jw_key(&jw, "facts");
    json_facts(&jw, r);
    jw_key(&jw, "machine");
    if (r->machine) {
        jw_object_begin(&jw);
        jw_key(&jw, "system");
        facts_json_system(&jw, r->machine);
        jw_key(&jw, "driver");
        facts_json_driver(&jw, r->machine);
        jw_key(&jw, "gpus");
        facts_json_gpus(&jw, r->machine);
        jw_object_end(&jw);
    } else {
        jw_null(&jw);
    }
    report_json_summary(&jw, fl);
    jw_kv_int(&jw, "exit_status", 0);
    jw_object_end(&jw);
    strbuf_addch(&sb, '\n');
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}
