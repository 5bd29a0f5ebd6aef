#!/bin/sh
# 0082-system-corrupt-ldcache: the driver is only in an ld.so.conf
# directory, and /etc/ld.so.cache (made by the real ldconfig) is then cut
# short in its header.  glibc ignores a cache it cannot use, so libcuda is
# not found; `which` said why in its trace, and now `check` says it too: a
# warning record for /etc/ld.so.cache and GD001 naming the file and reason.
. "$GD_TESTS/cli/lib.sh"
command -v ldconfig >/dev/null || command -v /sbin/ldconfig >/dev/null || skip "ldconfig not found"
LDCONFIG=$(command -v ldconfig || echo /sbin/ldconfig)
osrelease
kmod 535.104.05
mkdriver 535.104.05 /usr/lib/nvidia-535
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
put /etc/ld.so.conf "/usr/lib/nvidia-535"
"$LDCONFIG" -r "$ROOT" 2>/dev/null || fail "ldconfig -r failed"
gdcheck --json
expect_json '.driver.libcuda_step == "cache"'
expect_json '[.warnings[] | select(.path == "/etc/ld.so.cache")] | length == 0'

head -c 30 "$ROOT/etc/ld.so.cache" >"$CASE_DIR/cut" && cp "$CASE_DIR/cut" "$ROOT/etc/ld.so.cache"
gd which --root "$ROOT" --clear-env libcuda.so.1
expect_text "cannot use cache '/etc/ld.so.cache'"
gdcheck --json
expect_json '[.warnings[] | select(.path == "/etc/ld.so.cache" and (.reason | contains("cannot use cache")))] | length == 1'
expect_json '[.findings[] | select(.code == "GD001") | .evidence[] | select(.path == "/etc/ld.so.cache")] | length == 1'
expect_json '.driver.libcuda_resolved == null'
gdcheck -v
expect_text "/etc/ld.so.cache: cannot use cache '/etc/ld.so.cache'"

# Not a cache at all: the same.
printf 'this is not a cache\n' >"$ROOT/etc/ld.so.cache"
gdcheck --json
expect_json '[.findings[] | select(.code == "GD001") | .evidence[] | select(.path == "/etc/ld.so.cache")] | length == 1'
