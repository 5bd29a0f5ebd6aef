/*
 * whatif.h - render `check --set`'s comparison (diagnose/whatif.h): text,
 * or JSON of schema WHATIF_SCHEMA (docs/json.md, "check --set").
 */
#ifndef GD_REPORT_WHATIF_H
#define GD_REPORT_WHATIF_H

#include <stdio.h>

struct whatif;

#define WHATIF_SCHEMA "gpudoctor-whatif/1"

/** The edits, the verdicts that flip (and those that stay), the findings new, gone and changed. */
void report_whatif_text(FILE *fp, const struct whatif *w);
/** The same as one JSON document. */
void report_whatif_json(FILE *fp, const struct whatif *w);

#endif
