#!/bin/sh
# 4015-explain-tf-ptx-jit-h100: TF without SASS for compute capability 9.0: PTX JIT warning, not an error.
# Corpus file: tests/explain/tf-ptx-jit-h100.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-ptx-jit-h100.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD210"'
expect_json '.summary.errors == 0'
expect_json '.facts.compute_capability.value == "9.0"'
