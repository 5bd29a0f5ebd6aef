/*
 * toml.c - a line-oriented reader for TOML's tables and scalar keys (toml.h).
 */
#include "scan/toml.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

struct parts {
    struct strbuf buf[TOML_MAX_PARTS];
    size_t n;
};

static int is_bare(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

static const char *skip_ws(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* A basic ("...") or literal ('...') string at p into out; the end, or NULL. */
static const char *read_string(const char *p, const char *e, struct strbuf *out)
{
    char q = *p++;
    strbuf_reset(out);
    while (p < e && *p != q) {
        char c = *p++;
        if (q == '"' && c == '\\' && p < e) {
            char x = *p++;
            switch (x) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case '"': c = '"'; break;
            case '\\': c = '\\'; break;
            default: return NULL;   /* \u escapes and others: not needed here */
            }
        }
        if (out->len >= TOML_MAX_VALUE)
            return NULL;
        strbuf_addch(out, c);
    }
    return p < e ? p + 1 : NULL;
}

/* Dotted key parts at p into ps (appended); the position after them. */
static const char *read_key(const char *p, const char *e, struct parts *ps)
{
    for (;;) {
        struct strbuf *b;
        p = skip_ws(p, e);
        if (p >= e || ps->n >= TOML_MAX_PARTS)
            return NULL;
        b = &ps->buf[ps->n];
        if (*p == '"' || *p == '\'') {
            p = read_string(p, e, b);
            if (!p)
                return NULL;
        } else {
            const char *s = p;
            while (p < e && is_bare(*p))
                p++;
            if (p == s)
                return NULL;
            strbuf_reset(b);
            strbuf_add(b, s, (size_t)(p - s));
        }
        ps->n++;
        p = skip_ws(p, e);
        if (p < e && *p == '.') {
            p++;
            continue;
        }
        return p;
    }
}

/* Bracket depth change of a value line, outside strings. */
static int depth_delta(const char *p, const char *e)
{
    int d = 0;
    char q = 0;
    for (; p < e; p++) {
        if (q) {
            if (*p == '\\' && q == '"' && p + 1 < e)
                p++;
            else if (*p == q)
                q = 0;
            continue;
        }
        if (*p == '"' || *p == '\'')
            q = *p;
        else if (*p == '#')
            break;
        else if (*p == '[' || *p == '{')
            d++;
        else if (*p == ']' || *p == '}')
            d--;
    }
    return d;
}

size_t toml_scan(const char *buf, size_t len, void (*cb)(const struct toml_kv *kv, void *arg), void *arg)
{
    struct parts table, key;
    struct strbuf val = STRBUF_INIT;
    const char *p = buf, *end = buf + len;
    size_t lineno = 0, skipped = 0, i;
    int depth = 0, in_multi = 0;

    memset(&table, 0, sizeof(table));
    memset(&key, 0, sizeof(key));
    for (i = 0; i < TOML_MAX_PARTS; i++) {
        strbuf_init(&table.buf[i]);
        strbuf_init(&key.buf[i]);
    }
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end, *q;
        lineno++;
        if (in_multi) {
            /* inside a multi-line string: wait for the closing quotes */
            const char *m = p;
            for (; m + 2 < e; m++)
                if ((m[0] == '"' && m[1] == '"' && m[2] == '"') || (m[0] == '\'' && m[1] == '\'' && m[2] == '\''))
                    in_multi = 0;
            goto next;
        }
        if (depth > 0) {
            depth += depth_delta(p, e);
            if (depth < 0)
                depth = 0;
            goto next;
        }
        q = skip_ws(p, e);
        if (q >= e || *q == '#' || *q == '\r')
            goto next;
        if (*q == '[') {
            int array = q + 1 < e && q[1] == '[';
            table.n = 0;
            q = read_key(q + 1 + array, e, &table);
            if (!q || q >= e || *q != ']' || (array && (q + 1 >= e || q[1] != ']'))) {
                table.n = 0;
                skipped++;
            }
            goto next;
        }
        key.n = 0;
        q = read_key(q, e, &key);
        if (!q || q >= e || *q != '=' || table.n + key.n > TOML_MAX_PARTS) {
            skipped++;
            goto next;
        }
        q = skip_ws(q + 1, e);
        if (q >= e) {
            skipped++;
            goto next;
        }
        {
            struct toml_kv kv;
            size_t k;
            memset(&kv, 0, sizeof(kv));
            if ((e - q >= 3) && (!strncmp(q, "\"\"\"", 3) || !strncmp(q, "'''", 3))) {
                /* a multi-line string: skipped, unless it closes on this line */
                const char *m = q + 3;
                in_multi = 1;
                for (; m + 2 < e; m++)
                    if (m[0] == q[0] && m[1] == q[0] && m[2] == q[0])
                        in_multi = 0;
                goto next;
            }
            if (*q == '[' || *q == '{') {
                depth = depth_delta(q, e);
                if (depth < 0)
                    depth = 0;
                goto next;
            }
            if (*q == '"' || *q == '\'') {
                if (!read_string(q, e, &val)) {
                    skipped++;
                    goto next;
                }
                kv.kind = TOML_STRING;
            } else {
                const char *s = q;
                while (q < e && *q != '#' && *q != '\r')
                    q++;
                while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
                    q--;
                if ((size_t)(q - s) > TOML_MAX_VALUE) {
                    skipped++;
                    goto next;
                }
                strbuf_reset(&val);
                strbuf_add(&val, s, (size_t)(q - s));
                kv.kind = (!strcmp(val.buf, "true") || !strcmp(val.buf, "false")) ? TOML_BOOL : TOML_OTHER;
            }
            for (k = 0; k < table.n; k++)
                kv.parts[kv.n_parts++] = table.buf[k].buf;
            for (k = 0; k < key.n; k++)
                kv.parts[kv.n_parts++] = key.buf[k].buf;
            kv.value = val.buf;
            kv.line = lineno;
            cb(&kv, arg);
        }
    next:
        p = nl ? nl + 1 : end;
    }
    for (i = 0; i < TOML_MAX_PARTS; i++) {
        strbuf_release(&table.buf[i]);
        strbuf_release(&key.buf[i]);
    }
    strbuf_release(&val);
    return skipped;
}
