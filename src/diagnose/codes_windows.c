/*
 * codes_windows.c - finding codes GD6xx: native Windows: DLL search and Windows installs.
 * Registry rows only; the rules live with their area.  Codes are never
 * reused; document each in docs/findings.md.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_windows[] = {
    { NULL, NULL, NULL }
};
