#!/bin/sh
# 4012-explain-tf-no-cuda-drivers: TF 2.15: 'Could not find cuda drivers' means libcudart did not load; factory lines are noise.
# Corpus file: tests/explain/tf-no-cuda-drivers.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-no-cuda-drivers.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD201"'
expect_json 'any(.findings[]; .code == "GD401" and .kind == "harmless_noise" and .severity == "info")'
expect_json '.facts.tensorflow.value == "2.15.0"'
