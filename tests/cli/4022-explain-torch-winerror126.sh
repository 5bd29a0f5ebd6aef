#!/bin/sh
# 4022-explain-torch-winerror126: torch on Windows: WinError 126 loading a cuDNN DLL.
# Corpus file: tests/explain/torch-winerror126.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-winerror126.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD202"'
expect_json '.facts.libraries[0].name == "cudnn_cnn_infer64_8.dll"'
