#!/bin/sh
# A Jetson AGX Orin on L4T 36.4.3 (JetPack 6.2, CUDA 12.6: data/jetpack.kb)
# with NVIDIA's Jetson torch wheel for JetPack 5 (2.1.0a0+41361538.nv23.06,
# version.py cuda = '11.4'), whose libtorch_cuda.so links libcudart.so.11.0
# and libcudnn.so.8: the machine has CUDA 12's libcudart.so.12 and cuDNN 9.
# The real AArch64 loader cannot load libtorch_cuda.so and neither can
# gpudoctor; the verdict is GD206 (the wheel's JetPack against the
# machine's), and its fix is NVIDIA's build for JetPack 6.2 from the kb's
# wheel index, or the L4T container -- once, not again on GD201/GD202.
# Then the reverse (a JetPack 6 wheel on L4T 35.4.1), and the same JetPack 5
# wheel on a JetPack 5 Jetson, where it loads and nothing is said.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
a64_base
a64_sh
a64_jetson_tree 36 4.3 "NVIDIA Jetson AGX Orin Developer Kit" 'nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0'
# JetPack 6.2's CUDA 12.6 runtime and cuDNN 9, as the machine has them.
a64_jetpack6_cuda cudnn
venv /home/u/pt 3.10
a64_torch 2.1.0a0+41361538.nv23.06 11.4 libcudart.so.11.0 libcudnn.so.8
a64_ldconfig
TC=/home/u/pt/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so

# The real AArch64 loader: libtorch_cuda.so does not load (its CUDA 11
# runtime is nowhere); gpudoctor's loader model says the same.
a64case null libcudart.so.11.0 --needed-of $TC
a64case null libcudnn.so.8 --needed-of $TC

gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '.tegra.l4t == "36.4.3" and .tegra.jetpack == "6.2" and .tegra.jetpack_cuda == "12.6"'
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD206\") != null)"
expect_json '[.findings[] | select(.code == "GD206")] | length == 1'
expect_json '.findings[] | select(.code == "GD206") | .severity == "error" and (.title | test("torch 2.1.0a0\\+41361538.nv23.06 is NVIDIA.s Jetson build for CUDA 11.4, that is JetPack 5.0 to 5.1.4 \\(L4T 34.1.0 to 35.6.0\\), but this Jetson runs L4T 36.4.3: JetPack 6.2 with CUDA 12.6"))'
expect_json '[.findings[] | select(.code == "GD206") | .evidence[].text | select(test("^libcudart.so.11.0: not found on this Jetson \\(JetPack 6.2 ships CUDA 12.6\\)$") or test("^libcudnn.so.8: not found"))] | length == 2'
expect_json '[.findings[] | select(.code == "GD206") | .evidence[].text | select(test("L4T 36.4.3 is JetPack 6.2, which ships CUDA 12.6 \\(an unverified knowledge-base row\\)"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD206") | .fixes[].title | select(test("NVIDIA.s PyTorch build for the JetPack of L4T 36.4.3 \\(JetPack 6.2, CUDA 12.6\\)") and test("https://pypi.jetson-ai-lab.dev/jp6/cu126"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD206") | .fixes[].title | select(test("l4t-pytorch") and test("--runtime nvidia"))] | length == 1'
# The missing libraries are its symptoms: GD201 / GD202 fold into it (their
# evidence with it, and the cuDNN 9 the machine has), one copy of the Jetson
# advice, and nothing points at PyPI's CUDA wheels.
expect_json '[.findings[] | select(.code == "GD201" or .code == "GD202")] | length == 0'
expect_json '[.findings[] | select(.code == "GD206") | .evidence[].text | select(test("^libcudnn.so.8 wanted; libcudnn.so.9 is installed$") or test("^libcudart.so.11.0: searched the module.s RPATH/RUNPATH"))] | length == 2'
expect_json '[.findings[].fixes[]? | .title | select(test("NVIDIA.s PyTorch build"))] | length == 1'
expect_json '[.findings[].fixes[]? | (.command // "") + .title | select(test("download.pytorch.org"))] | length == 0'

# The text report says which JetPack the machine has.
gdcheck -v --env VIRTUAL_ENV=/home/u/pt
expect_text "JetPack       6.2 (L4T 36.4.3), which ships CUDA 12.6 [unverified kb row]"

# The reverse: NVIDIA's JetPack 6 wheel (CUDA 12.6) on L4T 35.4.1 (JetPack
# 5.1.2, CUDA 11.4), the CUDA 11.4 runtime and cuDNN 8 installed.
rm -rf "$ROOT/usr/local/cuda-12.6" "$ROOT/usr/lib/aarch64-linux-gnu/libcudnn.so.9"* "$ROOT/home/u/pt"
put /etc/nv_tegra_release "# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref, EABI: aarch64, DATE: Tue Aug  1 19:57:35 UTC 2023"
C11=usr/local/cuda-11.4/targets/aarch64-linux/lib
a64lib $C11/libcudart.so.11.4.298 libcudart.so.11.0
ln -sfn libcudart.so.11.4.298 "$ROOT/$C11/libcudart.so.11.0"
a64lib usr/lib/aarch64-linux-gnu/libcudnn.so.8.6.0 libcudnn.so.8
ln -sfn libcudnn.so.8.6.0 "$ROOT/usr/lib/aarch64-linux-gnu/libcudnn.so.8"
venv /home/u/pt 3.10
a64_torch 2.5.0a0+872d972e41.nv24.08 12.6 libcudart.so.12 libcudnn.so.9
a64_ldconfig
a64case null libcudart.so.12 --needed-of $TC
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '.tegra.jetpack == "5.1.2" and .tegra.jetpack_cuda == "11.4"'
expect_json '.findings[] | select(.code == "GD206") | .severity == "error" and (.title | test("for CUDA 12.6, that is JetPack 6.1 to 6.2 \\(L4T 36.4.0 to 36.4.3\\), but this Jetson runs L4T 35.4.1: JetPack 5.1.2 with CUDA 11.4"))'
expect_json '[.findings[] | select(.code == "GD206") | .fixes[].title | select(test("JetPack of L4T 35.4.1 \\(JetPack 5.1.2, CUDA 11.4\\)") and test("forums.developer.nvidia.com/t/pytorch-for-jetson/72048"))] | length == 1'

# A JetPack 5 wheel on that JetPack 5 Jetson, its CUDA on LD_LIBRARY_PATH:
# the real loader loads it, gpudoctor predicts the same file, no GD206.
rm -rf "$ROOT/home/u/pt"
venv /home/u/pt 3.10
a64_torch 2.1.0a0+41361538.nv23.06 11.4 libcudart.so.11.0 libcudnn.so.8
LLP=/$C11
a64case "/$C11/libcudart.so.11.0" libcudart.so.11.0 --needed-of $TC
gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env LD_LIBRARY_PATH=/$C11
expect_json '[.findings[] | select(.code == "GD206" or .code == "GD201" or .code == "GD202")] | length == 0'
