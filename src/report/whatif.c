/*
 * whatif.c - check --set's comparison as text or JSON (report/whatif.h).
 * It decides nothing: diagnose/whatif.c compared the two diagnoses.
 */
#include "report/whatif.h"

#include <string.h>

#include "diagnose/whatif.h"
#include "report/report.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

static int flipped(const struct whatif_verdict *v)
{
    return v->before != v->after || !v->subject_before || !v->subject_after;
}

static void text_findings(FILE *fp, const char *label, const struct findings *fl)
{
    size_t i;
    if (!fl->nr)
        return;
    fprintf(fp, "\nfindings %s (%zu):\n", label, fl->nr);
    for (i = 0; i < fl->nr; i++)
        fprintf(fp, "  %s %-7s %s\n", fl->v[i].code, severity_name(fl->v[i].severity), fl->v[i].title);
}

void report_whatif_text(FILE *fp, const struct whatif *w)
{
    size_t i, n_flip = 0;

    fprintf(fp, "what if: the facts edited, judged again with the same rules\n");
    for (i = 0; i < w->n_edits; i++) {
        fprintf(fp, "  set %s=%s: %s\n", w->edits[i].key, w->edits[i].value, w->edits[i].what);
        if (w->edits[i].caveat)
            fprintf(fp, "      (%s)\n", w->edits[i].caveat);
    }
    fprintf(fp, "\nverdicts:\n");
    for (i = 0; i < w->n_verdicts; i++) {
        const struct whatif_verdict *v = &w->verdicts[i];
        const char *subj = v->subject_after ? v->subject_after : v->subject_before;
        if (!flipped(v)) {
            fprintf(fp, "  %s: GPU %s (unchanged)\n", subj, gpu_verdict_name(v->after));
            continue;
        }
        n_flip++;
        fprintf(fp, "  %s: GPU %s -> %s\n", subj,
                v->subject_before ? gpu_verdict_name(v->before) : "(not installed)",
                v->subject_after ? gpu_verdict_name(v->after) : "(gone)");
        if (v->subject_before && v->subject_after && strcmp(v->subject_before, v->subject_after))
            fprintf(fp, "      was %s\n", v->subject_before);
        if (v->reason_after)
            fprintf(fp, "      now: %s\n", v->reason_after);
        if (v->reason_before)
            fprintf(fp, "      was: %s\n", v->reason_before);
    }
    if (!w->n_verdicts)
        fprintf(fp, "  (no framework installs)\n");
    text_findings(fp, "gone", &w->gone);
    text_findings(fp, "new", &w->added);
    if (w->n_changed) {
        fprintf(fp, "\nfindings changed (%zu):\n", w->n_changed);
        for (i = 0; i < w->n_changed; i++) {
            fprintf(fp, "  %s %-7s %s\n", w->changed[i].after->code, severity_name(w->changed[i].after->severity),
                    w->changed[i].after->title);
            fprintf(fp, "      was %s: %s\n", severity_name(w->changed[i].before->severity),
                    w->changed[i].before->title);
        }
    }
    fprintf(fp, "\n%zu verdict%s flip, %zu finding%s new, %zu gone, %zu changed; exit status %d -> %d\n", n_flip,
            n_flip == 1 ? "" : "s", w->added.nr, w->added.nr == 1 ? "" : "s", w->gone.nr, w->n_changed,
            w->exit_before, w->exit_after);
}

static void json_finding_brief(struct jw *jw, const struct finding *fd)
{
    jw_object_begin(jw);
    jw_kv_str(jw, "code", fd->code);
    jw_kv_str(jw, "severity", severity_name(fd->severity));
    jw_kv_str(jw, "title", fd->title);
    jw_kv_str(jw, "subject", fd->subject);
    jw_object_end(jw);
}

void report_whatif_json(FILE *fp, const struct whatif *w)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    size_t i;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", WHATIF_SCHEMA);
    jw_key(&jw, "edits");
    jw_array_begin(&jw);
    for (i = 0; i < w->n_edits; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "key", w->edits[i].key);
        jw_kv_str(&jw, "value", w->edits[i].value);
        jw_kv_str(&jw, "was", w->edits[i].was);
        jw_kv_str(&jw, "what", w->edits[i].what);
        jw_kv_str(&jw, "caveat", w->edits[i].caveat);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_key(&jw, "verdicts");
    jw_array_begin(&jw);
    for (i = 0; i < w->n_verdicts; i++) {
        const struct whatif_verdict *v = &w->verdicts[i];
        jw_object_begin(&jw);
        jw_kv_str(&jw, "subject_before", v->subject_before);
        jw_kv_str(&jw, "subject_after", v->subject_after);
        jw_kv_str(&jw, "before", v->subject_before ? gpu_verdict_name(v->before) : NULL);
        jw_kv_str(&jw, "after", v->subject_after ? gpu_verdict_name(v->after) : NULL);
        jw_kv_bool(&jw, "flipped", flipped(v));
        jw_kv_str(&jw, "reason_before", v->reason_before);
        jw_kv_str(&jw, "reason_after", v->reason_after);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_key(&jw, "findings_new");
    report_json_findings(&jw, &w->added);
    jw_key(&jw, "findings_gone");
    report_json_findings(&jw, &w->gone);
    jw_key(&jw, "findings_changed");
    jw_array_begin(&jw);
    for (i = 0; i < w->n_changed; i++) {
        jw_object_begin(&jw);
        jw_key(&jw, "before");
        json_finding_brief(&jw, w->changed[i].before);
        jw_key(&jw, "after");
        json_finding_brief(&jw, w->changed[i].after);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_kv_int(&jw, "exit_status_before", w->exit_before);
    jw_kv_int(&jw, "exit_status", w->exit_after);
    jw_object_end(&jw);
    strbuf_addch(&sb, '\n');
    fputs(sb.buf, fp);
    strbuf_release(&sb);
}
