/*
 * strbuf.h - a growable, always NUL-terminated byte string.
 *
 * `struct strbuf sb = STRBUF_INIT;` needs no set-up call.  buf is never NULL
 * (it points at a shared empty string until the first append), len excludes
 * the terminating NUL.  Appends never fail (OOM aborts).  strbuf_release
 * frees and re-initialises; strbuf_detach hands the buffer to the caller.
 */
#ifndef GD_STRBUF_H
#define GD_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#include "util/err.h"

extern char strbuf_empty[];

struct strbuf {
    size_t alloc;
    size_t len;
    char *buf;
};

#define STRBUF_INIT { 0, 0, strbuf_empty }

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
/** Return the buffer (caller frees with free()) and re-initialise sb. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
/** Make room for extra more bytes beyond len. */
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_reset(struct strbuf *sb);
void strbuf_setlen(struct strbuf *sb, size_t len);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) GD_PRINTF(2, 3);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);

#endif
