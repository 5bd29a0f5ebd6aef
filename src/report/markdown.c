/*
 * markdown.c - the report as Markdown, for pasting into a GitHub issue.
 *
 * What a reader of the issue needs comes first, what only the person
 * debugging needs is folded away:
 *
 *   ## gpudoctor VERSION report (knowledge base REVISION)
 *   one line: exit status and the counts of findings
 *   a table: one row per framework install, its GPU verdict and why
 *   ### Findings: each finding's line and its fixes (code blocks), its
 *       evidence folded in <details>
 *   <details> Machine: OS, driver, GPUs, toolkits, interpreters
 *   <details> Checklist: a table (no task-list syntax: "- [ ]" would
 *       render as check boxes that anyone with write access can tick)
 *
 * Every value from the examined machine goes through report/md.h: md_text
 * in text and table cells, md_code in code spans, md_html inside
 * <summary> (HTML, where backslash escapes do not work), a fence longer
 * than any backtick run around commands.  <details> blocks have a blank
 * line after </summary> and before </details>, so GitHub renders the
 * Markdown inside them.
 */
#include <string.h>

#include "report/image.h"
#include "report/md.h"
#include "report/out.h"
#include "report/report.h"
#include "util/banned.h"

/* Table cells: every value is from the examined tree (report/md.h). */
static void cell(struct out *o, const char *s)
{
    md_text(o, s, 1);
}

static const char *gpu_word(enum gpu_verdict g)
{
    return g == GPU_YES ? "**yes**" : g == GPU_NO ? "**NO**" : "unknown";
}

static void verdicts(struct out *o, const struct diagnosis *dx)
{
    size_t i;
    if (!dx->n_verdicts) {
        out_raw(o, "No deep-learning framework found in any Python environment.\n");
        return;
    }
    out_raw(o, "| framework | version | environment | GPU | why |\n|---|---|---|---|---|\n");
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        out_raw(o, "| ");
        cell(o, v->fw->name);
        out_raw(o, " | ");
        cell(o, v->fw->version);
        out_raw(o, " | ");
        md_code(o, out_pathstr(o, v->env->prefix), 1);
        if (v->env->kind) {
            out_raw(o, " (");
            cell(o, v->env->kind);
            out_raw(o, ")");
        }
        out_printf(o, " | %s | ", gpu_word(v->gpu));
        cell(o, v->reason);
        out_raw(o, " |\n");
    }
}

static void fix_block(struct out *o, const struct fix *x)
{
    size_t n, k;
    out_printf(o, "Fix%s%s%s: ", x->shell ? " (" : "", x->shell ? x->shell : "", x->shell ? ")" : "");
    md_text(o, x->title, 0);
    out_raw(o, "\n");
    if (!x->command)
        return;
    n = md_fence(x->command);
    out_raw(o, "\n");
    for (k = 0; k < n; k++)
        out_raw(o, "`");
    out_printf(o, "%s\n", x->shell && !strcmp(x->shell, "powershell") ? "powershell"
                          : x->shell && !strcmp(x->shell, "cmd") ? "bat"
                          : x->shell && !strcmp(x->shell, "python") ? "python" : "sh");
    out_lines(o, "", x->command);
    for (k = 0; k < n; k++)
        out_raw(o, "`");
    out_raw(o, "\n");
}

static void findings(struct out *o, const struct findings *fl)
{
    size_t i, j;
    out_raw(o, "\n### Findings\n\n");
    if (!fl->nr)
        out_raw(o, "None.\n");
    for (i = 0; i < fl->nr; i++) {
        const struct finding *fd = &fl->v[i];
        if (i)
            out_raw(o, "\n---\n\n");
        out_printf(o, "**%s** `%s` (%s): ", severity_name(fd->severity), fd->code, fd->kind);
        md_text(o, fd->title, 0);
        out_raw(o, "\n");
        if (fd->subject) {
            out_raw(o, "for ");
            md_text(o, fd->subject, 0);
            out_raw(o, "\n");
        }
        for (j = 0; j < fd->n_fixes; j++) {
            if (!out_show_fix(o, fd, j))
                continue;
            out_raw(o, "\n");
            fix_block(o, &fd->fixes[j]);
        }
        if (!fd->n_evidence)
            continue;
        out_printf(o, "\n<details><summary>Evidence for %s (%zu)</summary>\n\n", fd->code, fd->n_evidence);
        for (j = 0; j < fd->n_evidence; j++) {
            const struct evidence *e = &fd->evidence[j];
            out_raw(o, "- ");
            if (e->line)
                out_printf(o, "line %ld: ", e->line);
            if (e->path) {
                md_code(o, out_pathstr(o, e->path), 0);
                out_raw(o, ": ");
            }
            md_text(o, e->text, 0);
            out_raw(o, "\n");
        }
        out_raw(o, "\n</details>\n");
    }
}

static void machine(struct out *o, const struct facts *f)
{
    size_t i, j;

    out_raw(o, "\n<details><summary>Machine</summary>\n\n");
    out_raw(o, "| | |\n|---|---|\n");
    out_raw(o, "| OS | ");
    cell(o, f->system.distro_name ? f->system.distro_name : f->system.os);
    out_raw(o, " |\n| Arch / kernel | ");
    cell(o, f->system.arch);
    out_raw(o, " / ");
    cell(o, f->system.kernel);
    if (f->system.page_size_kib)
        out_printf(o, " (%u KiB pages)", f->system.page_size_kib);
    out_printf(o, " |\n| WSL | %s |\n", f->system.wsl ? (f->system.wsl == 2 ? "WSL2" : "WSL1") : "no");
    out_raw(o, "| Driver | ");
    cell(o, facts_driver_version(f));
    out_raw(o, " |\n| CUDA ceiling | ");
    cell(o, f->driver.cuda_max);
    out_raw(o, " |\n");
    for (i = 0; i < f->n_gpus; i++) {
        out_printf(o, "| GPU %zu | ", i);
        cell(o, f->gpus[i].name);
        out_raw(o, " (cc ");
        cell(o, f->gpus[i].compute_capability);
        out_raw(o, ") |\n");
    }
    for (i = 0; i < f->n_cuda; i++) {
        out_raw(o, "| CUDA | ");
        cell(o, f->cuda[i].version);
        out_raw(o, " at ");
        md_code(o, out_pathstr(o, f->cuda[i].path), 1);
        out_raw(o, " |\n");
    }
    for (i = 0; i < f->n_cudnn; i++) {
        out_raw(o, "| cuDNN | ");
        cell(o, f->cudnn[i].version);
        out_raw(o, " at ");
        md_code(o, out_pathstr(o, f->cudnn[i].path), 1);
        out_raw(o, " |\n");
    }
    for (i = 0; i < f->interp.nr; i++) {
        const struct py_interpreter *it = &f->interp.v[i];
        if (strncmp(it->command, "python", 6) || !it->found)
            continue;
        out_raw(o, "| ");
        md_code(o, it->command, 1);
        out_raw(o, " runs | ");
        if (it->env)
            md_code(o, out_pathstr(o, it->env), 1);
        else
            cell(o, it->note ? it->note : it->path ? out_pathstr(o, it->path) : "nothing");
        out_raw(o, " (");
        cell(o, it->resolved_by);
        out_raw(o, ") |\n");
    }
    for (i = 0; i < f->n_pyenvs; i++) {
        for (j = 0; j < f->pyenvs[i].n_frameworks; j++) {
            const struct framework_build *fw = &f->pyenvs[i].frameworks[j];
            out_raw(o, "| ");
            cell(o, fw->name);
            out_raw(o, " | ");
            cell(o, fw->version);
            out_raw(o, " in ");
            md_code(o, out_pathstr(o, f->pyenvs[i].prefix), 1);
            out_raw(o, " |\n");
        }
    }
    out_raw(o, "\n</details>\n");
}

static void checklist(struct out *o, const struct diagnosis *dx)
{
    size_t i;
    if (!dx->n_checklist)
        return;
    out_raw(o, "\n<details><summary>Checklist</summary>\n\n| step | status | detail |\n|---|---|---|\n");
    for (i = 0; i < dx->n_checklist; i++) {
        const struct check_item *c = &dx->checklist[i];
        out_raw(o, "| ");
        cell(o, c->step);
        out_printf(o, " | %s | ", check_status_name(c->status));
        cell(o, c->detail);
        out_raw(o, " |\n");
    }
    out_raw(o, "\n</details>\n");
}

void report_markdown(FILE *fp, const struct report_input *in)
{
    struct out o = { fp, 0, 0, NULL, 0 };
    const struct findings *fl = &in->dx->findings;
    size_t ne = findings_count(fl, SEV_ERROR), nw = findings_count(fl, SEV_WARNING),
           ni = findings_count(fl, SEV_INFO);

    o.shell = in->shell;
    o.windows = in->facts->system.os && !strcmp(in->facts->system.os, "windows");
    /* The revision may come from a --db file: escaped like the rest. */
    out_printf(&o, "## gpudoctor %s report (knowledge base ", in->gd_version);
    md_text(&o, in->kb_revision ? in->kb_revision : "unknown", 0);
    out_raw(&o, ")\n\n");
    out_printf(&o, "Exit status %d: %zu error%s, %zu warning%s, %zu info.\n\n", in->exit_status, ne,
               ne == 1 ? "" : "s", nw, nw == 1 ? "" : "s", ni);
    report_markdown_container(&o, in->facts);
    verdicts(&o, in->dx);
    findings(&o, fl);
    machine(&o, in->facts);
    checklist(&o, in->dx);
}
