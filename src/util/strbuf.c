#include "util/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

char strbuf_empty[1];

void strbuf_init(struct strbuf *sb)
{
    sb->alloc = 0;
    sb->len = 0;
    sb->buf = strbuf_empty;
}

void strbuf_release(struct strbuf *sb)
{
    if (sb->alloc)
        free(sb->buf);
    strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
    char *p;

    if (!sb->alloc)
        strbuf_grow(sb, 0);
    p = sb->buf;
    if (len)
        *len = sb->len;
    strbuf_init(sb);
    return p;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
    size_t need = st_add(st_add(sb->len, extra), 1);
    if (need <= sb->alloc)
        return;
    if (!sb->alloc)
        sb->buf = NULL;
    ALLOC_GROW(sb->buf, need, sb->alloc);
    if (sb->len == 0)
        sb->buf[0] = '\0';
}

void strbuf_reset(struct strbuf *sb)
{
    strbuf_setlen(sb, 0);
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
    if (len > sb->len)
        BUG("strbuf_setlen beyond the end (%zu > %zu)", len, sb->len);
    sb->len = len;
    if (sb->alloc)
        sb->buf[len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
    strbuf_grow(sb, len);
    if (len)
        memcpy(sb->buf + sb->len, data, len);
    sb->len += len;
    sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
    strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
    strbuf_grow(sb, 1);
    sb->buf[sb->len++] = (char)c;
    sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
    va_list cp;
    int n;

    va_copy(cp, ap);
    /* an empty strbuf may have no buffer yet: measure into none */
    n = vsnprintf(sb->alloc ? sb->buf + sb->len : NULL, sb->alloc ? sb->alloc - sb->len : 0, fmt, cp);
    va_end(cp);
    if (n < 0)
        return;
    if ((size_t)n >= (sb->alloc ? sb->alloc - sb->len : 0)) {
        strbuf_grow(sb, (size_t)n);
        vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
    }
    sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(sb, fmt, ap);
    va_end(ap);
}
