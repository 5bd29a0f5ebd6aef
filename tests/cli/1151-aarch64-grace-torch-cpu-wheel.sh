#!/bin/sh
# `pip install torch` on a Grace node: PyPI's aarch64 wheel of torch 2.7.0
# is CPU-only (version.py: cuda = None; PyPI had only CPU aarch64 wheels up
# to 2.10, pytorch/pytorch#160162).  GD211, and the fix is PyTorch's own
# aarch64 CUDA wheel from download.pytorch.org for a release and variant
# the knowledge base says was published for aarch64 (pkg_fact
# torch cuda_aarch64) -- never the Jetson advice.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
a64_ldconfig
venv /srv/env 3.12
grace_torch 2.7.0 None cp312-cp312-manylinux_2_28_aarch64

gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD211\") != null)"
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | select(.title | test("torch 2.7.s cu128 build for Linux aarch64")) | .command | select(test("\"torch==2.7.\\*\" --index-url https://download.pytorch.org/whl/cu128$"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | (.title + (.command // "")) | select(test("Jetson|L4T|jetson|l4t"))] | length == 0'
expect_json '[.findings[] | .fixes[] | select(.command // "" | test("download.pytorch.org/whl/cu126"))] | length == 0'

# torch 2.5: the knowledge base does not say whether 2.5 had aarch64 CUDA
# wheels, so it keeps no 2.5 build and offers a release it knows had them.
rm -rf "$ROOT/srv/env/lib/python3.12/site-packages/torch" "$ROOT/srv/env/lib/python3.12/site-packages/torch-"*
grace_torch 2.5.1 None cp312-cp312-manylinux_2_17_aarch64.manylinux2014_aarch64
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 1
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | select(.title | test("knows no CUDA build of torch 2.5 published for Linux aarch64"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | .command // "" | select(test("torch==2.5"))] | length == 0'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[] | .command // "" | select(test("torch==2.(7|8|9|10|11|12).\\*. --index-url https://download.pytorch.org/whl/cu12[68]$"))] | length == 1'

