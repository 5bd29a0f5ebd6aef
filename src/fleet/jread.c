/*
 * jread.c - the validating pull reader (see jread.h).  The rules follow
 * jansson 2.14's load.c (lex_scan_string, lex_scan_number, parse_value),
 * which fuzz/fuzz_jread.c compares against on every input.
 */
#include "fleet/jread.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/err.h"
#include "util/utf8.h"
#include "util/banned.h"

static int fail(struct jread *r, size_t at, const char *fmt, ...) GD_PRINTF(3, 4);

static int fail(struct jread *r, size_t at, const char *fmt, ...)
{
    va_list ap;
    if (r->failed)
        return -1;
    r->failed = 1;
    r->err_at = at;
    va_start(ap, fmt);
    vsnprintf(r->err, sizeof(r->err), fmt, ap);
    va_end(ap);
    return -1;
}

void jread_init(struct jread *r, const char *buf, size_t len)
{
    memset(r, 0, sizeof(*r));
    r->buf = buf;
    r->len = len;
}

/* Bytes a string may hold as they are: printable ASCII but '"' and '\\'. */
static const unsigned char plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

#define ONES 0x0101010101010101ULL
#define HAS_ZERO(v) (((v) - ONES) & ~(v))      /* & 0x80 bytes: a zero byte somewhere */

static void blanks(struct jread *r)
{
    while (r->pos < r->len) {
        char c = r->buf[r->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        r->pos++;
    }
}

/* The byte at pos for a message: printable, else its value. */
static const char *show(const struct jread *r, size_t at, char *b, size_t n)
{
    unsigned char c;
    if (at >= r->len)
        return "the end of the input";
    c = (unsigned char)r->buf[at];
    if (c > 0x20 && c < 0x7f)
        snprintf(b, n, "'%c'", c);
    else
        snprintf(b, n, "byte 0x%02x", c);
    return b;
}

static int unexpected(struct jread *r, const char *wanted)
{
    char b[16];
    return fail(r, r->pos, "%s expected, not %s", wanted, show(r, r->pos, b, sizeof(b)));
}

enum jread_type jread_peek(struct jread *r)
{
    char c;
    if (r->failed)
        return JREAD_BAD;
    blanks(r);
    if (r->pos >= r->len) {
        fail(r, r->pos, "a value expected, not the end of the input");
        return JREAD_BAD;
    }
    c = r->buf[r->pos];
    switch (c) {
    case '{': return JREAD_OBJECT;
    case '[': return JREAD_ARRAY;
    case '"': return JREAD_STRING;
    case 't': return JREAD_TRUE;
    case 'f': return JREAD_FALSE;
    case 'n': return JREAD_NULL;
    default:
        if (c == '-' || (c >= '0' && c <= '9'))
            return JREAD_NUMBER;
        unexpected(r, "a value");
        return JREAD_BAD;
    }
}

static int enter(struct jread *r, char open)
{
    if (jread_peek(r) == JREAD_BAD)
        return -1;
    if (r->buf[r->pos] != open)
        return unexpected(r, open == '{' ? "'{'" : "'['");
    if (r->depth >= JREAD_MAX_DEPTH)
        return fail(r, r->pos, "nested deeper than %d", JREAD_MAX_DEPTH);
    r->pos++;
    r->fresh |= (uint64_t)1 << r->depth;
    r->depth++;
    return 0;
}

int jread_object(struct jread *r) { return enter(r, '{'); }
int jread_array(struct jread *r) { return enter(r, '['); }

/*
 * Before the next member or element: 1 one follows, 0 the container
 * closed (and was left), -1 error.
 */
static int next(struct jread *r, char close)
{
    uint64_t bit;
    if (r->failed)
        return -1;
    if (!r->depth)
        return fail(r, r->pos, "no container to read from");
    bit = (uint64_t)1 << (r->depth - 1);
    blanks(r);
    if (r->pos < r->len && r->buf[r->pos] == close) {
        r->pos++;
        r->depth--;
        r->fresh &= ~bit;
        return 0;
    }
    if (r->fresh & bit) {
        r->fresh &= ~bit;
        return 1;
    }
    if (r->pos >= r->len || r->buf[r->pos] != ',')
        return unexpected(r, close == '}' ? "',' or '}'" : "',' or ']'");
    r->pos++;
    blanks(r);
    return 1;
}

static int hex4(const char *p, unsigned *v)
{
    int i;
    *v = 0;
    for (i = 0; i < 4; i++) {
        char c = p[i];
        *v <<= 4;
        if (c >= '0' && c <= '9')
            *v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            *v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            *v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    return 0;
}

/* Append code point u as UTF-8 into b; its length. */
static size_t utf8_put(unsigned long u, char *b)
{
    if (u < 0x80) {
        b[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        b[0] = (char)(0xc0 | (u >> 6));
        b[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    if (u < 0x10000) {
        b[0] = (char)(0xe0 | (u >> 12));
        b[1] = (char)(0x80 | ((u >> 6) & 0x3f));
        b[2] = (char)(0x80 | (u & 0x3f));
        return 3;
    }
    b[0] = (char)(0xf0 | (u >> 18));
    b[1] = (char)(0x80 | ((u >> 12) & 0x3f));
    b[2] = (char)(0x80 | ((u >> 6) & 0x3f));
    b[3] = (char)(0x80 | (u & 0x3f));
    return 4;
}

struct sink {
    struct strbuf *out;            /* NULL: check only */
    char *fixed;                   /* or a fixed buffer (keys) */
    size_t size, used, max;
    int cut;
};

/* Keep n bytes of one character, while they fit. */
static void keep(struct sink *s, const char *p, size_t n)
{
    if (s->cut || s->used + n > s->max) {
        s->cut = 1;
        return;
    }
    if (s->out)
        strbuf_add(s->out, p, n);
    else if (s->fixed)
        memcpy(s->fixed + s->used, p, n);
    s->used += n;
}

/* The string at r->pos (a '"'), decoded into s. */
static int string(struct jread *r, struct sink *s)
{
    const char *b = r->buf;
    size_t i = r->pos + 1, n = r->len;
    for (;;) {
        size_t run = i;
        unsigned char c;
        /* Plain printable ASCII in one go: most of every report.  Eight
         * bytes at a time while none is a control, '"', '\\' or non-ASCII
         * (exact tests: a zero-byte test has no false positives). */
        while (n - i >= 8) {
            uint64_t x, bad;
            memcpy(&x, b + i, 8);
            bad = ((x - ONES * 0x20) & ~x) | HAS_ZERO(x ^ (ONES * '"')) | HAS_ZERO(x ^ (ONES * '\\')) | x;
            if (bad & (ONES * 0x80))
                break;
            i += 8;
        }
        while (i < n && plain[(unsigned char)b[i]])
            i++;
        if (i > run && !s->cut) {
            size_t take = i - run;
            if (s->used + take > s->max) {
                take = s->max - s->used;
                s->cut = 1;
            }
            if (s->out)
                strbuf_add(s->out, b + run, take);
            else if (s->fixed)
                memcpy(s->fixed + s->used, b + run, take);
            s->used += take;
        }
        if (i >= n)
            return fail(r, i, "the string starting at offset %zu does not end", r->pos);
        c = (unsigned char)b[i];
        if (c == '"') {
            r->pos = i + 1;
            return 0;
        }
        if (c < 0x20)
            return fail(r, i, "control character 0x%02x in a string", c);
        if (c >= 0x80) {
            size_t k = utf8_valid_seq((const unsigned char *)b + i, n - i);
            if (!k && n - i < 4)
                return fail(r, n, "the input ends inside a UTF-8 character");
            if (!k)
                return fail(r, i, "byte 0x%02x in a string is not UTF-8", c);
            keep(s, b + i, k);
            i += k;
            continue;
        }
        /* A backslash (the last byte read: the input ends inside its escape). */
        if (i + 1 >= n)
            return fail(r, n, "the string starting at offset %zu does not end", r->pos);
        switch (b[i + 1]) {
        case '"': keep(s, "\"", 1); i += 2; continue;
        case '\\': keep(s, "\\", 1); i += 2; continue;
        case '/': keep(s, "/", 1); i += 2; continue;
        case 'b': keep(s, "\b", 1); i += 2; continue;
        case 'f': keep(s, "\f", 1); i += 2; continue;
        case 'n': keep(s, "\n", 1); i += 2; continue;
        case 'r': keep(s, "\r", 1); i += 2; continue;
        case 't': keep(s, "\t", 1); i += 2; continue;
        case 'u': {
            unsigned v, v2;
            unsigned long u;
            char enc[4];
            if (n - i < 6)
                return fail(r, n, "the input ends inside a \\u escape");
            if (hex4(b + i + 2, &v) < 0)
                return fail(r, i, "invalid \\u escape in a string");
            if (v >= 0xd800 && v <= 0xdbff) {
                if (n - i < 12)
                    return fail(r, n, "the input ends inside a surrogate pair");
                if (b[i + 6] != '\\' || b[i + 7] != 'u')
                    return fail(r, i, "invalid Unicode '\\u%04X' (a lone surrogate)", v);
                if (hex4(b + i + 8, &v2) < 0)
                    return fail(r, i + 6, "invalid \\u escape in a string");
                if (v2 < 0xdc00 || v2 > 0xdfff)
                    return fail(r, i, "invalid Unicode '\\u%04X\\u%04X'", v, v2);
                u = 0x10000ul + (((unsigned long)v - 0xd800) << 10) + ((unsigned long)v2 - 0xdc00);
                i += 12;
            } else if (v >= 0xdc00 && v <= 0xdfff) {
                return fail(r, i, "invalid Unicode '\\u%04X' (a lone surrogate)", v);
            } else if (v == 0) {
                return fail(r, i, "\\u0000 in a string");
            } else {
                u = v;
                i += 6;
            }
            keep(s, enc, utf8_put(u, enc));
            continue;
        }
        default:
            return fail(r, i, "invalid escape '\\%c' in a string",
                        (unsigned char)b[i + 1] > 0x20 && (unsigned char)b[i + 1] < 0x7f ? b[i + 1] : '?');
        }
    }
}

int jread_string(struct jread *r, struct strbuf *out, size_t max, int *cut)
{
    struct sink s;
    if (cut)
        *cut = 0;
    if (jread_peek(r) == JREAD_BAD)
        return -1;
    if (r->buf[r->pos] != '"')
        return unexpected(r, "a string");
    memset(&s, 0, sizeof(s));
    s.out = out;
    s.max = out ? max : SIZE_MAX;
    if (string(r, &s) < 0)
        return -1;
    if (cut)
        *cut = s.cut;
    return 0;
}

int jread_member(struct jread *r, char *key, size_t size)
{
    struct sink s;
    int k = next(r, '}');
    if (k <= 0)
        return k;
    if (r->pos >= r->len || r->buf[r->pos] != '"')
        return unexpected(r, "a key (a string)");
    memset(&s, 0, sizeof(s));
    s.fixed = key;
    s.max = size ? size - 1 : 0;
    if (string(r, &s) < 0)
        return -1;
    if (size)
        key[s.cut ? 0 : s.used] = '\0';
    blanks(r);
    if (r->pos >= r->len || r->buf[r->pos] != ':')
        return unexpected(r, "':'");
    r->pos++;
    return 1;
}

int jread_element(struct jread *r)
{
    return next(r, ']');
}

static int digits(struct jread *r)
{
    size_t start = r->pos;
    while (r->pos < r->len && r->buf[r->pos] >= '0' && r->buf[r->pos] <= '9')
        r->pos++;
    return r->pos > start ? 0 : unexpected(r, "a digit");
}

/*
 * A number, with jansson's limits: an integer (no fraction, no exponent)
 * must fit in long long, and a real must not overflow a double.
 */
static int number(struct jread *r)
{
    size_t start = r->pos;
    int real = 0, neg = 0;
    if (r->buf[r->pos] == '-') {
        neg = 1;
        r->pos++;
    }
    if (r->pos < r->len && r->buf[r->pos] == '0') {
        r->pos++;
        if (r->pos < r->len && r->buf[r->pos] >= '0' && r->buf[r->pos] <= '9')
            return fail(r, r->pos, "a number may not start with 0");
    } else if (digits(r) < 0) {
        return -1;
    }
    if (r->pos < r->len && r->buf[r->pos] == '.') {
        real = 1;
        r->pos++;
        if (digits(r) < 0)
            return -1;
    }
    if (r->pos < r->len && (r->buf[r->pos] == 'e' || r->buf[r->pos] == 'E')) {
        real = 1;
        r->pos++;
        if (r->pos < r->len && (r->buf[r->pos] == '+' || r->buf[r->pos] == '-'))
            r->pos++;
        if (digits(r) < 0)
            return -1;
    }
    if (!real) {
        /* |value| <= 9223372036854775807 (or ...808 when negative) */
        const char *d = r->buf + start + neg;
        size_t nd = r->pos - start - (size_t)neg;
        static const char max[] = "9223372036854775807";
        int c;
        if (nd > 19)
            return fail(r, start, "too big %sinteger", neg ? "negative " : "");
        if (nd == 19) {
            c = memcmp(d, max, 19);
            if (c > 0 && !(neg && !memcmp(d, "9223372036854775808", 19)))
                return fail(r, start, "too big %sinteger", neg ? "negative " : "");
        }
        return 0;
    }
    {
        struct strbuf sb = STRBUF_INIT;
        double v;
        strbuf_add(&sb, r->buf + start, r->pos - start);
        errno = 0;
        v = strtod(sb.buf, NULL);
        strbuf_release(&sb);
        if ((v == HUGE_VAL || v == -HUGE_VAL) && errno == ERANGE)
            return fail(r, start, "real number overflow");
    }
    return 0;
}

static int literal(struct jread *r, const char *word)
{
    size_t n = strlen(word), have = r->len - r->pos;
    if (have < n && !memcmp(r->buf + r->pos, word, have))
        return fail(r, r->len, "the input ends inside '%s'", word);
    if (have < n || memcmp(r->buf + r->pos, word, n))
        return unexpected(r, "a value");
    r->pos += n;
    if (r->pos < r->len) {
        char c = r->buf[r->pos];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            return fail(r, r->pos, "invalid token after '%s'", word);
    }
    return 0;
}

int jread_skip(struct jread *r)
{
    char key[1];
    int k;
    switch (jread_peek(r)) {
    case JREAD_BAD: return -1;
    case JREAD_STRING: return jread_string(r, NULL, 0, NULL);
    case JREAD_NUMBER: return number(r);
    case JREAD_TRUE: return literal(r, "true");
    case JREAD_FALSE: return literal(r, "false");
    case JREAD_NULL: return literal(r, "null");
    case JREAD_OBJECT:
        if (jread_object(r) < 0)
            return -1;
        while ((k = jread_member(r, key, sizeof(key))) == 1)
            if (jread_skip(r) < 0)
                return -1;
        return k;
    case JREAD_ARRAY:
        if (jread_array(r) < 0)
            return -1;
        while ((k = jread_element(r)) == 1)
            if (jread_skip(r) < 0)
                return -1;
        return k;
    }
    return -1;
}

int jread_end(struct jread *r)
{
    char b[16];
    if (r->failed)
        return -1;
    blanks(r);
    if (r->pos < r->len)
        return fail(r, r->pos, "the end of the document expected, not %s", show(r, r->pos, b, sizeof(b)));
    return 0;
}

int jread_truncated(const struct jread *r)
{
    return r->failed && r->err_at >= r->len;
}

const char *jread_error(const struct jread *r, char *buf, size_t size)
{
    size_t i, line = 1, at = r->err_at < r->len ? r->err_at : r->len;
    for (i = 0; i < at; i++)
        line += r->buf[i] == '\n';
    snprintf(buf, size, "line %zu: %s", line, r->failed ? r->err : "no error");
    return buf;
}
