#!/bin/sh
# 4181-explain-xgboost-not-compiled-gpu: XGBoost's AssertGPUSupport (src/common/common.h, 1.6.0)
# LOG(FATAL)s "XGBoost version not compiled with GPU support." when a GPU parameter reaches a
# libxgboost built without XGBOOST_USE_CUDA (conda's CPU build, xgboost-cpu).  logscan makes the log's
# xgboost a CPU build, and check's own judge (fw_xgboost.c) decides GD211, quoting the line.
# Log: tests/explain/xgboost-not-compiled-gpu.log (written for this test in XGBoost's dmlc log format
# as a conda build on Windows prints it).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/xgboost-not-compiled-gpu.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "xgboost_no_gpu" and .first_line == 7)'
expect_json '.facts.os == "windows"'
expect_json '.hypotheses[0].code == "GD211" and .hypotheses[0].kind == "cpu_only_build"'
expect_json '.ranking[0].judged == true and (.ranking[0].why | test("xgboost"))'
expect_json '.ranking[0].evidence | any(.line == 7)'

# XGBoost's other assertion (OneAPI) is no CUDA build message
sed 's/with GPU support/with OneAPI support/' "$GD_TESTS/explain/xgboost-not-compiled-gpu.log" >"$CASE_DIR/oneapi.log"
gd explain --json "$CASE_DIR/oneapi.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .kind != "cpu_only_build")'
