# TensorFlow 2.12 (CUDA 11.8) with CUDA 11.8 installed under /opt but on no
# loader path: the libraries exist, the loader does not look there.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x2684
cuda_toolkit /opt/cuda-11.8 11.8.89
for l in libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusolver.so.11 libcusparse.so.11; do
    mklib "/opt/cuda-11.8/lib64/$l" "$l"
done
mklib /opt/cuda-11.8/lib64/libcudnn.so.8.6.0 libcudnn.so.8
link libcudnn.so.8.6.0 /opt/cuda-11.8/lib64/libcudnn.so.8
venv /home/u/tf 3.10
tensorflow 2.12.0 11.8 8 ""
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_rc 1
expect_json "$(v tensorflow) | .gpu == \"no\""
expect_json '[.findings[] | select(.code == "GD204")] | length == 1'
expect_json '.findings[] | select(.code == "GD204") | .fixes[0].command | test("LD_LIBRARY_PATH=/opt/cuda-11.8/lib64")'
expect_json '[.findings[] | select(.code == "GD206")] | length == 0'
# With the directory on LD_LIBRARY_PATH everything is found: GPU yes.
gdcheck --json --env VIRTUAL_ENV=/home/u/tf --env LD_LIBRARY_PATH=/opt/cuda-11.8/lib64
expect_rc 0
expect_json "$(v tensorflow) | .gpu == \"yes\""
expect_json "$(v tensorflow) | [.needs[].step] | all(. == \"ld_library_path\")"
