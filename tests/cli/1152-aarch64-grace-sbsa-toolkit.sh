#!/bin/sh
# A CUDA toolkit whose libraries are only in NVIDIA's sbsa layout
# (targets/sbsa-linux/lib, no lib64 link, as a runfile install without the
# link or a copied tree leaves it) on a Grace node: gpudoctor finds the
# toolkit, its version (version.json) and its runtime there, because the
# machine is aarch64 (the triplet comes from the examined tree's
# interpreter, not from the host).  The runtime's file is the real AArch64
# ELF the cross compiler made, and the real AArch64 loader loads it once
# the directory is on LD_LIBRARY_PATH, as gpudoctor predicts.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
grace_toolkit /usr/local/cuda-12.8 12.8.93 nolink
link cuda-12.8 /usr/local/cuda
a64_ldconfig

gdcheck --json
expect_rc 0
T=/usr/local/cuda-12.8/targets/sbsa-linux/lib
expect_json ".cuda_toolkits[] | select(.path == \"/usr/local/cuda-12.8\") | .version == \"12.8.93\" and .libdir == \"$T\" and .cudart_soname == \"libcudart.so.12\""
expect_json "[.cuda_toolkits[] | select(.path == \"/usr/local/cuda-12.8\") | .evidence[] | select(.path == \"$T/libcudart.so.12\")] | length == 1"

# The loader: not on the default path, found with LD_LIBRARY_PATH.
a64case null libcudart.so.12
LLP=$T
a64case "$T/libcudart.so.12" libcudart.so.12
unset LLP

# The same tree judged as x86_64 (its interpreter swapped for x86-64's):
# the sbsa directory is not an x86_64 toolkit's, no runtime is found there.
rm -f "$ROOT/lib/ld-linux-aarch64.so.1"
mkdir -p "$ROOT/lib64" && : >"$ROOT/lib64/ld-linux-x86-64.so.2"
gdcheck --json
expect_json '.system.arch == "x86_64"'
expect_json '[.cuda_toolkits[] | select(.path == "/usr/local/cuda-12.8") | .libdir // empty] | length == 0'
