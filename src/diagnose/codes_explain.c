/*
 * codes_explain.c - finding codes GD4xx: `gpudoctor explain`: causes read from logs that have no twin in check (harmless noise, CUDA error names seen in a log).
 * Registry rows only; the rules live with their area.  Codes are never
 * reused; document each in docs/findings.md.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_explain[] = {
    { NULL, NULL, NULL }
};
