/*
 * which.h - render `gpudoctor which`: one resolution trace, a dependency
 * tree, or a cache listing, as text or JSON (docs/json.md, "which").
 *
 * Text is for people: the verdict first (where the library would be found
 * and why there, or why nowhere), then every place tried in order, then the
 * one change that would make it found.  Paths are sanitised by out.h.
 */
#ifndef GD_REPORT_WHICH_H
#define GD_REPORT_WHICH_H

#include "loader/deps.h"
#include "loader/ldcache.h"
#include "loader/resolve.h"
#include "report/out.h"
#include "util/strbuf.h"

#define GD_WHICH_JSON_SCHEMA "gpudoctor-which/1"   /* which --json (docs/json.md) */
#define GD_DEPS_JSON_SCHEMA "gpudoctor-deps/1"     /* which --deps --json */

/** The trace for one name as text. */
void report_which_text(struct out *o, const char *name, const struct resolve_result *res);
/** The trace as one JSON document appended to sb. */
void report_which_json(struct strbuf *sb, const char *name, const struct resolve_result *res);

/** A dependency tree as text (one line per node, indented). */
void report_deps_text(struct out *o, const struct resolve_deps *d);
void report_deps_json(struct strbuf *sb, const struct resolve_deps *d);
/**
 * "PROG: warning: ..." on fp (stderr) for each way the tree is incomplete:
 * an object whose dynamic section was not read whole, the node limit.
 */
void report_deps_warnings(FILE *fp, const char *prog, const struct resolve_deps *d);

/** The cache listing in `ldconfig -p` format (path is the cache's name). */
void report_cache_text(struct out *o, const char *path, const struct ldcache *c);

#endif
