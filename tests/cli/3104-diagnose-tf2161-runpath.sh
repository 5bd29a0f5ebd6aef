# TensorFlow 2.16.1 with its [and-cuda] wheels installed: the wheel's module
# lost the RUNPATH entries into site-packages/nvidia (only nccl's remains,
# tensorflow/tensorflow#63646), so the wheels are installed but not found.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2684
venv /home/u/tf216 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.3.101
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.3.4.1
mklib "$SITE/nvidia/cublas/lib/libcublasLt.so.12" libcublasLt.so.12
nvwheel cufft libcufft.so.11 nvidia-cufft-cu12 11.0.12.1
nvwheel cusolver libcusolver.so.11 nvidia-cusolver-cu12 11.5.4.101
nvwheel cusparse libcusparse.so.12 nvidia-cusparse-cu12 12.2.0.103
nvwheel cudnn libcudnn.so.8 nvidia-cudnn-cu12 8.9.7.29
tensorflow 2.16.1 12.3 8 "$(tf_rpath nccl)"
gdcheck --json --env VIRTUAL_ENV=/home/u/tf216
expect_rc 1
expect_json "$(v tensorflow) | .gpu == \"no\""
expect_json '[.findings[] | select(.code == "GD205" and .kind == "pip_nvidia_libs_not_found")] | length == 1'
expect_json '.findings[] | select(.code == "GD205") | [.fixes[].command] | any(test("nvidia/cuda_runtime/lib"))'
# The release the chooser takes instead: the newest whose wheel has no known
# defect (issue 27: the same ranking as plan; tf_libs knows 2.15's RUNPATH works,
# 2.21's is not known broken -- this case expected 2.15 before).
expect_json '.findings[] | select(.code == "GD205") | [.fixes[].command] | any(test("/home/u/tf216/bin/python3.11 -m pip install \"tensorflow\\[and-cuda\\]==2\\.21\\.\\*\""))'
expect_json '[.findings[] | select(.code == "GD204" or .code == "GD206")] | length == 0'
