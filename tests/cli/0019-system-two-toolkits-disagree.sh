# Two toolkits; /usr/local/cuda -> 11.8, nvcc on PATH and CUDA_HOME -> 12.1,
# LD_LIBRARY_PATH -> 11.8.
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 535.104.05
mkdriver 535.104.05
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
cuda_toolkit /usr/local/cuda-11.8 11.8.89
cuda_toolkit /usr/local/cuda-12.1 12.1.105
link /usr/local/cuda-11.8 /usr/local/cuda
gdcheck --json --env PATH=/usr/local/cuda-12.1/bin:/usr/bin --env CUDA_HOME=/usr/local/cuda-12.1 \
    --env LD_LIBRARY_PATH=/usr/local/cuda/lib64
expect_rc 0
expect_json '.cuda_toolkits | length == 2'
expect_json '[.cuda_toolkits[].version] | sort == ["11.8.89", "12.1.105"]'
expect_json '[.findings[] | select(.code == "GD109" and .kind == "multiple_cuda_conflict")] | length == 1'
expect_json '.findings[] | select(.code == "GD109") | .evidence | length >= 3'
gdcheck -v --env PATH=/usr/local/cuda-12.1/bin:/usr/bin --env CUDA_HOME=/usr/local/cuda-12.1 \
    --env LD_LIBRARY_PATH=/usr/local/cuda/lib64
expect_text "nvcc on PATH -> CUDA 12.1.105"
expect_text "/usr/local/cuda -> CUDA 11.8.89"
# All pointing at one toolkit: no conflict.
gdcheck --json --env PATH=/usr/local/cuda/bin:/usr/bin --env CUDA_HOME=/usr/local/cuda-11.8
expect_json '[.findings[] | select(.code == "GD109")] | length == 0'
