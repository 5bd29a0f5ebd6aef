#!/bin/sh
# 4021-explain-torch-sm120-incompatible: RTX 5090 (sm_120) with a torch build up to sm_90.
# Corpus file: tests/explain/torch-sm120-incompatible.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-sm120-incompatible.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD209"'
expect_json '.facts.compute_capability.value == "12.0"'
expect_json 'any(.findings[0].fixes[]; .command | test("whl/cu(12[89]|1[3-9][0-9])$"))'
