/*
 * plan.h (report) - render a struct plan: text, JSON, requirements.txt,
 * Dockerfile.
 *
 * The plan itself is chosen by diagnose/plan.c; these functions only print
 * it.  Strings from the knowledge base and the command line are written
 * through out_str (control characters replaced) or the JSON writer.
 */
#ifndef GD_REPORT_PLAN_H
#define GD_REPORT_PLAN_H

#include <stdio.h>

#include "diagnose/plan.h"

/** The set, the commands (pip, conda, docker), the reasons; or why none exists. */
void report_plan_text(FILE *fp, const struct plan *p, int color);
/**
 * One JSON document, schema "gpudoctor-plan/1" (docs/json.md, "plan"),
 * echoing the constraints c and exit_status.
 */
void report_plan_json(FILE *fp, const struct plan *p, const struct plan_constraints *c,
                      int exit_status);
/** A pinned requirements.txt fragment (p->found must be 1). */
void report_plan_requirements(FILE *fp, const struct plan *p);
/** A Dockerfile for the set (p->found must be 1). */
void report_plan_dockerfile(FILE *fp, const struct plan *p);

#endif
