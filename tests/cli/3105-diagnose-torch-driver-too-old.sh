# torch 2.1.0+cu121 (CUDA 12 runtime: minor-version compatibility needs
# driver >= 525.60.13) on driver 470: too old.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 470.223.02 0x2204
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.1.3.1
nvwheel cudnn libcudnn.so.8 nvidia-cudnn-cu12 8.9.2.26
torch 2.1.0+cu121 12.1 libcudart.so.12 libcublas.so.12 libcudnn.so.8
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\""
expect_json '[.findings[] | select(.code == "GD208" and .kind == "driver_too_old")] | length == 1'
expect_json '.findings[] | select(.code == "GD208") | .title | test("525.60.13")'
expect_json '.findings[] | select(.code == "GD208") | [.fixes[].command] | any(. != null and test("whl/cu11"))'
expect_json "$(v torch) | [.needs[].resolved_path] | all(. != null)"
