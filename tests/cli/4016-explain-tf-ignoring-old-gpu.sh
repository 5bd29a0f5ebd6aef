#!/bin/sh
# 4016-explain-tf-ignoring-old-gpu: TF ignores a compute capability 3.0 GPU.
# Corpus file: tests/explain/tf-ignoring-old-gpu.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-ignoring-old-gpu.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD209"'
expect_json '.facts.gpu.value == "GeForce GTX 660"'
expect_json '.facts.compute_capability.value == "3.0"'
