#include "report/out.h"

#include <stdarg.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/banned.h"

void out_raw(struct out *o, const char *s)
{
    fputs(s, o->fp);
}

static void put_sanitised(FILE *fp, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned char c = p[i];
        if (c == '\n' || c == '\t') {
            fputc(c, fp);
            i++;
        } else if (c < 0x20 || c == 0x7f) {
            fputc('?', fp);
            i++;
        } else if (c < 0x80) {
            fputc(c, fp);
            i++;
        } else {
            size_t n = utf8_valid_seq(p + i, len - i);
            /* C1 controls (U+0080..U+009F) are escape sequences too. */
            if (n == 2 && c == 0xc2 && p[i + 1] < 0xa0)
                n = 0;
            if (n) {
                fwrite(p + i, 1, n, fp);
                i += n;
            } else {
                fputc('?', fp);
                i++;
            }
        }
    }
}

void out_str(struct out *o, const char *s)
{
    if (s)
        put_sanitised(o->fp, s, strlen(s));
}

static void vout(struct out *o, const char *fmt, va_list ap)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_vaddf(&sb, fmt, ap);
    put_sanitised(o->fp, sb.buf, sb.len);
    strbuf_release(&sb);
}

void out_printf(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vout(o, fmt, ap);
    va_end(ap);
}

void out_styled(struct out *o, enum out_style st, const char *fmt, ...)
{
    static const char *const codes[] = { "", "\033[1m", "\033[31m", "\033[33m", "\033[32m", "\033[2m", "\033[36m" };
    va_list ap;
    if (o->color && st != STYLE_NONE)
        fputs(codes[st], o->fp);
    va_start(ap, fmt);
    vout(o, fmt, ap);
    va_end(ap);
    if (o->color && st != STYLE_NONE)
        fputs("\033[0m", o->fp);
}
