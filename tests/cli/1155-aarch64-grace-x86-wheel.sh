#!/bin/sh
# An x86_64 wheel of torch on a Grace node (copied from an x86_64 machine,
# or installed with `pip install --platform manylinux_2_28_x86_64`): its
# WHEEL says Tag: cp312-cp312-manylinux_2_28_x86_64 and its native module
# is an x86-64 ELF file, which the AArch64 loader will not load -- the real
# AArch64 dlopen under qemu fails on it, and gpudoctor says GD220 (not "GPU
# yes" because its CUDA libraries resolve) with the fix for this machine:
# torch's aarch64 CUDA build.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
a64_ldconfig
venv /srv/env 3.12
grace_nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.8.90
grace_nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.8.4.1
grace_nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.7.1.26
grace_nvwheel nccl libnccl.so.2 nvidia-nccl-cu12 2.26.2
# diag.inc's torch: libtorch_cuda.so built by the host's (x86-64) compiler
torch 2.7.0+cu128 12.8 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2
put "$SITE/torch-2.7.0+cu128.dist-info/WHEEL" "Wheel-Version: 1.0
Generator: bdist_wheel (0.45.1)
Root-Is-Purelib: false
Tag: cp312-cp312-manylinux_2_28_x86_64"
TL=/srv/env/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so

# The oracle: the real AArch64 dlopen of the module fails.
a64_oracle "$TL"
[ "$REAL" = null ] || fail "the real AArch64 dlopen loaded the x86-64 module: $REAL"

gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD220\") != null)"
expect_json ".findings[] | select(.code == \"GD220\") | .title == \"torch cannot be imported: $TL is built for x86-64, and this machine is aarch64\""
expect_json '[.findings[] | select(.code == "GD220") | .evidence[].text] | index("wheel tag cp312-cp312-manylinux_2_28_x86_64") != null'
expect_json '[.findings[] | select(.code == "GD220") | .fixes[] | .command // "" | select(test("\"torch==2.7.\\*\" --index-url https://download.pytorch.org/whl/cu128$"))] | length == 1'

# The same wheel on an x86_64 machine (its interpreter swapped): no GD220.
rm -f "$ROOT/lib/ld-linux-aarch64.so.1"
mkdir -p "$ROOT/lib64" && : >"$ROOT/lib64/ld-linux-x86-64.so.2"
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_json '.system.arch == "x86_64"'
expect_json '[.findings[] | select(.code == "GD220")] | length == 0'
