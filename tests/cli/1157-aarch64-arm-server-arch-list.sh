#!/bin/sh
# An Arm server with a Tesla T4 (compute capability 7.5) and torch
# 2.11.0+cu128's aarch64 wheel.  PyTorch's Linux aarch64 builds have their
# own, shorter GPU architecture lists (RELEASE.md, "architectures supported
# for Linux aarch64 builds": cu128 8.0;9.0;10.0;12.0 where x86_64's starts
# at 7.5; pkg_fact torch cuda_aarch64_arch_cu128), so this build has no
# code for the T4: GD209, where x86_64's list would have said GPU yes.  The
# same install on the GH100 of a Grace node is fine.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
rm -rf "$ROOT/sys/bus/pci/devices/0009:01:00.0"
gpu 0000:01:00.0 0x1eb8 0x030200
a64_ldconfig
venv /srv/env 3.12
grace_nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.8.90
grace_nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.8.4.1
grace_nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.17.1.4
grace_nvwheel nccl libnccl.so.2 nvidia-nccl-cu12 2.27.3
grace_torch 2.11.0+cu128 12.8 cp312-cp312-manylinux_2_28_aarch64 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2

gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 1
expect_json '.gpus[0].compute_capability == "7.5"'
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD209\") != null)"
expect_json '[.findings[] | select(.code == "GD209") | .evidence[] | select(.text == "built for 8.0;9.0;10.0;12.0")] | length == 1'

# PyPI's CPU-only aarch64 torch on that server: the fix engine keeps no
# 2.11 or 2.12 aarch64 build (none has 7.5), and the build it offers says
# that its aarch64 architecture list is not in the knowledge base.
rm -rf "$ROOT/srv/env/lib/python3.12/site-packages/torch" "$ROOT/srv/env/lib/python3.12/site-packages/torch-"*
grace_torch 2.11.0 None cp312-cp312-manylinux_2_28_aarch64
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 1
expect_json "$(v torch) | .findings | index(\"GD211\") != null"
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | .command // "" | select(test("torch==2.1[12]"))] | length == 0'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | select(.command != null) | .title | select(test("lacks the GPU architecture list of this aarch64 build .* compute capability 7.5"))] | length == 1'

# torch 2.11.0+cu128 with a GH100 (9.0): yes.
rm -rf "$ROOT/srv/env/lib/python3.12/site-packages/torch" "$ROOT/srv/env/lib/python3.12/site-packages/torch-"*
grace_torch 2.11.0+cu128 12.8 cp312-cp312-manylinux_2_28_aarch64 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2
rm -rf "$ROOT/sys/bus/pci/devices/0000:01:00.0"
gpu 0009:01:00.0 0x2330 0x030200
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_json "$(v torch) | .gpu == \"yes\""
