# torch 2.4 cu118 on an RTX 5090-class GPU (compute capability 12.0): its
# architecture list stops long before, so "no kernel image is available".
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
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
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json '.gpus[0].name == "NVIDIA GeForce RTX 5090"'
expect_json '.gpus[0].compute_capability == "12.0"'
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\""
expect_json '[.findings[] | select(.code == "GD209" and .kind == "gpu_arch_unsupported")] | length == 1'
