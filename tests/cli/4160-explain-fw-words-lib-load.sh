#!/bin/sh
# 4160-explain-fw-words-lib-load: a library a framework says in its own words it could not load is that
# framework's loader answer, judged by check's library rules: TensorFlow 1.x's dso_loader "Couldn't open
# CUDA library X. LD_LIBRARY_PATH: ..." (tensorflow/stream_executor/dso_loader.cc, v1.0-v1.12), Paddle's
# "The third-party dynamic library (X) that Paddle depends on is not configured correctly"
# (paddle/phi/backends/dynload/dynamic_loader.cc), and ONNX Runtime's provider library for a provider
# other than CUDA's (provider_bridge_ort.cc).  Log: tests/explain/fw-words-lib-load.log (written from the
# source's format strings).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/fw-words-lib-load.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "libcudnn.so.5" and .via == "tensorflow" and .loaded == false and .line == 3)'
expect_json '.facts.ld_library_path.value == "/usr/local/cuda-8.0/lib64"'
expect_json 'any(.hypotheses[]; .code == "GD202" and .judged)'

# Paddle 2.x, Linux: its dynload names the file and the loader's error
printf '%s\n' 'W0623 12:29:30.035391 62732 dynamic_loader.cc:305] The third-party dynamic library (libcudnn.so) that Paddle depends on is not configured correctly. (error code is /usr/local/cuda/lib64/libcudnn.so: cannot open shared object file: No such file or directory)' >"$CASE_DIR/paddle.log"
gd explain --json "$CASE_DIR/paddle.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "libcudnn.so" and .via == "paddle")'
expect_json '.hypotheses[0].kind == "missing_cudnn" or .hypotheses[0].kind == "library_path_not_set"'

# Paddle on Windows: the code is LoadLibrary's
printf '%s\n' 'PreconditionNotMetError: The third-party dynamic library (cublas64_11.dll) that Paddle depends on is not configured correctly. (error code is 126)' >"$CASE_DIR/paddle-win.log"
gd explain --json "$CASE_DIR/paddle-win.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "cublas64_11.dll" and .via == "paddle" and .error == "126")'
expect_json 'any(.hypotheses[:3][]; .kind == "missing_other_cuda_lib")'

# ONNX Runtime's TensorRT provider: the library its dlerror names is recorded as ONNX Runtime's
printf '%s\n' '2024-03-01 10:00:00.123456 [E:onnxruntime:Default, provider_bridge_ort.cc:1548 TryGetProviderInfo_TensorRT] /onnxruntime_src/onnxruntime/core/session/provider_bridge_ort.cc:1209 onnxruntime::Provider& onnxruntime::ProviderLibrary::Get() [ONNXRuntimeError] : 1 : FAIL : Failed to load library libonnxruntime_providers_tensorrt.so with error: libnvinfer.so.8: cannot open shared object file: No such file or directory' >"$CASE_DIR/ort-trt.log"
gd explain --json "$CASE_DIR/ort-trt.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "libnvinfer.so.8" and .via == "onnxruntime")'
