/*
 * redact.h - make a finished report safe to paste (`--redact`).
 *
 * redact_apply() rewrites the bytes of a text, Markdown or JSON report:
 *   - a home directory, /home/NAME, /Users/NAME or /root (and the examined
 *     process's $HOME), becomes "~" where it starts a path;
 *   - each NAME so seen, and the user names given in struct redact, become
 *     "REDACTED-USER" where they stand as a whole word (letters, digits and
 *     . _ - on neither side; names shorter than 3 bytes only inside the
 *     home paths above, so "u" does not eat every "u");
 *   - the host names and the machine-id given become "REDACTED-HOST" and
 *     "REDACTED-MACHINE-ID" wherever they occur as a whole word.
 * Every replacement is plain ASCII without quotes, backslashes, '<', '&',
 * '*', '_' or '`', so it needs no escaping in any of the three formats and
 * a valid JSON document stays valid.  Pure: no I/O, no globals.
 */
#ifndef GD_REDACT_H
#define GD_REDACT_H

#include <stddef.h>

#include "util/strbuf.h"

#define REDACT_MAX_VALUES 8

struct redact {
    const char *home;                          /* $HOME of the examined process, or NULL */
    const char *users[REDACT_MAX_VALUES];      /* NULL-terminated if fewer */
    const char *hosts[REDACT_MAX_VALUES];
    const char *machine_id;                    /* /etc/machine-id's value, or NULL */
};

/** Zero r. */
void redact_init(struct redact *r);

/**
 * Append text (n bytes, any content, NUL bytes included) to out with the
 * substitutions above.  Values of r that are empty, or longer than 255
 * bytes, are ignored.
 */
void redact_apply(const struct redact *r, const char *text, size_t n, struct strbuf *out);

#endif
