# plan over the framework registry (issue 27) with the chooser the fix
# engine uses: every framework check judges plans, --cuda is held to what
# the route takes (data/cuda_compat.kb, issue 30), and a release's Python
# range is its own.
. "$GD_TESTS/cli/lib.sh"

# ONNX Runtime documents any CUDA 12.x for its CUDA 12 builds, 13.x for 13.
gd plan --framework onnxruntime --cuda 12.4 --json
expect_rc 0
expect_json '(.cuda | startswith("12.")) and .route == "system"'
expect_json '[.notes[] | select(.topic == "cuda" and (.source // "" | test("onnxruntime.ai")))] | length == 1'
gd plan --framework onnxruntime --cuda 13.2
expect_rc 0
expect_text "cuda         13.0 (any 13.x)"
gd plan --framework onnxruntime --version 1.18.1 --cuda 12.2 --json
expect_rc 0
expect_json '.version == "1.18.1"'
# JAX's wheels: CUDA 12.1 or a newer 12.x.
gd plan --framework jax --cuda 12.4 --json
expect_rc 0
expect_json '.variant == "cuda12" and .cuda == "12.1"'
gd plan --framework jax --cuda 12.4
expect_text "cuda         12.1 or newer (pip wheels)"
# jax 0.6.0's own setup.py takes Python 3.10 (the 0.6-0.7 row's newest needs 3.11).
gd plan --framework jax --version 0.6.0 --python 3.10 --json
expect_rc 0
expect_json '.version == "0.6.0" and .python == "3.10 or newer"'
# TensorFlow on the system's CUDA 12.4: a release tested with 12.3 loads libcudart.so.12.
gd plan --framework tensorflow --cuda 12.4 --json
expect_rc 0
expect_json '.route == "system" and .requirement == "tensorflow==2.17.0"'
# CuPy and Paddle.
gd plan --framework cupy --driver 550.54.14 --python 3.12 --json
expect_rc 0
expect_json '.variant == "cupy-cuda12x" and (.commands.pip | test("\"cupy-cuda12x\\[ctk\\]==[0-9.*]+\"$"))'
gd plan --framework cupy --driver 550.54.14 --python 3.12 --dockerfile
expect_rc 0
expect_text "FROM python:3.12-slim"
gd plan --framework paddle --driver 550.54.14 --json
expect_rc 0
expect_json '.route == "pip" and (.index_url | test("paddlepaddle.org.cn/packages/stable/cu[0-9]+/$"))'
gd plan --framework paddle --driver 550.54.14 --requirements
expect_rc 0
expect_text "--index-url https://www.paddlepaddle.org.cn/packages/stable/"
expect_no_text "extra-index-url"
gd plan --framework paddle --version 2.6 --cuda 12.0
expect_rc 0
expect_text 'python3 -m pip install "paddlepaddle-gpu==2.6.2.post120" -f https://www.paddlepaddle.org.cn/whl/linux/mkl/avx/stable.html'
# XGBoost (data/xgboost.kb): the CUDA runtime is in its wheel, so the driver
# picks the CUDA major: 535 runs CUDA 12 only, and xgboost 3.4 is a CUDA 13
# build, so its CUDA 12 twin xgboost-cu12; 580 takes xgboost itself; 470
# (CUDA 11.4) the last CUDA 11.8 build, 2.1.3.
gd plan --framework xgboost --driver 535.104.05 --python 3.12 --json
expect_rc 0
expect_json '.variant == "xgboost-cu12" and .requirement == "xgboost-cu12==3.4.*" and .route == "pip" and .cuda == "12.9"'
gd plan --framework xgboost --driver 580.65.06 --python 3.12 --json
expect_rc 0
expect_json '.requirement == "xgboost==3.4.*" and .cuda == "13.0"'
gd plan --framework xgboost --driver 470.223.02 --python 3.10
expect_rc 0
expect_text 'python3 -m pip install "xgboost==2.1.3"'
expect_text "min driver   450.80.02 (minor-version compatibility)"
# An unknown framework names the registry's.
gd plan --framework caffe
expect_rc 2
expect_err "tensorflow, torch, jax, onnxruntime, cupy, paddle or xgboost"
