#!/bin/sh
# 4200-explain-same-as-check-machine: the machine causes (no driver, a driver
# too old, a hidden GPU, WSL2, nouveau, a driver/library mismatch, the stub
# libcuda): each fixture machine to check and a log of the same machine to
# explain give the same finding codes (tests/cli/pairs.inc).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/pairs.inc"
command -v jq >/dev/null || skip "jq is not installed"

# The user-space driver is installed, the kernel module is not loaded (GD101).
# nvidia-smi's own message (docs.nvidia.com/deploy/nvidia-smi).
newmachine smi-failed
osrelease
mkdriver 535.104.05
gpu 0000:01:00.0 0x2684
pair <<'EOF'
$ nvidia-smi
NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.
EOF

# No driver at all under torch (GD101): lspci shows the GPU (pciutils, names
# from pci.ids); torch/cuda/__init__.py _check_driver.
newmachine no-driver-torch
osrelease
gpu 0000:01:00.0 0x2684
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
torch 2.1.0+cu121 12.1 libcudart.so.12
pair --env VIRTUAL_ENV=/home/u/pt <<'EOF'
$ lspci | grep -i nvidia
01:00.0 VGA compatible controller: NVIDIA Corporation AD102 [GeForce RTX 4090] (rev a1)
>>> import torch; torch.zeros(1).cuda()
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
  File "/home/u/pt/lib/python3.11/site-packages/torch/cuda/__init__.py", line 298, in _lazy_init
    torch._C._cuda_init()
RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx
$ pip list | grep torch
torch                    2.1.0+cu121
EOF

# The driver is too old for torch's cu121 build (GD208): nvidia-smi's header,
# torch/cuda/__init__.py _check_driver's "found version" (cudaDriverGetVersion).
newmachine torch-old-driver
machine 470.82.01 0x2684
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
torch 2.1.0+cu121 12.1 libcudart.so.12
pair --env VIRTUAL_ENV=/home/u/pt <<'EOF'
$ nvidia-smi
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |
|-------------------------------+----------------------+----------------------+
|   0  NVIDIA GeForce RTX 4090  Off  | 00000000:01:00.0 Off |                  N/A |
+-------------------------------+----------------------+----------------------+
$ python -c "import torch; torch.zeros(1).cuda()"
  File "/home/u/pt/lib/python3.11/site-packages/torch/cuda/__init__.py", line 298, in _lazy_init
    torch._C._cuda_init()
RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.
$ pip list | grep torch
torch                    2.1.0+cu121
EOF

# CUDA_VISIBLE_DEVICES hides every GPU (GD108): the shell's command line, and
# torch/cuda/__init__.py _lazy_init's "No CUDA GPUs are available".
newmachine cvd-empty
machine 535.104.05 0x2684
pair --env CUDA_VISIBLE_DEVICES= <<'EOF'
$ CUDA_VISIBLE_DEVICES= python train.py
Traceback (most recent call last):
  File "/home/u/train.py", line 3, in <module>
    model.cuda()
RuntimeError: No CUDA GPUs are available
EOF

# WSL2 without the Windows driver's libcuda (GD110): uname -r shows WSL2's
# kernel; torch/cuda/__init__.py _check_driver finds no driver.
newmachine wsl-no-libcuda
osrelease 5.15.153.1-microsoft-standard-WSL2
pair <<'EOF'
$ uname -r
5.15.153.1-microsoft-standard-WSL2
$ python -c "import torch; print(torch.zeros(1).cuda())"
RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx
EOF

# nouveau owns the GPU (GD104): the NVIDIA module's probe in dmesg
# (open-gpu-kernel-modules kernel-open/nvidia/nv-pci.c).
newmachine nouveau
osrelease
gpu 0000:01:00.0 0x1b80
mkd sys/module/nouveau
pair <<'EOF'
$ sudo dmesg | grep -i nvrm
[    4.812345] NVRM: The NVIDIA probe routine was not called for 1 device(s).
[    4.812350] NVRM: This can occur when a driver such as:
[    4.812351] NVRM: nouveau, rivafb, nvidiafb or rivatv was loaded and obtained ownership of the NVIDIA device(s).
EOF

# The kernel module and the user-space driver differ (GD103): NVML's error in
# nvidia-smi, and the module's API check in dmesg
# (open-gpu-kernel-modules src/nvidia/arch/nvalloc/unix/src/osapi.c).
newmachine nvml-mismatch
osrelease
kmod 535.104.05
mkdriver 550.54.15
gpu 0000:01:00.0 0x2204
devnodes nvidiactl nvidia0 nvidia-uvm
pair <<'EOF'
$ nvidia-smi
Failed to initialize NVML: Driver/library version mismatch
NVML library version: 550.54
$ sudo dmesg | grep NVRM
[2140090.470492] NVRM: API mismatch: the client has the version 550.54.15, but
                 NVRM: this kernel module has the version 535.104.05.  Please
                 NVRM: make sure that this kernel module and all NVIDIA driver
                 NVRM: components have the same version.
EOF

# The toolkit's stub libcuda is what dlopen gets (GD106): LD_LIBRARY_PATH names
# lib64/stubs; the path the loader reports (glibc's dlerror, via ctypes).
newmachine stub-libcuda
machine 535.104.05 0x2684
mklib /opt/cuda-12.1/lib64/stubs/libcuda.so libcuda.so.1
link libcuda.so /opt/cuda-12.1/lib64/stubs/libcuda.so.1
pair --env LD_LIBRARY_PATH=/opt/cuda-12.1/lib64/stubs <<'EOF'
$ python -c "from ctypes import CDLL; CDLL('libcuda.so.1').cuInit_v2"
AttributeError: /opt/cuda-12.1/lib64/stubs/libcuda.so: undefined symbol: cuInit_v2
EOF

[ "$PAIRS" -eq 8 ] || fail "8 pairs expected, $PAIRS ran"
exit 0
