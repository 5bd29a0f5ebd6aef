# Debian ships each driver flavour in its own directory (nvidia/current for
# the 550 driver, nvidia/tesla-535 for the Tesla 535 one) and selects one
# with update-alternatives.  With the Tesla 535 alternative selected and
# its kernel module loaded, the loader gets tesla-535's libcuda: the 550
# copy beside it is inert.  No GD103 (it would say "reboot"), no GD111;
# selecting current instead (the 550 libraries over the 535 module) is GD103.
. "$GD_TESTS/cli/lib.sh"
osrelease
d=/usr/lib/x86_64-linux-gnu
for fl in "current 550.163.01" "tesla-535 535.274.02"; do
    set -- $fl
    for l in libcuda libnvidia-ml libnvidia-ptxjitcompiler; do
        mklib "$d/nvidia/$1/$l.so.$2" "$l.so.1"
        link "$l.so.$2" "$d/nvidia/$1/$l.so.1"
    done
done
select_flavour() {
    for l in libcuda libnvidia-ml libnvidia-ptxjitcompiler; do
        link "$d/nvidia/$1/$l.so.1" "/etc/alternatives/nvidia--$l.so.1-x86_64-linux-gnu"
        link "/etc/alternatives/nvidia--$l.so.1-x86_64-linux-gnu" "$d/$l.so.1"
    done
    link "/usr/lib/nvidia/$1" /etc/alternatives/nvidia
}
select_flavour tesla-535
put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
put /etc/ld.so.conf.d/x86_64-linux-gnu.conf "/usr/lib/x86_64-linux-gnu"
ldconfig -r "$ROOT" 2>/dev/null || PATH=$PATH:/sbin:/usr/sbin ldconfig -r "$ROOT" || fail "ldconfig -r failed"
kmod 535.274.02
gpu 0000:01:00.0 0x20b0
devnodes nvidiactl nvidia0 nvidia-uvm
gdcheck --json
expect_rc 0
expect_json '[.findings[] | select(.code == "GD103" or .code == "GD111" or .code == "GD115")] | length == 0'
expect_json ".driver.libraries[] | select(.name == \"libcuda\" and .loaded) | .path == \"$d/nvidia/tesla-535/libcuda.so.535.274.02\" and .via == \"$d/libcuda.so.1\""
expect_json ".driver.libraries[] | select(.name == \"libnvidia-ptxjitcompiler\" and .loaded) | .version == \"535.274.02\""
expect_json "[.driver.libraries[] | select(.name == \"libcuda\") | .version] | sort == [\"535.274.02\", \"550.163.01\"]"
expect_json '.driver.version == "535.274.02"'
expect_json '.checklist[] | select(.step == "driver libraries match the kernel module") | .status == "passed"'

# The other alternative selected over the same kernel module: the loader's
# libcuda is 550 now, and that is the mismatch.
select_flavour current
ldconfig -r "$ROOT" 2>/dev/null || PATH=$PATH:/sbin:/usr/sbin ldconfig -r "$ROOT"
gdcheck --json
expect_rc 1
expect_json '.findings[] | select(.code == "GD103") | .title | test("kernel module is 535.274.02 but the user-space driver is 550.163.01")'
expect_json "[.findings[] | select(.code == \"GD103\") | .evidence[].path] | index(\"$d/nvidia/tesla-535/libcuda.so.535.274.02\") == null"
expect_json '[.findings[] | select(.code == "GD111" or .code == "GD115")] | length == 0'
