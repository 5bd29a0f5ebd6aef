#!/bin/sh
# 4163-explain-fw-words-paddle-cuda: Paddle's CUDA check gives facts and check's judge decides.  Its
# "Please NOTE: device: 0, GPU Compute Capability: 8.6, Driver API Version: 11.4, Runtime API Version:
# 12.0" is the GPU's compute capability and the driver's CUDA (cudaDriverGetVersion), and its enforce
# "compiled with CUDA12/cuDNN9,but CUDA/cuDNN version in your machine is CUDA11/cuDNN8" the build's CUDA
# (paddle/phi/backends/gpu/gpu_resources.cc): the driver below the build's CUDA major is GD208, judged.
# The warning "compiled with CUDA 11.8, but CUDA runtime version in your machine is 11.6" within one
# major is no cause (minor-version compatibility).  Log: tests/explain/fw-words-paddle-cuda.log.
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/fw-words-paddle-cuda.log"
expect_rc 0
expect_json '.facts.driver_cuda.value == "11.4" and .facts.compute_capability.value == "8.6"'
expect_json '.hypotheses[0].code == "GD208" and .hypotheses[0].judged'

printf '%s\n' 'W0522 14:31:24.082360  3337 gpu_resources.cc:119] Please NOTE: device: 0, GPU Compute Capability: 7.5, Driver API Version: 11.6, Runtime API Version: 11.8' 'W0522 14:31:24.083271  3337 gpu_resources.cc:196] WARNING: device: 0. The installed Paddle is compiled with CUDA 11.8, but CUDA runtime version in your machine is 11.6, which may cause serious incompatible bug. Please recompile or reinstall Paddle with compatible CUDA version.' >"$CASE_DIR/minor.log"
gd explain --json "$CASE_DIR/minor.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "paddle_cuda_older")'
expect_json 'all(.hypotheses[]; .code != "GD208")'
