/*
 * codes_ps.c - finding codes GD9xx: `gpudoctor ps`, a running job against
 * the diagnosis of its own environment.  Registry rows only; the rules live
 * in src/diagnose/ps.c.  Codes are never reused; document each in
 * docs/findings.md ("ps").
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_ps[] = {
    { "GD901", "no_gpu", "the job opened the NVIDIA driver but holds no GPU device: the driver shows it none" },
    { "GD902", "other", "the job has not initialised CUDA yet: no NVIDIA device file is open" },
    { "GD903", "other", "the job runs on the CPU: its framework cannot reach the GPU" },
    { "GD904", "prediction_mismatch", "the job mapped another CUDA library than the loader model predicts for its environment" },
    { "GD905", "broken_install", "the job runs a library file that was deleted or replaced on disk since it was loaded" },
    { "GD906", "wrong_environment", "the job runs another Python environment than its VIRTUAL_ENV / CONDA_PREFIX names" },
    { "GD907", "other", "another user's job: the kernel does not let gpudoctor read its maps, descriptors or environment" },
    { "GD908", "other", "/proc hides other users' processes (hidepid): the list is this user's jobs only" },
    { "GD909", "stub_driver_on_path", "the job mapped the CUDA toolkit's stub libcuda instead of the driver" },
    { "GD910", "prediction_mismatch", "the job is on the GPU although the diagnosis of its environment says its framework cannot be" },
    { NULL, NULL, NULL }
};
