/*
 * Fuzz target: a facts document as `check --from-facts` reads it
 * (facts/facts_read.c), then the whole diagnosis over what was read, with
 * the recorded loader answers only (no disk).  Any input must be judged or
 * refused, never crash: the facts come from a bug report, not from us.
 */
#include <stddef.h>
#include <stdint.h>

#include "diagnose/diagnose.h"
#include "diagnose/lookup.h"
#include "facts/facts_read.h"
#include "kb/kb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct kb *kb;
    struct facts f;
    struct gd_err err;
    struct diagnosis dx;
    struct lookup lk;

    if (!kb)
        kb = kb_new_builtin();
    facts_init(&f);
    err_init(&err);
    if (facts_json_read((const char *)data, size, &f, &err) == 0) {
        lookup_init(&lk, NULL, &f);
        diagnose_run(&f, kb, &lk, &dx, &f.arena);
        diagnosis_release(&dx);
    }
    facts_release(&f);
    return 0;
}
