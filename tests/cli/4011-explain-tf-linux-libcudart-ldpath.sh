#!/bin/sh
# 4011-explain-tf-linux-libcudart-ldpath: TF 2.9 on Linux, libcudart.so.11.0 missing, LD_LIBRARY_PATH points at CUDA 10.2.
# Corpus file: tests/explain/tf-linux-libcudart-ldpath.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-linux-libcudart-ldpath.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD201"'
expect_json '.facts.os == "linux"'
expect_json '.facts.ld_library_path.value == "/usr/local/cuda-10.2/lib64"'
expect_json 'any(.findings[0].fixes[]; .shell == "sh" and (.command | test("cuda-11.2/lib64")))'
