# Two toolkits with cuDNN copied in; LD_LIBRARY_PATH names the one whose
# cuDNN is older than the one TensorFlow 2.12 was built with (8.6).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x2684
for t in 11.2 11.8; do
    cuda_toolkit /usr/local/cuda-$t $t.0
    for l in libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusolver.so.11 libcusparse.so.11; do
        mklib "/usr/local/cuda-$t/lib64/$l" "$l"
    done
done
mklib /usr/local/cuda-11.2/lib64/libcudnn.so.8.1.0 libcudnn.so.8
link libcudnn.so.8.1.0 /usr/local/cuda-11.2/lib64/libcudnn.so.8
mklib /usr/local/cuda-11.8/lib64/libcudnn.so.8.6.0 libcudnn.so.8
link libcudnn.so.8.6.0 /usr/local/cuda-11.8/lib64/libcudnn.so.8
venv /home/u/tf 3.10
tensorflow 2.12.0 11.8 8.6 ""
gdcheck --json --env VIRTUAL_ENV=/home/u/tf --env LD_LIBRARY_PATH=/usr/local/cuda-11.2/lib64:/usr/local/cuda-11.8/lib64
expect_rc 1
expect_json "$(v tensorflow) | .needs[] | select(.role == \"cudnn\") | .resolved_path == \"/usr/local/cuda-11.2/lib64/libcudnn.so.8\" and .version == \"8.1.0\""
expect_json '[.findings[] | select(.code == "GD207" and .kind == "cudnn_version_mismatch")] | length == 1'
gdcheck --json --env VIRTUAL_ENV=/home/u/tf --env LD_LIBRARY_PATH=/usr/local/cuda-11.8/lib64:/usr/local/cuda-11.2/lib64
expect_json '[.findings[] | select(.code == "GD207")] | length == 0'
