# Debian's layout of the user-space driver, without the archive (the
# real-package family 85xx checks it on Debian's packages): the files in
# /usr/lib/x86_64-linux-gnu/nvidia/current, libcuda.so.1 reached through
# /etc/alternatives (absolute links, resolved inside --root).  The version
# a program loads is the realpath's; a kernel module of another branch is
# GD103.  Then a tree whose /proc is an empty directory (a container
# image): "no process information", not "no /proc".
. "$GD_TESTS/cli/lib.sh"
osrelease
d=/usr/lib/x86_64-linux-gnu
for l in libcuda libnvidia-ml; do
    mklib "$d/nvidia/current/$l.so.535.261.03" "$l.so.1"
    link "$l.so.535.261.03" "$d/nvidia/current/$l.so.1"
    link "$d/nvidia/current/$l.so.1" "/etc/alternatives/nvidia--$l.so.1-x86_64-linux-gnu"
    link "/etc/alternatives/nvidia--$l.so.1-x86_64-linux-gnu" "$d/$l.so.1"
done
put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
put /etc/ld.so.conf.d/x86_64-linux-gnu.conf "/usr/lib/x86_64-linux-gnu"
ldconfig -r "$ROOT" 2>/dev/null || PATH=$PATH:/sbin:/usr/sbin ldconfig -r "$ROOT" || fail "ldconfig -r failed"
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
gdcheck --json
expect_rc 1
expect_json ".driver.libraries[] | select(.name == \"libcuda\") | .loaded and .version == \"535.261.03\" and .path == \"$d/nvidia/current/libcuda.so.535.261.03\" and .via == \"$d/libcuda.so.1\""
expect_json '.driver.libraries[] | select(.name == "libnvidia-ml") | .loaded and .version == "535.261.03"'
expect_json '[.driver.libraries[] | select(.name == "libcuda")] | length == 1'
expect_json '.findings[] | select(.code == "GD103") | .title | test("kernel module is 550.163.01 but the user-space driver is 535.261.03")'
kmod 535.261.03
gdcheck --json
expect_rc 0
expect_json '[.findings[] | select(.code == "GD103")] | length == 0'

# An empty /proc: the kernel side is unknown for want of process information.
rm -rf "$ROOT/proc" "$ROOT/sys/module/nvidia"
mkdir "$ROOT/proc"
gdcheck --json
expect_json '.system.proc == "empty"'
gdcheck -v
expect_text "kernel module unknown (no process information: /proc is empty in the examined tree)"
rmdir "$ROOT/proc"
gdcheck --json
expect_json '.system.proc == "absent"'
gdcheck -v
expect_text "kernel module unknown (no /proc in the examined tree)"
