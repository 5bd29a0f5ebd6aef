# cuInit never returns: the timeout fires, the child is killed, gpudoctor
# reports where it hung and exits in time; NVML's answers still arrive.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="hang=cuInit"
t0=$(date +%s)
gdprobe --timeout 1 --json
t1=$(date +%s)
expect_rc 1
[ $((t1 - t0)) -le 4 ] || fail "probe took $((t1 - t0)) s with --timeout 1"
expect_json '.probe.child.end == "timeout" and .probe.child.in_flight == "cuInit"'
expect_json '[.findings[].code] == ["GD511"]'
expect_json '.probe.driver.version == "550.54.15" and .probe.nvml.device_count == 2'
export GD_FAKE_DRIVER="hang=nvmlInit"
gdprobe --timeout 1
expect_rc 1
expect_text "the driver did not answer within 1 s: it hangs in nvmlInit_v2"
gd probe --timeout 0
expect_rc 2
