/*
 * facts_json.h - struct facts as JSON (for --facts and for the report).
 *
 * Each function writes one value (object or array) at the writer's current
 * position; the caller writes the key.  Everything is written from the
 * field tables (facts_fields.h), which also drive the reader (facts_read.h),
 * so the two cannot drift; the layout is docs/json.md's, whose --facts
 * reference is generated from the same tables.
 */
#ifndef GD_FACTS_JSON_H
#define GD_FACTS_JSON_H

#include "facts/facts.h"
#include "util/json_writer.h"

/* The facts document's schema, written by facts_json_write and required by
 * facts_json_read. */
#define FACTS_SCHEMA "gpudoctor-facts/1"

void facts_json_system(struct jw *jw, const struct facts *f);
/** The driver object, or null when no driver was found at all. */
void facts_json_driver(struct jw *jw, const struct facts *f);
void facts_json_gpus(struct jw *jw, const struct facts *f);
void facts_json_cuda(struct jw *jw, const struct facts *f);
void facts_json_cudnn(struct jw *jw, const struct facts *f);
void facts_json_ldenv(struct jw *jw, const struct facts *f);
void facts_json_warnings(struct jw *jw, const struct facts *f);
/** {"dpkg": {"source", "packages": [{name, version, architecture, want, flag, state}]}}, or null. */
void facts_json_dpkg(struct jw *jw, const struct facts *f);
/**
 * The python_envs array.  full: also every
 * distribution with its site dir and flags (the --facts document), not only
 * the CUDA components (the report).
 */
void facts_json_python(struct jw *jw, const struct facts *f, int full);
/** The "macos" object, or null when the machine is not macOS. */
void facts_json_macos(struct jw *jw, const struct facts *f);
/** The Jetson facts ("tegra"): an object, or null when not a Jetson. */
void facts_json_tegra(struct jw *jw, const struct facts *f);
/** The node facts ("node"): device access, kernel modules, scheduler, container. */
void facts_json_node(struct jw *jw, const struct facts *f);
/**
 * The whole facts document (--facts): {"schema": "gpudoctor-facts/1", ...},
 * complete enough that facts_json_read (facts_read.h) rebuilds every fact
 * the diagnosis reads, the loader's recorded answers included.
 */
void facts_json_write(struct jw *jw, const struct facts *f, const char *gd_version);

#endif
