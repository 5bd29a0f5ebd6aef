/*
 * plan.c (report) - print a plan for people, for jq, for pip and for docker.
 * Every command and file body is the fix engine's (diagnose/plan.h): this
 * only lays them out.
 */
#include "report/plan.h"

#include <string.h>

#include "report/out.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define PLAN_SCHEMA "gpudoctor-plan/1"
#define MAX_REJECTS_SHOWN 3

static const char *show(const char *s)
{
    return s ? s : "-";
}

/* Print each line of a multi-line command, indented. */
static void lines(struct out *o, const char *s)
{
    while (s && *s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        out_printf(o, "  %.*s\n", (int)n, s);
        s += n + (nl ? 1 : 0);
    }
}

static void row(struct out *o, const char *k, const char *v)
{
    if (v)
        out_printf(o, "  %-12s %s\n", k, v);
}

void report_plan_text(FILE *fp, const struct plan *p, int color)
{
    struct out o = { fp, color, 0, NULL, 0 };
    size_t i, shown;

    if (p->from_machine)
        out_printf(&o, "%s\n\n", p->from_machine);
    if (!p->found) {
        out_styled(&o, STYLE_RED, "no plan: %s on %s\n", p->framework, p->os);
        out_printf(&o, "  reason: %s\n", show(p->why));
        if (p->n_rejects > 1) {
            out_raw(&o, "\nrejected:\n");
            for (i = 0; i < p->n_rejects; i++)
                out_printf(&o, "  - %s\n", p->rejects[i].text);
        }
        return;
    }
    out_styled(&o, STYLE_BOLD, "plan: %s %s", p->framework,
               p->version ? p->version : p->version_range ? p->version_range : "");
    out_printf(&o, "%s%s on %s\n", p->variant ? " " : "", p->variant ? p->variant : "", p->os);
    /* An unverified row is never presented as certain: say so before anything else. */
    for (i = 0; i < p->n_notes; i++)
        if (!strcmp(p->notes[i].topic, "unverified"))
            out_styled(&o, STYLE_RED, "  %s\n", p->notes[i].text);
    if (!p->version && p->version_range)
        row(&o, "versions", p->version_range);
    row(&o, "python", p->python ? p->python : "(not in the knowledge base)");
    out_printf(&o, "  %-12s %s%s%s\n", "cuda", show(p->cuda), p->cuda_note ? " " : "",
               p->cuda_note ? p->cuda_note : "");
    row(&o, "cudnn", show(p->cudnn));
    if (p->min_driver)
        out_printf(&o, "  %-12s %s (%s)\n", "min driver", p->min_driver,
                   !strcmp(p->driver_rule, "toolkit") ? "the CUDA toolkit's own driver"
                   : !strcmp(p->driver_rule, "GPU family") ? "the GPU family's floor"
                   : !strcmp(p->driver_rule, "TensorFlow") ? "TensorFlow's own documented minimum"
                   : !strcmp(p->driver_rule, "PTX JIT") ? "the CUDA toolkit's own driver, for PTX JIT"
                   : !strcmp(p->driver_rule, "release") ? "the release's own documented minimum"
                                                            : "minor-version compatibility");
    else
        row(&o, "min driver", "(not in the knowledge base)");
    if (p->gpu_cc)
        out_printf(&o, "  %-12s %s%scompute capability %s%s\n", "gpu", p->gpu_name ? p->gpu_name : "",
                   p->gpu_name ? " (" : "", p->gpu_cc, p->gpu_name ? ")" : "");
    row(&o, "docker image", p->docker_image ? p->docker_image : "none official");

    out_raw(&o, "\npip:\n");
    lines(&o, p->pip);
    if (p->conda) {
        out_raw(&o, "conda:\n");
        lines(&o, p->conda);
    }
    if (p->docker) {
        out_raw(&o, "docker:\n");
        lines(&o, p->docker);
    }
    if (p->n_notes) {
        out_raw(&o, "\nwhy:\n");
        for (i = 0; i < p->n_notes; i++)
            out_printf(&o, "  - %s\n", p->notes[i].text);
    }
    if (p->n_rejects) {
        out_printf(&o, "\nnot newer (%zu rejected):\n", p->n_rejects);
        for (i = 0, shown = 0; i < p->n_rejects && shown < MAX_REJECTS_SHOWN; i++, shown++)
            out_printf(&o, "  - %s\n", p->rejects[i].text);
        if (p->n_rejects > MAX_REJECTS_SHOWN)
            out_printf(&o, "  ... and %zu more (--json lists all)\n", p->n_rejects - MAX_REJECTS_SHOWN);
    }
}

static void notes_json(struct jw *jw, const char *key, const struct plan_note *v, size_t n)
{
    size_t i;
    jw_key(jw, key);
    jw_array_begin(jw);
    for (i = 0; i < n; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "topic", v[i].topic);
        jw_kv_str(jw, "text", v[i].text);
        jw_kv_str(jw, "source", v[i].source);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void report_plan_json(FILE *fp, const struct plan *p, const struct plan_constraints *c,
                      int exit_status)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", PLAN_SCHEMA);
    jw_kv_str(&jw, "framework", p->framework);
    jw_kv_str(&jw, "os", p->os);
    jw_key(&jw, "constraints");
    jw_object_begin(&jw);
    jw_kv_str(&jw, "version", c->version);
    jw_kv_str(&jw, "cuda", c->cuda);
    jw_kv_str(&jw, "driver", c->driver);
    jw_kv_str(&jw, "gpu", c->gpu);
    jw_kv_str(&jw, "python", c->python);
    jw_kv_bool(&jw, "from_machine", p->from_machine != NULL);
    jw_object_end(&jw);
    jw_kv_bool(&jw, "found", p->found);
    jw_kv_str(&jw, "why", p->found ? NULL : p->why);
    jw_kv_str(&jw, "version", p->version);
    jw_kv_str(&jw, "version_range", p->version_range);
    jw_kv_str(&jw, "variant", p->variant);
    jw_kv_str(&jw, "route", p->route);
    jw_kv_str(&jw, "python", p->python);
    jw_kv_str(&jw, "python_pick", p->python_pick);
    jw_kv_str(&jw, "cuda", p->cuda);
    jw_kv_str(&jw, "cudnn", p->cudnn);
    jw_kv_str(&jw, "min_driver", p->min_driver);
    jw_kv_str(&jw, "driver_rule", p->driver_rule);
    jw_key(&jw, "gpu");
    if (p->gpu_cc) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "name", p->gpu_name);
        jw_kv_str(&jw, "compute_capability", p->gpu_cc);
        jw_object_end(&jw);
    } else {
        jw_null(&jw);
    }
    jw_kv_str(&jw, "docker_image", p->docker_image);
    jw_kv_str(&jw, "requirement", p->pip_package);
    jw_kv_str(&jw, "index_url", p->index_url);
    jw_key(&jw, "commands");
    jw_object_begin(&jw);
    jw_kv_str(&jw, "pip", p->pip);
    jw_kv_str(&jw, "conda", p->conda);
    jw_kv_str(&jw, "docker", p->docker);
    jw_kv_str(&jw, "image_build", p->image_build);
    jw_kv_str(&jw, "image_run", p->image_run);
    jw_object_end(&jw);
    jw_kv_str(&jw, "from_machine", p->from_machine);
    notes_json(&jw, "notes", p->notes, p->n_notes);
    notes_json(&jw, "rejected", p->rejects, p->n_rejects);
    jw_kv_int(&jw, "exit_status", exit_status);
    jw_object_end(&jw);
    strbuf_addch(&sb, '\n');
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}

static void header(struct out *o, const struct plan *p)
{
    out_printf(o, "# gpudoctor plan: %s %s%s%s on %s: CUDA %s, cuDNN %s, driver >= %s\n",
               p->framework, p->version ? p->version : show(p->version_range),
               p->variant ? " " : "", p->variant ? p->variant : "", p->os, show(p->cuda),
               show(p->cudnn), show(p->min_driver));
}

void report_plan_requirements(FILE *fp, const struct plan *p)
{
    struct out o = { fp, 0, 0, NULL, 0 };
    header(&o, p);
    out_lines(&o, "", p->requirements);
}

void report_plan_dockerfile(FILE *fp, const struct plan *p)
{
    struct out o = { fp, 0, 0, NULL, 0 };
    header(&o, p);
    if (p->image_build && p->image_run)
        out_printf(&o, "# build: %s   run: %s\n", p->image_build, p->image_run);
    out_lines(&o, "", p->dockerfile);
}
