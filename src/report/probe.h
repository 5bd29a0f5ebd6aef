/*
 * probe.h (report) - rendering `gpudoctor probe`: text in two steps (what
 * will be loaded, printed before loading; then what the driver answered) and
 * JSON (schema "gpudoctor-probe/1", docs/json.md "probe").  Reads a struct
 * probe_result and findings; judges nothing.
 */
#ifndef GD_REPORT_PROBE_H
#define GD_REPORT_PROBE_H

#include "diagnose/finding.h"
#include "probe/probe.h"
#include "report/out.h"
#include "util/json_writer.h"

#define GD_PROBE_JSON_SCHEMA "gpudoctor-probe/1"

/** The libraries chosen (or refused, or not found), before anything is loaded. */
void report_probe_libraries(struct out *o, const struct probe_result *r);
/** What the driver answered, the GPUs and (unless fl is NULL) the findings. */
void report_probe_text(struct out *o, const struct probe_result *r, const struct findings *fl);
/** The whole probe as one JSON document, with exit_status. */
void report_probe_json(struct strbuf *sb, const struct probe_result *r, const struct findings *fl,
                       const char *gd_version, int exit_status);
/**
 * The progress note while the driver is being waited for, for a terminal:
 * "waiting for the driver: cuInit, 3 s of 10", rewriting one line in place
 * (carriage return, erase to its end).  report_probe_progress_end erases it.
 */
void report_probe_progress(FILE *fp, const char *call, unsigned waited_s, unsigned timeout_s);
void report_probe_progress_end(FILE *fp);
/** The probe as a JSON object value, for embedding (check's "probe" key). */
void report_probe_json_value(struct jw *jw, const struct probe_result *r);

struct probe_compute;
struct probe_import;
/* --compute and --import (report/probe_proof.c); report_probe_text and
 * report_probe_json_value call these when r->compute / r->import are set. */
void report_probe_compute_text(struct out *o, const struct probe_compute *pc);
void report_probe_compute_json(struct jw *jw, const struct probe_compute *pc);
/** What --import will run, printed (and flushed) before it runs. */
void report_probe_import_intro(struct out *o, const struct probe_import *pi);
void report_probe_import_text(struct out *o, const struct probe_import *pi);
void report_probe_import_json(struct jw *jw, const struct probe_import *pi);
/** A child's end as the JSON names it ("exited", "timeout", ...). */
const char *report_probe_end_name(enum probe_child_end e);
/** A section heading of the probe's text (a blank line, the title in bold). */
void report_probe_heading(struct out *o, const char *title);

#endif
