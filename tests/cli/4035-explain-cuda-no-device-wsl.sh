#!/bin/sh
# 4035-explain-cuda-no-device-wsl: CUDA_ERROR_NO_DEVICE on WSL2.
# Corpus file: tests/explain/cuda-no-device-wsl.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cuda-no-device-wsl.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD403"'
expect_json '.findings[0].kind == "no_gpu"'
expect_json '.facts.os == "wsl"'
