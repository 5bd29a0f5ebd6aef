/*
 * codes_probe.c - finding codes GD5xx: `gpudoctor probe`: what the driver itself answered (CUresult / NVML errors).
 * Registry rows only; the rules live with their area.  Codes are never
 * reused; document each in docs/findings.md.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_probe[] = {
    { NULL, NULL, NULL }
};
