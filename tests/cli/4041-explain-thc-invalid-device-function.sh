#!/bin/sh
# 4041-explain-thc-invalid-device-function: THC's cuda runtime error (8): the runtime's text names cudaErrorInvalidDeviceFunction (8 in CUDA 10.0's numbering, 98 now), not 8's current name.
# Log: tests/explain/thc-invalid-device-function.log (written from the message's format in the cited source)
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/thc-invalid-device-function.log"
expect_rc 0
expect_json '.cause == "GD209"'
expect_json '[.facts.cuda_errors[].name] == ["cudaErrorInvalidDeviceFunction"]'
expect_json '.facts.cuda_errors[0].number == 98'
