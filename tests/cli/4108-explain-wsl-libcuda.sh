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
# The fix engine's WSL2 route (fixes_libcuda_missing): advice without a command first, then
# /usr/lib/wsl/lib on the loader path for sh and fish, and the Windows driver.
expect_json 'any(.findings[0].fixes[]; (.command // "") | test("/usr/lib/wsl/lib"))'
expect_json '[.findings[0].fixes[] | select(.command != null and (.command | test("LD_LIBRARY_PATH"))) | .shell] == ["sh", "fish"]'
expect_json 'all(.findings[0].fixes[]; (.command // "") | test("apt|nvidia-driver-") | not)'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
