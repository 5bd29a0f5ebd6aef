/*
 * ps.c (report) - `gpudoctor ps` as text, Markdown and JSON (report/ps.h).
 *
 * Text: one block per job -- who and what it is, the verdict, the
 * environment and framework examined for it, its GPU device files, every
 * CUDA library it mapped against what the loader model predicts, how it
 * differs from a job on the GPU, its findings -- then the IDE
 * interpreters, the driver's process list, and the diagnosis of each
 * environment (what `check` says for it).
 */
#include "report/ps.h"

#include <inttypes.h>
#include <string.h>

#include "probe/probe.h"
#include "report/md.h"
#include "report/out.h"
#include "report/probe.h"
#include "report/report.h"
#include "report/text_sections.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char *state_title(const struct ps_job *j)
{
    switch (j->state) {
    case PS_ON_GPU: return "ON THE GPU";
    case PS_CUDA_NO_DEVICE: return "CUDA, NO GPU DEVICE";
    case PS_ON_CPU: return "ON THE CPU";
    case PS_NO_FRAMEWORK: return "NO GPU FRAMEWORK LOADED";
    case PS_UNREADABLE: return "NOT READABLE";
    case PS_GONE: return "GONE";
    }
    return "?";
}

static enum out_style state_style(const struct ps_job *j)
{
    switch (j->state) {
    case PS_ON_GPU: return STYLE_GREEN;
    case PS_ON_CPU: return STYLE_RED;
    case PS_CUDA_NO_DEVICE: return j->nodev == PS_NODEV_NOT_INITIALISED ? STYLE_YELLOW : STYLE_RED;
    default: return STYLE_DIM;
    }
}

/* "2 h 13 min", "45 s". */
static void duration(struct strbuf *sb, long s)
{
    if (s >= 86400)
        strbuf_addf(sb, "%ld d %ld h", s / 86400, (s % 86400) / 3600);
    else if (s >= 3600)
        strbuf_addf(sb, "%ld h %ld min", s / 3600, (s % 3600) / 60);
    else if (s >= 60)
        strbuf_addf(sb, "%ld min %ld s", s / 60, s % 60);
    else
        strbuf_addf(sb, "%ld s", s);
}

static const char *match_word(enum ps_match m)
{
    switch (m) {
    case PS_AGREE: return "= predicted";
    case PS_DISAGREE: return "!= predicted";
    case PS_NOT_PREDICTED: return "(not predicted)";
    case PS_NOT_MAPPED: return "not mapped (yet)";
    case PS_MATCH_UNKNOWN: return "(model could not answer)";
    }
    return "?";
}

static void text_cmdline(struct out *o, const struct ps_proc *p)
{
    size_t i;
    if (!p->n_argv) {
        out_printf(o, "[%s]", p->status.name ? p->status.name : "?");
        return;
    }
    for (i = 0; i < p->n_argv; i++) {
        out_raw(o, i ? " " : "");
        out_str(o, p->argv[i]);
    }
    if (p->argv_total > p->n_argv)
        out_printf(o, " ... (%zu more)", p->argv_total - p->n_argv);
}

static void text_job(struct out *o, const struct ps_report *r, size_t idx)
{
    const struct ps_job *j = &r->jobs[idx];
    const struct ps_proc *p = j->proc;
    struct strbuf sb = STRBUF_INIT;
    long env = r->job_env ? r->job_env[idx] : -1;
    size_t i;

    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "PID %ld", p->pid);
    if (p->user || p->status.uid >= 0)
        out_printf(o, " (%s)", p->user ? p->user : "uid");
    if (!p->user && p->status.uid >= 0)
        out_printf(o, " %ld", p->status.uid);
    out_raw(o, "  ");
    text_cmdline(o, p);
    out_raw(o, "\n");
    if (p->role)
        strbuf_addstr(&sb, p->role);
    if (j->elapsed_s >= 0) {
        strbuf_addstr(&sb, sb.len ? ", running " : "running ");
        duration(&sb, j->elapsed_s);
        if (j->cpu_s >= 0) {
            strbuf_addstr(&sb, ", ");
            duration(&sb, j->cpu_s);
            strbuf_addstr(&sb, " of CPU");
        }
    }
    if (p->cgroup.container)
        strbuf_addf(&sb, "%scontainer: %s%s%.12s", sb.len ? ", " : "", p->cgroup.container,
                    p->cgroup.container_id ? " " : "", p->cgroup.container_id ? p->cgroup.container_id : "");
    if (p->cgroup.slurm_job)
        strbuf_addf(&sb, "%sslurm job %s%s%s", sb.len ? ", " : "", p->cgroup.slurm_job,
                    p->cgroup.slurm_step ? " step " : "", p->cgroup.slurm_step ? p->cgroup.slurm_step : "");
    if (p->other_mnt_ns == 1)
        strbuf_addf(&sb, "%sits own mount namespace (files read through /proc/%ld/root)", sb.len ? ", " : "",
                    p->pid);
    else if (p->root && strcmp(p->root, "/"))
        strbuf_addf(&sb, "%sroot %s", sb.len ? ", " : "", p->root);
    if (sb.len) {
        out_raw(o, "  ");
        out_wrapped(o, 2, 2, sb.buf);
        out_raw(o, "\n");
    }
    out_raw(o, "  ");
    out_styled(o, state_style(j), "%s", state_title(j));
    out_raw(o, ": ");
    out_wrapped(o, 4 + strlen(state_title(j)), 4, j->why ? j->why : "");
    out_raw(o, "\n");
    if (j->how_to_tell) {
        out_raw(o, "    how to tell: ");
        out_wrapped(o, 17, 6, j->how_to_tell);
        out_raw(o, "\n");
    }
    if (j->env_prefix || j->interpreter) {
        out_printf(o, "  %-13s", "environment");
        out_printf(o, "%s", j->env_prefix ? out_pathstr(o, j->env_prefix) : "?");
        if (j->env_how)
            out_printf(o, "  (%s)", j->env_how);
        out_raw(o, "\n");
        if (j->interpreter)
            out_printf(o, "  %-13s%s\n", "interpreter", out_pathstr(o, j->interpreter));
    }
    if (p->exe && (!j->interpreter || strcmp(p->exe, j->interpreter)))
        out_printf(o, "  %-13s%s%s\n", "executable", out_pathstr(o, p->exe), p->exe_deleted ? " (deleted)" : "");
    if (j->verdict) {
        const struct verdict *v = j->verdict;
        out_printf(o, "  %-13s%s: check says GPU ", "framework", v->subject);
        out_styled(o, v->gpu == GPU_YES ? STYLE_GREEN : v->gpu == GPU_NO ? STYLE_RED : STYLE_YELLOW, "%s",
                   v->gpu == GPU_YES ? "YES" : v->gpu == GPU_NO ? "NO" : "UNKNOWN");
        if (v->reason) {
            out_raw(o, " — ");
            out_wrapped(o, 40, 15, v->reason);
        }
        out_raw(o, "\n");
    }
    if (j->n_devices) {
        out_printf(o, "  %-13s", "devices");
        for (i = 0; i < j->n_devices; i++)
            out_printf(o, "%s%s", i ? " " : "", j->devices[i]);
        out_raw(o, "\n");
    }
    if (j->n_libs) {
        out_raw(o, "  libraries    mapped by the job / predicted by the loader model for its environment\n");
        for (i = 0; i < j->n_libs; i++) {
            const struct ps_lib *l = &j->libs[i];
            out_printf(o, "    %-10s ", l->role ? l->role : "?");
            if (l->mapped)
                out_printf(o, "%s%s  ", out_pathstr(o, l->mapped), l->deleted ? " (deleted)" : "");
            out_styled(o, l->match == PS_DISAGREE ? STYLE_RED : l->match == PS_AGREE ? STYLE_GREEN : STYLE_DIM,
                       "%s", match_word(l->match));
            if (l->match != PS_AGREE && l->predicted)
                out_printf(o, " %s", out_pathstr(o, l->predicted));
            else if (l->match == PS_DISAGREE && l->name)
                out_printf(o, ": no %s found", l->name);
            if (l->step)
                out_printf(o, " (%s)", l->step);
            out_raw(o, "\n");
        }
    }
    if (p->n_env) {
        strbuf_reset(&sb);
        for (i = 0; i < p->n_env; i++) {
            const char *n = p->env[i].name;
            /* The variables that change what it loads; the rest are in --json. */
            if (strcmp(n, "CUDA_VISIBLE_DEVICES") && strcmp(n, "NVIDIA_VISIBLE_DEVICES") &&
                strcmp(n, "LD_LIBRARY_PATH") && strcmp(n, "LD_PRELOAD") && strcmp(n, "PYTHONPATH") &&
                strcmp(n, "VIRTUAL_ENV") && strcmp(n, "CONDA_PREFIX") && strcmp(n, "JAX_PLATFORMS"))
                continue;
            strbuf_addf(&sb, "%s%s=%s", sb.len ? "  " : "", n, p->env[i].value);
        }
        if (sb.len) {
            out_printf(o, "  %-13s", "variables");
            out_wrapped(o, 15, 15, sb.buf);
            out_raw(o, "\n");
        }
    }
    if (j->nvml_asked) {
        out_printf(o, "  %-13s", "driver list");
        if (!j->n_nvml)
            out_raw(o, "the driver does not list it as a compute process\n");
        for (i = 0; i < j->n_nvml; i++) {
            if (j->nvml[i].mem_bytes == UINT64_MAX)
                out_printf(o, "%sGPU %d (memory unknown)", i ? ", " : "", j->nvml[i].gpu);
            else
                out_printf(o, "%sGPU %d, %" PRIu64 " MiB", i ? ", " : "", j->nvml[i].gpu,
                           j->nvml[i].mem_bytes >> 20);
        }
        if (j->n_nvml)
            out_raw(o, "\n");
    }
    if (j->compared_pid >= 0 && j->n_diffs) {
        out_printf(o, "  differs from PID %ld (on the GPU):\n", j->compared_pid);
        for (i = 0; i < j->n_diffs; i++) {
            const struct ps_diff *d = &j->diffs[i];
            out_printf(o, "    %-22s %s\n", d->what, d->here ? d->here : "(unset)");
            out_printf(o, "    %-22s %s\n", "  vs", d->there ? d->there : "(unset)");
        }
    }
    if (p->maps_truncated || p->fds_truncated)
        out_printf(o, "  note: %s%s%s read in part (very large)\n", p->maps_truncated ? "maps" : "",
                   p->maps_truncated && p->fds_truncated ? " and " : "", p->fds_truncated ? "descriptors" : "");
    for (i = 0; i < p->n_notes; i++)
        out_printf(o, "  note: %s\n", p->notes[i]);
    if (j->findings.nr)
        report_text_findings(o, &j->findings);
    if (env >= 0)
        out_printf(o, "  diagnosis of its environment: environment %ld below\n", env + 1);
    strbuf_release(&sb);
}

static void text_env(struct out *o, const struct ps_report *r, size_t e)
{
    const struct ps_report_env *v = &r->envs[e];
    size_t i, first = 1;
    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "Environment %zu: ", e + 1);
    out_printf(o, "%s", v->prefix ? out_pathstr(o, v->prefix) : v->interpreter ? out_pathstr(o, v->interpreter) : "?");
    if (strcmp(v->root, "/"))
        out_printf(o, " in %s", v->root);
    out_raw(o, "\n");
    out_raw(o, "  as `gpudoctor check` judges it with the job's variables");
    for (i = 0; i < r->n_jobs; i++)
        if (r->job_env && r->job_env[i] == (long)e) {
            out_printf(o, "%s%ld", first ? " (PID " : ", ", r->jobs[i].proc->pid);
            first = 0;
        }
    for (i = 0; i < r->n_ides; i++)
        if (r->ides[i].env == (long)e) {
            out_printf(o, "%s%s", first ? " (" : ", ", r->ides[i].ide->ide);
            first = 0;
        }
    out_raw(o, first ? "\n" : ")\n");
    if (!v->dx->n_verdicts)
        out_raw(o, "  no framework install found in it\n");
    report_text_verdicts(o, v->facts, v->dx);
    if (v->dx->findings.nr)
        report_text_findings(o, &v->dx->findings);
}

static void text_ides(struct out *o, const struct ps_report *r)
{
    size_t i, k;
    if (!r->ide_cwd)
        return;
    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "Interpreters the IDEs will run for %s", out_pathstr(o, r->ide_cwd));
    out_raw(o, "\n");
    if (!r->n_ides)
        out_raw(o, "  none configured (no .vscode/settings.json, no .idea/misc.xml with a project SDK)\n");
    for (i = 0; i < r->n_ides; i++) {
        const struct ide_interp *it = r->ides[i].ide;
        out_printf(o, "  %-8s %s", it->ide, it->setting);
        if (it->value)
            out_printf(o, " = %s", it->value);
        out_printf(o, "  (%s)\n", out_pathstr(o, it->source));
        if (it->interpreter)
            out_printf(o, "           -> %s%s%s\n", out_pathstr(o, it->interpreter), it->table ? "  from " : "",
                       it->table ? out_pathstr(o, it->table) : "");
        if (it->problem) {
            out_raw(o, "           ");
            out_styled(o, STYLE_YELLOW, "%s", "problem: ");
            out_wrapped(o, 20, 11, it->problem);
            out_raw(o, "\n");
        }
        if (it->env_file) {
            out_printf(o, "           python.envFile %s", out_pathstr(o, it->env_file));
            for (k = 0; k < it->n_env; k++)
                out_printf(o, "%s%s=%s", k ? " " : ": ", it->env[k].name, it->env[k].value);
            out_raw(o, "\n");
        }
        if (r->ides[i].env >= 0)
            out_printf(o, "           diagnosis: environment %ld below\n", r->ides[i].env + 1);
    }
}

static void text_driver_list(struct out *o, const struct ps_report *r)
{
    size_t i;
    if (!r->probe)
        return;
    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "%s", "The driver's process list (ps --probe)");
    out_raw(o, "\n");
    if (!r->probe->procs_asked) {
        out_raw(o, "  the driver gave none (see the probe's findings)\n");
        return;
    }
    if (!r->probe->n_procs)
        out_raw(o, "  no compute process on any GPU\n");
    for (i = 0; i < r->n_others; i++) {
        const struct ps_report_other *x = &r->others[i];
        out_printf(o, "  PID %ld", x->pid);
        if (x->name)
            out_printf(o, " (%s)", x->name);
        out_printf(o, " on GPU %d", x->gpu);
        if (x->mem != UINT64_MAX)
            out_printf(o, ", %" PRIu64 " MiB", x->mem >> 20);
        out_raw(o, ": not among the jobs above\n");
    }
}

void report_ps_text(FILE *fp, const struct ps_report *r, int color)
{
    struct out o;
    size_t i, n_gpu = 0;

    memset(&o, 0, sizeof(o));
    o.fp = fp;
    o.color = color;
    o.width = out_term_width(fp);
    o.shell = r->shell;
    for (i = 0; i < r->n_jobs; i++)
        n_gpu += r->jobs[i].state == PS_ON_GPU;
    out_styled(&o, STYLE_BOLD, "gpudoctor ps %s", r->gd_version);
    if (r->all)
        out_printf(&o, ": %zu Python job%s among %zu processes, %zu on the GPU\n", r->n_jobs,
                   r->n_jobs == 1 ? "" : "s", r->n_examined, n_gpu);
    else
        out_printf(&o, ": %zu process%s, %zu on the GPU\n", r->n_jobs, r->n_jobs == 1 ? "" : "es", n_gpu);
    if (r->all && !r->n_jobs)
        out_raw(&o, "  no Python or framework job is running (pass PIDs to examine any process)\n");
    for (i = 0; i < r->n_jobs; i++)
        text_job(&o, r, i);
    text_ides(&o, r);
    text_driver_list(&o, r);
    if (r->findings && r->findings->nr) {
        out_raw(&o, "\n");
        report_text_findings(&o, r->findings);
    }
    for (i = 0; i < r->n_envs; i++)
        text_env(&o, r, i);
}

/* ---- Markdown -------------------------------------------------------------- */

void report_ps_markdown(FILE *fp, const struct ps_report *r)
{
    struct out o;
    size_t i, k;

    memset(&o, 0, sizeof(o));
    o.fp = fp;
    o.shell = r->shell;
    out_printf(&o, "## gpudoctor ps %s (knowledge base %s)\n\n", r->gd_version, r->kb_revision);
    out_printf(&o, "Exit status %d; %zu job%s.\n\n", r->exit_status, r->n_jobs, r->n_jobs == 1 ? "" : "s");
    if (r->n_jobs) {
        out_raw(&o, "| PID | command | state | why |\n|---|---|---|---|\n");
        for (i = 0; i < r->n_jobs; i++) {
            const struct ps_job *j = &r->jobs[i];
            out_printf(&o, "| %ld | ", j->proc->pid);
            md_code(&o, j->proc->n_argv ? j->proc->argv[0] : j->proc->status.name, 1);
            out_printf(&o, " | **%s** | ", state_title(j));
            md_text(&o, j->why, 1);
            out_raw(&o, " |\n");
        }
    }
    for (i = 0; i < r->n_jobs; i++) {
        const struct ps_job *j = &r->jobs[i];
        out_printf(&o, "\n### PID %ld\n\n", j->proc->pid);
        if (j->env_prefix) {
            out_raw(&o, "- environment: ");
            md_code(&o, j->env_prefix, 0);
            out_raw(&o, " (");
            md_text(&o, j->env_how, 1);
            out_raw(&o, ")\n");
        }
        if (j->verdict) {
            out_raw(&o, "- framework: ");
            md_text(&o, j->verdict->subject, 1);
            out_printf(&o, ", check says GPU %s\n", gpu_verdict_name(j->verdict->gpu));
        }
        if (j->how_to_tell) {
            out_raw(&o, "- how to tell: ");
            md_text(&o, j->how_to_tell, 1);
            out_raw(&o, "\n");
        }
        if (j->n_libs) {
            out_raw(&o, "\n| library | mapped | predicted | match |\n|---|---|---|---|\n");
            for (k = 0; k < j->n_libs; k++) {
                const struct ps_lib *l = &j->libs[k];
                out_raw(&o, "| ");
                md_text(&o, l->role, 1);
                out_raw(&o, " | ");
                md_code(&o, l->mapped, 1);
                out_raw(&o, " | ");
                md_code(&o, l->predicted, 1);
                out_printf(&o, " | %s |\n", ps_match_name(l->match));
            }
        }
        for (k = 0; k < j->findings.nr; k++) {
            const struct finding *fd = &j->findings.v[k];
            out_printf(&o, "\n- **%s** %s: ", fd->code, severity_name(fd->severity));
            md_text(&o, fd->title, 0);
            out_raw(&o, "\n");
        }
        for (k = 0; k < j->n_diffs; k++) {
            const struct ps_diff *d = &j->diffs[k];
            if (!k)
                out_printf(&o, "\nDiffers from PID %ld (on the GPU):\n\n", j->compared_pid);
            out_raw(&o, "- ");
            md_text(&o, d->what, 1);
            out_raw(&o, ": ");
            md_code(&o, d->here ? d->here : "(unset)", 0);
            out_raw(&o, " vs ");
            md_code(&o, d->there ? d->there : "(unset)", 0);
            out_raw(&o, "\n");
        }
    }
    for (i = 0; i < r->n_envs; i++) {
        const struct ps_report_env *v = &r->envs[i];
        out_printf(&o, "\n<details><summary>Environment %zu: ", i + 1);
        md_html(&o, v->prefix ? v->prefix : v->interpreter);
        out_raw(&o, "</summary>\n\n");
        for (k = 0; k < v->dx->n_verdicts; k++) {
            const struct verdict *vd = &v->dx->verdicts[k];
            out_raw(&o, "- ");
            md_text(&o, vd->subject, 1);
            out_printf(&o, ": GPU %s", gpu_verdict_name(vd->gpu));
            if (vd->reason) {
                out_raw(&o, " — ");
                md_text(&o, vd->reason, 1);
            }
            out_raw(&o, "\n");
        }
        for (k = 0; k < v->dx->findings.nr; k++) {
            const struct finding *fd = &v->dx->findings.v[k];
            out_printf(&o, "- **%s** %s: ", fd->code, severity_name(fd->severity));
            md_text(&o, fd->title, 0);
            out_raw(&o, "\n");
        }
        out_raw(&o, "\n</details>\n");
    }
}

/* ---- JSON ------------------------------------------------------------------- */

static void json_env_facts(struct jw *jw, const struct env_fact *v, size_t n)
{
    size_t i;
    jw_array_begin(jw);
    for (i = 0; i < n; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "name", v[i].name);
        jw_kv_str(jw, "value", v[i].value);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

static void json_job(struct jw *jw, const struct ps_report *r, size_t idx)
{
    const struct ps_job *j = &r->jobs[idx];
    const struct ps_proc *p = j->proc;
    static const char *const access[] = { "read", "denied", "gone", "hidden" };
    size_t i;

    jw_object_begin(jw);
    jw_kv_int(jw, "pid", p->pid);
    jw_key(jw, "ppid");
    if (p->status.ppid >= 0) jw_int(jw, p->status.ppid); else jw_null(jw);
    jw_key(jw, "uid");
    if (p->status.uid >= 0) jw_int(jw, p->status.uid); else jw_null(jw);
    jw_kv_str(jw, "user", p->user);
    jw_kv_str(jw, "name", p->status.name);
    jw_key(jw, "argv");
    jw_array_begin(jw);
    for (i = 0; i < p->n_argv; i++)
        jw_str(jw, p->argv[i]);
    jw_array_end(jw);
    jw_kv_int(jw, "argv_total", (int64_t)p->argv_total);
    jw_kv_str(jw, "exe", p->exe);
    jw_kv_bool(jw, "exe_deleted", p->exe_deleted);
    jw_kv_str(jw, "cwd", p->cwd);
    jw_kv_str(jw, "root", p->root);
    jw_key(jw, "other_mount_namespace");
    if (p->other_mnt_ns < 0) jw_null(jw); else jw_bool(jw, p->other_mnt_ns);
    jw_key(jw, "cgroup");
    if (p->cgroup.path) {
        jw_object_begin(jw);
        jw_kv_str(jw, "path", p->cgroup.path);
        jw_kv_str(jw, "container", p->cgroup.container);
        jw_kv_str(jw, "container_id", p->cgroup.container_id);
        jw_kv_str(jw, "slurm_job", p->cgroup.slurm_job);
        jw_kv_str(jw, "slurm_step", p->cgroup.slurm_step);
        jw_object_end(jw);
    } else {
        jw_null(jw);
    }
    jw_kv_str(jw, "role", p->role);
    jw_key(jw, "elapsed_s");
    if (j->elapsed_s >= 0) jw_int(jw, j->elapsed_s); else jw_null(jw);
    jw_key(jw, "cpu_s");
    if (j->cpu_s >= 0) jw_int(jw, j->cpu_s); else jw_null(jw);
    jw_kv_str(jw, "access", access[p->access]);
    jw_kv_str(jw, "denied", p->denied);
    jw_kv_str(jw, "state", ps_state_name(j->state));
    jw_kv_str(jw, "no_device", ps_nodev_name(j->nodev));
    jw_kv_str(jw, "why", j->why);
    jw_kv_str(jw, "how_to_tell", j->how_to_tell);
    jw_kv_str(jw, "interpreter", j->interpreter);
    jw_kv_str(jw, "environment", j->env_prefix);
    jw_kv_str(jw, "environment_chosen_by", j->env_how);
    jw_key(jw, "diagnosis");
    if (r->job_env && r->job_env[idx] >= 0) jw_int(jw, r->job_env[idx]); else jw_null(jw);
    jw_kv_str(jw, "framework", j->verdict ? j->verdict->subject : NULL);
    jw_kv_str(jw, "framework_gpu", j->verdict ? gpu_verdict_name(j->verdict->gpu) : NULL);
    jw_key(jw, "env");
    json_env_facts(jw, p->env, p->n_env);
    jw_kv_int(jw, "env_total", (int64_t)p->env_total);
    jw_key(jw, "devices");
    jw_array_begin(jw);
    for (i = 0; i < j->n_devices; i++)
        jw_str(jw, j->devices[i]);
    jw_array_end(jw);
    jw_kv_str(jw, "driver_library", j->driver_lib);
    jw_key(jw, "libraries");
    jw_array_begin(jw);
    for (i = 0; i < j->n_libs; i++) {
        const struct ps_lib *l = &j->libs[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "role", l->role);
        jw_kv_str(jw, "mapped", l->mapped);
        jw_kv_bool(jw, "deleted", l->deleted);
        jw_kv_str(jw, "name", l->name);
        jw_kv_str(jw, "predicted", l->predicted);
        jw_kv_str(jw, "step", l->step);
        jw_kv_str(jw, "source", l->source);
        jw_kv_str(jw, "match", ps_match_name(l->match));
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_kv_int(jw, "mapped_files", (int64_t)p->n_maps);
    jw_kv_bool(jw, "maps_truncated", p->maps_truncated);
    jw_kv_int(jw, "fds_total", (int64_t)p->fds_total);
    jw_kv_bool(jw, "fds_truncated", p->fds_truncated);
    jw_key(jw, "compared_with");
    if (j->compared_pid >= 0) {
        jw_object_begin(jw);
        jw_kv_int(jw, "pid", j->compared_pid);
        jw_key(jw, "differences");
        jw_array_begin(jw);
        for (i = 0; i < j->n_diffs; i++) {
            jw_object_begin(jw);
            jw_kv_str(jw, "what", j->diffs[i].what);
            jw_kv_str(jw, "this", j->diffs[i].here);
            jw_kv_str(jw, "other", j->diffs[i].there);
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_object_end(jw);
    } else {
        jw_null(jw);
    }
    jw_key(jw, "driver_lists");
    if (j->nvml_asked) {
        jw_array_begin(jw);
        for (i = 0; i < j->n_nvml; i++) {
            jw_object_begin(jw);
            jw_kv_int(jw, "gpu", j->nvml[i].gpu);
            jw_key(jw, "used_memory_bytes");
            if (j->nvml[i].mem_bytes == UINT64_MAX) jw_null(jw); else jw_int(jw, (int64_t)j->nvml[i].mem_bytes);
            jw_object_end(jw);
        }
        jw_array_end(jw);
    } else {
        jw_null(jw);
    }
    jw_key(jw, "notes");
    jw_array_begin(jw);
    for (i = 0; i < p->n_notes; i++)
        jw_str(jw, p->notes[i]);
    jw_array_end(jw);
    jw_key(jw, "findings");
    report_json_findings(jw, &j->findings);
    jw_object_end(jw);
}

void report_ps_json(FILE *fp, const struct ps_report *r)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    size_t i, k;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_PS_JSON_SCHEMA);
    jw_kv_str(&jw, "gpudoctor_version", r->gd_version);
    jw_kv_str(&jw, "kb_revision", r->kb_revision);
    jw_kv_int(&jw, "exit_status", r->exit_status);
    jw_kv_str(&jw, "listed", r->all ? "all" : "pids");
    jw_kv_int(&jw, "processes_examined", (int64_t)r->n_examined);
    jw_kv_str(&jw, "hidepid", r->hidepid);
    jw_key(&jw, "jobs");
    jw_array_begin(&jw);
    for (i = 0; i < r->n_jobs; i++)
        json_job(&jw, r, i);
    jw_array_end(&jw);
    jw_key(&jw, "environments");
    jw_array_begin(&jw);
    for (i = 0; i < r->n_envs; i++) {
        const struct ps_report_env *v = &r->envs[i];
        jw_object_begin(&jw);
        jw_kv_str(&jw, "root", v->root);
        jw_kv_str(&jw, "interpreter", v->interpreter);
        jw_kv_str(&jw, "prefix", v->prefix);
        jw_kv_str(&jw, "chosen_by", v->chosen_by);
        jw_key(&jw, "verdicts");
        report_json_verdicts(&jw, v->facts, v->dx);
        jw_key(&jw, "findings");
        report_json_findings(&jw, &v->dx->findings);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_key(&jw, "ide");
    if (r->ide_cwd) {
        jw_array_begin(&jw);
        for (i = 0; i < r->n_ides; i++) {
            const struct ide_interp *it = r->ides[i].ide;
            jw_object_begin(&jw);
            jw_kv_str(&jw, "ide", it->ide);
            jw_kv_str(&jw, "setting", it->setting);
            jw_kv_str(&jw, "source", it->source);
            jw_kv_str(&jw, "value", it->value);
            jw_kv_str(&jw, "table", it->table);
            jw_kv_str(&jw, "interpreter", it->interpreter);
            jw_kv_str(&jw, "problem", it->problem);
            jw_kv_str(&jw, "env_file", it->env_file);
            jw_key(&jw, "env");
            json_env_facts(&jw, it->env, it->n_env);
            jw_key(&jw, "diagnosis");
            if (r->ides[i].env >= 0) jw_int(&jw, r->ides[i].env); else jw_null(&jw);
            jw_object_end(&jw);
        }
        jw_array_end(&jw);
    } else {
        jw_null(&jw);
    }
    jw_key(&jw, "driver_processes");
    if (r->probe && r->probe->procs_asked) {
        jw_array_begin(&jw);
        for (i = 0; i < r->probe->n_procs; i++) {
            const struct probe_gpu_proc *x = &r->probe->procs[i];
            int job = 0;
            for (k = 0; k < r->n_jobs; k++)
                job |= (uint64_t)r->jobs[k].proc->pid == x->pid;
            jw_object_begin(&jw);
            jw_kv_int(&jw, "pid", (int64_t)x->pid);
            jw_kv_int(&jw, "gpu", x->dev);
            jw_key(&jw, "used_memory_bytes");
            if (x->mem == UINT64_MAX) jw_null(&jw); else jw_int(&jw, (int64_t)x->mem);
            jw_kv_bool(&jw, "job", job);
            jw_object_end(&jw);
        }
        jw_array_end(&jw);
    } else {
        jw_null(&jw);
    }
    jw_key(&jw, "probe");
    if (r->probe)
        report_probe_json_value(&jw, r->probe);
    else
        jw_null(&jw);
    jw_key(&jw, "findings");
    if (r->findings)
        report_json_findings(&jw, r->findings);
    else {
        jw_array_begin(&jw);
        jw_array_end(&jw);
    }
    /* The summary counts the jobs' findings and the run's. */
    {
        size_t c[3] = { 0, 0, 0 };
        for (i = 0; i < r->n_jobs; i++)
            for (k = 0; k < 3; k++)
                c[k] += findings_count(&r->jobs[i].findings, (enum severity)k);
        for (k = 0; r->findings && k < 3; k++)
            c[k] += findings_count(r->findings, (enum severity)k);
        jw_key(&jw, "summary");
        jw_object_begin(&jw);
        jw_kv_int(&jw, "errors", (int64_t)c[SEV_ERROR]);
        jw_kv_int(&jw, "warnings", (int64_t)c[SEV_WARNING]);
        jw_kv_int(&jw, "infos", (int64_t)c[SEV_INFO]);
        jw_object_end(&jw);
    }
    jw_object_end(&jw);
    strbuf_addch(&sb, '\n');
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}
