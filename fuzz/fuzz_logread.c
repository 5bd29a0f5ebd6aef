/*
 * Fuzz target: the `explain` log reader (scan/logread), fed the input in
 * two chunks split at a point chosen by the first byte, so both the line
 * splitter's carry-over (segments after '\r', windows of long lines) and
 * every pattern's bounds checks are exercised; then the log as a partial
 * facts (scan/logscan) judged by check's rules and explain's (the judges
 * on whatever facts a hostile log makes).
 */
#include <stddef.h>
#include <stdint.h>

#include "diagnose/explain_rules.h"
#include "kb/kb.h"
#include "scan/logread.h"
#include "scan/logscan.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct kb *kb;   /* built once: the knowledge base is not under test */
    struct logread lr;
    struct facts f;
    struct arena a;
    struct findings fl;
    struct explain_input in;
    struct explain_result res;
    size_t cut = size ? data[0] % (size + 1) : 0;

    if (!kb)
        kb = kb_new_builtin();
    logread_init(&lr);
    logread_feed(&lr, (const char *)data, cut);
    logread_feed(&lr, (const char *)data + cut, size - cut);
    logread_finish(&lr);
    logread_name_errors(&lr, kb);
    facts_init(&f);
    logscan_facts(&lr.facts, kb, NULL, &f);
    arena_init(&a);
    findings_init(&fl, &a);
    in.log = &lr.facts;
    in.facts = &f;
    in.kb = kb;
    explain_rules(&in, &fl, &res);
    findings_release(&fl);
    arena_release(&a);
    facts_release(&f);
    logread_release(&lr);
    return 0;
}
