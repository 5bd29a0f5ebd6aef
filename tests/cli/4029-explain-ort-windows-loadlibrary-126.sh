#!/bin/sh
# 4029-explain-ort-windows-loadlibrary-126: onnxruntime-gpu on Windows: LoadLibrary error 126.
# Corpus file: tests/explain/ort-windows-loadlibrary-126.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort-windows-loadlibrary-126.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD203"'
expect_json '.facts.os == "windows"'
