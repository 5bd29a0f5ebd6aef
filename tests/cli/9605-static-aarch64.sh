#!/bin/sh
# 9605-static-aarch64: `make static-aarch64` (musl for arm64 from Debian's
# packages, the cross compiler) gives a static aarch64 gpudoctor that runs
# under qemu-aarch64-static and knows it is on aarch64; its probe helper,
# linked against the cross glibc at GLIBC_2.17, runs under qemu with the
# cross glibc, loads an aarch64 build of the fake driver and writes the
# probe's records (magic, the GPU's name, END) to descriptor 3, and a driver
# crash kills it with SIGSEGV.  (The whole probe chain, static gpudoctor ->
# helper, needs the kernel to run aarch64 programs: binfmt_misc, which a
# test cannot count on; the fork/exec path itself is 9601-9603's.)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
for _t in qemu-aarch64-static aarch64-linux-gnu-gcc make flock timeout objdump cmake dpkg-source apt-get dpkg-deb od; do
    command -v "$_t" >/dev/null 2>&1 || static_unavailable "$_t is not installed (sh tools/install-deps.sh --test)"
done
SYSROOT=/usr/aarch64-linux-gnu
[ -f "$SYSROOT/lib/ld-linux-aarch64.so.1" ] || static_unavailable "the cross glibc is not installed ($SYSROOT)"
static_setup_aarch64

readelf -h "$SBIN" | grep -q 'AArch64' || fail "$SBIN is not an aarch64 ELF file"
readelf -lW "$SBIN" | grep -q 'program interpreter' && fail "the aarch64 binary asks for a program interpreter"
readelf -d "$SBIN" | grep -q NEEDED && fail "the aarch64 binary needs a shared library"
sh "$GD_TESTS/../tools/glibc-floor.sh" "$SHELPER" 2.17 >"$CASE_DIR/floor" 2>&1 ||
    fail "the aarch64 helper needs a newer glibc: $(cat "$CASE_DIR/floor")"

"$GD_BIN" --version >"$CASE_DIR/v.dyn" 2>&1
qemu-aarch64-static "$SBIN" --version >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0
cmp -s "$OUT" "$CASE_DIR/v.dyn" || fail "--version differs: $(cat "$OUT")"
osrelease
kmod 535.183.01
gpu 0000:01:00.0 0x2204
mkdriver 535.183.01
qemu-aarch64-static "$SBIN" check --root "$ROOT" --clear-env --json >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" -le 1 ] || fail "check under qemu exits $RC: $(head -c 300 "$ERR")"
expect_json '.system.distro.version == "12" and .system.libc == "glibc"'
expect_json '[.gpus[].pci_slot] == ["0000:01:00.0"]'
# With no --os/--root it examines the machine it runs on, which qemu says is aarch64.
qemu-aarch64-static "$SBIN" check --json >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" -le 1 ] || fail "check of this machine under qemu exits $RC"
expect_json '.system.arch == "aarch64"'

# The helper, on the cross glibc, against an aarch64 fake driver.
aarch64-linux-gnu-gcc -std=c11 -O1 -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$CASE_DIR/libfakecuda.so" \
    "$GD_TESTS/helpers/fakedriver/fakecuda.c" || fail "cannot cross-build the fake driver"
GD_FAKE_DRIVER="devices=1;name0=NVIDIA GH200 480GB;cc0=9.0" \
    qemu-aarch64-static -L "$SYSROOT" "$SHELPER" probe "$CASE_DIR/libfakecuda.so" "$CASE_DIR/libfakecuda.so" \
    3>"$CASE_DIR/wire" >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0
[ "$(head -c 6 "$CASE_DIR/wire")" = "GDPW1" ] || fail "the helper's output does not start with the wire magic"
grep -q 'NVIDIA GH200 480GB' "$CASE_DIR/wire" || fail "the helper did not report the fake GPU's name"
# The last record is END: type 9, fn 0, device 0xff, length 0.
[ "$(tail -c 5 "$CASE_DIR/wire" | od -An -tx1 | tr -d ' \n')" = "0900ff0000" ] ||
    fail "the helper's stream does not end with END: $(tail -c 5 "$CASE_DIR/wire" | od -An -tx1)"
GD_FAKE_DRIVER="crash=cuInit" \
    qemu-aarch64-static -L "$SYSROOT" "$SHELPER" probe "" "$CASE_DIR/libfakecuda.so" 3>"$CASE_DIR/wire" >/dev/null 2>&1
RC=$?
[ "$RC" -eq 139 ] || fail "a driver crash in the aarch64 helper exits $RC, not 139 (SIGSEGV)"
exit 0
