/*
 * plist.h - read the top-level dictionary of a property list, such as
 * macOS's System/Library/CoreServices/SystemVersion.plist
 * (ProductVersion "14.4.1", ProductBuildVersion, ProductName).
 *
 * Both forms Apple writes: XML (<plist><dict><key>K</key><string>V</string>
 * ...) and binary ("bplist00": objects, an offset table and a 32-byte
 * trailer).  What is kept: each top-level key whose value is a string, an
 * integer, a real or a boolean, as text ("14.4.1", "42", "true").  Nested
 * arrays and dictionaries are skipped, not read: an XML one is stepped over
 * to its closing tag with a depth limit (PLIST_MAX_DEPTH), a binary one is
 * not followed at all.  Dates and data are skipped too.
 *
 * Bounds: the whole input is len bytes; every binary offset, count and
 * object reference is checked against the buffer and the object table
 * (offsetIntSize and objectRefSize 1..8, count x size overflow-checked); at
 * most PLIST_MAX_KEYS keys are kept and every string is cut at
 * PLIST_STR_MAX bytes (a warning).  UTF-16 strings of binary plists are
 * converted to UTF-8; XML character references (&amp; &#x41;) are decoded.
 * Pure: no I/O.
 *
 * Memory: strings and arrays in out live in the caller's arena.
 */
#ifndef GD_SCAN_PLIST_H
#define GD_SCAN_PLIST_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"

#define PLIST_MAX_KEYS 1024
#define PLIST_STR_MAX 4096
#define PLIST_MAX_DEPTH 64

struct plist_entry {
    const char *key;
    const char *value;       /* as text */
};

struct plist_dict {
    int binary;              /* read from a bplist00 */
    struct plist_entry *entries;
    size_t n;
    const char *warning;     /* something skipped or cut, or NULL */
};

/**
 * Parse buf (len bytes), XML or binary, into out (zeroed first).  Returns 0,
 * or -1 with err (GD_ERR_FORMAT) when buf is neither form or its top-level
 * object is not a dictionary; GD_ERR_LIMIT when XML nesting passes
 * PLIST_MAX_DEPTH.
 */
int plist_parse(const uint8_t *buf, size_t len, struct arena *arena, struct plist_dict *out,
                struct gd_err *err);

/** The value of key in d, or NULL. */
const char *plist_get(const struct plist_dict *d, const char *key);

#endif
