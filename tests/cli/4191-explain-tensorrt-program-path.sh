#!/bin/sh
# 4191-explain-tensorrt-program-path: a program linked against TensorRT (onnx2trt, trtexec, an
# application) that the loader cannot start for libnvinfer (glibc elf/dl-load.c: "error while loading
# shared libraries: X: cannot open shared object file") most often has TensorRT from its tar/zip
# package, whose lib directory no loader searches until LD_LIBRARY_PATH names it (TensorRT
# Installation Guide, "Tar File Installation"): "not on the loader path" ranks above "not installed".
# Not on a Jetson, where JetPack's packages install TensorRT in the distribution's library directory.
# Log: tests/explain/onnx2trt-libnvinfer-program.log (written for this test in glibc's format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/onnx2trt-libnvinfer-program.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD204" and .hypotheses[0].kind == "library_path_not_set"'
expect_json '.hypotheses[0].why | test("TensorRT")'
expect_json 'any(.hypotheses[]; .code == "GD203")'

# Another CUDA library of the same program keeps "not installed" first.
sed 's/libnvinfer\.so\.8/libcufft.so.11/' "$GD_TESTS/explain/onnx2trt-libnvinfer-program.log" >"$CASE_DIR/cufft.log"
gd explain --json "$CASE_DIR/cufft.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD203"'

# On a Jetson TensorRT comes with JetPack: no TensorRT path rule.
{ echo 'Linux orin 5.15.136-tegra #1 SMP PREEMPT aarch64 GNU/Linux'; cat "$GD_TESTS/explain/onnx2trt-libnvinfer-program.log"; } >"$CASE_DIR/jetson.log"
gd explain --json "$CASE_DIR/jetson.log"
expect_rc 0
expect_json '.hypotheses[0].code != "GD204"'
