#!/bin/sh
# JAX, ONNX Runtime and TensorFlow without their CUDA parts on a Grace node.  JAX has
# published Linux aarch64 CUDA wheels since jaxlib 0.4.18 (its CHANGELOG;
# pkg_fact jax cuda_aarch64), so the fix engine's pinned jax[cuda12]
# command stands as on x86_64; for onnxruntime-gpu the knowledge base names
# and TensorFlow the knowledge base names no Linux aarch64 CUDA wheel, so
# no install command is printed (one that may not work), only that it is
# unknown.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
a64_ldconfig
venv /srv/env 3.12
dist "$SITE" jax 0.4.30
put "$SITE/jax/__init__.py" ""
dist "$SITE" jaxlib 0.4.30
dist "$SITE" onnxruntime 1.20.1
put "$SITE/onnxruntime/__init__.py" ""
put "$SITE/onnxruntime/capi/__init__.py" ""
dist "$SITE" tensorflow-cpu 2.16.1
put "$SITE/tensorflow/__init__.py" ""
put "$SITE/tensorflow/python/platform/build_info.py" "build_info = collections.OrderedDict([('is_cuda_build', False), ('is_rocm_build', False)])"

gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 1
expect_json "$(v jax) | .gpu == \"no\""
expect_json '[.findings[] | .fixes[] | .command // "" | select(test("pip install \"jax\\[cuda12\\]==0\\.4\\.30\"$"))] | length == 1'
expect_json '[.findings[] | .fixes[] | select(.title | test("does not know of a Linux aarch64 CUDA wheel of onnxruntime-gpu")) | .command] == [null]'
expect_json '[.findings[] | .fixes[] | .command // "" | select(test("onnxruntime-gpu"))] | length == 0'
# TensorFlow: no cited aarch64 CUDA wheel either.
expect_json "$(v tensorflow) | .gpu == \"no\""
expect_json '[.findings[] | .fixes[] | select(.title | test("does not know of a Linux aarch64 CUDA wheel of TensorFlow")) | .command] == [null]'
expect_json '[.findings[] | .fixes[] | .command // "" | select(test("tensorflow"))] | length == 0'
