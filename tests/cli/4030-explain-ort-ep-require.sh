#!/bin/sh
# 4030-explain-ort-ep-require: onnxruntime 1.20: Require cuDNN 9.* and CUDA 12.*.
# Corpus file: tests/explain/ort-ep-require.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort-ep-require.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD206"'
expect_json '.findings[0].title | test("cuDNN 9.\\* and CUDA 12.\\*")'
expect_json '.facts.onnxruntime.value == "1.20.1"'
