#!/bin/sh
# A Jetson's integrated GPU is judged against a torch build's architecture
# list (data/torch.kb's TORCH_CUDA_ARCH_LIST for 2.6 cu126: 5.0 ... 8.0;
# 8.6;9.0, no PTX) with the compute capability scan/tegra.c found: an Orin
# (8.7, from the board's model) has code only for lower minors of its major
# -- native on a discrete GPU, not established for a Tegra GPU -- so the
# verdict is unknown and says why; a board with the tegra264 SoC (11.0
# from the kb's tegra_soc, an unverified row) has no code of its major at
# all: GD209.  The CUDA 12 runtime resolves (LD_LIBRARY_PATH), so neither
# is a missing-library or JetPack finding.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
a64_base
a64_jetson_tree 36 4.3 "NVIDIA Jetson AGX Orin Developer Kit" 'nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0'
a64_jetpack6_cuda
venv /home/u/pt 3.10
a64_torch 2.6.0+cu126 12.6 libcudart.so.12
a64_ldconfig

gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env LD_LIBRARY_PATH=/$C12
expect_json "$(v torch) | .gpu == \"unknown\""
expect_json "$(v torch) | .reason | test(\"torch has native code for a lower minor of compute capability 8.7, not for 8.7 itself; whether that runs on Jetson AGX Orin.s integrated GPU is not decided from files\")"
expect_json '[.findings[] | select(.code == "GD206" or .code == "GD209" or .code == "GD201")] | length == 0'

# A tegra264 board the kb names by SoC only.
printf '%s\0' "Example Thor carrier" >"$ROOT/proc/device-tree/model"
printf 'example,thor-box\0nvidia,tegra264\0' >"$ROOT/proc/device-tree/compatible"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env LD_LIBRARY_PATH=/$C12
expect_json '.tegra.gpu_from == "soc" and .tegra.gpu_cc == "11.0"'
expect_json '.findings[] | select(.code == "GD209") | .severity == "error" and (.title | test("torch was not built for Jetson Thor \\(compute capability 11.0\\)"))'
