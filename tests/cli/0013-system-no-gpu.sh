# No NVIDIA device on the PCI bus (another vendor's GPU only): GD102.
. "$GD_TESTS/cli/lib.sh"
osrelease
put /sys/bus/pci/devices/0000:00:02.0/vendor 0x8086
put /sys/bus/pci/devices/0000:00:02.0/class 0x030000
put /sys/bus/pci/devices/0000:00:02.0/device 0x9a49
gdcheck --json
expect_rc 1
expect_json '.gpus == []'
expect_json '[.findings[] | select(.kind == "no_gpu")] | length == 1'
expect_json '[.findings[] | select(.kind == "no_driver")] | length == 0'
# Without /sys at all (a container image), GPUs are unknown, not absent.
rm -rf "$ROOT/sys"
gdcheck --json
expect_json '[.findings[] | select(.kind == "no_gpu")] | length == 0'
expect_json '.checklist[] | select(.step == "NVIDIA GPU present") | .status == "unknown"'
