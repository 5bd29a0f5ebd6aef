# Debian's user-space CUDA driver (libcuda1, libnvidia-ml1 and the
# nvidia-alternative links from bookworm's 535 and trixie's 550) against a
# kernel module of the other branch: "Driver/library version mismatch", the
# textbook upgrade without a reboot.  The user-space version is the realpath
# of the libcuda.so.1 the loader finds, through /etc/alternatives and
# nvidia/current.  Both ways, then the matching pair.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
base="$ROOT"
for pair in "trixie 550.163.01 535.261.03" "bookworm 535.261.03 550.163.01" "trixie 550.163.01 550.163.01"; do
    set -- $pair
    ROOT="$base/$1-$3"
    mkdir -p "$ROOT"
    rp_base trixie
    rp_driver "$1"
    rp_ldconfig
    [ "$RP_DRIVER" = "$2" ] || fail "$1's libcuda1 is $RP_DRIVER, expected $2"
    kmod "$3"
    gpu 0000:01:00.0 0x2684
    devnodes nvidiactl nvidia0 nvidia-uvm
    gdcheck --json
    expect_json ".driver.kernel_module_version == \"$3\""
    expect_json ".driver.libraries[] | select(.name == \"libcuda\") | .loaded and .version == \"$2\" and .path == \"/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.$2\""
    expect_json ".driver.libraries[] | select(.name == \"libnvidia-ml\") | .loaded and .version == \"$2\""
    expect_json '.driver.libcuda_resolved | endswith("/x86_64-linux-gnu/libcuda.so.1")'
    expect_json ".driver.version == \"$2\""
    expect_json '.packages.dpkg.packages[] | select(.name == "libcuda1") | .state == "installed"'
    if [ "$2" = "$3" ]; then
        expect_rc 0
        expect_json '[.findings[] | select(.code == "GD103")] | length == 0'
    else
        expect_rc 1
        expect_json ".findings[] | select(.code == \"GD103\") | .severity == \"error\" and (.title | test(\"kernel module is $3 but the user-space driver is $2\"))"
        expect_json "[.findings[] | select(.code == \"GD103\") | .evidence[].path] | index(\"/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.$2\") != null"
        expect_json '[.findings[] | select(.code == "GD103") | .fixes[].command] | index("sudo reboot") != null'
    fi
    # The real loader in a chroot opens the same file.
    if rp_can_chroot; then
        chroot "$ROOT" /usr/sbin/ldconfig -p >"$CASE_DIR/ldconfig-p.out" 2>&1
        _p=$(sed -n 's/^[[:space:]]*libcuda\.so\.1 (libc6,x86-64) => //p' "$CASE_DIR/ldconfig-p.out" | head -n 1)
        [ -n "$_p" ] || fail "the cache has no libcuda.so.1"
        _real=$(rp_realpath "$_p")
        case $_real in */libcuda.so.$2) ;; *) fail "the loader's libcuda.so.1 is $_real, expected libcuda.so.$2" ;; esac
    fi
done
