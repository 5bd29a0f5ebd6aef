#include "util/json_writer.h"

#include <inttypes.h>
#include <string.h>

#include "util/err.h"
#include "util/utf8.h"
#include "util/banned.h"

void jw_init(struct jw *jw, struct strbuf *out, int pretty)
{
    memset(jw, 0, sizeof(*jw));
    jw->out = out;
    jw->pretty = pretty;
}

static void indent(struct jw *jw)
{
    int i;
    strbuf_addch(jw->out, '\n');
    for (i = 0; i < jw->depth; i++)
        strbuf_addstr(jw->out, "  ");
}

/* Called before every value or key: the comma and the indentation. */
static void pre_value(struct jw *jw)
{
    if (jw->after_key) {
        jw->after_key = 0;
        return;
    }
    if (jw->depth > 0) {
        if (jw->need_comma[jw->depth - 1])
            strbuf_addch(jw->out, ',');
        jw->need_comma[jw->depth - 1] = 1;
        if (jw->pretty)
            indent(jw);
    }
}

static void open_container(struct jw *jw, char c)
{
    pre_value(jw);
    if (jw->depth >= JW_MAX_DEPTH)
        BUG("json nesting deeper than %d", JW_MAX_DEPTH);
    strbuf_addch(jw->out, c);
    jw->need_comma[jw->depth++] = 0;
}

static void close_container(struct jw *jw, char c)
{
    int had = 0;
    if (jw->depth <= 0)
        BUG("json close without open");
    had = jw->need_comma[jw->depth - 1];
    jw->depth--;
    if (jw->pretty && had)
        indent(jw);
    strbuf_addch(jw->out, c);
    if (jw->depth == 0 && jw->pretty)
        strbuf_addch(jw->out, '\n');
}

void jw_object_begin(struct jw *jw) { open_container(jw, '{'); }
void jw_object_end(struct jw *jw) { close_container(jw, '}'); }
void jw_array_begin(struct jw *jw) { open_container(jw, '['); }
void jw_array_end(struct jw *jw) { close_container(jw, ']'); }

void json_quote(struct strbuf *sb, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;

    strbuf_grow(sb, len + 2);
    strbuf_addch(sb, '"');
    while (i < len) {
        unsigned char c = p[i];
        size_t run = i;
        /* Copy plain printable ASCII in one go: most of every document. */
        while (run < len && p[run] >= 0x20 && p[run] < 0x7f && p[run] != '"' && p[run] != '\\')
            run++;
        if (run > i) {
            strbuf_add(sb, p + i, run - i);
            i = run;
            continue;
        }
        if (c == '"' || c == '\\') {
            strbuf_addch(sb, '\\');
            strbuf_addch(sb, c);
            i++;
        } else if (c < 0x20 || c == 0x7f) {
            switch (c) {
            case '\n': strbuf_addstr(sb, "\\n"); break;
            case '\t': strbuf_addstr(sb, "\\t"); break;
            case '\r': strbuf_addstr(sb, "\\r"); break;
            default:
                strbuf_addstr(sb, "\\u00");
                strbuf_addch(sb, hex[c >> 4]);
                strbuf_addch(sb, hex[c & 15]);
            }
            i++;
        } else if (c < 0x80) {
            strbuf_addch(sb, c);
            i++;
        } else {
            size_t n = utf8_valid_seq(p + i, len - i);
            if (n) {
                strbuf_add(sb, p + i, n);
                i += n;
            } else {
                strbuf_addstr(sb, "\xef\xbf\xbd");
                i++;
            }
        }
    }
    strbuf_addch(sb, '"');
}

void jw_key(struct jw *jw, const char *key)
{
    pre_value(jw);
    json_quote(jw->out, key, strlen(key));
    strbuf_addstr(jw->out, jw->pretty ? ": " : ":");
    jw->after_key = 1;
}

void jw_str(struct jw *jw, const char *s)
{
    if (!s) {
        jw_null(jw);
        return;
    }
    jw_strn(jw, s, strlen(s));
}

void jw_strn(struct jw *jw, const char *s, size_t len)
{
    pre_value(jw);
    json_quote(jw->out, s, len);
}

void jw_int(struct jw *jw, int64_t v)
{
    pre_value(jw);
    strbuf_addf(jw->out, "%" PRId64, v);
}

void jw_bool(struct jw *jw, int v)
{
    pre_value(jw);
    strbuf_addstr(jw->out, v ? "true" : "false");
}

void jw_null(struct jw *jw)
{
    pre_value(jw);
    strbuf_addstr(jw->out, "null");
}

void jw_raw(struct jw *jw, const char *json)
{
    pre_value(jw);
    strbuf_addstr(jw->out, json);
}

void jw_kv_str(struct jw *jw, const char *key, const char *s)
{
    jw_key(jw, key);
    jw_str(jw, s);
}

void jw_kv_int(struct jw *jw, const char *key, int64_t v)
{
    jw_key(jw, key);
    jw_int(jw, v);
}

void jw_kv_bool(struct jw *jw, const char *key, int v)
{
    jw_key(jw, key);
    jw_bool(jw, v);
}

void jw_kv_null(struct jw *jw, const char *key)
{
    jw_key(jw, key);
    jw_null(jw);
}
