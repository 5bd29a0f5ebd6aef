#include <string.h>

#include "facts/facts_json.h"
#include "report/image.h"
#include "report/probe.h"
#include "report/report.h"
#include "util/json_writer.h"
#include "util/banned.h"

void report_json_findings(struct jw *jw, const struct findings *fl)
{
    size_t i, j;
    jw_array_begin(jw);
    for (i = 0; i < fl->nr; i++) {
        const struct finding *fd = &fl->v[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "code", fd->code);
        jw_kv_str(jw, "kind", fd->kind);
        jw_kv_str(jw, "severity", severity_name(fd->severity));
        jw_kv_str(jw, "title", fd->title);
        jw_kv_str(jw, "subject", fd->subject);
        jw_key(jw, "evidence");
        jw_array_begin(jw);
        for (j = 0; j < fd->n_evidence; j++) {
            jw_object_begin(jw);
            jw_kv_str(jw, "text", fd->evidence[j].text);
            jw_kv_str(jw, "path", fd->evidence[j].path);
            /* the log line it quotes (explain), else null */
            if (fd->evidence[j].line)
                jw_kv_int(jw, "line", fd->evidence[j].line);
            else
                jw_kv_null(jw, "line");
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_key(jw, "fixes");
        jw_array_begin(jw);
        for (j = 0; j < fd->n_fixes; j++) {
            jw_object_begin(jw);
            jw_kv_str(jw, "title", fd->fixes[j].title);
            jw_kv_str(jw, "shell", fd->fixes[j].shell);
            jw_kv_str(jw, "command", fd->fixes[j].command);
            jw_kv_str(jw, "rank", fix_rank_name(finding_fix_rank(fd, j)));
            if (fd->fixes[j].group)
                jw_kv_int(jw, "group", fd->fixes[j].group);
            else
                jw_kv_null(jw, "group");
            jw_kv_int(jw, "route", (int64_t)finding_fix_route(fd, j));
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void report_json_summary(struct jw *jw, const struct findings *fl)
{
    jw_key(jw, "summary");
    jw_object_begin(jw);
    jw_kv_int(jw, "errors", (int64_t)findings_count(fl, SEV_ERROR));
    jw_kv_int(jw, "warnings", (int64_t)findings_count(fl, SEV_WARNING));
    jw_kv_int(jw, "infos", (int64_t)findings_count(fl, SEV_INFO));
    jw_object_end(jw);
}

/* Which commands and kernels run env (facts->interp): "python3", "kernel:NAME". */
static void run_by_json(struct jw *jw, const struct facts *f, const struct python_env *e)
{
    size_t i;
    jw_array_begin(jw);
    for (i = 0; f && i < f->interp.nr; i++) {
        const struct py_interpreter *it = &f->interp.v[i];
        if (it->env && e->prefix && !strcmp(it->env, e->prefix) &&
            ((!it->env_python && !e->python_version) ||
             (it->env_python && e->python_version && !strcmp(it->env_python, e->python_version))))
            jw_str(jw, it->command);
    }
    for (i = 0; f && i < f->interp.n_kernels; i++) {
        const struct jupyter_kernel *k = &f->interp.kernels[i];
        if (k->env && e->prefix && !strcmp(k->env, e->prefix) &&
            ((!k->env_python && !e->python_version) ||
             (k->env_python && e->python_version && !strcmp(k->env_python, e->python_version)))) {
            struct strbuf sb = STRBUF_INIT;
            strbuf_addf(&sb, "kernel:%s", k->name);
            jw_str(jw, sb.buf);
            strbuf_release(&sb);
        }
    }
    jw_array_end(jw);
}

void report_json_verdicts(struct jw *jw, const struct facts *f, const struct diagnosis *dx)
{
    size_t i, j;
    jw_array_begin(jw);
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "env", v->env->prefix);
        jw_kv_str(jw, "env_kind", v->env->kind);
        jw_kv_str(jw, "framework", v->fw->name);
        jw_kv_str(jw, "dist", v->fw->dist);
        jw_kv_str(jw, "version", v->fw->version);
        jw_kv_str(jw, "subject", v->subject);
        jw_kv_str(jw, "gpu", gpu_verdict_name(v->gpu));
        jw_kv_str(jw, "reason", v->reason);
        jw_key(jw, "run_by");
        run_by_json(jw, f, v->env);
        jw_key(jw, "needs");
        jw_array_begin(jw);
        for (j = 0; j < v->n_needs; j++) {
            const struct need *n = &v->needs[j];
            jw_object_begin(jw);
            jw_kv_str(jw, "library", n->library);
            jw_kv_str(jw, "role", n->role);
            jw_kv_str(jw, "resolved_path", n->resolved_path);
            jw_kv_str(jw, "version", n->version);
            jw_kv_str(jw, "step", n->step);
            jw_kv_str(jw, "from", n->from);
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_key(jw, "findings");
        jw_array_begin(jw);
        for (j = 0; j < v->n_codes; j++)
            jw_str(jw, v->codes[j]);
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void report_json(FILE *fp, const struct report_input *in)
{
    const struct facts *f = in->facts;
    const struct findings *fl = &in->dx->findings;
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    size_t i;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_JSON_SCHEMA);
    jw_kv_str(&jw, "gpudoctor_version", in->gd_version);
    jw_kv_str(&jw, "kb_revision", in->kb_revision);
    jw_key(&jw, "host");
    jw_object_begin(&jw);
    jw_kv_str(&jw, "hostname", f->system.hostname);
    jw_kv_str(&jw, "machine_id", f->system.machine_id);
    jw_object_end(&jw);
    jw_kv_str(&jw, "root", in->root);
    jw_key(&jw, "system");
    facts_json_system(&jw, f);
    jw_key(&jw, "driver");
    facts_json_driver(&jw, f);
    jw_key(&jw, "gpus");
    facts_json_gpus(&jw, f);
    jw_key(&jw, "tegra");
    facts_json_tegra(&jw, f);
    jw_key(&jw, "node");
    facts_json_node(&jw, f);
    jw_key(&jw, "cuda_toolkits");
    facts_json_cuda(&jw, f);
    jw_key(&jw, "cudnn");
    facts_json_cudnn(&jw, f);
    jw_key(&jw, "loader");
    facts_json_ldenv(&jw, f);
    jw_key(&jw, "python_envs");
    facts_json_python(&jw, f, 0);
    facts_json_interp(&jw, &f->interp);
    jw_key(&jw, "modules");
    facts_json_modules(&jw, &f->modules);
    jw_key(&jw, "packages");
    facts_json_dpkg(&jw, f);
    jw_key(&jw, "verdicts");
    report_json_verdicts(&jw, f, in->dx);
    report_json_container(&jw, f, in->dx);
    if (in->probe) {
        jw_key(&jw, "probe");
        report_probe_json_value(&jw, in->probe);
    }
    jw_key(&jw, "findings");
    report_json_findings(&jw, fl);
    jw_key(&jw, "checklist");
    jw_array_begin(&jw);
    for (i = 0; i < in->dx->n_checklist; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "step", in->dx->checklist[i].step);
        jw_kv_str(&jw, "status", check_status_name(in->dx->checklist[i].status));
        jw_kv_str(&jw, "detail", in->dx->checklist[i].detail);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    report_json_summary(&jw, fl);
    jw_key(&jw, "warnings");
    facts_json_warnings(&jw, f);
    jw_kv_int(&jw, "exit_status", in->exit_status);
    jw_object_end(&jw);
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}

void report_facts(FILE *fp, const struct facts *f, const char *gd_version)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    jw_init(&jw, &sb, 1);
    facts_json_write(&jw, f, gd_version);
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}
