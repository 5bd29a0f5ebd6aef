/*
 * json_writer.h - a small, write-only, streaming JSON emitter.
 *
 * Output goes to a strbuf; keys come out in the order they are written, so
 * a document's layout is whatever the code writes, which keeps it stable.
 * Strings are escaped (quotes, backslash, control characters) and made valid
 * UTF-8: a byte that does not start a well-formed UTF-8 sequence is written
 * as U+FFFD, because paths on a scanned machine are arbitrary bytes.
 * Nesting is limited to JW_MAX_DEPTH; deeper use is a BUG().
 *
 * Typical use:
 *     jw_object_begin(&jw);
 *     jw_kv_str(&jw, "schema", "gpudoctor/1");
 *     jw_key(&jw, "gpus"); jw_array_begin(&jw); ... jw_array_end(&jw);
 *     jw_object_end(&jw);
 */
#ifndef GD_JSON_WRITER_H
#define GD_JSON_WRITER_H

#include <stdint.h>

#include "util/strbuf.h"

#define JW_MAX_DEPTH 64

struct jw {
    struct strbuf *out;  /* borrowed */
    int pretty;          /* indent with two spaces and newlines */
    int depth;
    int need_comma[JW_MAX_DEPTH];
    int after_key;
};

void jw_init(struct jw *jw, struct strbuf *out, int pretty);
void jw_object_begin(struct jw *jw);
void jw_object_end(struct jw *jw);
void jw_array_begin(struct jw *jw);
void jw_array_end(struct jw *jw);
void jw_key(struct jw *jw, const char *key);
/** A string value; NULL writes null. */
void jw_str(struct jw *jw, const char *s);
/** A string value from len bytes (may contain NULs, written escaped). */
void jw_strn(struct jw *jw, const char *s, size_t len);
void jw_int(struct jw *jw, int64_t v);
void jw_bool(struct jw *jw, int v);
void jw_null(struct jw *jw);
/** Raw JSON text, already valid, as one value. */
void jw_raw(struct jw *jw, const char *json);

void jw_kv_str(struct jw *jw, const char *key, const char *s);
void jw_kv_int(struct jw *jw, const char *key, int64_t v);
void jw_kv_bool(struct jw *jw, const char *key, int v);
void jw_kv_null(struct jw *jw, const char *key);

/** Append s as a JSON string literal (with quotes) to sb. */
void json_quote(struct strbuf *sb, const char *s, size_t len);

#endif
