# Debian's libcuda1:i386 (trixie, 550) is the only libcuda: the 32-bit
# multiarch copy (with the libc6:i386 it depends on, whose ld.so.conf.d file
# puts it in the cache) beside the amd64 NVML (libnvidia-ml1), the links
# nvidia-alternative's postinst registers for both triplets.  An x86_64
# process gets no libcuda.so.1: GD114 (not a yes on NVML alone), with the
# amd64 package at the installed version as its fix.  Oracles: the tree's
# own glibc in a chroot dlopens libcuda.so.1 and fails, and its ldconfig -p
# lists libcuda.so.1 only for libc6 (i386), never for libc6,x86-64.  With
# the amd64 package installed too, both agree on nvidia/current's file.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_base trixie
rp_install nvidia-alternative/trixie
rp_install libnvidia-ml1/trixie
rp_install libc6:i386/trixie
rp_install libcuda1:i386/trixie
rp_alternatives 550.163.01
rp_ldconfig
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
i=/usr/lib/i386-linux-gnu/nvidia/current/libcuda.so.550.163.01
[ -f "$ROOT$i" ] || fail "libcuda1:i386 did not install $i"
[ -L "$ROOT/usr/lib/i386-linux-gnu/libcuda.so.1" ] || fail "the alternatives gave no i386 libcuda.so.1 link"
gdcheck --json
expect_rc 1
expect_json '.driver.loader_asked and .driver.libcuda_resolved == null'
expect_json ".driver.libraries[] | select(.path == \"$i\") | (.not_loadable | startswith(\"wrong_class\")) and (.loaded | not)"
expect_json '.driver.libraries[] | select(.name == "libnvidia-ml") | .loaded and .version == "550.163.01"'
expect_json '.findings[] | select(.code == "GD114") | .severity == "error"'
expect_json '[.findings[] | select(.code == "GD114") | .fixes[].command] | index("sudo apt-get install libcuda1:amd64=550.163.01-2") != null'
expect_json '.packages.dpkg.packages[] | select(.name == "libcuda1") | .architecture == "i386"'
expect_json '[.findings[] | select(.code == "GD103" or .code == "GD111")] | length == 0'
gd which --root "$ROOT" --clear-env libcuda.so.1 --json
expect_rc 1
if rp_can_chroot; then
    rp_dlopen_oracle libcuda.so.1
    case $RP_DLOPEN in ERROR:*) ;; *) fail "the tree's loader dlopened libcuda.so.1 as $RP_DLOPEN" ;; esac
    rp_dlopen_oracle libnvidia-ml.so.1
    [ "$(rp_realpath "$RP_DLOPEN")" = /usr/lib/x86_64-linux-gnu/nvidia/current/libnvidia-ml.so.550.163.01 ] ||
        fail "the tree's loader's libnvidia-ml.so.1 is $RP_DLOPEN"
    chroot "$ROOT" /usr/sbin/ldconfig -p >"$CASE_DIR/ldconfig-p.out" 2>&1
    grep -q 'libcuda\.so\.1 (libc6) =>' "$CASE_DIR/ldconfig-p.out" || fail "the cache has no i386 libcuda.so.1"
    if grep -q 'libcuda\.so\.1 (libc6,x86-64)' "$CASE_DIR/ldconfig-p.out"; then fail "the cache has an x86_64 libcuda.so.1"; fi
fi

# The amd64 package at the same version (what the fix installs): the
# loader takes nvidia/current's file, and nothing is wrong.
rp_install libcuda1/trixie
rp_alternatives 550.163.01
rp_ldconfig
gdcheck --json
expect_rc 0
expect_json '[.findings[] | select(.code == "GD114" or .code == "GD103" or .code == "GD111")] | length == 0'
expect_json '.driver.libraries[] | select(.name == "libcuda" and .loaded) | .path == "/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.550.163.01"'
if rp_can_chroot; then
    rp_dlopen_oracle libcuda.so.1
    [ "$(rp_realpath "$RP_DLOPEN")" = /usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.550.163.01 ] ||
        fail "the tree's loader's libcuda.so.1 is $RP_DLOPEN"
fi
