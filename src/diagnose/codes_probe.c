/*
 * codes_probe.c - finding codes GD5xx: `gpudoctor probe`: what the driver itself answered (CUresult / NVML errors).
 * Registry rows only; the rules live with their area (src/probe/probe_rules.c).
 * Codes are never reused; document each in docs/findings.md.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_probe[] = {
    { "GD501", "no_driver", "the NVIDIA driver's libcuda.so.1 is not found where the loader looks" },
    { "GD502", "stub_driver_on_path", "a CUDA toolkit stub libcuda would be loaded instead of the driver" },
    { "GD503", "no_gpu", "the driver answers but reports no CUDA device" },
    { "GD504", "env_hides_gpu", "CUDA_VISIBLE_DEVICES hides GPUs the driver sees" },
    { "GD505", "driver_library_mismatch", "the user-space CUDA driver does not match the kernel driver (803)" },
    { "GD506", "driver_library_mismatch", "a forward-compatibility libcuda runs on a GPU that does not support it (804)" },
    { "GD507", "other", "the driver failed with CUDA_ERROR_UNKNOWN (999), usually nvidia_uvm in a bad state" },
    { "GD508", "driver_library_mismatch", "NVML: the driver library and the loaded kernel module differ" },
    { "GD509", "no_driver", "NVML: the NVIDIA kernel module is not loaded" },
    { "GD510", "device_permissions", "the driver cannot open the GPU device nodes" },
    { "GD511", "other", "the driver did not answer within the timeout (it hangs)" },
    { "GD512", "other", "the driver crashed the probe's child process" },
    { "GD513", "no_driver", "the driver library cannot be loaded, or is not a CUDA driver" },
    { "GD514", "other", "the driver failed to initialise with another error" },
    { "GD515", "driver_library_mismatch", "a driver library inside a Python environment is on the loader path" },
    /* --verify-libs: the predicted libraries, loaded for real (src/probe/verify.c). */
    { "GD516", "broken_install", "a library the loader model finds for a framework does not load (dlerror)" },
    { "GD517", "broken_install", "loading a framework's predicted libraries crashed or hung the child process" },
    /* --compute: a kernel on every GPU through the driver API (src/probe/compute.c). */
    { "GD518", "other", "a step of the compute test failed (context, allocation, copy, JIT, launch)" },
    { "GD519", "driver_too_old", "the driver's JIT refuses the PTX ISA (CUDA_ERROR_UNSUPPORTED_PTX_VERSION)" },
    { "GD520", "gpu_fault", "running a kernel fails with an error of the GPU or its memory (ECC, Xid)" },
    { "GD521", "gpu_fault", "the GPU computes wrong results without reporting an error" },
    { "GD522", "other", "a step of the compute test hangs" },
    { "GD523", "other", "the driver crashed the compute test's child process" },
    { "GD524", "other", "this gpudoctor was built without the PTX kernel --compute runs" },
    /* --import: each framework's own answer, held against check's prediction (src/probe/import.c). */
    { "GD525", "prediction_mismatch", "the framework's own answer differs from check's verdict" },
    { "GD526", "prediction_mismatch", "the framework loaded another file than the loader model predicted" },
    { "GD527", "other", "the framework's interpreter could not be run, or did not answer in time" },
    { NULL, NULL, NULL }
};
