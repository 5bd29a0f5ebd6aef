#!/bin/sh
# check --root never opens a FIFO, socket or device node placed where a
# file is expected: the scan does not hang, each costs one warning, and
# (where strace is installed) no such path is ever opened for reading
. "$GD_TESTS/cli/lib.sh"
command -v timeout >/dev/null || skip "no timeout(1)"
osrelease
cuda_toolkit /usr/local/cuda-12.1 12.1.105
rm -f "$ROOT/etc/os-release" "$ROOT/usr/local/cuda-12.1/version.json"
mkfifo "$ROOT/etc/os-release" "$ROOT/usr/local/cuda-12.1/version.json" || skip "cannot make a FIFO"
# A character device (the numbers of /dev/null) where /proc/driver/nvidia/version is read.
mkd proc/driver/nvidia
dev=no
if mknod "$ROOT/proc/driver/nvidia/version" c 1 3 2>/dev/null; then dev=yes; fi
timeout 60 "$GD_BIN" check --root "$ROOT" --clear-env --json >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" -ne 124 ] || fail "the scan hung on a FIFO"
case $RC in 0|1|3) ;; *) fail "exit status $RC" ;; esac
n=$(jq '[.warnings[] | select(.path == "/etc/os-release")] | length' "$OUT")
[ "$n" = 1 ] || fail "$n warnings for /etc/os-release, expected 1"
expect_json '[.warnings[] | select(.path == "/etc/os-release")][0].reason | test("not a regular file")'
expect_json '[.warnings[] | select(.path == "/usr/local/cuda-12.1/version.json")] | length == 1'
if [ $dev = yes ]; then
    expect_json '[.warnings[] | select(.path == "/proc/driver/nvidia/version")] | length == 1'
fi
# No open for reading (only O_PATH handles) of these paths, by either resolver.
if command -v strace >/dev/null 2>&1; then
    for mode in openat2 walk; do
        if [ $mode = walk ]; then export GPUDOCTOR_TEST_NO_OPENAT2=1; fi
        strace -f -qq -e trace=open,openat,openat2 -o "$CASE_DIR/strace.$mode" \
            timeout 60 "$GD_BIN" check --root "$ROOT" --clear-env --json >/dev/null 2>&1
        bad=$(grep -E 'os-release"|version\.json"|nvidia/version"' "$CASE_DIR/strace.$mode" | grep -v O_PATH | grep -v ENOENT || true)
        [ -z "$bad" ] || fail "$mode opened a special file: $bad"
        grep -q 'os-release"' "$CASE_DIR/strace.$mode" || fail "$mode: strace saw no open of os-release"
    done
fi
