/*
 * pyinterp.h - the small, pure parsers behind "which Python does this
 * command run": a script's shebang (pip and pip3 are scripts whose first
 * line names their interpreter), a pyenv version file (.python-version,
 * $PYENV_ROOT/version) and a Jupyter kernel.json.
 *
 * Each takes (buf, len), reads nothing else, never fails on bad input (it
 * says "not found" instead), and is fuzzed by fuzz/fuzz_pyinterp.c and
 * fuzz/fuzz_kernelspec.c.  Results are copied into the caller's arena or
 * strbuf; nothing points into buf.
 */
#ifndef GD_SCAN_PYINTERP_H
#define GD_SCAN_PYINTERP_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/strbuf.h"

/* Longest pyenv version file line pyenv reads (`read -n 1024`). */
#define PYINTERP_VERSION_LINE_MAX 1024

/**
 * The interpreter a script's first line names, into interp:
 *   "#!/opt/venv/bin/python3 -E"            -> "/opt/venv/bin/python3"
 *   "#!/usr/bin/env python3"                -> "python3" (*via_env = 1)
 *   "#!/bin/sh" then "'''exec' "/long/path/python" "$0" "$@"" (the
 *   trampoline pip's launcher writes when the path is too long for a
 *   shebang)                                 -> "/long/path/python"
 * Returns 1 when an interpreter was found, 0 otherwise (interp empty).
 */
int pyinterp_shebang(const uint8_t *buf, size_t len, struct strbuf *interp, int *via_env);

/**
 * The versions a pyenv version file selects, as pyenv-version-file-read
 * reads them: the first word of every line, skipping empty lines and
 * "#" comments, lines cut at 1024 bytes, "\r" treated as a blank; a word
 * that is ".." or holds ".." path components is ignored (pyenv refuses
 * paths that leave $PYENV_ROOT/versions).  The words are joined with ':'
 * into out (pyenv's PYENV_VERSION form).  Returns the number of words.
 */
size_t pyinterp_version_file(const uint8_t *buf, size_t len, struct strbuf *out);

/**
 * The value of key in [section] of an INI file (py.ini): section and key
 * match ignoring ASCII case, "key = value" with blanks trimmed, lines
 * starting with ';' or '#' are comments.  Returns 1 found (value in out),
 * 0 not found.
 */
int pyinterp_ini_value(const uint8_t *buf, size_t len, const char *section, const char *key,
                       struct strbuf *out);

/**
 * Whether a script is a pyenv shim, as pyenv-rehash writes them: a line
 * `export PYENV_ROOT="ROOT"` and a line that execs `.../pyenv" exec`.  The
 * shim sets PYENV_ROOT itself, so ROOT (into root) is the one that counts.
 * Returns 1 (a shim), 0 (not one).
 */
int pyinterp_pyenv_shim(const uint8_t *buf, size_t len, struct strbuf *root);

/* What gpudoctor needs from a kernel.json. */
struct kernelspec {
    const char *argv0;           /* argv[0], or NULL when argv is missing or empty */
    const char *display_name;    /* or NULL */
    const char *language;        /* or NULL */
};

/**
 * Parse a kernel.json (JSON object with "argv": [string, ...],
 * "display_name", "language"; jansson, duplicate keys rejected).  Strings
 * go into arena.  Returns 0, or -1 when buf is not such a JSON object
 * (msg, if not NULL, gets a short reason of at most msg_len bytes).
 */
int pyinterp_kernelspec(const uint8_t *buf, size_t len, struct arena *arena, struct kernelspec *ks,
                        char *msg, size_t msg_len);

#endif
