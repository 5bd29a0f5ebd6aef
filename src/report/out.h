/*
 * out.h - the printing primitives every renderer uses.
 *
 * Paths and values come from untrusted trees, so everything printed as text
 * goes through out_str(), which replaces control characters, invalid
 * UTF-8 and the bidirectional controls (util/utf8.h) with '?' so that a
 * file name cannot move the cursor, inject escape sequences or show its
 * text reordered.  Colour is a property of the printer: struct out says
 * whether to emit ANSI codes (only on a terminal, never with NO_COLOR).
 */
#ifndef GD_OUT_H
#define GD_OUT_H

#include <stdio.h>

#include "util/err.h"

struct out {
    FILE *fp;
    int color;
    int width;            /* wrap prose at this many columns; 0: never (not a terminal) */
    const char *shell;    /* the reader's shell ("sh", "fish", "powershell", "cmd"): of the
                             fixes written for several shells (struct fix.group) only
                             this one's is shown; NULL: every shell (--all-shells) */
    int windows;          /* the examined machine is native Windows: paths in C:\ form */
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

/**
 * The width to wrap a report for fp: $COLUMNS when set to a number, else
 * the terminal's (ioctl TIOCGWINSZ / the console's) when fp is one, else 0.
 */
int out_term_width(FILE *fp);

/**
 * Prose (a title, an evidence line) sanitised like out_str and wrapped at
 * spaces to o->width, given that the cursor is at column col; continuation
 * lines start with indent spaces.  No newline at the end.  Commands are
 * never wrapped (they are pasted).
 */
void out_wrapped(struct out *o, size_t col, size_t indent, const char *s);
/**
 * The terminal rows out_wrapped(o, col, indent, s) takes (0 for NULL), the
 * rows a line the terminal wraps counted: what a report that must fit a
 * screen budgets with.  Prints nothing.
 */
size_t out_wrapped_rows(struct out *o, size_t col, size_t indent, const char *s);
/**
 * The rows a line that is not wrapped (a command) takes when its n bytes
 * of UTF-8 start at column col: 1, or more on a terminal o->width wide.
 */
size_t out_line_rows(const struct out *o, size_t col, const char *s, size_t n);

/** A path as the examined machine spells it: "C:\Users\..." on Windows. */
void out_path(struct out *o, const char *path);
/**
 * The same as a string for out_printf's %s: path itself, or its Windows
 * form in one of four rotating buffers (valid for the next three calls;
 * the renderers are single-threaded).  NULL stays NULL.
 */
const char *out_pathstr(const struct out *o, const char *path);

/** Should fix i of fd be shown to a reader of o->shell? */
struct finding;
int out_show_fix(const struct out *o, const struct finding *fd, size_t i);

#endif
