#!/bin/sh
# 4117-explain-stub-libcuda: the toolkit's stub libcuda on the loader path.
# Log: tests/explain/stub-libcuda.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/stub-libcuda.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD106"'
expect_json '.hypotheses[0].kind == "stub_driver_on_path"'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
