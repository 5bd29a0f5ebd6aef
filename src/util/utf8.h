/*
 * utf8.h - UTF-8 well-formedness, for writing untrusted bytes safely.
 */
#ifndef GD_UTF8_H
#define GD_UTF8_H

#include <stddef.h>

/**
 * Length (2..4) of the well-formed UTF-8 sequence that starts at p, reading
 * at most len bytes, or 0 when p does not start one (overlong forms,
 * surrogates and code points above U+10FFFF are not well-formed).
 * A single ASCII byte gives 1.
 */
size_t utf8_valid_seq(const unsigned char *p, size_t len);

/**
 * Length of the invisible character at p (reading at most len bytes) that
 * changes how the text around it is shown, or 0: the Unicode bidirectional
 * controls (U+202A..U+202E embeddings and overrides, U+2066..U+2069
 * isolates, U+200E and U+200F marks, U+061C the Arabic letter mark) and
 * the line and paragraph separators U+2028 and U+2029, which some viewers
 * break lines at.  Printed as they are, a file name holding U+202E shows
 * its text reversed (the "Trojan Source" attack, CVE-2021-42574), so the
 * renderers replace them like control characters.
 */
size_t utf8_display_control(const unsigned char *p, size_t len);

#endif
