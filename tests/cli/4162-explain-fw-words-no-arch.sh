#!/bin/sh
# 4162-explain-fw-words-no-arch: a framework whose own check says its build has no code for the GPU is
# GD209: Paddle's InitGpuProperties (paddle/phi/backends/gpu/gpu_resources.cc: "The GPU architecture in
# your current machine is Pascal, which is not compatible with Paddle installation with arch: ...", and
# "The GPU compute capability in your current machine is 120, which is not supported by Paddle") and
# torch 1.0-1.3's _check_capability ("Found GPU0 X which requires CUDA_VERSION >= 10000 to work properly,
# but your PyTorch was compiled with CUDA_VERSION 9000").  TensorFlow's "Ignoring visible gpu device ...
# with core count: 1. The minimum required count is 8" is not (gpu_device.cc ignores a weaker GPU only
# beside a stronger one).  Log: tests/explain/fw-words-no-arch.log (from the source's format strings).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/fw-words-no-arch.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD209" and (.hypotheses[0].why | test("Pascal"))'
# Paddle's "Please NOTE" line gives the GPU's compute capability and the driver's CUDA
expect_json '.facts.compute_capability.value == "6.1" and .facts.driver_cuda.value == "12.2"'

printf '%s\n' 'W0522 14:31:24.082360  3337 gpu_resources.cc:96] The GPU compute capability in your current machine is 120, which is not supported by Paddle, it is recommended to install the corresponding wheel package according to the installation information on the official Paddle website.' >"$CASE_DIR/cc.log"
gd explain --json "$CASE_DIR/cc.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD209" and .facts.compute_capability.value == "12.0"'

printf '%s\n' 'UserWarning: ' '    Found GPU0 GeForce RTX 2080 Ti which requires CUDA_VERSION >= 10000 to' '     work properly, but your PyTorch was compiled' '     with CUDA_VERSION 9000. Please install the correct PyTorch binary' >"$CASE_DIR/torch.log"
gd explain --json "$CASE_DIR/torch.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD209" and .facts.gpu.value == "GeForce RTX 2080 Ti"'

printf '%s\n' '2022-05-01 10:00:00.123456: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1934] Ignoring visible gpu device (device: 1, name: GeForce GT 710, pci bus id: 0000:02:00.0, compute capability: 3.5) with core count: 1. The minimum required count is 8. You can adjust this requirement with the env var TF_MIN_GPU_MULTIPROCESSOR_COUNT.' >"$CASE_DIR/cores.log"
gd explain --json "$CASE_DIR/cores.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .code != "GD209")'
