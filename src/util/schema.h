/*
 * schema.h - the schema string of gpudoctor's check report, in one place:
 * report/json.c writes it and fleet/fleet.c accepts only it
 * (tools/checksrc refuses the literal anywhere else).  The other documents
 * name theirs beside their one writer (FACTS_SCHEMA in facts/facts_json.h,
 * PLAN_SCHEMA in report/plan.c, explain's in report/explain.c).
 */
#ifndef GD_SCHEMA_H
#define GD_SCHEMA_H

#define GD_JSON_SCHEMA "gpudoctor/1"   /* docs/json.md; bumped on any incompatible change */

#endif
