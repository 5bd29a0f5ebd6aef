#!/bin/sh
# 4028-explain-ort-linux-cublaslt11: onnxruntime-gpu built for CUDA 11 on a machine without libcublasLt.so.11.
# Corpus file: tests/explain/ort-linux-cublaslt11.log
# The log is dated 2024-05, long after CUDA 12 replaced the CUDA 11 line the
# library belongs to (data/cuda_release.kb): another CUDA installed ranks
# first (GD206), the library missing (GD203) right after it.
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort-linux-cublaslt11.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD206"'
expect_json '[.ranking[].code][0:2] == ["GD206", "GD203"]'
expect_json '.facts.date.value == "2024-05-20"'
expect_json '.facts.libraries[0].name == "libcublasLt.so.11"'
expect_json '.facts.libraries[0].via == "onnxruntime"'
