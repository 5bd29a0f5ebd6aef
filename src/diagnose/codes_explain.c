/*
 * codes_explain.c - finding codes GD4xx: `gpudoctor explain`: causes read from logs that have no twin in check (harmless noise, CUDA error names seen in a log).
 * Registry rows only; the rules live with their area.  Codes are never
 * reused; document each in docs/findings.md.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_explain[] = {
    { "GD401", "harmless_noise", "a log line that looks alarming but is harmless (never the cause)" },
    { "GD402", "other", "a CUDA error name or number in the log, with what it means" },
    { "GD403", "no_gpu", "CUDA found no usable GPU (CUDA_ERROR_NO_DEVICE / cudaErrorNoDevice)" },
    { "GD404", "other", "the framework did not use the GPU, and the log does not say why" },
    { "GD405", "other", "no cause of a GPU problem was found in the log" },
    { "GD406", "other", "the log ends in a Python exception that is not a known GPU problem" },
    { NULL, NULL, NULL }
};
