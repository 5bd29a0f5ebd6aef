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

#endif
