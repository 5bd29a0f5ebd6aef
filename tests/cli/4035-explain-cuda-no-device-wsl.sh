#!/bin/sh
# 4035-explain-cuda-no-device-wsl: CUDA_ERROR_NO_DEVICE on WSL2.
# Corpus file: tests/explain/cuda-no-device-wsl.log
# On WSL 2 CUDA reaches the GPU only through the Windows driver's libcuda in
# /usr/lib/wsl/lib (NVIDIA's CUDA on WSL User Guide), so WSL's driver side
# (GD110) ranks first and "no usable GPU" (GD403) follows it (docs/explain.md;
# 4142 has the same in words).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cuda-no-device-wsl.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD110"'
expect_json '.findings[0].kind == "wsl_driver_issue"'
expect_json '[.hypotheses[].code] | index("GD403") == 1'
expect_json '.facts.os == "wsl"'
