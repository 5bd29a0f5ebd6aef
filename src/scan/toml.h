/*
 * toml.h - the part of TOML (https://toml.io/en/v1.0.0) that container
 * runtime configurations use, read one key at a time.
 *
 * /etc/nvidia-container-runtime/config.toml, containerd's config.toml and
 * CRI-O's crio.conf are TOML; gpudoctor needs a few keys from each.  This
 * reader walks the document line by line and calls back for every key
 * with a scalar value: the table path ([a."b.c".d] gives "a", "b.c", "d")
 * followed by the key's own dotted parts, and the value (basic strings
 * unescaped, literal strings as written, true/false, numbers and dates as
 * written).  Arrays and inline tables are skipped whole, even across
 * lines; multi-line strings are skipped.  A line it cannot read is skipped
 * and counted, never an error: a configuration the runtime itself would
 * refuse is still read for what it says.  Pure, bounded: at most
 * TOML_MAX_PARTS key parts, TOML_MAX_VALUE bytes of value.
 */
#ifndef GD_SCAN_TOML_H
#define GD_SCAN_TOML_H

#include <stddef.h>

#define TOML_MAX_PARTS 16
#define TOML_MAX_VALUE 4096

enum toml_kind { TOML_STRING, TOML_BOOL, TOML_OTHER };

struct toml_kv {
    const char *parts[TOML_MAX_PARTS];   /* table path then key parts, each NUL-terminated */
    size_t n_parts;
    const char *value;                   /* unescaped string, "true"/"false", or as written */
    enum toml_kind kind;
    size_t line;                         /* 1-based */
};

/** Call cb for each scalar key of buf[0..len); returns the number of lines skipped. */
size_t toml_scan(const char *buf, size_t len, void (*cb)(const struct toml_kv *kv, void *arg), void *arg);

#endif
