/*
 * explain.h - the renderers of `gpudoctor explain`: human text (the cause
 * first, in one line; then each finding with its evidence quoted with log
 * line numbers, and its fixes; harmless noise last) and JSON (schema
 * "gpudoctor-explain/1", docs/json.md section "explain").  They read the
 * log's facts and the findings; they never judge.  Log text is untrusted:
 * text output goes through out_str, JSON through the json writer.
 */
#ifndef GD_REPORT_EXPLAIN_H
#define GD_REPORT_EXPLAIN_H

#include <stdio.h>

#include "diagnose/explain_rules.h"
#include "diagnose/finding.h"
#include "facts/facts.h"
#include "facts/log_facts.h"

#define GD_EXPLAIN_SCHEMA "gpudoctor-explain/1"

struct explain_report {
    const struct log_facts *log;
    const struct findings *findings;  /* ordered: the top hypothesis's cause first */
    const struct explain_result *hypotheses;  /* ranked causes, or NULL */
    const char *input;                /* the file name, or "-" for standard input */
    const char *os;                   /* the log's OS (struct explain_result), or NULL */
    long os_line;
    const struct facts *machine;      /* --with-check, or NULL */
    const char *gd_version;
    const char *kb_revision;
    const char *shell;                /* the reader's shell: of a fix written for several
                                         shells only its form is shown (text); NULL: all */
};

/** The text report on fp (colour only when color is set). */
void report_explain_text(FILE *fp, const struct explain_report *r, int color);
/** The JSON report on fp. */
void report_explain_json(FILE *fp, const struct explain_report *r);

#endif
