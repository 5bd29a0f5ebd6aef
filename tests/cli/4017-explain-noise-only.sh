#!/bin/sh
# 4017-explain-noise-only: only harmless noise: no cause, every noise family labelled harmless.
# Corpus file: tests/explain/noise-only.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/noise-only.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == null'
expect_json '.summary.errors == 0'
expect_json '.summary.warnings == 0'
expect_json '([.findings[] | select(.code == "GD401")] | length) == 6'
expect_json 'any(.findings[]; .code == "GD405")'

gd explain --no-color "$GD_TESTS/explain/noise-only.log"
expect_rc 0
expect_text 'Cause: none found in this log'
expect_text 'Harmless (not the cause):'
