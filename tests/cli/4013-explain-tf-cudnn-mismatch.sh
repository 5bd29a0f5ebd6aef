#!/bin/sh
# 4013-explain-tf-cudnn-mismatch: TF: loaded cuDNN 8.0.4, compiled with 8.1.0.
# Corpus file: tests/explain/tf-cudnn-mismatch.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-cudnn-mismatch.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD207"'
expect_json '.findings[0].kind == "cudnn_version_mismatch"'
expect_json '.findings[0].title | test("8.0.4.*8.1.0")'
