#!/bin/sh
# `pip install torch` on a Jetson (Orin, L4T 35.4.1): the package index's
# aarch64 wheel is CPU-only here (version.py: cuda = None).  The verdict is
# GD211, its evidence names the L4T release, and the fix is NVIDIA's build
# for that L4T release (or an L4T container with --runtime nvidia) --
# never download.pytorch.org's CUDA wheels, which are not built for the
# Jetson's integrated GPU.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
a64_base
a64_sh
T=usr/lib/aarch64-linux-gnu/tegra
a64lib $T/libcuda.so.1.1 libcuda.so.1
ln -sfn libcuda.so.1.1 "$ROOT/$T/libcuda.so.1"
put /etc/ld.so.conf.d/nvidia-tegra.conf "/usr/lib/aarch64-linux-gnu/tegra
/usr/lib/aarch64-linux-gnu/tegra-egl"
a64_ldconfig
a64_l4t_osrelease 35
put /etc/nv_tegra_release "# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref, EABI: aarch64, DATE: Tue Aug  1 19:57:35 UTC 2023"
mkdir -p "$ROOT/proc/device-tree"
printf 'nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0' >"$ROOT/proc/device-tree/compatible"
printf 'NVIDIA Jetson AGX Orin Developer Kit\0' >"$ROOT/proc/device-tree/model"
venv /home/u/pt 3.8
dist "$SITE" torch 2.1.0
put "$SITE/torch/version.py" "__version__ = '2.1.0'
cuda = None
hip = None"

gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD211\") != null)"
expect_json '[.findings[] | select(.code == "GD211") | .evidence[].text | select(test("Jetson, L4T 35.4.1"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].title | select(test("NVIDIA.s PyTorch build for the JetPack of L4T 35.4.1"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].title | select(test("--runtime nvidia"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | (.command // "") | select(test("download.pytorch.org"))] | length == 0'

# The same wheel on an x86-64 desktop keeps PyTorch's own CUDA wheels.
rm -rf "$ROOT/proc/device-tree" "$ROOT/etc/nv_tegra_release" "$ROOT/$T"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].title | select(test("Jetson"))] | length == 0'
