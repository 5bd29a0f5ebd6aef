# ld.so.conf with an include glob, and a real cache made by `ldconfig -r`:
# the directories are recorded, the driver is found through the cache.
. "$GD_TESTS/cli/lib.sh"
command -v ldconfig >/dev/null || command -v /sbin/ldconfig >/dev/null || skip "ldconfig not found"
LDCONFIG=$(command -v ldconfig || echo /sbin/ldconfig)
osrelease
kmod 535.104.05
mkdriver 535.104.05 /usr/lib/nvidia-535
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
put /etc/ld.so.conf.d/nvidia.conf "/usr/lib/nvidia-535"
put /etc/ld.so.conf.d/x86_64-linux-gnu.conf "# Multiarch support
/usr/lib/x86_64-linux-gnu"
"$LDCONFIG" -r "$ROOT" 2>/dev/null || fail "ldconfig -r failed"
[ -f "$ROOT/etc/ld.so.cache" ] || fail "no cache made"
gdcheck --json
expect_rc 0
expect_json '.loader.ld_so_conf_dirs == ["/usr/lib/nvidia-535", "/usr/lib/x86_64-linux-gnu"]'
expect_json '.driver.libcuda_resolved == "/usr/lib/nvidia-535/libcuda.so.1" and .driver.libcuda_step == "cache"'
expect_json '.driver.version == "535.104.05"'
