#!/bin/sh
# 4202-explain-same-as-check-jax-ort-cupy-paddle: JAX, ONNX Runtime, CuPy and
# PaddlePaddle builds: each fixture machine to check and a log of the same
# machine to explain give the same finding codes (tests/cli/pairs.inc).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/pairs.inc"
command -v jq >/dev/null || skip "jq is not installed"

# stubmod OUT SONAME...: a real module at $ROOT/OUT that links those sonames.
stubmod() {
    _o=$1; shift
    mkdir -p "$CASE_DIR/stubs.$PAIR" "$(dirname "$ROOT/$_o")"
    _l=""
    for _so in "$@"; do
        printf 'int x(void) { return 0; }\n' >"$CASE_DIR/s.c"
        $CC -shared -fPIC -o "$CASE_DIR/stubs.$PAIR/$_so" -Wl,-soname,"$_so" "$CASE_DIR/s.c" || fail "stub $_so"
        _l="$_l -l:$_so"
    done
    printf 'int m(void) { return 1; }\n' >"$CASE_DIR/m.c"
    # shellcheck disable=SC2086
    $CC -shared -fPIC -o "$ROOT/$_o" "$CASE_DIR/m.c" -Wl,--no-as-needed -L"$CASE_DIR/stubs.$PAIR" $_l ||
        fail "cannot link $_o"
}

# jaxlib without a CUDA plugin (GD211): jax/_src/xla_bridge.py, jax.print_environment_info().
newmachine jax-cpu
machine 550.54.15 0x2684
venv /home/u/jx 3.11
dist "$SITE" jax 0.4.30
put "$SITE/jax/__init__.py" ""
dist "$SITE" jaxlib 0.4.30
pair --env VIRTUAL_ENV=/home/u/jx <<'EOF'
WARNING:2025-06-10 09:01:40,857:jax._src.xla_bridge:966: An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed. Falling back to cpu.
jax:    0.4.30
jaxlib: 0.4.30
EOF

# The CUDA plugin of another release than jaxlib (GD213): jaxlib/plugin_support.py.
newmachine jax-skew
machine 550.54.15 0x2684
venv /home/u/jx 3.11
dist "$SITE" jax 0.4.30
put "$SITE/jax/__init__.py" ""
dist "$SITE" jaxlib 0.4.30
dist "$SITE" jax-cuda12-plugin 0.4.31
dist "$SITE" jax-cuda12-pjrt 0.4.31
pair --env VIRTUAL_ENV=/home/u/jx <<'EOF'
/home/u/jx/lib/python3.11/site-packages/jaxlib/plugin_support.py:71: RuntimeWarning: JAX plugin jax_cuda12_plugin version 0.4.31 is installed, but it is not compatible with the installed jaxlib version 0.4.30, so it will not be used.
  warnings.warn(
jax:    0.4.30
jaxlib: 0.4.30
EOF

# The CPU package of ONNX Runtime (GD211): onnxruntime/python/onnxruntime_inference_collection.py.
newmachine ort-cpu
machine 550.54.15 0x2684
venv /home/u/ort 3.11
dist "$SITE" onnxruntime 1.18.0
put "$SITE/onnxruntime/__init__.py" ""
pair --env VIRTUAL_ENV=/home/u/ort <<'EOF'
/home/u/ort/lib/python3.11/site-packages/onnxruntime/capi/onnxruntime_inference_collection.py:69: UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names.Available providers: 'AzureExecutionProvider, CPUExecutionProvider'
$ pip list | grep onnxruntime
onnxruntime              1.18.0
EOF

# onnxruntime-gpu 1.17's CUDA 11 provider on a CUDA 12 machine (GD206):
# onnxruntime/core/session/provider_bridge_ort.cc, and nvcc --version.
newmachine ort-cuda11-on-12
machine 550.54.15 0x2684
cuda_toolkit /usr/local/cuda-12.1 12.1.105
mklib /usr/local/cuda-12.1/lib64/libcublasLt.so.12 libcublasLt.so.12
venv /home/u/ort 3.11
dist "$SITE" onnxruntime-gpu 1.17.0
put "$SITE/onnxruntime/__init__.py" ""
stubmod "$SITE/onnxruntime/capi/libonnxruntime_providers_cuda.so" libcudart.so.11.0 libcublasLt.so.11 libcudnn.so.8
pair --env VIRTUAL_ENV=/home/u/ort <<'EOF'
2024-05-20 10:00:00.000 [E:onnxruntime:Default, provider_bridge_ort.cc:1548 TryGetProviderInfo_CUDA] /onnxruntime_src/onnxruntime/core/session/provider_bridge_ort.cc:1209 onnxruntime::Provider& onnxruntime::ProviderLibrary::Get() [ONNXRuntimeError] : 1 : FAIL : Failed to load library libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared object file: No such file or directory
$ nvcc --version
nvcc: NVIDIA (R) Cuda compiler driver
Cuda compilation tools, release 12.1, V12.1.105
$ pip list | grep onnxruntime
onnxruntime-gpu          1.17.0
EOF

# cupy-cuda12x on a CUDA 11.4 driver (GD208): nvidia-smi's header, and
# cupy_backends/cuda/api/runtime.pyx's CUDARuntimeError.
newmachine cupy-old-driver
machine 470.223.02 0x2684
cuda_toolkit /usr/local/cuda-12.2 12.2.140
mklib /usr/local/cuda-12.2/lib64/libcublas.so.12 libcublas.so.12
venv /home/u/cp 3.11
dist "$SITE" cupy-cuda12x 13.3.0
put "$SITE/cupy/__init__.py" ""
stubmod "$SITE/cupy_backends/cuda/api/runtime.cpython-311-x86_64-linux-gnu.so" libcudart.so.12 libcublas.so.12
pair --env VIRTUAL_ENV=/home/u/cp --env LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64 <<'EOF'
$ nvidia-smi
| NVIDIA-SMI 470.223.02   Driver Version: 470.223.02   CUDA Version: 11.4     |
Traceback (most recent call last):
  File "/home/u/k.py", line 2, in <module>
    x = cp.arange(10)
cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version
$ pip freeze | grep cupy
cupy-cuda12x==13.3.0
EOF

# PaddlePaddle's CPU package (GD211): paddle/fluid/pybind/pybind.cc's error.
newmachine paddle-cpu
machine 550.54.15 0x2684
venv /home/u/pd 3.10
dist "$SITE" paddlepaddle 2.6.1
put "$SITE/paddle/__init__.py" ""
pair --env VIRTUAL_ENV=/home/u/pd <<'EOF'
E0714 16:34:40.972663 31948 pybind.cc:1277] Cannot use GPU because you have installed CPU version PaddlePaddle.
If you want to use GPU, please try to install GPU version PaddlePaddle by: pip install paddlepaddle-gpu
If you only have CPU, please change CUDAPlace(0) to be CPUPlace().
$ pip list | grep paddle
paddlepaddle             2.6.1
EOF

# paddlepaddle-gpu's CUDA 12.0 build on a CUDA 11.4 driver (GD208): nvidia-smi, pip.
newmachine paddle-old-driver
machine 470.223.02 0x2684
venv /home/u/pd 3.10
dist "$SITE" paddlepaddle-gpu 2.6.1.post120
put "$SITE/paddle/__init__.py" ""
pair --env VIRTUAL_ENV=/home/u/pd <<'EOF'
$ nvidia-smi
| NVIDIA-SMI 470.223.02   Driver Version: 470.223.02   CUDA Version: 11.4     |
$ pip list | grep paddle
paddlepaddle-gpu         2.6.1.post120
EOF

[ "$PAIRS" -eq 7 ] || fail "7 pairs expected, $PAIRS ran"
exit 0
