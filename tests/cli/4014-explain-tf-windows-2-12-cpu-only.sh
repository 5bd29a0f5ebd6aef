#!/bin/sh
# 4014-explain-tf-windows-2-12-cpu-only: TF 2.12 on native Windows has no GPU build.
# Corpus file: tests/explain/tf-windows-2-12-cpu-only.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-windows-2-12-cpu-only.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD212"'
expect_json '.findings[0].kind == "windows_native_unsupported"'
# The fix engine's three native-Windows routes (fixes_tf_windows_routes), in PowerShell and
# cmd, pinned to the kb's last Windows GPU release (2.10.*): WSL2, conda, DirectML.
expect_json 'any(.findings[0].fixes[]; (.command // "") | test("tensorflow==2\\.10\\.\\*"))'
expect_json 'any(.findings[0].fixes[]; (.command // "") | test("wsl --install"))'
expect_json 'any(.findings[0].fixes[]; (.command // "") | test("tensorflow-directml-plugin"))'
expect_json '[.findings[0].fixes[] | select(.shell == "sh") | .title | test("inside WSL")] | all'
