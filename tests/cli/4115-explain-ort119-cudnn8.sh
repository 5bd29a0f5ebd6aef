#!/bin/sh
# 4115-explain-ort119-cudnn8: onnxruntime-gpu 1.19 (cuDNN 9) on a machine with cuDNN 8.
# Log: tests/explain/ort119-cudnn8.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort119-cudnn8.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.hypotheses[0].kind == "cudnn_version_mismatch"'
expect_json '.facts.cudnn.value == "8907"'
expect_json '.facts.onnxruntime.value == "1.19.2"'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
