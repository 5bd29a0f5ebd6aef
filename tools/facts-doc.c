/*
 * tools/facts-doc.c - print the --facts reference for docs/json.md: one
 * line per member of the document, generated from the field tables
 * (src/facts/facts_fields.c).  `make facts-doc` puts it into docs/json.md
 * between its facts-reference markers; tests/unit/test_facts_fields.c
 * fails while the two differ.  A tool, not part of gpudoctor, so it prints.
 */
#include <stdio.h>

#include "facts/facts_fields.h"
#include "util/strbuf.h"

int main(void)
{
    struct strbuf sb = STRBUF_INIT;
    fj_doc(&sb);
    fwrite(sb.buf, 1, sb.len, stdout);
    strbuf_release(&sb);
    return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
