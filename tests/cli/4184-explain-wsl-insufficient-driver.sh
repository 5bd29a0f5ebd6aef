#!/bin/sh
# 4184-explain-wsl-insufficient-driver: on WSL2 the only driver is the Windows one, so "CUDA driver
# version is insufficient for CUDA runtime version" (cudaErrorInsufficientDriver, 35) is the Windows
# driver (or a Windows build without WSL CUDA), fixed on Windows: WSL's driver route (GD110) ranks
# first, "driver too old" (GD208) second.  Off WSL GD208 stays first, whether the log gives the
# message or the error's number (cuda-samples' helper_cuda.h).
# Log: tests/explain/wsl-insufficient-driver.log (written for this test: cuda-samples' vectorAdd).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/wsl-insufficient-driver.log"
expect_rc 0
expect_json '.facts.os == "wsl"'
expect_json '.hypotheses[0].code == "GD110" and .hypotheses[1].code == "GD208"'

# the error's number, as helper_cuda.h prints it
printf '%s\n' '5.10.16.3-microsoft-standard-WSL2' \
    'CUDA error at ../../common/inc/helper_cuda.h:779 code=35(cudaErrorInsufficientDriver) "cudaGetDeviceCount(&device_count)"' \
    >"$CASE_DIR/code.log"
gd explain --json "$CASE_DIR/code.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD110" and .hypotheses[1].code == "GD208"'

# plain Linux: the driver is too old
grep -v microsoft "$CASE_DIR/code.log" >"$CASE_DIR/linux.log"
gd explain --json "$CASE_DIR/linux.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD208"'
