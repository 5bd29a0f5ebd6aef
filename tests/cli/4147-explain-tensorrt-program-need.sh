#!/bin/sh
# 4147-explain-tensorrt-program-need: TensorRT (libnvinfer) is optional for a framework (TensorFlow's
# TF-TRT: its absence is harmless, GD401), but a program the log names no framework of that the
# dynamic linker refuses to start without libnvinfer (a tool built against TensorRT: trtexec,
# onnx2trt) needs it: a library not found (GD203), never "harmless".  It ranks below "installed, not
# on the loader path" (GD204, h32b): TensorRT's tar and zip packages keep libnvinfer in their own
# lib directory, which the loader searches only when LD_LIBRARY_PATH names it (the corpus' onnx2trt
# logs 0255 and 0257 were both that).  Log: tests/explain/tensorrt-tool-libnvinfer.log (written for
# this test from glibc's ld.so message).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tensorrt-tool-libnvinfer.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD204" and (.hypotheses[0].why | contains("libnvinfer.so.8"))'
expect_json 'any(.hypotheses[]; .code == "GD203" and (.why | contains("libnvinfer.so.8")))'
expect_json 'all(.hypotheses[]; .kind != "harmless_noise")'
expect_json 'all(.findings[]; .code != "GD401")'

# TensorFlow's dlopen of the same library: optional, harmless, no cause.
printf '%s\n' "2023-01-11 23:41:17.152265: W tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libnvinfer.so.8'; dlerror: libnvinfer.so.8: cannot open shared object file: No such file or directory" \
    "2023-01-11 23:41:17.152300: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Cannot dlopen some TensorRT libraries. If you would like to use Nvidia GPU with TensorRT, please make sure the missing libraries mentioned above are installed properly." >"$CASE_DIR/tf.log"
gd explain --json "$CASE_DIR/tf.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "harmless_noise"'
expect_json 'all(.hypotheses[]; .kind != "missing_other_cuda_lib")'
