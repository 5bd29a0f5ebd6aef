/*
 * facts_json_container.h - the toolkit and container records as members of
 * the check --json report (facts_json_container.c).  Their layout is the
 * field tables' (facts_fields.c, docs/json.md), as in the --facts document.
 */
#ifndef GD_FACTS_JSON_CONTAINER_H
#define GD_FACTS_JSON_CONTAINER_H

#include "facts/facts.h"
#include "util/json_writer.h"

/** "container_toolkit": the host's NVIDIA Container Toolkit, or null when not observed. */
void facts_json_ctk(struct jw *jw, const struct facts *f);
/** "container": check --image's image, host and start, or null. */
void facts_json_container(struct jw *jw, const struct facts *f);

#endif
