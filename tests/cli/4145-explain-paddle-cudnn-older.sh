#!/bin/sh
# 4145-explain-paddle-cudnn-older: Paddle's "The installed Paddle is compiled with CUDNN X, but CUDNN
# version in your machine is Y" (paddle/phi/backends/gpu/gpu_resources.cc: it read the machine's
# cuDNN with cudnnGetVersion, so a cuDNN is installed) makes a cuDNN library failing in the same log
# that other cuDNN's (GD207) rather than cuDNN missing; the warning alone is no cause (the GPU often
# works with it).  Log: tests/explain/paddle-cudnn-older-lib-fails.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/paddle-cudnn-older-lib-fails.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "paddle_cudnn_older" and .first_line == 3)'
expect_json '.hypotheses[0].code == "GD207" and .hypotheses[0].kind == "cudnn_version_mismatch"'
expect_json 'any(.hypotheses[1:][]; .kind == "missing_cudnn")'

# Without the warning the library is missing first.
grep -v 'installed Paddle' "$GD_TESTS/explain/paddle-cudnn-older-lib-fails.log" >"$CASE_DIR/nowarn.log"
gd explain --json "$CASE_DIR/nowarn.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "missing_cudnn"'

# The warning alone decides nothing.
grep -v 'Could not load' "$GD_TESTS/explain/paddle-cudnn-older-lib-fails.log" >"$CASE_DIR/warn.log"
gd explain --json "$CASE_DIR/warn.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .code != "GD207")'
