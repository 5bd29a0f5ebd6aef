#!/bin/sh
# TensorFlow 2.10 (build_info.py, CUDA 11.2) in a conda env, TensorFlow 2.15
# installed as tensorflow[and-cuda] with its nvidia-* wheels in a second env,
# a conda base with conda-meta (pytorch's build string names its CUDA), the
# active env from CONDA_PREFIX first, and a truncated conda-meta JSON.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
B=/root/miniconda3
condameta $B python 3.11.5 h955ad1f_0
condameta $B pytorch 2.1.0 py3.11_cuda12.1_cudnn8.9.2_0 '{"name": "pytorch", "version": "2.1.0", "build": "py3.11_cuda12.1_cudnn8.9.2_0", "depends": ["pytorch-cuda >=12.1,<12.2", "python >=3.11,<3.12.0a0"], "files": []}'
condameta $B pytorch-cuda 12.1 ha16c6d3_5
condameta $B broken 1.0 0 '{"name": "broken", "vers'
mkd $B/lib/python3.11/site-packages
put $B/lib/python3.11/site-packages/torch/version.py "__version__ = '2.1.0'
cuda = '12.1'
hip = None"

T=$B/envs/tf210
condameta $T python 3.10.13 h955ad1f_0
S=$T/lib/python3.10/site-packages
dist $S tensorflow 2.10.1
put $S/tensorflow/python/platform/build_info.py '"""Auto-generated module providing information about the build."""
import collections

build_info = collections.OrderedDict([('"'"'cpu_compiler'"'"', '"'"'/dt9/usr/bin/gcc'"'"'), ('"'"'cuda_compute_capabilities'"'"', ['"'"'sm_35'"'"', '"'"'sm_50'"'"', '"'"'sm_60'"'"', '"'"'sm_70'"'"', '"'"'sm_75'"'"', '"'"'compute_80'"'"']), ('"'"'cuda_version'"'"', '"'"'11.2'"'"'), ('"'"'cudnn_version'"'"', '"'"'8'"'"'), ('"'"'is_cuda_build'"'"', True), ('"'"'is_rocm_build'"'"', False), ('"'"'is_tensorrt_build'"'"', True)])'
condameta $T cudatoolkit 11.2.2 hbe64b41_10
condameta $T cudnn 8.1.0.77 h90431f1_0

U=$B/envs/tf215
condameta $U python 3.11.5 h955ad1f_0
S=$U/lib/python3.11/site-packages
dist $S tensorflow 2.15.0.post1 'Provides-Extra: and-cuda
Requires-Dist: numpy (<2.0.0,>=1.23.5)
Requires-Dist: nvidia-cublas-cu12 ==12.2.5.6 ; extra == "and-cuda"
Requires-Dist: nvidia-cudnn-cu12 ==8.9.4.25 ; extra == "and-cuda"
Requires-Dist: nvidia-cuda-runtime-cu12 ==12.2.140 ; extra == "and-cuda"'
put $S/tensorflow/python/platform/build_info.py "build_info = collections.OrderedDict([('cpu_compiler', '/usr/lib/llvm-16/bin/clang'), ('cuda_compute_capabilities', ['sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80']), ('cuda_version', '12.2'), ('cudnn_version', '8'), ('is_cuda_build', True), ('is_rocm_build', False), ('is_tensorrt_build', True)])"
dist $S nvidia-cublas-cu12 12.2.5.6
dist $S nvidia-cudnn-cu12 8.9.4.25

facts --env HOME=/root --env CONDA_PREFIX=$U --env CONDA_DEFAULT_ENV=tf215
expect_json '.python_envs | length == 3'
expect_json '.python_envs[0] | .prefix == "'$U'" and .active and .kind == "conda" and .name == "tf215" and .python_version == "3.11.5" and (.python_version_source | endswith("python-3.11.5-h955ad1f_0.json"))'
expect_json '.python_envs[0].frameworks[0] | .name == "tensorflow" and .version == "2.15.0.post1" and .build.cuda == "12.2" and .build.cudnn == "8" and .build.variant == "cuda" and .build.compute_capabilities == ["sm_50","sm_60","sm_70","sm_75","compute_80"]'
expect_json '[.python_envs[0].frameworks[0].requires[] | [.name, .extra, .installed, .satisfied]] == [["nvidia-cublas-cu12","and-cuda","12.2.5.6",true],["nvidia-cudnn-cu12","and-cuda","8.9.4.25",true],["nvidia-cuda-runtime-cu12","and-cuda",null,null]]'
expect_json '.python_envs[1] | .prefix == "'$B'" and .name == "base" and .python_version == "3.11.5"'
expect_json '.python_envs[1].frameworks[0] | .name == "torch" and .build.cuda == "12.1" and .build.cudnn == "8.9.2" and .build.variant == "cuda"'
expect_json '[.python_envs[1].packages_cuda[].name] == ["pytorch-cuda"]'
expect_json '.python_envs[2] | .name == "tf210" and .python_version == "3.10.13" and .frameworks[0].build.cuda == "11.2" and .frameworks[0].build.compute_capabilities[5] == "compute_80"'
expect_json '[.python_envs[2].packages_cuda[] | .name + " " + .version] == ["cudatoolkit 11.2.2", "cudnn 8.1.0.77"]'
expect_json '[.warnings[] | select(.path | endswith("broken-1.0-0.json"))] | length == 0'
expect_json '.python_envs[1].n_distributions == 4'
exit 0
