/*
 * image.h - the check --image parts of the report: which image, which
 * host, what the NVIDIA runtime does at the start, and for every library a
 * program loads whether it comes from the image or from the host (docs/
 * image.md).  Renders facts.container; decides nothing.  Each function
 * writes nothing when the facts hold no container.
 */
#ifndef GD_REPORT_IMAGE_H
#define GD_REPORT_IMAGE_H

#include "diagnose/diagnose.h"
#include "facts/facts.h"
#include "report/out.h"
#include "util/json_writer.h"

/** "image" (the container record) and "libraries" (each library's side) members of the JSON report. */
void report_json_container(struct jw *jw, const struct facts *f, const struct diagnosis *dx);
/** The "Image and host" section of the text report. */
void report_text_container(struct out *o, const struct facts *f, const struct diagnosis *dx);
/** The image, the host and the start, as a Markdown table. */
void report_markdown_container(struct out *o, const struct facts *f);

/** Where a file of the container comes from: "host" (mounted by the runtime) or "image". */
const char *report_container_origin(const struct facts *f, const char *path);

#endif
