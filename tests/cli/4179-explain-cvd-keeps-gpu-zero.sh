#!/bin/sh
# 4179-explain-cvd-keeps-gpu-zero: torch's "No CUDA GPUs are available" (torch/cuda/__init__.py
# _lazy_init, cudaGetDeviceCount gave cudaErrorNoDevice) with CUDA_VISIBLE_DEVICES set on the
# command line.  CUDA keeps the devices the variable lists up to its first invalid index (CUDA C++
# Programming Guide, "CUDA Environment Variables"), so a list that begins with 0 keeps GPU 0
# wherever there is one: it cannot be why CUDA counts none, and explain must not say it "names no
# GPU this machine has" (GD108).  A list that begins with 1 can hide a one-GPU machine's only GPU:
# GD108 stays first there.
# Log: tests/explain/cvd-zero-no-gpus.log (written for this test in torch's traceback format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cvd-zero-no-gpus.log"
expect_rc 0
expect_json '.hypotheses[0].code != "GD108"'
expect_json '[.hypotheses[] | select(.code == "GD108" and (.why | contains("names no GPU")))] | length == 0'
expect_json '.hypotheses[0].code == "GD403" and (.hypotheses[0].why | contains("keeps GPU 0 visible"))'

sed 's/CUDA_VISIBLE_DEVICES=0 /CUDA_VISIBLE_DEVICES=0,1 /' "$GD_TESTS/explain/cvd-zero-no-gpus.log" >"$CASE_DIR/list.log"
gd explain --json "$CASE_DIR/list.log"
expect_rc 0
expect_json '.hypotheses[0].code != "GD108"'

sed 's/CUDA_VISIBLE_DEVICES=0 /CUDA_VISIBLE_DEVICES=1 /' "$GD_TESTS/explain/cvd-zero-no-gpus.log" >"$CASE_DIR/one.log"
gd explain --json "$CASE_DIR/one.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD108" and (.hypotheses[0].why | contains("=1 names no GPU"))'
