#!/bin/sh
# gpudoctor ps: jobs that run on the CPU, and why -- the cause is the
# diagnosis of the job's own environment (the one judge): TensorFlow 2.15
# whose cuDNN wheel is missing (the module and the CUDA runtime are mapped,
# libcudnn.so.8 never is: a missing library, named), and torch's CPU-only
# build (its extension module mapped, no libtorch_cuda anywhere).  Real
# chrooted jobs; exit 1.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/ps.inc"
machine 550.54.15 0x2330
ps_glibc

venv /envs/tf 3.11
ps_python /envs/tf 3.11
TFS=$SITE
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.2.140
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.2.5.6
tensorflow 2.15.0 12.2 8 "$(tf_rpath cublas cuda_runtime cudnn cufft cusolver cusparse nccl)"

ps_torch_cpu /envs/cpu 2.3.1+cpu
CPS=$SITE

# TensorFlow loads its module, then what it finds of CUDA, then falls back.
job tf VIRTUAL_ENV=/envs/tf PATH=/envs/tf/bin:/usr/bin -- /envs/tf/bin/python3 \
    --dlopen "$TFS/tensorflow/python/_pywrap_tensorflow_internal.so" \
    --dlopen "$TFS/nvidia/cuda_runtime/lib/libcudart.so.12" --dlopen "$TFS/nvidia/cublas/lib/libcublas.so.12"
T=$PID
job cpu VIRTUAL_ENV=/envs/cpu PATH=/envs/cpu/bin:/usr/bin -- /envs/cpu/bin/python3 \
    --dlopen "$CPS/torch/_C.cpython-311-x86_64-linux-gnu.so"
P=$PID
maps_has $T "$ROOT$TFS/tensorflow/python/_pywrap_tensorflow_internal.so"
maps_has $P "$ROOT$CPS/torch/lib/libtorch_cpu.so"
grep -q libcudnn "/proc/$T/maps" && fail "the TensorFlow job mapped a cuDNN"

gd ps --json $T $P
expect_rc 1
expect_json "$(pj $T) | .state == \"cpu\" and .framework == \"tensorflow 2.15.0 (/envs/tf)\" and .framework_gpu == \"no\""
expect_json "$(pj $T) | .why | test(\"^tensorflow 2.15.0 \\\\(/envs/tf\\\\): \")"
# The missing library is named, from the diagnosis of its environment.
expect_json "[$(pj $T) | .findings[] | select(.code == \"GD903\") | .evidence[].text | select(startswith(\"GD202\"))] | length == 1"
expect_json "$(pj $T) | .libraries[] | select(.role == \"cudnn\") | .mapped == null and .match == \"not_mapped\" and .predicted == null and .name == \"libcudnn.so.8\""
expect_json "$(pj $T) | .libraries[] | select(.role == \"cudart\") | .match == \"agree\""
expect_json ".environments[$(jq "$(pj $T) | .diagnosis" "$OUT")].findings | map(.code) | index(\"GD202\") != null"

expect_json "$(pj $P) | .state == \"cpu\" and .framework == \"torch 2.3.1+cpu (/envs/cpu)\""
expect_json "[$(pj $P) | .findings[] | select(.code == \"GD903\") | .evidence[].text | select(startswith(\"GD211\"))] | length == 1"
expect_json "$(pj $P) | .libraries | length == 0"

gd ps $P
expect_rc 1
expect_text "ON THE CPU: torch 2.3.1+cpu (/envs/cpu): torch 2.3.1+cpu is a CPU-only build"
expect_text "GD211"
