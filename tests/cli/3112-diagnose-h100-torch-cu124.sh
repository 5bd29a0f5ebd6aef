# A healthy H100 machine with torch 2.4.0+cu124 and its wheels: yes, exit 0.
# The wheels' libraries are found through libtorch_cuda's DT_RPATH (the
# pip-dependency wheels are patched with --force-rpath: diag.inc's torch).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2330
venv /srv/env 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.4.127
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.4.5.8
nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.1.0.70
nvwheel nccl libnccl.so.2 nvidia-nccl-cu12 2.20.5
torch 2.4.0+cu124 12.4 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_json "$(v torch) | .gpu == \"yes\""
expect_json "$(v torch) | .needs | length == 4"
expect_json "$(v torch) | .needs[] | select(.role == \"cudnn\") | .step == \"rpath\""
expect_json '[.findings[] | select(.severity == "error" or .severity == "warning")] | length == 0'
gdcheck --strict --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_text "torch 2.4.0+cu124 (venv /srv/env): GPU YES"
