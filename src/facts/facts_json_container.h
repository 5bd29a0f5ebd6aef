/*
 * facts_json_container.h - the toolkit and container records as JSON
 * (facts_json_container.c): writers for facts_json_write and the report,
 * and the reader facts_read.c calls.
 */
#ifndef GD_FACTS_JSON_CONTAINER_H
#define GD_FACTS_JSON_CONTAINER_H

#include "facts/facts.h"
#include "util/err.h"
#include "util/json_writer.h"

struct json_t;

/** "container_toolkit": the host's NVIDIA Container Toolkit, or null when not observed. */
void facts_json_ctk(struct jw *jw, const struct facts *f);
/** "container": check --image's image, host and start, or null. */
void facts_json_container(struct jw *jw, const struct facts *f);
/**
 * Read both members of a facts document (doc, a JSON object) into f; a
 * missing member leaves its record unknown.  0, or -1 with err (a member
 * of the wrong type, a list over FACTS_LIST_MAX).
 */
int facts_json_container_read(const struct json_t *doc, struct facts *f, struct gd_err *err);

#endif
