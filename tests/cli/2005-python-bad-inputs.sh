#!/bin/sh
# Broken installs cost one warning each and nothing else: METADATA without
# Version, non-UTF-8 METADATA, a 50 MB METADATA, a dist-info that is a file,
# a truncated conda-meta JSON, an unreadable site-packages (as non-root),
# garbage build_info.py / version.py.  The good distributions are all there.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
S=/v/lib/python3.11/site-packages
venv_cfg /v 3.11.7
dist $S requests 2.31.0
put $S/torch-2.1.0.dist-info/METADATA "Metadata-Version: 2.1
Name: torch

Version: 2.1.0"
mkd $S/jax-0.4.30.dist-info
printf 'Metadata-Version: 2.1\nName: jax\nVersion: 0.4.30\nSummary: caf\351\n\n' >"$ROOT/$S/jax-0.4.30.dist-info/METADATA"
mkd $S/keras-3.3.3.dist-info
{ printf 'Metadata-Version: 2.1\nName: keras\nVersion: 3.3.3\n\n'; head -c 52428800 /dev/zero | tr '\0' 'x'; } >"$ROOT/$S/keras-3.3.3.dist-info/METADATA"
put $S/cupy_cuda12x-13.0.0.dist-info "not a directory"
dist $S tensorflow 2.15.0
put $S/tensorflow/python/platform/build_info.py "import os
os.system('echo this is never run')"

C=/conda
condameta $C python 3.11.5 h955ad1f_0
condameta $C pytorch 2.1.0 py3.11_cuda12.1_cudnn8.9.2_0 '{"name": "pytorch", "version": "2.1.0", "bui'
mkd $C/lib/python3.11/site-packages

mkd /locked/lib/python3.11/site-packages
venv_cfg /locked 3.11.7
dist /locked/lib/python3.11/site-packages torch 2.0.0

chmod 000 "$ROOT/locked/lib/python3.11/site-packages"
facts --env HOME=/nohome --env VIRTUAL_ENV=/v --env CONDA_EXE=/conda/bin/conda --env PATH=/locked/bin
chmod 755 "$ROOT/locked/lib/python3.11/site-packages"
expect_json '.python_envs[0].prefix == "/v" and ([.python_envs[0].frameworks[].name] == ["torch", "tensorflow", "jax", "keras"])'
# torch: no Version in the header block -> warned, still recorded from the directory name
expect_json '[.warnings[] | select(.reason | test("bad metadata in .*torch-2.1.0.dist-info/METADATA.: no Version field"))] | length == 1'
expect_json '.python_envs[0].frameworks[0].version == "2.1.0"'
expect_json '[.warnings[] | select(.reason | test("jax-0.4.30.dist-info/METADATA. is not valid UTF-8"))] | length == 1'
expect_json '[.warnings[] | select(.reason | test("keras-3.3.3.dist-info/METADATA. is 52428850 bytes"))] | length == 1'
expect_json '.python_envs[0].frameworks[3].version == "3.3.3"'
expect_json '[.warnings[] | select(.reason | test("cupy_cuda12x-13.0.0.dist-info. is not a directory"))] | length == 1'
expect_json '[.warnings[] | select(.reason | test("build_info.py.: no build_info keys"))] | length == 1'
expect_json '.python_envs[0].frameworks[1] | .version == "2.15.0" and .build.cuda == null'
expect_json '[.warnings[] | select(.reason | test("cannot parse .*pytorch-2.1.0-py3.11_cuda12.1_cudnn8.9.2_0.json"))] | length == 1'
expect_json '[.python_envs[] | select(.prefix == "/conda")][0].frameworks[0].build.cuda == "12.1"'
expect_json '.python_envs[0].n_distributions == 5'
if [ "$(id -u)" != 0 ]; then
    expect_json '[.warnings[] | select(.reason | test("Permission denied"))] | length == 1'
fi
expect_json '.warnings | length == (if '"$(id -u)"' == 0 then 6 else 7 end)'
exit 0
