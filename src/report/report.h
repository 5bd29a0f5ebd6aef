/*
 * report.h - the renderers of a check: human text, JSON (schema
 * "gpudoctor/1", docs/json.md) and Markdown.  The only place (with cli/)
 * that prints.  Renderers read the facts and the diagnosis; they never
 * judge anything themselves.
 */
#ifndef GD_REPORT_H
#define GD_REPORT_H

#include <stdio.h>

#include "diagnose/diagnose.h"
#include "facts/facts.h"

#include "util/schema.h"

struct probe_result;

struct report_input {
    const struct facts *facts;
    const struct diagnosis *dx;
    int exit_status;
    const char *gd_version;
    const char *kb_revision;
    const char *root;        /* --root, or NULL */
    const struct probe_result *probe;  /* check --probe, or NULL */
    const char *shell;       /* the reader's shell for fixes (struct out.shell); NULL: all */
    int verbose;             /* text: every section, evidence and the checklist (-v); else the
                                short report: verdicts, the next step, one line per other finding */
};

/**
 * The text report.  Short by default (a one-finding machine fits an 80x24
 * terminal; tests/run.sh short-report counts every one in the suite): the
 * verdicts (a reason that is a finding's title ends with its code), the
 * next step in at most 10 rows (a longer route shows the engine's first
 * commands in order, then how many it left out and that -v has them), one
 * line per finding no verdict gave as its reason, the machine in one line
 * and the counts.  Commands are printed whole, never wrapped or broken.
 * in->verbose: every section (system, driver,
 * CUDA, cuDNN, Python), each finding's evidence and fixes, the checklist,
 * then the next step.  JSON and Markdown always carry everything.
 */
void report_text(FILE *fp, const struct report_input *in, int color);
void report_json(FILE *fp, const struct report_input *in);
void report_markdown(FILE *fp, const struct report_input *in);
struct jw;
/** A findings array as check's JSON writes it (docs/json.md); probe shares it. */
void report_json_findings(struct jw *jw, const struct findings *fl);
/** The verdicts array as check's JSON writes it (docs/json.md); ps shares it. */
void report_json_verdicts(struct jw *jw, const struct facts *f, const struct diagnosis *dx);
/**
 * The "summary" member every findings report ends with (check, explain,
 * probe: docs/json.md): the key and {"errors", "warnings", "infos"}, the
 * counts of fl's findings by severity.
 */
void report_json_summary(struct jw *jw, const struct findings *fl);
/** --facts: the raw facts as JSON. */
void report_facts(FILE *fp, const struct facts *f, const char *gd_version);

#endif
