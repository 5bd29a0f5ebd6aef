/*
 * jscan.c - structural JSON scanner (see jscan.h).
 */
#include "fleet/jscan.h"

#include <string.h>

#include "util/banned.h"

/*
 * Skip a string starting at buf[i] == '"': the index after it, or 0 if buf
 * ends first.  memchr finds each candidate closing quote; it closes the
 * string when an even number of backslashes precede it.  Control
 * characters inside strings are left to jansson for the members it reads.
 */
static long skip_string(const char *buf, size_t len, size_t i)
{
    const char *p = buf + i + 1, *end = buf + len;
    while (p < end) {
        const char *q = memchr(p, '"', (size_t)(end - p));
        size_t bs = 0;
        if (!q)
            return 0;
        while (q - bs > buf + i + 1 && q[-1 - (long)bs] == '\\')
            bs++;
        if (!(bs & 1))
            return (long)(q - buf + 1);
        p = q + 1;
    }
    return 0;
}

long jscan_value(const char *buf, size_t len, struct jscan_member *m, size_t max, size_t *n,
                 size_t *bad_at)
{
    char stack[JSCAN_MAX_DEPTH];
    int depth = 0, want_key = 0;
    size_t i = 0, key = 0, key_len = 0, val = 0;
    long r;

    *n = 0;
    *bad_at = 0;
    if (!len)
        return 0;
    if (buf[0] != '{' && buf[0] != '[') {
        *bad_at = 0;
        return -1;                 /* a report is an object; arrays pass for a clear message */
    }
    for (; i < len; i++) {
        char c = buf[i];
        switch (c) {
        case '{':
        case '[':
            if (depth == JSCAN_MAX_DEPTH) {
                *bad_at = i;
                return -1;
            }
            stack[depth++] = c;
            want_key = c == '{' && depth == 1;
            if (depth == 2 && stack[0] == '{' && !val)
                val = i;
            break;
        case '}':
        case ']':
            if (!depth || stack[depth - 1] != (c == '}' ? '{' : '[')) {
                *bad_at = i;
                return -1;
            }
            if (depth == 1) {
                if (val && stack[0] == '{' && *n < max) {
                    m[*n].key = key, m[*n].key_len = key_len, m[*n].val = val, m[*n].val_len = i - val;
                    while (m[*n].val_len && (buf[val + m[*n].val_len - 1] == ' ' || buf[val + m[*n].val_len - 1] == '\n' ||
                                             buf[val + m[*n].val_len - 1] == '\r' || buf[val + m[*n].val_len - 1] == '\t'))
                        m[*n].val_len--;
                    (*n)++;
                }
                return (long)(i + 1);
            }
            depth--;
            if (depth == 1 && stack[0] == '{') {
                /* A nested value of a top-level member ended here. */
                if (*n < max) {
                    m[*n].key = key, m[*n].key_len = key_len, m[*n].val = val, m[*n].val_len = i + 1 - val;
                    (*n)++;
                }
                val = 0;
            }
            break;
        case '"':
            r = skip_string(buf, len, i);
            if (r == 0)
                return 0;
            if (depth == 1 && stack[0] == '{') {
                if (want_key) {
                    key = i + 1;
                    key_len = (size_t)r - i - 2;
                    want_key = 0;
                } else if (!val) {
                    val = i;
                }
            }
            i = (size_t)r - 1;
            break;
        case ',':
            if (depth == 1 && stack[0] == '{') {
                if (val && *n < max) {
                    size_t e = i;
                    while (e > val && (buf[e - 1] == ' ' || buf[e - 1] == '\n' || buf[e - 1] == '\r' || buf[e - 1] == '\t'))
                        e--;
                    m[*n].key = key, m[*n].key_len = key_len, m[*n].val = val, m[*n].val_len = e - val;
                    (*n)++;
                }
                val = 0;
                want_key = 1;
            }
            break;
        case ':':
        case ' ':
        case '\n':
        case '\r':
        case '\t':
            break;
        default:
            if ((unsigned char)c < 0x20) {
                *bad_at = i;
                return -1;
            }
            if (depth == 1 && stack[0] == '{' && !val && !want_key)
                val = i;            /* a scalar member value starts */
            break;
        }
    }
    return 0;
}
