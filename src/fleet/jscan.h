/*
 * jscan.h - find where a JSON value ends, and its top-level members,
 * without building it.
 *
 * `fleet report` reads thousands of reports and needs only a few of each
 * one's top-level members (schema, host, driver, cuda_toolkits, cudnn,
 * verdicts, findings).  jscan_value walks the bytes once, checking the
 * structure (brackets that match, strings that end, no raw control
 * characters outside strings, nesting at most JSCAN_MAX_DEPTH), and records
 * where each top-level member's key and value are; the caller then has
 * jansson parse only the members it wants, which are fully validated
 * there.  Scalars outside strings are not checked here (a number like
 * "1x" in a member nobody reads passes).  Pure: no I/O, no allocation.
 */
#ifndef GD_JSCAN_H
#define GD_JSCAN_H

#include <stddef.h>

#define JSCAN_MAX_DEPTH 64

struct jscan_member {
    size_t key, key_len;       /* the key's bytes, inside the quotes (escapes kept) */
    size_t val, val_len;       /* the value's bytes */
};

/**
 * Scan the value that starts at buf[0] (no leading blanks).  Returns the
 * value's length; 0 when buf ends first (more input needed); -1 when it is
 * malformed, with *bad_at the offset of the offending byte.  When the value
 * is an object, its first max members are stored in m and *n set to their
 * count (members beyond max are checked but not stored).
 */
long jscan_value(const char *buf, size_t len, struct jscan_member *m, size_t max, size_t *n,
                 size_t *bad_at);

#endif
