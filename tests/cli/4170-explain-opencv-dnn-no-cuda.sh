#!/bin/sh
# 4170-explain-opencv-dnn-no-cuda: OpenCV's Net::setUpNet (modules/dnn/src/net_impl.cpp, 4.8.0) prints
# "DNN module was not built with CUDA backend; switching to CPU" only for a build without the DNN
# module's CUDA backend: a CPU build of that library (GD211).  Built with the backend, "unable to use
# CUDA backend; switching to CPU" means no CUDA device answered: no build cause, the driver or the GPU.
# Log: tests/explain/opencv-dnn-no-cuda.log (written for this test in OpenCV 4.8's log format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/opencv-dnn-no-cuda.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "opencv_dnn_without_cuda" and .first_line == 4)'
expect_json '.hypotheses[0].code == "GD211" and .hypotheses[0].kind == "cpu_only_build"'
expect_json '.findings[0].evidence | any(.line == 4)'

# The build with the backend, no device: not a CPU build.
sed 's/DNN module was not built with CUDA backend/unable to use CUDA backend/' \
    "$GD_TESTS/explain/opencv-dnn-no-cuda.log" >"$CASE_DIR/nodev.log"
gd explain --json "$CASE_DIR/nodev.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "opencv_dnn_no_cuda_device")'
expect_json 'all(.hypotheses[]; .kind != "cpu_only_build")'
expect_json 'any(.hypotheses[]; .code == "GD208")'
