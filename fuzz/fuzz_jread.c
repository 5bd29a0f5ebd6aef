/*
 * Fuzz target: fleet/jread.c held to jansson, the library it replaces in
 * `fleet report`.  Every input is read by both: json_loadb(flags 0) and a
 * full walk with jread.  Both must accept or both refuse (inputs nested
 * deeper than JREAD_MAX_DEPTH excepted: jansson allows 2048; and see the
 * NUL byte below), and when both
 * accept, the two trees must be the same: containers, keys in order,
 * strings byte for byte, the kind of every scalar.  Any difference aborts.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fleet/jread.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A canonical dump: strings length-prefixed, scalars by kind. */
static void dump_str(struct strbuf *sb, const char *s, size_t n)
{
    strbuf_addf(sb, "s%zu:", n);
    strbuf_add(sb, s, n);
}

static void dump_jansson(struct strbuf *sb, json_t *v)
{
    size_t i;
    const char *k;
    json_t *m;
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        strbuf_addch(sb, '{');
        json_object_foreach(v, k, m) {
            dump_str(sb, k, strlen(k));
            dump_jansson(sb, m);
        }
        strbuf_addch(sb, '}');
        break;
    case JSON_ARRAY:
        strbuf_addch(sb, '[');
        for (i = 0; i < json_array_size(v); i++)
            dump_jansson(sb, json_array_get(v, i));
        strbuf_addch(sb, ']');
        break;
    case JSON_STRING: dump_str(sb, json_string_value(v), json_string_length(v)); break;
    case JSON_INTEGER:
    case JSON_REAL: strbuf_addch(sb, 'N'); break;
    case JSON_TRUE: strbuf_addch(sb, 'T'); break;
    case JSON_FALSE: strbuf_addch(sb, 'F'); break;
    case JSON_NULL: strbuf_addch(sb, '0'); break;
    }
}

/* Walk with jread; *dups set when an object repeats a key (jansson keeps one). */
static int dump_jread(struct jread *r, struct strbuf *sb, int *dups)
{
    struct strbuf s = STRBUF_INIT, keys = STRBUF_INIT;
    char key[256];
    int k, ret = 0;
    switch (jread_peek(r)) {
    case JREAD_BAD: return -1;
    case JREAD_OBJECT:
        if (jread_object(r) < 0)
            return -1;
        strbuf_addch(sb, '{');
        while ((k = jread_member(r, key, sizeof(key))) == 1) {
            size_t n = strlen(key);
            if (!n)
                *dups = 1;     /* "" or too long for the buffer: cannot compare */
            strbuf_reset(&s);
            strbuf_addf(&s, "\n%s\n", key);
            if (keys.len && strstr(keys.buf, s.buf))
                *dups = 1;
            strbuf_add(&keys, s.buf, s.len);
            dump_str(sb, key, n);
            if (dump_jread(r, sb, dups) < 0) {
                ret = -1;
                break;
            }
        }
        if (k < 0)
            ret = -1;
        strbuf_addch(sb, '}');
        break;
    case JREAD_ARRAY:
        if (jread_array(r) < 0)
            return -1;
        strbuf_addch(sb, '[');
        while ((k = jread_element(r)) == 1)
            if (dump_jread(r, sb, dups) < 0) {
                ret = -1;
                break;
            }
        if (k < 0)
            ret = -1;
        strbuf_addch(sb, ']');
        break;
    case JREAD_STRING:
        strbuf_reset(&s);
        if (jread_string(r, &s, SIZE_MAX, NULL) < 0)
            ret = -1;
        else
            dump_str(sb, s.buf, s.len);
        break;
    case JREAD_NUMBER:
    case JREAD_TRUE:
    case JREAD_FALSE:
    case JREAD_NULL: {
        enum jread_type t = jread_peek(r);
        if (jread_skip(r) < 0)
            ret = -1;
        else
            strbuf_addch(sb, t == JREAD_NUMBER ? 'N' : t == JREAD_TRUE ? 'T' : t == JREAD_FALSE ? 'F' : '0');
        break;
    }
    }
    strbuf_release(&s);
    strbuf_release(&keys);
    return ret;
}

static int too_deep(const uint8_t *d, size_t n)
{
    size_t i;
    int depth = 0, in_str = 0;
    for (i = 0; i < n; i++) {
        if (in_str) {
            if (d[i] == '\\')
                i++;
            else if (d[i] == '"')
                in_str = 0;
        } else if (d[i] == '"') {
            in_str = 1;
        } else if (d[i] == '{' || d[i] == '[') {
            if (++depth > JREAD_MAX_DEPTH)
                return 1;
        } else if (d[i] == '}' || d[i] == ']') {
            depth--;
        }
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    struct jread r;
    json_error_t je;
    json_t *doc;
    int ok, dups = 0;
    enum jread_type t;

    if (too_deep(data, size))
        return 0;
    doc = json_loadb((const char *)data, size, 0, &je);
    jread_init(&r, (const char *)data, size);
    t = jread_peek(&r);
    ok = (t == JREAD_OBJECT || t == JREAD_ARRAY) && dump_jread(&r, &b, &dups) == 0 && jread_end(&r) == 0;
    /* jansson skips a NUL byte right after a number or a literal (its lexer's
     * one-byte lookahead buffer takes NUL for "empty"); jread refuses every
     * NUL.  So with a NUL in the input only "jread accepts => jansson does"
     * is required. */
    if (!!doc != ok && !(doc && memchr(data, 0, size)))
        abort();
    if (doc && ok && !dups) {
        dump_jansson(&a, doc);
        if (strcmp(a.buf, b.buf) || a.len != b.len)
            abort();
    }
    json_decref(doc);
    strbuf_release(&a);
    strbuf_release(&b);
    return 0;
}
