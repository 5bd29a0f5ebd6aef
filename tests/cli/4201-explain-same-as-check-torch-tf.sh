#!/bin/sh
# 4201-explain-same-as-check-torch-tf: PyTorch and TensorFlow builds: each
# fixture machine to check and a log of the same machine to explain give the
# same finding codes, decided by the same framework judge (tests/cli/pairs.inc).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/pairs.inc"
command -v jq >/dev/null || skip "jq is not installed"

# libs DIR SONAME...: real libraries with those sonames in DIR.
libs() {
    _d=$1; shift
    for _so in "$@"; do mklib "$_d/$_so" "$_so"; done
}

# torch's CPU-only build (GD211): torch/cuda/__init__.py _lazy_init.
newmachine torch-cpu
machine 550.54.15 0x2684
venv /home/u/pt 3.11
torch 2.1.0+cpu None
pair --env VIRTUAL_ENV=/home/u/pt <<'EOF'
>>> torch.zeros(1).to("cuda")
  File "/home/u/pt/lib/python3.11/site-packages/torch/cuda/__init__.py", line 289, in _lazy_init
    raise AssertionError("Torch not compiled with CUDA enabled")
AssertionError: Torch not compiled with CUDA enabled
$ pip list | grep torch
torch                    2.1.0+cpu
EOF

# torch without cuDNN (GD202): glibc's dlerror (elf/dl-load.c) raised through
# torch/__init__.py's import of torch._C.
newmachine torch-no-cudnn
machine 550.54.15 0x2684
venv /home/u/pt 3.11
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.4.5.8
torch 2.4.1 12.4 libcublas.so.12 libcudnn.so.9
pair --env VIRTUAL_ENV=/home/u/pt <<'EOF'
Traceback (most recent call last):
  File "/home/u/app.py", line 1, in <module>
    import torch
  File "/home/u/pt/lib/python3.11/site-packages/torch/__init__.py", line 290, in <module>
    from torch._C import *  # noqa: F403
ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory
$ pip list | grep torch
torch                    2.4.1
EOF

# An RTX 5090 (sm_120) on torch 2.4's cu118 build (GD209): torch/cuda/__init__.py
# _check_cubins' warning.
newmachine torch-sm120
osrelease
kmod 570.133.07
mkdriver 570.133.07
gpu 0000:01:00.0 0x2b85
devnodes nvidiactl nvidia0 nvidia-uvm
gpuinfo 0000:01:00.0 "NVIDIA GeForce RTX 5090"
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.11.0 nvidia-cuda-runtime-cu11 11.8.89
nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu11 9.1.0.70
torch 2.4.0+cu118 11.8 libcudart.so.11.0 libcudnn.so.9
pair --env VIRTUAL_ENV=/home/u/pt <<'EOF'
/home/u/pt/lib/python3.11/site-packages/torch/cuda/__init__.py:230: UserWarning:
NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.
The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_61 sm_70 sm_75 sm_80 sm_86 sm_37 sm_90.
If you want to use the NVIDIA GeForce RTX 5090 GPU with PyTorch, please check the instructions at https://pytorch.org/get-started/locally/
$ pip list | grep torch
torch                    2.4.0+cu118
EOF

# tensorflow-cpu (GD211): pip's listing and tensorflow/python/framework/config.py's empty list.
newmachine tf-cpu
machine 550.54.15 0x2684
venv /home/u/tf 3.10
tensorflow 2.10.0 11.2 8 "" tensorflow-cpu
pair --env VIRTUAL_ENV=/home/u/tf <<'EOF'
$ pip list | grep tensorflow
tensorflow-cpu               2.10.0
tensorflow-estimator         2.10.0
$ python -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
[]
EOF

# TensorFlow 2.10 without any CUDA library (GD201, GD202, GD203): its loader
# (tensorflow/stream_executor/platform/default/dso_loader.cc) names each one,
# then gpu_device.cc skips the GPU.
newmachine tf-no-cuda
machine 550.54.15 0x2684
venv /home/u/tf 3.10
tensorflow 2.10.0 11.2 8 ""
pair --env VIRTUAL_ENV=/home/u/tf <<'EOF'
2023-01-10 09:00:00.101: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such file or directory
2023-01-10 09:00:00.102: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above cudart dlerror if you do not have a GPU set up on your machine.
2023-01-10 09:00:01.201: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcublas.so.11'; dlerror: libcublas.so.11: cannot open shared object file: No such file or directory
2023-01-10 09:00:01.202: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcublasLt.so.11'; dlerror: libcublasLt.so.11: cannot open shared object file: No such file or directory
2023-01-10 09:00:01.203: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcufft.so.10'; dlerror: libcufft.so.10: cannot open shared object file: No such file or directory
2023-01-10 09:00:01.204: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcurand.so.10'; dlerror: libcurand.so.10: cannot open shared object file: No such file or directory
2023-01-10 09:00:01.205: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcusolver.so.11'; dlerror: libcusolver.so.11: cannot open shared object file: No such file or directory
2023-01-10 09:00:01.206: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcusparse.so.11'; dlerror: libcusparse.so.11: cannot open shared object file: No such file or directory
2023-01-10 09:00:01.207: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file or directory
2023-01-10 09:00:01.208: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1934] Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU. Follow the guide at https://www.tensorflow.org/install/gpu for how to download and setup the required libraries for your platform.
Skipping registering GPU devices...
$ pip list | grep tensorflow
tensorflow                   2.10.0
EOF

# TensorFlow 2.6 built with cuDNN 8.1 loads cuDNN 8.0.4 (GD207): its loader's
# "Successfully opened" and xla/stream_executor/cuda/cuda_dnn.cc's version check.
newmachine tf-cudnn-old
machine 550.54.15 0x2684
venv /home/u/tf 3.9
tensorflow 2.6.0 11.2 8 ""
L=/usr/lib/x86_64-linux-gnu
libs $L libcudart.so.11.0 libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusolver.so.11 libcusparse.so.11
mklib $L/libcudnn.so.8.0.4 libcudnn.so.8
link libcudnn.so.8.0.4 $L/libcudnn.so.8
put /usr/include/cudnn_version.h "#define CUDNN_MAJOR 8
#define CUDNN_MINOR 0
#define CUDNN_PATCHLEVEL 4"
pair --env VIRTUAL_ENV=/home/u/tf --env LD_LIBRARY_PATH=$L <<'EOF'
2021-08-01 11:00:00.000000: I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library libcudnn.so.8
2021-08-01 11:00:01.000000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:374] Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.  CuDNN library needs to have matching major version and equal or higher minor version. If using a binary install, upgrade your CuDNN library.  If building from sources, make sure the library loaded at runtime is compatible with the version specified during compile configuration.
$ pip list | grep tensorflow
tensorflow                   2.6.0
EOF

# The driver below TensorFlow 2.18's own documented minimum (GD208): nvidia-smi's
# header, pip freeze (tensorflow/docs site/en/install/pip.md gives the floor).
newmachine tf-driver-floor
machine 520.61.05 0x2236
venv /home/u/tf 3.11
tensorflow 2.18.0 12.5.1 9 ""
L=/usr/lib/x86_64-linux-gnu
libs $L libcudart.so.12 libcublas.so.12 libcublasLt.so.12 libcufft.so.11 libcusolver.so.11 libcusparse.so.12 libcudnn.so.9
pair --env VIRTUAL_ENV=/home/u/tf --env LD_LIBRARY_PATH=$L <<'EOF'
$ nvidia-smi
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 520.61.05    Driver Version: 520.61.05    CUDA Version: 11.8     |
|-------------------------------+----------------------+----------------------+
|   0  NVIDIA A10          Off  | 00000000:00:05.0 Off |                    0 |
+-------------------------------+----------------------+----------------------+
$ pip freeze | grep tensorflow
tensorflow==2.18.0
$ python -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
[]
EOF

[ "$PAIRS" -eq 7 ] || fail "7 pairs expected, $PAIRS ran"
exit 0
