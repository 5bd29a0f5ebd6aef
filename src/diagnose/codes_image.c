/*
 * codes_image.c - finding codes GD8xx: check --image, a container image
 * started on a host by the NVIDIA Container Toolkit.  Registry rows only;
 * the rules live in rules_container.c.  Codes are never reused; document
 * each in docs/findings.md.  Append new rows, never reorder.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_image[] = {
    { "GD801", "container_toolkit_missing", "the host has no NVIDIA Container Toolkit (nor a CDI spec): "
      "the container gets no GPU" },
    { "GD802", "driver_too_old", "an NVIDIA_REQUIRE_* requirement of the image refuses the start on "
      "this host's driver" },
    { "GD803", "no_driver", "NVIDIA_DRIVER_CAPABILITIES grants no compute: the runtime mounts no libcuda" },
    { "GD804", "container_toolkit_missing", "the NVIDIA runtime fails to start the container (capabilities, "
      "devices or its mode)" },
    { "GD805", "no_driver", "the NVIDIA runtime cannot use the host's driver (not loaded, NVML missing or "
      "mismatched)" },
    { "GD806", "driver_library_mismatch", "the image's CUDA forward-compatibility libcuda is used on a GPU "
      "that does not support it (error 804)" },
    { "GD807", "driver_library_mismatch", "the image ships its own NVIDIA driver library" },
    { "GD808", "container_toolkit_missing", "a container engine on the host is not configured for the "
      "NVIDIA runtime" },
    { "GD809", "other", "what the runtime does with this image on this host cannot be told from the facts" },
    { NULL, NULL, NULL }
};
