#!/bin/sh
# A Jetson AGX Orin with L4T 35.4.1 (JetPack 5.1.2), examined from this
# x86-64 host: the L4T release from /etc/nv_tegra_release and dpkg's
# nvidia-l4t-core, the SoC and board from the device tree (no PCI GPU), the
# compute capability of its integrated GPU from the kb, and libcuda.so.1
# from nvidia-l4t-cuda in /usr/lib/aarch64-linux-gnu/tegra, named by
# nvidia-tegra.conf and cached by the real AArch64 ldconfig; the real
# AArch64 loader loads that libcuda.so.1 too.  The facts round-trip
# through --facts / --from-facts.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64_sh
T=usr/lib/aarch64-linux-gnu/tegra
a64lib $T/libcuda.so.1.1 libcuda.so.1
ln -sfn libcuda.so.1.1 "$ROOT/$T/libcuda.so.1"
put /etc/ld.so.conf.d/nvidia-tegra.conf "/usr/lib/aarch64-linux-gnu/tegra
/usr/lib/aarch64-linux-gnu/tegra-egl"
a64_ldconfig
a64_l4t_osrelease 35
put /etc/nv_tegra_release "# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref, EABI: aarch64, DATE: Tue Aug  1 19:57:35 UTC 2023
# KERNEL_VARIANT: oot"
put /var/lib/dpkg/status "Package: nvidia-l4t-core
Status: install ok installed
Priority: standard
Section: admin
Architecture: arm64
Source: nvidia-l4t-core
Version: 35.4.1-20230801124926
Description: NVIDIA Core Package"
mkdir -p "$ROOT/proc/device-tree"
printf 'nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0' >"$ROOT/proc/device-tree/compatible"
printf 'NVIDIA Jetson AGX Orin Developer Kit\0' >"$ROOT/proc/device-tree/model"

a64_oracle libcuda.so.1
a64_predict libcuda.so.1
a64_agree /$T/libcuda.so.1

gd check --root "$ROOT" --clear-env --facts
[ $RC -le 1 ] || fail "check --facts exit $RC"
cp "$OUT" "$CASE_DIR/facts.json"
expect_json '.system.arch == "aarch64" and .system.libc == "glibc" and .system.multiarch == "aarch64-linux-gnu"'
expect_json '.tegra.l4t == "35.4.1" and .tegra.l4t_source == "/etc/nv_tegra_release" and .tegra.l4t_board == "t186ref"'
expect_json '.tegra.l4t_core == "35.4.1-20230801124926"'
expect_json '.tegra.soc == "tegra234" and .tegra.model == "NVIDIA Jetson AGX Orin Developer Kit"'
expect_json '.tegra.gpu_name == "Jetson AGX Orin" and .tegra.gpu_cc == "8.7"'
expect_json '.tegra.libcuda == "/usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1" and .tegra.libcuda_on_path == true'
expect_json '.gpus == []'

# A healthy Jetson: no GD101 (no nvidia.ko is normal), no GD102 (its GPU is
# never on the PCI bus), no GD113.
gd check --root "$ROOT" --clear-env --json
expect_json '[.findings[] | select(.code == "GD101" or .code == "GD102" or .code == "GD113")] | length == 0'

# The tegra folder off the loader's path (nvidia-tegra.conf and the cache
# gone): the real AArch64 loader finds no libcuda.so.1 and neither does
# gpudoctor; GD113 says so and gives the ld.so.conf.d line.
mv "$ROOT/etc/ld.so.conf.d/nvidia-tegra.conf" "$CASE_DIR/nvidia-tegra.conf"
mv "$ROOT/etc/ld.so.cache" "$CASE_DIR/ld.so.cache"
a64_oracle libcuda.so.1
a64_predict libcuda.so.1
a64_agree null
gd check --root "$ROOT" --clear-env --json
expect_rc 1
expect_json '.findings[] | select(.code == "GD113") | .severity == "error" and (.title | test("not on the loader.s path"))'
expect_json '.findings[] | select(.code == "GD113") | .fixes[0].command | test("/usr/lib/aarch64-linux-gnu/tegra \\| sudo tee /etc/ld.so.conf.d/nvidia-tegra.conf")'
expect_json '[.findings[] | select(.code == "GD101" or .code == "GD102")] | length == 0'
mv "$CASE_DIR/nvidia-tegra.conf" "$ROOT/etc/ld.so.conf.d/nvidia-tegra.conf"
mv "$CASE_DIR/ld.so.cache" "$ROOT/etc/ld.so.cache"

# Without L4T's CUDA driver (nvidia-l4t-cuda removed): GD113, reinstall it.
mv "$ROOT/$T" "$CASE_DIR/tegra"
gd check --root "$ROOT" --clear-env --json
expect_rc 1
expect_json '.findings[] | select(.code == "GD113") | .title | test("L4T 35.4.1.* has no CUDA driver")'
expect_json '.findings[] | select(.code == "GD113") | [.fixes[].command] | any(test("apt-get install --reinstall nvidia-l4t-cuda"))'
mv "$CASE_DIR/tegra" "$ROOT/$T"

# Without /etc/nv_tegra_release (a container image): dpkg's nvidia-l4t-core
# still names the release.
rm "$ROOT/etc/nv_tegra_release"
gd check --root "$ROOT" --clear-env --facts
expect_json '.tegra.l4t == "35.4.1" and .tegra.l4t_source == "dpkg:nvidia-l4t-core"'

# The facts document reads back: the same tegra member.
GD_NO_FROM_FACTS=1 gd check --from-facts "$CASE_DIR/facts.json" --facts
[ $RC -le 1 ] || fail "check --from-facts --facts exit $RC"
jq -S .tegra "$CASE_DIR/facts.json" >"$CASE_DIR/t1"
jq -S .tegra "$OUT" >"$CASE_DIR/t2" || fail "no JSON from --from-facts --facts"
cmp -s "$CASE_DIR/t1" "$CASE_DIR/t2" || fail "tegra facts differ after the round trip: $(diff "$CASE_DIR/t1" "$CASE_DIR/t2" | head -n 5)"

# The report says what a Jetson is: the integrated GPU from the device tree
# (not "the PCI bus could not be read"), L4T's driver instead of a missing
# nvidia.ko (not "NVIDIA driver loaded: none found"), the tegra libcuda.
GD_NO_FROM_FACTS=1 gd check -v --from-facts "$CASE_DIR/facts.json"
expect_text "GPU           integrated in NVIDIA Jetson AGX Orin Developer Kit, tegra234, compute capability 8.7"
expect_text "L4T 35.4.1's GPU driver (Jetson: nvgpu, not nvidia.ko); CUDA driver /usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1, on the loader path"
expect_text "[passed        ] NVIDIA GPU present: integrated in NVIDIA Jetson AGX Orin Developer Kit"
expect_text "[unknown       ] NVIDIA driver loaded: Jetson: L4T's nvgpu (not read here)"
expect_no_text "NVIDIA driver loaded: none found"
expect_no_text "the PCI bus could not be read"

# An x86-64 desktop tree has no tegra facts.
rm -rf "$ROOT/proc/device-tree" "$ROOT/$T" "$ROOT/var/lib/dpkg/status"
gd check --root "$ROOT" --clear-env --facts
expect_json '.tegra == null'
