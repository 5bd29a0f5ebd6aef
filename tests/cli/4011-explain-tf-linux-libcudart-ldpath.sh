#!/bin/sh
# 4011-explain-tf-linux-libcudart-ldpath: TF 2.9 on Linux, libcudart.so.11.0 missing, LD_LIBRARY_PATH points at CUDA 10.2.
# Corpus file: tests/explain/tf-linux-libcudart-ldpath.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-linux-libcudart-ldpath.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
# LD_LIBRARY_PATH names CUDA 10.2 while TensorFlow wants CUDA 11: TensorFlow's
# judge (check's) decides the versions differ (GD206), and the missing runtime is
# its symptom (one root cause, one finding), as check says of such a machine.
expect_json '.cause == "GD206"'
expect_json '.hypotheses[0].kind == "toolkit_version_mismatch"'
expect_json '.hypotheses[0].judged'
expect_json '[.findings[] | select(.code == "GD201")] | length == 0'
expect_json 'any(.findings[0].evidence[]; .line == 2 and (.text | test("CUDA 10.2")))'
expect_json '.facts.os == "linux"'
expect_json '.facts.ld_library_path.value == "/usr/local/cuda-10.2/lib64"'
expect_json 'any(.findings[0].fixes[]; .shell == "sh" and (.command | test("cudatoolkit=11.2 cudnn=8.1")))'
