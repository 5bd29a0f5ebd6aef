# WSL2 with only the Windows driver's libraries and torch cu121 from pip.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
osrelease 5.15.153.1-microsoft-standard-WSL2
mklib /usr/lib/wsl/lib/libcuda.so.1.1 libcuda.so.1
link libcuda.so.1.1 /usr/lib/wsl/lib/libcuda.so.1
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
nvwheel cudnn libcudnn.so.8 nvidia-cudnn-cu12 8.9.2.26
torch 2.1.0+cu121 12.1 libcudart.so.12 libcudnn.so.8
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json '.system.wsl == 2'
expect_json "$(v torch) | .gpu != \"no\""
expect_json '[.findings[] | select(.severity == "error")] | length == 0'
