#!/bin/sh
# A Grace Hopper node (tests/cli/grace.inc): Debian 12 arm64, NVIDIA's
# 535.261.03 user-space driver from Debian's real arm64 packages, the open
# kernel module for aarch64, a GH100 on the PCI bus, CUDA 12.8 in the sbsa
# layout, and torch 2.7.0+cu128's AArch64 wheel (manylinux_2_28_aarch64)
# with its nvidia-*-cu12 wheels.  It is judged as x86_64 machines are: the
# GPU found on the PCI bus, the driver loaded and matching the kernel's,
# torch's CUDA libraries resolved through its RUNPATH, GPU yes.  The real
# AArch64 loader (qemu, chroot) agrees on the libcuda.so.1 gpudoctor names.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
grace_toolkit /usr/local/cuda-12.8 12.8.93
link cuda-12.8 /usr/local/cuda
a64_ldconfig
venv /srv/env 3.12
grace_nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.8.90
grace_nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.8.4.1
grace_nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.7.1.26
grace_nvwheel nccl libnccl.so.2 nvidia-nccl-cu12 2.26.2
grace_torch 2.7.0+cu128 12.8 cp312-cp312-manylinux_2_28_aarch64 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2

# The real AArch64 loader and gpudoctor: the same libcuda.so.1.
a64case "$GR_LIB/libcuda.so.1" libcuda.so.1

gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_json '.system.arch == "aarch64"'
expect_json '[.gpus[] | select(.pci_id == "10de:2330" and .pci_slot == "0009:01:00.0" and .compute_capability == "9.0")] | length == 1'
expect_json ".driver.libraries[] | select(.name == \"libcuda\") | .loaded and .version == \"$GR_DRV\" and .path == \"$GR_LIB/nvidia/current/libcuda.so.$GR_DRV\""
expect_json '[.findings[] | select(.code == "GD101" or .code == "GD102" or .code == "GD103" or .code == "GD113")] | length == 0'
expect_json "$(v torch) | .gpu == \"yes\""
expect_json "$(v torch) | .needs | length == 4"
expect_json "[$(v torch) | .needs[] | select(.resolved_path // \"\" | test(\"^/srv/env/lib/python3.12/site-packages/torch/lib/../../nvidia/[a-z_]+/lib/lib\"))| select(.step == \"runpath\")] | length == 4"
expect_json '.cuda_toolkits[] | select(.path == "/usr/local/cuda-12.8") | .version == "12.8.93" and .libdir == "/usr/local/cuda-12.8/lib64" and .cudart_soname == "libcudart.so.12"'
expect_json '[.findings[] | select(.severity == "error" or .severity == "warning")] | length == 0'
gdcheck --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_text "torch 2.7.0+cu128 (venv /srv/env): GPU YES"
