#!/bin/sh
# 4171-explain-dgl-cpu-build: DGL's DeviceAPIManager (src/runtime/c_runtime_api.cc) fails with
# "Device API cuda is not enabled. Please install the cuda version of dgl." when the CPU build (the
# dgl wheel on PyPI) has no CUDA device API: GD211.  Older releases name the device "gpu".
# Log: tests/explain/dgl-cpu-build.log (written for this test in DGL's DGLError format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/dgl-cpu-build.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "dgl_device_api_not_enabled" and .first_line == 8)'
expect_json '.hypotheses[0].code == "GD211" and .hypotheses[0].kind == "cpu_only_build"'
expect_json '.hypotheses[0].why | contains("cuda device API")'

sed 's/Device API cuda/Device API gpu/' "$GD_TESTS/explain/dgl-cpu-build.log" >"$CASE_DIR/gpu.log"
gd explain --json "$CASE_DIR/gpu.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD211" and (.hypotheses[0].why | contains("gpu device API"))'
