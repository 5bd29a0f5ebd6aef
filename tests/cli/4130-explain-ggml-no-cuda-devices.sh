#!/bin/sh
# 4130-explain-ggml-no-cuda-devices: ggml's "no CUDA devices found, CUDA will be disabled" is
# cudaGetDeviceCount failing with its code dropped: ranked driver too old, no driver, no GPU.
# Log: tests/explain/ggml-no-cuda-devices.log (written from the message format the pattern cites).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ggml-no-cuda-devices.log"
expect_rc 0
expect_json '.cause == "GD208"'
expect_json '[.hypotheses[].kind] == ["driver_too_old", "no_driver", "no_gpu"]'
expect_json 'any(.facts.messages[]; .family == "cuda_device_count_failed" and .first_line == 5)'
