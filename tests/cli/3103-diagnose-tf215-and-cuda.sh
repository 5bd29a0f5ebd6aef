# TensorFlow 2.15 installed as tensorflow[and-cuda]: the nvidia wheels, found
# through the module's RUNPATH.  Healthy: GPU yes, no error finding, exit 0.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x2330
cuda_toolkit /usr/local/cuda-11.8 11.8.89
venv /home/u/tf215 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.2.140
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.2.5.6
mklib "$SITE/nvidia/cublas/lib/libcublasLt.so.12" libcublasLt.so.12
nvwheel cufft libcufft.so.11 nvidia-cufft-cu12 11.0.8.103
nvwheel cusolver libcusolver.so.11 nvidia-cusolver-cu12 11.5.2.141
nvwheel cusparse libcusparse.so.12 nvidia-cusparse-cu12 12.1.2.141
nvwheel cudnn libcudnn.so.8 nvidia-cudnn-cu12 8.9.4.25
tensorflow 2.15.0 12.2 8 "$(tf_rpath cublas cuda_runtime cudnn cufft cusolver cusparse nccl)"
gdcheck --json --env VIRTUAL_ENV=/home/u/tf215
expect_rc 0
expect_json "$(v tensorflow) | .gpu == \"yes\""
expect_json "$(v tensorflow) | [.needs[].step] | all(. == \"runpath\")"
expect_json "$(v tensorflow) | .needs[] | select(.role == \"cudart\") | .resolved_path == \"/home/u/tf215/lib/python3.11/site-packages/tensorflow/python/../../nvidia/cuda_runtime/lib/libcudart.so.12\" and .version == \"12.2.140\""
expect_json '[.findings[] | select(.severity == "error")] | length == 0'
# Its own CUDA runtime, not the 11.8 toolkit: worth a note, not an error.
expect_json '[.findings[] | select(.code == "GD215" and .severity == "info")] | length == 1'
gdcheck --env VIRTUAL_ENV=/home/u/tf215
expect_text "tensorflow 2.15.0 (venv /home/u/tf215): GPU YES"
