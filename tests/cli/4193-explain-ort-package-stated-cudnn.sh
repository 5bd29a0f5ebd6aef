#!/bin/sh
# 4193-explain-ort-package-stated-cudnn: ONNX Runtime's provider DLL that does not load (Windows'
# LoadLibrary error 126, onnxruntime/core/session/provider_bridge_ort.cc) names none of its missing
# dependencies.  The release package's name (GitHub release assets:
# onnxruntime-win-x64-gpu-cuda12-1.17.1.zip) gives the release and its CUDA major, onnxruntime.kb
# the build's cuDNN (1.17 CUDA 12: cuDNN 8), and the cuDNN the paste states ("cuDNN 9.0.0") is of
# another major: cudnn_version_mismatch first.
# Log: tests/explain/ort-cpp-package-cudnn9.log (written for this test in ORT 1.17's log format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort-cpp-package-cudnn9.log"
expect_rc 0
expect_json '.facts.onnxruntime.value == "1.17.1"'
expect_json '.hypotheses[0].code == "GD207" and .hypotheses[0].kind == "cudnn_version_mismatch"'
expect_json '.hypotheses[0].why | test("cuDNN 8") and test("cuDNN 9")'

# The stated cuDNN of the build's major: nothing puts cuDNN first.
sed 's/cuDNN 9\.0\.0/cuDNN 8.9.7/' "$GD_TESTS/explain/ort-cpp-package-cudnn9.log" >"$CASE_DIR/dnn8.log"
gd explain --json "$CASE_DIR/dnn8.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD203"'

# A requirement is no installed cuDNN: "requires cuDNN 9" states none.
sed 's/cuDNN 9\.0\.0/which requires cuDNN 9/' "$GD_TESTS/explain/ort-cpp-package-cudnn9.log" >"$CASE_DIR/req.log"
gd explain --json "$CASE_DIR/req.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD203"'
