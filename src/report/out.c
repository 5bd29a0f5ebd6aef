#include "report/out.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "diagnose/finding.h"
#include "util/winpath.h"

#include "util/err.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/banned.h"

void out_raw(struct out *o, const char *s)
{
    fputs(s, o->fp);
}

int out_term_width(FILE *fp)
{
    const char *c = getenv("COLUMNS");
    if (c && *c) {
        char *end;
        long n = strtol(c, &end, 10);
        if (!*end && n >= 20 && n <= 1000)
            return (int)n;
    }
    return compat_term_columns(fileno(fp));
}

/* Display columns of s[0..n): UTF-8 continuation bytes take none. */
static size_t cols(const char *s, size_t n)
{
    size_t i, c = 0;
    for (i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            c++;
    return c;
}

static void put_sanitised(FILE *fp, const char *s, size_t len, int keep_newlines);

/* out_wrapped's layout; fp NULL only counts.  Returns the rows it takes
 * (a line longer than the width, a word that is not broken, wraps in the
 * terminal: it takes more than one). */
static size_t wrap(struct out *o, FILE *fp, size_t col, size_t indent, const char *s)
{
    size_t w = o->width > 0 ? (size_t)o->width : 0, rows = 0;
    if (!s)
        return 0;
    if (!w || indent + 20 > w) {
        if (fp)
            put_sanitised(fp, s, strlen(s), 0);
        return w ? (col + cols(s, strlen(s)) + w - 1) / w : 1;
    }
    while (*s) {
        size_t room = w > col ? w - col : 0, n = strlen(s), cut;
        if (cols(s, n) <= room) {
            if (fp)
                put_sanitised(fp, s, n, 0);
            return rows + 1;
        }
        /* The last space that keeps the line inside the width; a word longer
         * than the line is not broken (a path stays whole). */
        cut = 0;
        {
            size_t i, c = 0;
            for (i = 0; i < n; i++) {
                if (((unsigned char)s[i] & 0xc0) != 0x80)
                    c++;
                if (c > room)
                    break;
                if (s[i] == ' ')
                    cut = i;
            }
            if (!cut) {
                const char *sp = strchr(s, ' ');
                if (!sp) {
                    if (fp)
                        put_sanitised(fp, s, n, 0);
                    return rows + (col + cols(s, n) + w - 1) / w;
                }
                cut = (size_t)(sp - s);
            }
        }
        if (fp) {
            put_sanitised(fp, s, cut, 0);
            fprintf(fp, "\n%*s", (int)indent, "");
        }
        rows += (col + cols(s, cut) + w - 1) / w;
        col = indent;
        s += cut;
        while (*s == ' ')
            s++;
    }
    return rows ? rows : 1;
}

void out_wrapped(struct out *o, size_t col, size_t indent, const char *s)
{
    wrap(o, o->fp, col, indent, s);
}

size_t out_wrapped_rows(struct out *o, size_t col, size_t indent, const char *s)
{
    return s ? wrap(o, NULL, col, indent, s) : 0;
}

size_t out_line_rows(const struct out *o, size_t col, const char *s, size_t n)
{
    size_t c = col + cols(s, n);
    return o->width > 0 && c > (size_t)o->width ? (c + (size_t)o->width - 1) / (size_t)o->width : 1;
}

void out_path(struct out *o, const char *path)
{
    struct strbuf w = STRBUF_INIT;
    if (!path)
        return;
    if (o->windows && path[0] == '/') {
        winpath_from_virtual(path, &w);
        out_str(o, w.buf);
    } else {
        out_str(o, path);
    }
    strbuf_release(&w);
}

const char *out_pathstr(const struct out *o, const char *path)
{
    static char ring[4][1024];
    static unsigned next;
    struct strbuf w = STRBUF_INIT;
    char *b;
    if (!path || !o->windows || path[0] != '/')
        return path;
    winpath_from_virtual(path, &w);
    b = ring[next++ % 4];
    if (w.len >= sizeof(ring[0])) {
        strbuf_release(&w);
        return path;     /* too long to convert here: as found */
    }
    memcpy(b, w.buf, w.len + 1);
    strbuf_release(&w);
    return b;
}

int out_show_fix(const struct out *o, const struct finding *fd, size_t i)
{
    const struct fix *x = &fd->fixes[i];
    size_t j;
    if (!o->shell || !x->group)
        return 1;
    if (x->shell && !strcmp(x->shell, o->shell))
        return 1;
    /* Shown when its group has nothing for the reader's shell. */
    for (j = 0; j < fd->n_fixes; j++)
        if (fd->fixes[j].group == x->group && fd->fixes[j].shell && !strcmp(fd->fixes[j].shell, o->shell))
            return 0;
    return 1;
}

static void put_sanitised(FILE *fp, const char *s, size_t len, int keep_newlines)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned char c = p[i];
        if ((c == '\n' && keep_newlines) || c == '\t') {
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
            /* C1 controls (U+0080..U+009F) are escape sequences too, and
             * bidirectional controls reorder what the reader sees. */
            if (n == 2 && c == 0xc2 && p[i + 1] < 0xa0)
                n = 0;
            else if (n && utf8_display_control(p + i, n)) {
                fputc('?', fp);
                i += n;
                continue;
            }
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
        put_sanitised(o->fp, s, strlen(s), 0);
}

/*
 * printf where only the arguments are untrusted: the format is the
 * program's own text (its newlines are kept), while every %s argument is
 * sanitised whole, newlines included, so a path holding "\n" or an escape
 * sequence cannot forge a line of the report.  Each conversion is formatted
 * on its own with the matching argument type; the formats gpudoctor uses
 * are flags, width and precision (also '*'), the length modifiers
 * hh h l ll z j t, and the conversions d i u x X o c s p f g e %.
 */
static void vout(struct out *o, const char *fmt, va_list ap)
{
    struct strbuf piece = STRBUF_INIT;
    const char *p = fmt;

    while (*p) {
        const char *start = p, *q;
        char spec[64];
        size_t n;
        int width = 0, prec = 0, has_w = 0, has_p = 0, lmod = 0;
        char conv;

        if (*p != '%') {
            q = strchr(p, '%');
            n = q ? (size_t)(q - p) : strlen(p);
            fwrite(p, 1, n, o->fp);
            p += n;
            continue;
        }
        if (p[1] == '%') {
            fputc('%', o->fp);
            p += 2;
            continue;
        }
        q = p + 1;
        while (*q && strchr("-+ #0", *q))
            q++;
        if (*q == '*') {
            width = va_arg(ap, int);
            has_w = 1;
            q++;
        } else {
            while (*q >= '0' && *q <= '9')
                q++;
        }
        if (*q == '.') {
            q++;
            if (*q == '*') {
                prec = va_arg(ap, int);
                has_p = 1;
                q++;
            } else {
                while (*q >= '0' && *q <= '9')
                    q++;
            }
        }
        while (*q && strchr("hlzjt", *q)) {
            lmod = lmod * 4 + (*q == 'h' ? 1 : *q == 'l' ? 2 : 3);
            q++;
        }
        conv = *q;
        if (!conv)
            BUG("format '%s' ends in a conversion", fmt);
        q++;
        n = (size_t)(q - start);
        if (n >= sizeof(spec))
            BUG("conversion in '%s' too long", fmt);
        memcpy(spec, start, n);
        spec[n] = '\0';
        strbuf_reset(&piece);
#define ONE(type)                                                                              \
    do {                                                                                       \
        type v_ = va_arg(ap, type);                                                            \
        if (has_w && has_p)                                                                    \
            strbuf_addf(&piece, spec, width, prec, v_);                                        \
        else if (has_w)                                                                        \
            strbuf_addf(&piece, spec, width, v_);                                              \
        else if (has_p)                                                                        \
            strbuf_addf(&piece, spec, prec, v_);                                               \
        else                                                                                   \
            strbuf_addf(&piece, spec, v_);                                                     \
    } while (0)
        switch (conv) {
        case 's':
            ONE(const char *);
            put_sanitised(o->fp, piece.buf, piece.len, 0);
            break;
        case 'c':
            ONE(int);
            put_sanitised(o->fp, piece.buf, piece.len, 0);
            break;
        case 'p':
            ONE(void *);
            fwrite(piece.buf, 1, piece.len, o->fp);
            break;
        case 'f': case 'g': case 'e':
            ONE(double);
            fwrite(piece.buf, 1, piece.len, o->fp);
            break;
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
            /* hh and h promote to int; l, ll, z, j, t are their own widths. */
            if (lmod == 2)
                ONE(long);
            else if (lmod == 10)
                ONE(long long);
            else if (lmod == 3)
                ONE(size_t); /* z, j and t are 64-bit on every platform built for */
            else
                ONE(int);
            fwrite(piece.buf, 1, piece.len, o->fp);
            break;
        default:
            BUG("unsupported conversion '%c' in '%s'", conv, fmt);
        }
#undef ONE
        p = q;
    }
    strbuf_release(&piece);
}

void out_lines(struct out *o, const char *prefix, const char *s)
{
    const char *nl;
    for (; s; s = nl ? nl + 1 : NULL) {
        nl = strchr(s, '\n');
        fputs(prefix, o->fp);
        put_sanitised(o->fp, s, nl ? (size_t)(nl - s) : strlen(s), 0);
        fputc('\n', o->fp);
    }
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
