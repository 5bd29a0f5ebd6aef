#!/bin/sh
# 4081-explain-nul-bytes: a log line that starts with (or holds) NUL bytes
# is quoted whole in the evidence, each NUL shown as "\0"; it used to print
# as an empty line, the quote ending at the first NUL.
. "$GD_TESTS/cli/lib.sh"
printf '\000\000Torch not compiled with CUDA enabled\nAssertionError: x\000y Torch not compiled with CUDA enabled\n' >"$CASE_DIR/nul.log"
gd explain --json "$CASE_DIR/nul.log"
expect_rc 0
expect_json '.cause == "GD211"'
expect_json '.findings[0].evidence[0].text == "\\0\\0Torch not compiled with CUDA enabled"'
expect_json '.findings[0].evidence[0].line == 1'
expect_json '[.findings[0].evidence[].text | select(. == "")] | length == 0'
gd explain --no-color "$CASE_DIR/nul.log"
expect_rc 0
expect_text 'line 1: \0\0Torch not compiled with CUDA enabled'
expect_text 'line 2: AssertionError: x\0y Torch not compiled'
