# This machine without a driver: probe says so plainly, loads nothing, fast.
. "$GD_TESTS/cli/lib.sh"
gd which libcuda.so.1
[ "$RC" -eq 1 ] || skip "this machine has a libcuda.so.1"
[ -e /usr/lib/wsl/lib/libcuda.so.1 ] && skip "WSL2 driver present"
gd probe
expect_rc 1
expect_text "libcuda.so.1        not found"
expect_text "nothing to load"
expect_text "GD501 no_driver: no NVIDIA driver: libcuda.so.1 is not found"
gd probe --json
expect_rc 1
expect_json '.probe.child.end == "not_run" and .exit_status == 1'
expect_json '[.findings[].code] == ["GD501"]'
