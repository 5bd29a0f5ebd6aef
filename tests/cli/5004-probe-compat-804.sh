# Forward-compat libcuda on a GPU that does not support it (804); and its
# cousins 803 (system driver mismatch), 999 (the nvidia_uvm fix) and NVML's
# driver/library mismatch (18) and driver-not-loaded (9).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="cuinit=804"
gdprobe --json
expect_rc 1
expect_json '.probe.cuda.name == "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"'
expect_json '[.findings[].code] == ["GD506"] and .findings[0].kind == "driver_library_mismatch"'
export GD_FAKE_DRIVER="cuinit=803"
gdprobe --json
expect_json '[.findings[].code] == ["GD505"]'
export GD_FAKE_DRIVER="cuinit=999"
gdprobe --json
expect_json '[.findings[].code] == ["GD507"]'
expect_json '.findings[0].fixes[0].command == "sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm"'
export GD_FAKE_DRIVER="nvmlinit=18;cuinit=999"
gdprobe --json
expect_json '[.findings[].code] == ["GD508", "GD507"]'
expect_json '.probe.nvml.name == "NVML_ERROR_LIB_RM_VERSION_MISMATCH"'
export GD_FAKE_DRIVER="nvmlinit=9;cuinit=100"
gdprobe --json
expect_rc 1
expect_json '[.findings[].code] | index("GD509") != null'
