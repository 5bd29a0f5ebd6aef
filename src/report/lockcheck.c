/*
 * lockcheck.c - plan --check's answer as text or JSON (report/lockcheck.h).
 * It decides nothing: diagnose/lockcheck.c judged every build on every
 * target; this folds equal answers into host lists.
 */
#include "report/lockcheck.h"

#include <stdlib.h>
#include <string.h>

#include "diagnose/fw.h"
#include "diagnose/lockcheck.h"
#include "fleet/hostlist.h"
#include "scan/lockfile.h"
#include "util/alloc.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const char *gpu_word(enum lock_gpu g)
{
    return g == LOCK_GPU_YES ? "yes" : g == LOCK_GPU_NO ? "no" : "unknown";
}

static const char *phrase(enum lock_gpu g)
{
    return g == LOCK_GPU_YES ? "uses the GPU" : g == LOCK_GPU_NO ? "falls back to the CPU" : "cannot be judged";
}

/* The groups of targets with one answer: (gpu, why) for no/unknown, gpu alone for yes. */
struct group {
    enum lock_gpu gpu;
    const char *why;
    const char **names;
    size_t n;
};

static size_t groups_of(const struct lock_report *r, size_t pin, struct group **out)
{
    struct group *g = xcalloc(r->n_targets + 1, sizeof(*g));
    size_t n = 0, t, k;
    for (t = 0; t < r->n_targets; t++) {
        const struct lock_verdict *v = &r->v[pin * r->n_targets + t];
        const char *why = v->gpu == LOCK_GPU_YES && r->n_targets > 1 ? NULL : v->why;
        for (k = 0; k < n; k++)
            if (g[k].gpu == v->gpu && (g[k].why == why || (why && g[k].why && !strcmp(g[k].why, why))))
                break;
        if (k == n) {
            g[n].gpu = v->gpu;
            g[n].why = why;
            g[n].names = xcalloc(r->n_targets, sizeof(char *));
            n++;
        }
        g[k].names[g[k].n++] = r->targets[t].name;
    }
    *out = g;
    return n;
}

static void groups_free(struct group *g, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        free(g[i].names);
    free(g);
}

static void pin_title(struct strbuf *sb, const struct lock_pin *p)
{
    strbuf_addf(sb, "%s %s", p->dist, p->version ? p->version : p->spec ? p->spec : "(any version)");
    if (p->line)
        strbuf_addf(sb, " (line %zu%s)", p->line, p->dev ? ", an optional group" : "");
    else if (p->dev)
        strbuf_addstr(sb, " (an optional group)");
}

void report_lockcheck_text(FILE *fp, const struct lock_report *r)
{
    size_t i, k;
    fprintf(fp, "plan --check %s (%s): %zu framework build%s, against %s\n", r->file, lock_format_name(r->lf->format),
            r->n_pins, r->n_pins == 1 ? "" : "s", r->against);
    if (r->lf->image)
        fprintf(fp, "  image: %s\n", r->lf->image);
    for (i = 0; i < r->n_pins; i++) {
        const struct lock_pin *p = &r->pins[i];
        struct strbuf sb = STRBUF_INIT;
        struct group *g;
        size_t ng;
        pin_title(&sb, p);
        fprintf(fp, "\n  %s\n", sb.buf);
        strbuf_release(&sb);
        if (p->label)
            fprintf(fp, "    build: %s%s%s%s%s\n", p->label, p->cuda ? ", CUDA " : "", p->cuda ? p->cuda : "",
                    p->variant_why ? "; variant from " : "", p->variant_why ? p->variant_why : "");
        if (p->unverified)
            fprintf(fp, "    UNVERIFIED: the knowledge-base row behind this build is not confirmed from a primary "
                        "source ('gpudoctor matrix --unverified')\n");
        ng = groups_of(r, i, &g);
        for (k = 0; k < ng; k++) {
            struct strbuf hl = STRBUF_INIT;
            hostlist_compress(g[k].names, g[k].n, &hl);
            fprintf(fp, "    %s on %s%s%s\n", phrase(g[k].gpu), hl.buf, g[k].why ? ": " : "", g[k].why ? g[k].why : "");
            strbuf_release(&hl);
        }
        groups_free(g, ng);
    }
    if (!r->n_pins)
        fprintf(fp, "  it installs no framework gpudoctor judges (torch, tensorflow, jax, onnxruntime-gpu, "
                    "cupy-cuda*, paddlepaddle-gpu)\n");
    for (i = 0; i < r->lf->n_notes; i++)
        fprintf(fp, "  note: %s\n", r->lf->notes[i]);
}

void report_lockcheck_json(FILE *fp, const struct lock_report *r)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    size_t i, t, k;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", PLAN_CHECK_SCHEMA);
    jw_kv_str(&jw, "file", r->file);
    jw_kv_str(&jw, "format", lock_format_name(r->lf->format));
    jw_kv_str(&jw, "against", r->against);
    jw_kv_str(&jw, "image", r->lf->image);
    jw_kv_str(&jw, "python", r->lf->python);
    jw_key(&jw, "targets");
    jw_array_begin(&jw);
    for (t = 0; t < r->n_targets; t++) {
        const struct lock_target *x = &r->targets[t];
        jw_object_begin(&jw);
        jw_kv_str(&jw, "name", x->name);
        jw_kv_str(&jw, "driver", x->driver);
        jw_kv_str(&jw, "compute_capability", x->gpu_cc);
        jw_kv_str(&jw, "os", x->os);
        jw_kv_str(&jw, "arch", x->arch);
        jw_kv_str(&jw, "python", x->python);
        jw_kv_str(&jw, "unusable", x->unusable);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_key(&jw, "builds");
    jw_array_begin(&jw);
    for (i = 0; i < r->n_pins; i++) {
        const struct lock_pin *p = &r->pins[i];
        struct group *g;
        size_t ng;
        jw_object_begin(&jw);
        jw_kv_str(&jw, "framework", p->fw->name);
        jw_kv_str(&jw, "distribution", p->dist);
        jw_kv_str(&jw, "version", p->version);
        jw_kv_str(&jw, "specifier", p->spec);
        jw_kv_str(&jw, "variant", p->variant);
        jw_kv_str(&jw, "variant_from", p->variant_why);
        jw_kv_str(&jw, "index", p->index);
        if (p->line)
            jw_kv_int(&jw, "line", (int64_t)p->line);
        else
            jw_kv_null(&jw, "line");
        jw_kv_bool(&jw, "optional", p->dev);
        jw_kv_str(&jw, "build", p->label);
        jw_kv_str(&jw, "cuda", p->cuda);
        jw_kv_bool(&jw, "unverified", p->unverified);
        jw_kv_str(&jw, "cpu_build", p->cpu);
        jw_kv_str(&jw, "unknown", p->unknown);
        jw_key(&jw, "verdicts");
        jw_array_begin(&jw);
        for (t = 0; t < r->n_targets; t++) {
            const struct lock_verdict *v = &r->v[i * r->n_targets + t];
            jw_object_begin(&jw);
            jw_kv_str(&jw, "target", r->targets[t].name);
            jw_kv_str(&jw, "gpu", gpu_word(v->gpu));
            jw_kv_str(&jw, "why", v->why);
            jw_kv_str(&jw, "min_driver", v->min_driver);
            jw_object_end(&jw);
        }
        jw_array_end(&jw);
        jw_key(&jw, "summary");
        jw_array_begin(&jw);
        ng = groups_of(r, i, &g);
        for (k = 0; k < ng; k++) {
            struct strbuf hl = STRBUF_INIT;
            hostlist_compress(g[k].names, g[k].n, &hl);
            jw_object_begin(&jw);
            jw_kv_str(&jw, "gpu", gpu_word(g[k].gpu));
            jw_kv_str(&jw, "targets", hl.buf);
            jw_kv_int(&jw, "count", (int64_t)g[k].n);
            jw_kv_str(&jw, "why", g[k].why);
            jw_object_end(&jw);
            strbuf_release(&hl);
        }
        groups_free(g, ng);
        jw_array_end(&jw);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_key(&jw, "notes");
    jw_array_begin(&jw);
    for (i = 0; i < r->lf->n_notes; i++)
        jw_str(&jw, r->lf->notes[i]);
    jw_array_end(&jw);
    jw_kv_int(&jw, "exit_status", r->exit_status);
    jw_object_end(&jw);
    strbuf_addch(&sb, '\n');
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}
