#!/bin/sh
# 4108-explain-wsl-libcuda: WSL2: libcuda.so not on the loader path (/usr/lib/wsl/lib).
# Log: tests/explain/wsl-libcuda.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/wsl-libcuda.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD110"'
expect_json '.hypotheses[0].kind == "wsl_driver_issue"'
expect_json '.facts.os == "wsl"'
expect_json 'any(.findings[0].fixes[]; .command | test("/usr/lib/wsl/lib"))'
expect_json 'all(.findings[0].fixes[]; (.command // "") | test("apt|nvidia-driver-") | not)'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
