# Debian trixie's two driver flavours installed side by side: the default
# 550 (libcuda1, libnvidia-ml1 in nvidia/current) and the Tesla 535 one
# (libnvidia-tesla-535-cuda1, -ml1 in nvidia/tesla-535), each registered
# under the "nvidia" alternative as its postinst does.  With tesla-535
# selected (update-alternatives --set) over a Tesla 535 kernel module, the
# loader gets tesla-535's files: no GD103 and no GD111 for the inert 550
# copy.  Selecting current over the same module is the real mismatch.
# Oracle: the tree's glibc in a chroot dlopens libcuda.so.1 and
# libnvidia-ml.so.1, and the files it gets are the ones gpudoctor names.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_base trixie
rp_driver trixie
for p in nvidia-tesla-535-alternative libnvidia-tesla-535-cuda1 libnvidia-tesla-535-ml1; do rp_install "$p/trixie"; done
t=$(ls "$ROOT/usr/lib/$RP_TRIPLET/nvidia/tesla-535/" | sed -n 's/^libcuda\.so\.\([0-9]*\.[0-9]*\.[0-9]*\)$/\1/p' | head -n 1)
[ -n "$t" ] || fail "libnvidia-tesla-535-cuda1 installed no versioned libcuda"
rp_alternatives "$t" tesla-535
rp_alternative_set tesla-535
rp_ldconfig
kmod "$t"
gpu 0000:01:00.0 0x20b5
devnodes nvidiactl nvidia0 nvidia-uvm
d=/usr/lib/x86_64-linux-gnu/nvidia
gdcheck --json
expect_rc 0
expect_json '[.findings[] | select(.code == "GD103" or .code == "GD111" or .code == "GD115")] | length == 0'
expect_json ".driver.libraries[] | select(.name == \"libcuda\" and .loaded) | .path == \"$d/tesla-535/libcuda.so.$t\""
expect_json ".driver.libraries[] | select(.name == \"libnvidia-ml\" and .loaded) | .path == \"$d/tesla-535/libnvidia-ml.so.$t\""
expect_json ".driver.libraries[] | select(.path == \"$d/current/libcuda.so.$RP_DRIVER\") | .loaded | not"
expect_json ".driver.version == \"$t\""
if rp_can_chroot; then
    rp_dlopen_oracle libcuda.so.1
    [ "$(rp_realpath "$RP_DLOPEN")" = "$d/tesla-535/libcuda.so.$t" ] || fail "the tree's loader's libcuda.so.1 is $RP_DLOPEN"
    rp_dlopen_oracle libnvidia-ml.so.1
    [ "$(rp_realpath "$RP_DLOPEN")" = "$d/tesla-535/libnvidia-ml.so.$t" ] || fail "the tree's loader's libnvidia-ml.so.1 is $RP_DLOPEN"
fi

# The default flavour selected over the Tesla module: GD103, naming 550.
rp_alternative_set current
gdcheck --json
expect_rc 1
expect_json ".findings[] | select(.code == \"GD103\") | .title | test(\"kernel module is $t but the user-space driver is $RP_DRIVER\")"
expect_json "[.findings[] | select(.code == \"GD103\") | .evidence[].path] | index(\"$d/tesla-535/libcuda.so.$t\") == null"
if rp_can_chroot; then
    rp_dlopen_oracle libcuda.so.1
    [ "$(rp_realpath "$RP_DLOPEN")" = "$d/current/libcuda.so.$RP_DRIVER" ] || fail "the tree's loader's libcuda.so.1 is $RP_DLOPEN"
fi
