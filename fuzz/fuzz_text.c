/*
 * Fuzz target: the small text parsers the observers use on untrusted files
 * (header #define reader, version-token finder, line splitter) and the JSON
 * string escaper.
 */
#include <stddef.h>
#include <stdint.h>

#include "util/json_writer.h"
#include "util/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data, *line, *tok;
    size_t pos = 0, n, tn;
    long v;
    struct strbuf sb = STRBUF_INIT;

    (void)header_define_int(buf, size, "CUDNN_MAJOR", &v);
    (void)header_define_int(buf, size, "CUDART_VERSION", &v);
    while (next_line(buf, size, &pos, &line, &n)) {
        trim(&line, &n);
        (void)find_version_token(line, n, &tok, &tn);
        (void)is_dotted_version(line, n, 1, 4);
    }
    json_quote(&sb, buf, size);
    strbuf_release(&sb);
    return 0;
}
