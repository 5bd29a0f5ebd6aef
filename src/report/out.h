/*
 * out.h - the printing primitives every renderer uses.
 *
 * Paths and values come from untrusted trees, so everything printed as text
 * goes through out_str(), which replaces control characters (and invalid
 * UTF-8) with '?' so that a file name cannot move the cursor or inject
 * escape sequences.  Colour is a property of the printer: struct out says
 * whether to emit ANSI codes (only on a terminal, never with NO_COLOR).
 */
#ifndef GD_OUT_H
#define GD_OUT_H

#include <stdio.h>

#include "util/err.h"

struct out {
    FILE *fp;
    int color;
};

enum out_style { STYLE_NONE = 0, STYLE_BOLD, STYLE_RED, STYLE_YELLOW, STYLE_GREEN, STYLE_DIM, STYLE_CYAN };

/** Print s with control characters replaced (NULL prints nothing). */
void out_str(struct out *o, const char *s);
/** printf, then the result sanitised like out_str. */
void out_printf(struct out *o, const char *fmt, ...) GD_PRINTF(2, 3);
/** out_printf wrapped in a style (no codes without colour). */
void out_styled(struct out *o, enum out_style st, const char *fmt, ...) GD_PRINTF(3, 4);
/**
 * Multi-line text from the machine or a finding (a fix command): each line
 * sanitised like out_str, printed after prefix and ended with a newline.
 */
void out_lines(struct out *o, const char *prefix, const char *s);
/** Raw text from the program itself (no sanitising needed). */
void out_raw(struct out *o, const char *s);

#endif
