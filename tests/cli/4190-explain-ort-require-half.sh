#!/bin/sh
# 4190-explain-ort-require-half: ONNX Runtime's "Failed to create CUDAExecutionProvider. Require
# cuDNN N.* and CUDA M.*" (onnxruntime/python/onnxruntime_pybind_state.cc, 1.17-1.20) names the two
# majors its provider was built for.  The half the machine misses comes first: a cuDNN of another
# major the log shows, else a major long superseded at the log's date (data/cudnn_release.kb: cuDNN 9
# out 2024-02, so cuDNN 8 at 2024-10 is the stale half; CUDA 12 has no successor then).
# Log: tests/explain/ort-require-cudnn8-late.log (written for this test in ORT 1.18's log format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort-require-cudnn8-late.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD207" and .hypotheses[0].kind == "cudnn_version_mismatch"'
expect_json '.hypotheses[0].why | test("cuDNN 9 replaced")'
expect_json 'any(.hypotheses[]; .code == "GD206")'

# Before cuDNN 9 was out the log cannot tell the halves apart: the CUDA half keeps its rank.
sed 's/2024-10-02/2023-10-02/' "$GD_TESTS/explain/ort-require-cudnn8-late.log" >"$CASE_DIR/early.log"
gd explain --json "$CASE_DIR/early.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD206"'
expect_json 'any(.hypotheses[]; .code == "GD207")'

# The log shows cuDNN 8 installed (collect_env's line): the cuDNN half is met, the CUDA half stays first.
{ cat "$GD_TESTS/explain/ort-require-cudnn8-late.log"; echo 'cuDNN version: 8.9.7'; } >"$CASE_DIR/has8.log"
gd explain --json "$CASE_DIR/has8.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD206"'
