# NVML alone at another version, from Debian's packages: trixie's libcuda1
# 550 with bookworm's libnvidia-ml1 and nvidia-smi 535 (what a held or
# half-done upgrade leaves), over a 550 kernel module.  nvidia-smi would
# fail ("Failed to initialize NVML: Driver/library version mismatch"), CUDA
# works: GD115, a warning, with libnvidia-ml1 and nvidia-smi at libcuda1's
# exact version -- not GD103 and a reboot.  Oracle: the tree's glibc
# dlopens each library and gets the versions gpudoctor names.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_base trixie
rp_install nvidia-alternative/trixie
rp_install libcuda1/trixie
rp_install libnvidia-ml1/bookworm
rp_install nvidia-smi/bookworm
rp_alternatives 550.163.01
rp_ldconfig
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
d=/usr/lib/x86_64-linux-gnu/nvidia/current
gdcheck --json
expect_rc 0
expect_json '[.findings[] | select(.code == "GD103" or .code == "GD111")] | length == 0'
expect_json '.findings[] | select(.code == "GD115") | .severity == "warning" and (.title | test("libnvidia-ml 535.261.03 is not the driver.s version 550.163.01"))'
expect_json '[.findings[] | select(.code == "GD115") | .fixes[].command] | index("sudo apt-get install libnvidia-ml1=550.163.01-2 nvidia-smi=550.163.01-2") != null'
expect_json ".driver.libraries[] | select(.name == \"libnvidia-ml\" and .loaded) | .path == \"$d/libnvidia-ml.so.535.261.03\""
expect_json ".driver.libraries[] | select(.name == \"libcuda\" and .loaded) | .path == \"$d/libcuda.so.550.163.01\""
[ -L "$ROOT/usr/bin/nvidia-smi" ] || fail "no /usr/bin/nvidia-smi alternative"
if rp_can_chroot; then
    rp_dlopen_oracle libnvidia-ml.so.1
    [ "$(rp_realpath "$RP_DLOPEN")" = "$d/libnvidia-ml.so.535.261.03" ] || fail "the tree's loader's NVML is $RP_DLOPEN"
    rp_dlopen_oracle libcuda.so.1
    [ "$(rp_realpath "$RP_DLOPEN")" = "$d/libcuda.so.550.163.01" ] || fail "the tree's loader's libcuda is $RP_DLOPEN"
fi
