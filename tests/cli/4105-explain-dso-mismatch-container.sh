#!/bin/sh
# 4105-explain-dso-mismatch-container: kernel module older than the container's libcuda.
# Log: tests/explain/dso-mismatch-container.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/dso-mismatch-container.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.hypotheses[0].kind == "driver_too_old"'
expect_json 'any(.hypotheses[]; .kind == "driver_library_mismatch")'
expect_json '.facts.setting.container.value == "container"'
expect_json '.hypotheses[0].why | test("470.57.2")'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
