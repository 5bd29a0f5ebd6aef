#!/bin/sh
# 9601-static-binary: `make static` gives a gpudoctor with no program
# interpreter and no shared library, that says what the ordinary build says
# (version, knowledge base, the diagnosis of a fixture machine), and a probe
# helper that needs nothing newer than GLIBC_2.2.5.  The helper is found
# beside the binary or in PREFIX/libexec/gpudoctor/; without it, probe
# exits 3 and says where it looked.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
static_setup

readelf -lW "$SBIN" >"$CASE_DIR/phdr" || fail "readelf cannot read $SBIN"
grep -q 'program interpreter' "$CASE_DIR/phdr" && fail "the static binary asks for a program interpreter"
grep -q 'DYNAMIC' "$CASE_DIR/phdr" && fail "the static binary has a dynamic section"
readelf -h "$SBIN" | grep -q 'Advanced Micro Devices X86-64' || fail "not an x86_64 ELF file"

# The helper: glibc only, at its floor.
readelf -d "$SHELPER" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ' >"$CASE_DIR/needed"
[ "$(cat "$CASE_DIR/needed")" = "libdl.so.2 librt.so.1 libc.so.6 " ] ||
    fail "the helper needs $(cat "$CASE_DIR/needed") (expected libdl.so.2 librt.so.1 libc.so.6)"
sh "$GD_TESTS/../tools/glibc-floor.sh" "$SHELPER" 2.2.5 >"$CASE_DIR/floor" 2>&1 ||
    fail "the helper needs a newer glibc: $(cat "$CASE_DIR/floor")"
grep -q 'needs GLIBC_2.2.5 at most' "$CASE_DIR/floor" || fail "floor: $(cat "$CASE_DIR/floor")"
# A newer symbol would be refused: the check itself can fail.
sh "$GD_TESTS/../tools/glibc-floor.sh" "$FAKE_SO" 2.2.5 >/dev/null 2>&1 &&
    fail "glibc-floor.sh accepts the fake driver, which binds memcpy@GLIBC_2.14"

# The same answers as the ordinary build.
"$GD_BIN" --version >"$CASE_DIR/v.dyn" 2>&1
"$SBIN" --version >"$CASE_DIR/v.static" 2>&1 || fail "--version exits $?"
cmp -s "$CASE_DIR/v.dyn" "$CASE_DIR/v.static" ||
    fail "--version differs: $(cat "$CASE_DIR/v.static") vs $(cat "$CASE_DIR/v.dyn")"
osrelease
kmod 535.183.01
gpu 0000:01:00.0 0x2204
devnodes nvidiactl nvidia0 nvidia-uvm
mkdriver 535.183.01
cuda_toolkit /usr/local/cuda-12.2 12.2.140
sel='{exit_status, verdicts: [.verdicts[] | {subject, reason}], findings: [.findings[] | {code, severity, subject, evidence}], system: (.system | del(.container, .container_evidence))}'
gdcheck --json
[ "$RC" -le 1 ] || fail "check exits $RC"
jq -S "$sel" "$OUT" >"$CASE_DIR/dyn.json" || fail "check's JSON does not parse"
GD_BIN=$SBIN gdcheck --json
[ "$RC" -le 1 ] || fail "the static check exits $RC"
jq -S "$sel" "$OUT" >"$CASE_DIR/static.json" || fail "the static check's JSON does not parse"
cmp -s "$CASE_DIR/dyn.json" "$CASE_DIR/static.json" ||
    fail "the static build judges the fixture otherwise: $(diff "$CASE_DIR/dyn.json" "$CASE_DIR/static.json" | head -20)"
GD_BIN=$SBIN gd which libcuda.so.1 --root "$ROOT" --clear-env
expect_rc 0
expect_text "libcuda.so.1: /usr/lib/x86_64-linux-gnu/libcuda.so.1"

# Where the helper is looked for.
install_fake "$DRV"
export GD_FAKE_DRIVER="devices=1;name0=NVIDIA GeForce RTX 3090;cc0=8.6"
mkdir -p "$CASE_DIR/alone" "$CASE_DIR/prefix/bin" "$CASE_DIR/prefix/libexec/gpudoctor"
cp "$SBIN" "$CASE_DIR/alone/gpudoctor"
GD_BIN=$CASE_DIR/alone/gpudoctor gdprobe
expect_rc 3
expect_err "loads the driver through its helper 'gpudoctor-probe-helper', which is not installed"
expect_err "looked for: $CASE_DIR/alone/gpudoctor-probe-helper; $CASE_DIR/libexec/gpudoctor/gpudoctor-probe-helper;"
# a helper that is not executable does not count
cp "$SHELPER" "$CASE_DIR/alone/gpudoctor-probe-helper"
chmod a-x "$CASE_DIR/alone/gpudoctor-probe-helper"
GD_BIN=$CASE_DIR/alone/gpudoctor gdprobe
expect_rc 3
cp "$SBIN" "$CASE_DIR/prefix/bin/gpudoctor"
cp "$SHELPER" "$CASE_DIR/prefix/libexec/gpudoctor/gpudoctor-probe-helper"
GD_BIN=$CASE_DIR/prefix/bin/gpudoctor gdprobe --json
expect_rc 0
expect_json '.probe.gpus[0].name == "NVIDIA GeForce RTX 3090" and .probe.gpus[0].compute_capability == "8.6"'
expect_json '.probe.child.end == "exited" and .probe.child.complete == true'
# Started by hand, the helper says what it is for.
"$SHELPER" probe >"$OUT" 2>"$ERR"
RC=$?
expect_rc 2
expect_err "started by gpudoctor probe (static build)"
