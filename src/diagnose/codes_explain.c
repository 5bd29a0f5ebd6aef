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
    { "GD407", "out_of_memory", "the GPU ran out of memory: the GPU works, this is memory (other processes, batch size)" },
    { "GD408", "container_toolkit_missing", "Docker cannot give the container GPUs: the NVIDIA Container Toolkit is missing or not configured" },
    { "GD409", "shm_too_small", "shared memory (/dev/shm) is too small for NCCL or the DataLoader (Docker's 64 MB default)" },
    { "GD410", "extension_build_mismatch", "a CUDA extension is being built with another CUDA than the one PyTorch was built with" },
    { "GD411", "wrong_environment", "the framework is not installed in the Python that ran: another environment or kernel" },
    { "GD412", "broken_install", "a framework's own library (not a CUDA one) does not load: an incomplete install or a missing runtime it needs" },
    { NULL, NULL, NULL }
};
