#!/bin/sh
# 4034-explain-cuda-no-device-cvd: CUDA_ERROR_NO_DEVICE with CUDA_VISIBLE_DEVICES=-1.
# Corpus file: tests/explain/cuda-no-device-cvd.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cuda-no-device-cvd.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD108"'
expect_json '.findings[0].kind == "env_hides_gpu"'
expect_json '.facts.cuda_errors[0].number == 100'
