# The driver crashes (SIGSEGV in cuInit): the child dies, gpudoctor reports
# the signal and the call, and what came before the crash.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="crash=cuInit"
gdprobe --json
expect_rc 1
expect_json '.probe.child.end == "signaled" and .probe.child.signal == "SIGSEGV"'
expect_json '.probe.child.in_flight == "cuInit" and .probe.child.complete == false'
expect_json '[.findings[].code] == ["GD512"]'
expect_json '.probe.nvml.device_count == 2'
gdprobe
expect_text "the driver crashed (SIGSEGV in cuInit)"
