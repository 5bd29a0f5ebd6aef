#!/bin/sh
# 4114-explain-tf-windows-banner: TensorFlow 2.12 under a native-Windows CPython banner: no GPU build.
# Log: tests/explain/tf-windows-banner.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-windows-banner.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD212"'
expect_json '.hypotheses[0].kind == "windows_native_unsupported"'
expect_json '.facts.os == "windows"'
expect_json '.facts.setting.windows_python.line == 1'
expect_json '.facts.python.value == "3.10.11"'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
