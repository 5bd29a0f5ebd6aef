#!/bin/sh
# 4164-explain-fw-words-container: nvidia-container-cli's and the container engines' own errors.  NVML's
# "driver not loaded" (nvmlErrorString(NVML_ERROR_DRIVER_NOT_LOADED) as libnvidia-container's
# src/driver.c prints it) is no driver loaded on the host (GD101); "ldcache error: open failed:
# /sbin/ldconfig.real" (the ldconfig config.toml names is not on this host) and CDI's "unresolvable CDI
# devices" (no spec defines the device: nvidia-ctk cdi generate has not run) are the container toolkit
# not configured (GD408).  Log: tests/explain/fw-words-container.log (from the source's format strings).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/fw-words-container.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "kernel_driver_not_running" and .first_line == 3)'
expect_json '.hypotheses[0].code == "GD101"'

printf '%s\n' 'nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig.real: no such file or directory: unknown.' >"$CASE_DIR/ldcache.log"
gd explain --json "$CASE_DIR/ldcache.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD408"'

printf '%s\n' 'Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all' >"$CASE_DIR/cdi.log"
gd explain --json "$CASE_DIR/cdi.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD408"'

# pynvml raises the same code as NVMLError_DriverNotLoaded (one class per NVML_ERROR_* name)
printf '%s\n' 'pynvml.nvml.NVMLError_DriverNotLoaded: Driver Not Loaded' >"$CASE_DIR/pynvml.log"
gd explain --json "$CASE_DIR/pynvml.log"
expect_rc 0
expect_json 'any(.facts.cuda_errors[]; .name == "NVML_ERROR_DRIVER_NOT_LOADED" and .api == "nvml")'
expect_json '.hypotheses[0].kind == "no_driver"'
