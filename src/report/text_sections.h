/*
 * text_sections.h - sections of the text report that other areas own
 * (Python environments, per-framework verdicts), each in its own file.
 */
#ifndef GD_TEXT_SECTIONS_H
#define GD_TEXT_SECTIONS_H

#include "report/out.h"
#include "report/report.h"

/** "Python environments": every environment and its framework builds. */
void report_text_python(struct out *o, const struct facts *f);
/** Every finding with its evidence and fixes (wrapped to o->width, fixes for o->shell). */
void report_text_findings(struct out *o, const struct findings *fl);
/**
 * The "Next step" lines: the first fix to run, under the verdict it serves
 * (or its finding's own title); brief: under "Next step (CODE):" only.
 */
void report_text_next_step(struct out *o, const struct diagnosis *dx, int brief);
/** First section: what `python3`, `python`, `pip`, ... and Jupyter kernels run. */
void report_text_interp(struct out *o, const struct facts *f);
/** " [run by python3, kernel 'x']" (or " [not what python3 runs]") for a verdict's environment. */
void report_text_run_marks(struct out *o, const struct facts *f, const struct python_env *e);
/** One line per framework install: GPU YES / NO / UNKNOWN and why. */
void report_text_verdicts(struct out *o, const struct facts *f, const struct diagnosis *dx);

#endif
