/*
 * facts_read.h - rebuild struct facts from its JSON document (--facts), for
 * `check --from-facts`: a person attaches `gpudoctor check --facts` to a bug
 * report and a maintainer reproduces the verdict without the machine.
 *
 * The reader is pure (bytes in, facts out), bounded (FACTS_DOC_MAX bytes,
 * FACTS_LIST_MAX entries per list; longer lists are an error, not a silent
 * cut) and fuzzed (fuzz/fuzz_facts.c).  It accepts exactly the layout
 * facts_json_write produces (schema "gpudoctor-facts/1"), because both are
 * driven by the same field tables (facts_fields.h): a value of the wrong
 * JSON type, or a number outside its field's range, is an error; unknown
 * keys are ignored so that a newer writer's additions do not stop an older
 * reader, and a missing or null key leaves its fact unknown (NULL, 0 or -1
 * as the struct documents).  It never reads a file and never prints.
 */
#ifndef GD_FACTS_READ_H
#define GD_FACTS_READ_H

#include <stddef.h>

#include "facts/facts.h"
#include "util/err.h"

#define FACTS_DOC_MAX (64u << 20)   /* bytes of a facts document */
#define FACTS_LIST_MAX 100000       /* entries of any one list */

/**
 * Parse the facts document buf[0..len) into f (facts_init'ed by the caller;
 * every string in f's arena).  0 on success; -1 with err filled (not JSON,
 * another schema, a value of the wrong type, a list over FACTS_LIST_MAX),
 * and then f holds what was read so far and must still be released.
 */
int facts_json_read(const char *buf, size_t len, struct facts *f, struct gd_err *err);

#endif
