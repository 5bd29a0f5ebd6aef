/*
 * jread.h - a validating pull reader for one JSON document in memory.
 *
 * `fleet report` reads a million reports and keeps a few strings of each.
 * Building each report as a jansson tree cost most of its time (every byte
 * through a function call, a malloc per value); jread walks the bytes once
 * instead and hands the caller the values it asks for, while checking the
 * whole document against RFC 8259 as jansson does (json_loadb with flags 0):
 * the grammar (commas, colons, brackets, literals, numbers), strings
 * (escapes, surrogate pairs, no control characters, well-formed UTF-8, no
 * \u0000) and jansson's number limits (an integer must fit in 64 bits, a
 * real must not overflow a double).  fuzz/fuzz_jread.c holds it to jansson
 * on every input: both accept or both refuse, and the values agree.
 *
 * Differences from jansson, on purpose: nesting is limited to
 * JREAD_MAX_DEPTH (jansson: 2048); duplicate keys are not detected here
 * (the caller refuses the duplicates it cares about); and a NUL byte is
 * refused wherever it is (jansson 2.14 skips one that follows a number or
 * a literal: its lexer's lookahead buffer takes NUL for "empty").
 *
 * Use: jread_peek says what the next value is; jread_object/jread_array
 * enter a container, jread_member/jread_element step through it (each 1
 * must be followed by reading exactly one value: jread_string, jread_skip,
 * or entering it), and their 0 leaves it.  After an error every call
 * returns -1 (or JREAD_BAD) and jread_error says what and where.  Pure: no
 * I/O; allocation only in the caller's strbuf.
 */
#ifndef GD_JREAD_H
#define GD_JREAD_H

#include <stddef.h>
#include <stdint.h>

#include "util/strbuf.h"

#define JREAD_MAX_DEPTH 64

enum jread_type {
    JREAD_BAD = -1,            /* an error (or the end of the input) */
    JREAD_OBJECT,
    JREAD_ARRAY,
    JREAD_STRING,
    JREAD_NUMBER,
    JREAD_TRUE,
    JREAD_FALSE,
    JREAD_NULL
};

struct jread {
    const char *buf;
    size_t len, pos;
    int depth;
    uint64_t fresh;            /* bit d: the container at depth d has no element yet */
    int failed;
    size_t err_at;             /* offset of the offending byte */
    char err[80];
};

/** Read buf[0..len) (borrowed, kept until the reader is done). */
void jread_init(struct jread *r, const char *buf, size_t len);

/** Skip blanks; the type of the value that follows (JREAD_BAD: none). */
enum jread_type jread_peek(struct jread *r);

/** Enter the object (or array) that follows: 0, or -1 if it is not one. */
int jread_object(struct jread *r);
int jread_array(struct jread *r);

/**
 * The next member of the object entered last: 1 with its key decoded into
 * key[0..size) (NUL-terminated; a key that does not fit is stored as "",
 * which matches no name, after being checked), the reader at its value;
 * 0 at the object's end (then left); -1 on an error.
 */
int jread_member(struct jread *r, char *key, size_t size);

/** The next element of the array entered last: 1, 0 at its end (left), -1. */
int jread_element(struct jread *r);

/**
 * Read the string value that follows, decoded, appending at most max bytes
 * of it to out (out may be NULL: checked only).  A longer string is cut at
 * a character boundary and *cut set to 1 (else 0; cut may be NULL).
 * 0, or -1 (also when the value is not a string).
 */
int jread_string(struct jread *r, struct strbuf *out, size_t max, int *cut);

/** Check and pass over the value that follows, whatever it is: 0 or -1. */
int jread_skip(struct jread *r);

/** 0 if nothing but blanks follows the document, else -1. */
int jread_end(struct jread *r);

/**
 * 1 if the error is that the input ended before the document did (more
 * input might complete it), else 0.
 */
int jread_truncated(const struct jread *r);

/** What went wrong, with its line: "line 3: expected ',' or '}'". */
const char *jread_error(const struct jread *r, char *buf, size_t size);

#endif
