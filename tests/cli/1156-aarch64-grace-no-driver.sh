#!/bin/sh
# A Grace node whose NVIDIA driver is not installed (the GPU on the PCI
# bus, no kernel module, no libcuda): GD101 as on x86_64, and Debian's
# install command names the arm64 kernel headers (linux-headers-arm64, the
# metapackage of Debian's arm64 kernels; nvidia-driver is built for arm64
# in bookworm non-free, which this case's libraries come from), not amd64's.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
rm -rf "$ROOT/proc/driver" "$ROOT/sys/module/nvidia" "$ROOT$GR_LIB/nvidia" "$ROOT$GR_LIB/libcuda.so.1" \
    "$ROOT$GR_LIB/libnvidia-ml.so.1" "$ROOT/etc/alternatives" "$ROOT/dev"
put /proc/modules "ext4 1048576 1 - Live 0x0000000000000000"
a64_ldconfig

a64case null libcuda.so.1
gdcheck --json
expect_rc 1
expect_json '[.gpus[] | select(.pci_id == "10de:2330")] | length == 1'
expect_json '[.findings[] | select(.code == "GD101")] | length == 1'
expect_json '[.findings[] | select(.code == "GD101") | .fixes[] | .command // "" | select(test("sudo apt-get install linux-headers-arm64 nvidia-driver firmware-misc-nonfree"))] | length == 1'
expect_json '[.findings[] | .fixes[] | .command // "" | select(test("amd64"))] | length == 0'
