/*
 * markdown.c - the report as Markdown, for pasting into an issue: a
 * summary table, the findings with their evidence, fixes as code blocks.
 */
#include <string.h>

#include "report/md.h"
#include "report/out.h"
#include "report/report.h"
#include "util/banned.h"

/* Table cells: every value is from the examined tree (report/md.h). */
static void cell(struct out *o, const char *s)
{
    md_text(o, s, 1);
}

void report_markdown(FILE *fp, const struct report_input *in)
{
    struct out o = { fp, 0, 0, NULL, 0 };
    const struct facts *f = in->facts;
    const struct findings *fl = &in->dx->findings;
    size_t i, j;

    out_printf(&o, "## gpudoctor %s report\n\n", in->gd_version);
    out_raw(&o, "| | |\n|---|---|\n");
    out_raw(&o, "| OS | ");
    cell(&o, f->system.distro_name ? f->system.distro_name : f->system.os);
    out_raw(&o, " |\n| Arch / kernel | ");
    cell(&o, f->system.arch);
    out_raw(&o, " / ");
    cell(&o, f->system.kernel);
    out_printf(&o, " |\n| WSL | %s |\n", f->system.wsl ? (f->system.wsl == 2 ? "WSL2" : "WSL1") : "no");
    out_raw(&o, "| Driver | ");
    cell(&o, facts_driver_version(f));
    out_raw(&o, " |\n| CUDA ceiling | ");
    cell(&o, f->driver.cuda_max);
    out_raw(&o, " |\n");
    for (i = 0; i < f->n_gpus; i++) {
        out_printf(&o, "| GPU %zu | ", i);
        cell(&o, f->gpus[i].name);
        out_raw(&o, " (cc ");
        cell(&o, f->gpus[i].compute_capability);
        out_raw(&o, ") |\n");
    }
    for (i = 0; i < f->n_cuda; i++) {
        out_raw(&o, "| CUDA | ");
        cell(&o, f->cuda[i].version);
        out_raw(&o, " at ");
        md_code(&o, f->cuda[i].path, 1);
        out_raw(&o, " |\n");
    }
    for (i = 0; i < f->n_cudnn; i++) {
        out_raw(&o, "| cuDNN | ");
        cell(&o, f->cudnn[i].version);
        out_raw(&o, " at ");
        md_code(&o, f->cudnn[i].path, 1);
        out_raw(&o, " |\n");
    }
    for (i = 0; i < f->interp.nr; i++) {
        const struct py_interpreter *it = &f->interp.v[i];
        if (strncmp(it->command, "python", 6) || !it->found)
            continue;
        out_raw(&o, "| `");
        cell(&o, it->command);
        out_raw(&o, "` runs | ");
        if (it->env) {
            out_raw(&o, "`");
            cell(&o, it->env);
            out_raw(&o, "`");
        } else {
            cell(&o, it->note ? it->note : it->path ? it->path : "nothing");
        }
        out_raw(&o, " (");
        cell(&o, it->resolved_by);
        out_raw(&o, ") |\n");
    }
    for (i = 0; i < f->n_pyenvs; i++) {
        for (j = 0; j < f->pyenvs[i].n_frameworks; j++) {
            const struct framework_build *fw = &f->pyenvs[i].frameworks[j];
            out_raw(&o, "| ");
            cell(&o, fw->name);
            out_raw(&o, " | ");
            cell(&o, fw->version);
            out_raw(&o, " in ");
            md_code(&o, f->pyenvs[i].prefix, 1);
            out_raw(&o, " |\n");
        }
    }
    out_raw(&o, "\n### Findings\n\n");
    if (!fl->nr)
        out_raw(&o, "None.\n");
    for (i = 0; i < fl->nr; i++) {
        const struct finding *fd = &fl->v[i];
        out_printf(&o, "- **%s** `%s` (%s): ", severity_name(fd->severity), fd->code, fd->kind);
        md_text(&o, fd->title, 0);
        out_raw(&o, "\n");
        for (j = 0; j < fd->n_evidence; j++) {
            out_raw(&o, "  - evidence: ");
            if (fd->evidence[j].path) {
                md_code(&o, fd->evidence[j].path, 0);
                out_raw(&o, ": ");
            }
            md_text(&o, fd->evidence[j].text, 0);
            out_raw(&o, "\n");
        }
        for (j = 0; j < fd->n_fixes; j++) {
            const struct fix *x = &fd->fixes[j];
            out_printf(&o, "  - fix%s%s%s: ", x->shell ? " (" : "", x->shell ? x->shell : "",
                       x->shell ? ")" : "");
            md_text(&o, x->title, 0);
            out_raw(&o, "\n");
            if (x->command) {
                size_t n = md_fence(x->command), k;
                out_raw(&o, "    ");
                for (k = 0; k < n; k++)
                    out_raw(&o, "`");
                out_printf(&o, "%s\n", x->shell && !strcmp(x->shell, "powershell") ? "powershell"
                                       : x->shell && !strcmp(x->shell, "cmd") ? "bat" : "sh");
                out_lines(&o, "    ", x->command);
                out_raw(&o, "    ");
                for (k = 0; k < n; k++)
                    out_raw(&o, "`");
                out_raw(&o, "\n");
            }
        }
    }
    out_raw(&o, "\n### Checklist\n\n");
    for (i = 0; i < in->dx->n_checklist; i++) {
        const struct check_item *c = &in->dx->checklist[i];
        out_printf(&o, "- [%s] %s — %s", c->status == CHECK_PASSED ? "x" : " ", c->step,
                   check_status_name(c->status));
        if (c->detail && *c->detail) {
            out_raw(&o, ": ");
            md_text(&o, c->detail, 0);
        }
        out_raw(&o, "\n");
    }
    out_printf(&o, "\nExit status: %d\n", in->exit_status);
}
