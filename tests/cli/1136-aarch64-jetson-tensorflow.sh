#!/bin/sh
# TensorFlow on a Jetson AGX Orin (issue 20).  First NVIDIA's Jetson build
# for JetPack 5 (2.12.0+nv23.06, build_info: CUDA 11.4, cuDNN 8) on L4T
# 36.4.3 (JetPack 6.2, CUDA 12.6 and cuDNN 9 installed): the CUDA 11
# runtime it dlopens is nowhere -- the real AArch64 loader, dlopen called
# from its own module, finds none, nor does gpudoctor -- so the verdict is
# GD206 (the build's JetPack against the machine's), whose fix names
# NVIDIA's pip index for JetPack 6.2 (pkg_fact tensorflow jetson_index) or
# the l4t-tensorflow container with --runtime nvidia, once; GD201/GD202 fold
# into it.  Then PyPI's CPU-only aarch64 tensorflow on the same Jetson:
# GD211 with the same Jetson fixes and no tensorflow[and-cuda], no -gpu
# image.  Every file is written here; the libraries are AArch64 ELF.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
a64_base
a64_sh
a64_jetson_tree 36 4.3 "NVIDIA Jetson AGX Orin Developer Kit" 'nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0'
a64_jetpack6_cuda cudnn
put /etc/ld.so.conf.d/cuda.conf "/$C12"
venv /home/u/tf 3.10
# NVIDIA's Jetson wheel: its module calls dlopen; no RUNPATH into nvidia/
# (the system's CUDA is what it loads).
dist "$SITE" tensorflow 2.12.0+nv23.06
put "$SITE/tensorflow/__init__.py" ""
MOD=/home/u/tf/lib/python3.10/site-packages/tensorflow/python/_pywrap_tensorflow_internal.so
a64via "$MOD" -Wl,-soname,_pywrap_tensorflow_internal.so
put "$SITE/tensorflow/python/platform/build_info.py" "build_info = collections.OrderedDict([('cuda_compute_capabilities', ['sm_72', 'sm_87']), ('cuda_version', '11.4'), ('cudnn_version', '8'), ('is_cuda_build', True), ('is_rocm_build', False)])"
a64_ldconfig

# The real AArch64 loader: dlopen("libcudart.so.11.0") from TensorFlow's
# module fails (JetPack 6.2 has CUDA 12's runtime); gpudoctor agrees, and
# finds CUDA 12's.
a64case null libcudart.so.11.0 --via $MOD
a64case "/$C12/libcudart.so.12" libcudart.so.12 --via $MOD

gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_rc 1
expect_json '.tegra.l4t == "36.4.3" and .tegra.jetpack == "6.2" and .tegra.jetpack_cuda == "12.6"'
expect_json "$(v tensorflow) | .gpu == \"no\" and (.findings | index(\"GD206\") != null)"
expect_json '[.findings[] | select(.code == "GD206")] | length == 1'
expect_json '.findings[] | select(.code == "GD206") | .severity == "error" and (.title | test("^TensorFlow 2.12.0\\+nv23.06 is NVIDIA.s Jetson build for CUDA 11.4, that is JetPack 5.0 to 5.1.4 \\(L4T 34.1.0 to 35.6.0\\), but this Jetson runs L4T 36.4.3: JetPack 6.2 with CUDA 12.6$"))'
expect_json '[.findings[] | select(.code == "GD206") | .evidence[].text | select(test("^libcudart.so.11.0: not found on this Jetson \\(JetPack 6.2 ships CUDA 12.6\\)$"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD206") | .fixes[].title | select(test("NVIDIA.s TensorFlow build for the JetPack of L4T 36.4.3 \\(JetPack 6.2, CUDA 12.6\\)") and test("NVIDIA.s pip index for JetPack 6.2 is https://developer.download.nvidia.com/compute/redist/jp/v62 "))] | length == 1'
expect_json '[.findings[] | select(.code == "GD206") | .fixes[].title | select(test("nvcr.io/nvidia/l4t-tensorflow") and test("--runtime nvidia"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD201" or .code == "GD202")] | length == 0'
expect_json '[.findings[].fixes[]? | .title | select(test("NVIDIA.s TensorFlow build"))] | length == 1'
expect_json '[.findings[].fixes[]? | (.command // "") | select(test("and-cuda|tensorflow/tensorflow:|download.pytorch"))] | length == 0'

# PyPI's aarch64 tensorflow (a CPU build) on the same Jetson.
rm -rf "$ROOT/home/u/tf"
venv /home/u/tf 3.10
dist "$SITE" tensorflow 2.15.0
put "$SITE/tensorflow/__init__.py" ""
a64lib "$MOD" _pywrap_tensorflow_internal.so
put "$SITE/tensorflow/python/platform/build_info.py" "build_info = collections.OrderedDict([('is_cuda_build', False), ('is_rocm_build', False)])"
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_rc 1
expect_json "$(v tensorflow) | .gpu == \"no\" and (.findings | index(\"GD211\") != null)"
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].title | select(test("NVIDIA.s TensorFlow build for the JetPack of L4T 36.4.3") and test("/jp/v62 "))] | length == 1'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].title | select(test("l4t-tensorflow"))] | length == 1'
expect_json '[.findings[].fixes[]? | (.command // "") + .title | select(test("pip install.*and-cuda|tensorflow/tensorflow:"))] | length == 0'

# An L4T release the knowledge base maps to no JetPack (R36 rev 9.9): no
# index is made up; NVIDIA's guide is named instead.
put /etc/nv_tegra_release "# R36 (release), REVISION: 9.9, GCID: 33958178, BOARD: generic, EABI: aarch64, DATE: Tue Aug  1 19:57:35 UTC 2023"
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].title | select(test("Install-TensorFlow-Jetson-Platform.pdf") and (test("/jp/v") | not))] | length == 1'
