#!/bin/sh
# 4036-explain-two-problems: two problems in one log: a driver too old for torch, and cuDNN missing for TensorFlow.
# Corpus file: tests/explain/two-problems.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/two-problems.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD208"'
expect_json 'any(.findings[]; .code == "GD202")'
expect_json '.summary.errors == 2'
