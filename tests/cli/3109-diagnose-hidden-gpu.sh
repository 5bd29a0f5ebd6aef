# A healthy torch, but CUDA_VISIBLE_DEVICES=-1: every framework says no,
# because of the machine finding.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2330
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.4.127
nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.1.0.70
torch 2.4.0+cu124 12.4 libcudart.so.12 libcudnn.so.9
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json "$(v torch) | .gpu == \"yes\""
gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env CUDA_VISIBLE_DEVICES=-1
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD108\") != null)"
