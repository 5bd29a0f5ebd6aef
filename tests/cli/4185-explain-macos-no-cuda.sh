#!/bin/sh
# 4185-explain-macos-no-cuda: a Mac's log (/Users/ paths, the macOS platform) that asks for CUDA:
# macOS has no CUDA (NVIDIA's last was 10.2, no Apple Silicon Mac has an NVIDIA GPU; rules_macos.c),
# so "no NVIDIA driver" or ONNX Runtime's missing CUDA provider are what asking a Mac for CUDA
# looks like: apple_silicon (GD214, Metal/MPS) ranks first, the CUDA cause stays second.  A driver
# that answered (error 35, an Intel Mac of CUDA 10.2's time) is CUDA running there: untouched.
# Logs: tests/explain/macos-cuda-asked.log (torch 2.x's messages as printed on macOS),
# macos-ort-cuda-ep.log (ONNX Runtime 1.18's, onnxruntime_pybind_state.cc) -- written for this test.
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/macos-cuda-asked.log"
expect_rc 0
expect_json '.facts.os == "macos"'
expect_json '.hypotheses[0].code == "GD214" and .hypotheses[0].kind == "apple_silicon"'
expect_json 'any(.hypotheses[1:][]; .kind == "no_driver" or .kind == "no_gpu")'
expect_json 'all(.hypotheses[]; .kind != "windows_native_unsupported")'

gd explain --json "$GD_TESTS/explain/macos-ort-cuda-ep.log"
expect_rc 0
expect_json '.facts.os == "macos"'
expect_json '.hypotheses[0].kind == "apple_silicon"'

# an Intel Mac whose CUDA driver answered, too old: driver_too_old stays first
printf '%s\n' 'luajit: cuda runtime error (35) : CUDA driver version is insufficient for CUDA runtime version at /tmp/cutorch/lib/THC/THCGeneral.c:16' \
    '	/Users/me/torch/install/share/lua/5.1/cutorch/init.lua:2: in main chunk' >"$CASE_DIR/intel-mac.log"
gd explain --json "$CASE_DIR/intel-mac.log"
expect_rc 0
expect_json '.facts.os == "macos"'
expect_json '.hypotheses[0].kind == "driver_too_old"'
