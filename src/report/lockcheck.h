/*
 * lockcheck.h - render `plan --check FILE` (diagnose/lockcheck.h): text, or
 * JSON of schema PLAN_CHECK_SCHEMA (docs/json.md, "plan --check").  Nodes
 * with the same verdict and reason are folded into one host list
 * (node[01-40]).
 */
#ifndef GD_REPORT_LOCKCHECK_H
#define GD_REPORT_LOCKCHECK_H

#include <stdio.h>

struct lock_report;

#define PLAN_CHECK_SCHEMA "gpudoctor-plan-check/1"

void report_lockcheck_text(FILE *fp, const struct lock_report *r);
void report_lockcheck_json(FILE *fp, const struct lock_report *r);

#endif
