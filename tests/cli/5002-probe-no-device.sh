# The driver loads but there is no GPU: cuInit says CUDA_ERROR_NO_DEVICE.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="devices=0"
gdprobe --json
expect_rc 1
expect_json '.probe.cuda.result == 100 and .probe.cuda.name == "CUDA_ERROR_NO_DEVICE"'
expect_json '[.findings[].code] == ["GD503"] and .findings[0].kind == "no_gpu"'
gdprobe
expect_rc 1
expect_text "GD503 no_gpu"
expect_text "CUDA_ERROR_NO_DEVICE (100)"
