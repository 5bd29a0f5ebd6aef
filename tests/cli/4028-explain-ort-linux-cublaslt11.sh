#!/bin/sh
# 4028-explain-ort-linux-cublaslt11: onnxruntime-gpu built for CUDA 11 on a machine without libcublasLt.so.11.
# Corpus file: tests/explain/ort-linux-cublaslt11.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort-linux-cublaslt11.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD203"'
expect_json '.facts.libraries[0].name == "libcublasLt.so.11"'
expect_json '.facts.libraries[0].via == "onnxruntime"'
