#!/bin/sh
# A Jetson whose L4T release the knowledge base does not list (R39 REVISION
# 2.0: data/jetpack.kb ends at 38.4.0) on a carrier board whose device-tree
# model names no kb GPU: the JetPack and its CUDA are reported unknown, never
# the nearest row; the GPU's compute capability comes from the SoC
# (tegra234, the kb's tegra_soc table).  A JetPack 5 torch wheel there is
# not called a JetPack mismatch (the machine's CUDA is unknown): its missing
# libcudart.so.11.0 is GD201, with NVIDIA's per-release list as the fix.
# Then L4T 36.3.0, a row whose CUDA no source names: JetPack 6.0, CUDA unknown.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
a64_base
a64_sh
a64_jetson_tree 39 2.0 "Example Systems AI Box with Orin module" 'example,ai-box\0nvidia,p3767-0000\0nvidia,tegra234\0'
venv /home/u/pt 3.10
a64_torch 2.1.0a0+41361538.nv23.06 11.4 libcudart.so.11.0
a64_ldconfig
TC=/home/u/pt/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so
a64case null libcudart.so.11.0 --needed-of $TC

gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '.tegra.l4t == "39.2.0" and .tegra.jetpack == null and .tegra.jetpack_cuda == null and .tegra.jetpack_source == null'
expect_json '.tegra.soc == "tegra234" and .tegra.gpu_cc == "8.7" and .tegra.gpu_name == "Jetson Orin" and .tegra.gpu_from == "soc"'
expect_json '[.findings[] | select(.code == "GD206")] | length == 0'
expect_json '.findings[] | select(.code == "GD201") | .title | test("libcudart.so.11.0 not found")'
expect_json '[.findings[] | select(.code == "GD201") | .fixes[].title | select(test("JetPack of L4T 39.2.0 \\(a release the knowledge base does not map to a JetPack\\)") and test("forums.developer.nvidia.com/t/pytorch-for-jetson/72048"))] | length == 1'

gdcheck -v --env VIRTUAL_ENV=/home/u/pt
expect_text "JetPack       unknown (L4T 39.2.0 is not in the knowledge base's jetpack table)"
expect_text "integrated in Example Systems AI Box with Orin module, tegra234, compute capability 8.7"

# L4T 36.3.0: JetPack 6.0 (an unverified row) whose CUDA the kb does not know.
put /etc/nv_tegra_release "# R36 (release), REVISION: 3.0, GCID: 36191598, BOARD: generic, EABI: aarch64, DATE: Mon May  6 17:34:21 UTC 2024"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json '.tegra.jetpack == "6.0" and .tegra.jetpack_cuda == null and (.tegra.jetpack_source | startswith("unverified:"))'
expect_json '[.findings[] | select(.code == "GD206")] | length == 0'
gdcheck -v --env VIRTUAL_ENV=/home/u/pt
expect_text "JetPack       6.0 (L4T 36.3.0), which ships CUDA (version unknown to the knowledge base) [unverified kb row]"

# No L4T release at all (no nv_tegra_release, no nvidia-l4t-core): unknown too.
rm "$ROOT/etc/nv_tegra_release"
gdcheck -v --env VIRTUAL_ENV=/home/u/pt
expect_text "JetPack       unknown (L4T release unknown: no /etc/nv_tegra_release or nvidia-l4t-core)"
