# Kernel module 535 loaded, user-space 550 installed (upgrade without reboot).
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 535.104.05
mkdriver 550.54.15
gpu 0000:01:00.0 0x2204
devnodes nvidiactl nvidia0 nvidia-uvm
gdcheck --json
expect_rc 1
expect_json '.driver.kernel_module_version == "535.104.05" and .driver.version == "550.54.15"'
expect_json '[.findings[] | select(.code == "GD103" and .kind == "driver_library_mismatch")] | length == 1'
expect_json '.findings[] | select(.code == "GD103") | .evidence | map(.path) | index("/proc/driver/nvidia/version") != null'
gdcheck
expect_text "Driver/library version mismatch"
expect_text "sudo reboot"
