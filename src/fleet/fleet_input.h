/*
 * fleet_input.h - read check reports from files, directories and streams
 * into a struct fleet, one document at a time.
 *
 * A stream (a file, or standard input) may hold one report, JSON lines (one
 * report per line, as `kubectl logs` gathers them), or reports simply
 * concatenated (several `check --json` outputs in a row).  Each document is
 * parsed as soon as it is complete and then forgotten, so memory is bounded
 * by the largest report (at most FLEET_DOC_MAX bytes), not by the input.
 *
 * A document that is not valid JSON, is too large, or is not a report
 * costs one record in fleet->rejects (named "FILE", "FILE #N" or
 * "stdin #N", with the line it starts on) and the reader resynchronises at
 * the next line that starts with '{'.  Only an input that cannot be opened
 * or read at all is an error.
 */
#ifndef GD_FLEET_INPUT_H
#define GD_FLEET_INPUT_H

#include "fleet/fleet.h"
#include "util/err.h"

#define FLEET_DOC_MAX (16u << 20)

/**
 * Read every document from fd (borrowed; not closed).  label names the
 * input in messages ("stdin", a path).  name, when not NULL, is the node
 * name of the first document (later ones are named by their reports).
 * 0 at the end of input, -1 with err on a read error (documents read so
 * far are merged).
 */
int fleet_read_fd(struct fleet *fl, int fd, const char *label, const char *name,
                  struct gd_err *err);

/**
 * Read path: "-" is standard input, a directory means every regular file
 * in it whose name does not start with '.', in name order (not
 * recursive), anything else one file.  With name_from_file, a file's
 * first report is named after the file (its base name without ".json")
 * instead of its host.hostname.  -1 with err when path itself cannot be
 * read; a file in a directory that cannot be read is a reject instead.
 */
int fleet_read_path(struct fleet *fl, const char *path, int name_from_file, struct gd_err *err);

#endif
