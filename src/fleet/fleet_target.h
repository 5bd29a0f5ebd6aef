/*
 * fleet_target.h - the machine a `check --json` report describes, as a
 * target for `plan --check --fleet` (diagnose/lockcheck.h): its name
 * (host.hostname, else the caller's), driver, first GPU's compute
 * capability, OS, architecture and the active environment's Python.
 * Pure; jansson; a document of another schema is refused.
 */
#ifndef GD_FLEET_TARGET_H
#define GD_FLEET_TARGET_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

struct lock_target;

/** Fill t from the report buf[0..len); name when the report names no host.  0, or -1 with err. */
int fleet_report_target(const char *buf, size_t len, const char *name, struct arena *a, struct lock_target *t,
                        struct gd_err *err);

#endif
