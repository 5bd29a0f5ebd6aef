#!/bin/sh
# 4142-explain-wsl-no-device: CUDA_ERROR_NO_DEVICE on WSL 2 (named in words, lower case) ranks the WSL
# driver path (GD110: CUDA reaches the GPU only through the Windows driver's libcuda in
# /usr/lib/wsl/lib) above "no usable GPU"; off WSL "no usable GPU" stays first.
# Log: tests/explain/wsl-cuinit-no-device.log (Numba's CudaAPIError format, written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/wsl-cuinit-no-device.log"
expect_rc 0
expect_json '.facts.os == "wsl"'
expect_json 'any(.facts.cuda_errors[]; .name == "CUDA_ERROR_NO_DEVICE" and .number == 100)'
expect_json '.hypotheses[0].code == "GD110" and .hypotheses[0].kind == "wsl_driver_issue"'
expect_json 'any(.hypotheses[1:][]; .kind == "no_gpu")'

grep -v 'wsl2' "$GD_TESTS/explain/wsl-cuinit-no-device.log" >"$CASE_DIR/linux.log"
gd explain --json "$CASE_DIR/linux.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "no_gpu"'
expect_json 'all(.hypotheses[]; .code != "GD110")'
