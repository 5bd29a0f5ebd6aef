#!/bin/sh
# 4109-explain-ext-cuda-mismatch: a CUDA extension built with another CUDA than PyTorch's.
# Log: tests/explain/ext-cuda-mismatch.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ext-cuda-mismatch.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD410"'
expect_json '.hypotheses[0].kind == "extension_build_mismatch"'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
