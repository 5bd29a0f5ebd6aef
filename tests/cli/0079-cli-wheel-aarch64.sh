#!/bin/sh
# The aarch64 wheel (`make wheel-aarch64`): the static aarch64 gpudoctor and
# its probe helper (`make static-aarch64`, built as 9605 builds them, under
# the same lock) packed by python/build_wheel.py --helper, tagged
# manylinux_2_17_aarch64 + musllinux_1_1_aarch64 from the files,
# spec-checked, installed by Debian's pip for that platform into a target
# folder (pip accepts the tags and lays the files out), refused for this
# x86_64 machine, and the installed program runs under qemu-aarch64-static.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
PY=/usr/bin/python3
[ -x $PY ] && $PY -c 'import wheel, pip' 2>/dev/null || skip "Debian's python3-wheel or python3-pip missing"
for _t in qemu-aarch64-static aarch64-linux-gnu-gcc aarch64-linux-gnu-strip make flock timeout cmake dpkg-source apt-get; do
    command -v "$_t" >/dev/null 2>&1 || static_unavailable "$_t is not installed (sh tools/install-deps.sh --test)"
done
static_setup_aarch64
TOP="$GD_TESTS/.."
VERSION=$(sed -n 's/^#define GD_VERSION "\(.*\)"/\1/p' "$TOP/src/cli/version.h")
TAGS="manylinux2014_aarch64.manylinux_2_17_aarch64.musllinux_1_1_aarch64"
$PY "$TOP/python/build_wheel.py" --binary "$SBIN" --helper "$SHELPER" --version "$VERSION" \
    --out "$CASE_DIR/dist" --strip aarch64-linux-gnu-strip >"$CASE_DIR/build.log" 2>&1 || { cat "$CASE_DIR/build.log"; fail "build_wheel.py"; }
WHL="$CASE_DIR/dist/gpudoctor_cli-$VERSION-py3-none-$TAGS.whl"
[ -f "$WHL" ] || fail "no $WHL: $(ls "$CASE_DIR/dist")"
$PY "$GD_TESTS/wheel/check_wheel.py" "$WHL" || fail "the wheel breaks the spec (above)"
$PY -m pip install --no-index --no-cache-dir --no-deps --only-binary=:all: --platform manylinux2014_aarch64 \
    --target "$CASE_DIR/t" -q "$WHL" >"$CASE_DIR/pip.log" 2>&1 || { cat "$CASE_DIR/pip.log"; fail "pip --platform manylinux2014_aarch64"; }
[ -f "$CASE_DIR/t/bin/gpudoctor" ] && [ -f "$CASE_DIR/t/gpudoctor/__init__.py" ] || fail "pip's layout: $(find "$CASE_DIR/t" | head -20)"
readelf -h "$CASE_DIR/t/bin/gpudoctor" | grep -q AArch64 || fail "the installed program is not aarch64"
if $PY -m pip install --no-index --no-deps --target "$CASE_DIR/t2" "$WHL" >"$CASE_DIR/pip2.log" 2>&1; then
    fail "pip took an aarch64 wheel on x86_64"
fi
grep -q "is not a supported wheel on this platform" "$CASE_DIR/pip2.log" || fail "pip refused it for another reason: $(cat "$CASE_DIR/pip2.log")"
qemu-aarch64-static "$CASE_DIR/t/bin/gpudoctor" --version >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
[ "$(head -n 1 "$OUT")" = "gpudoctor $VERSION" ] || fail "--version under qemu: $(cat "$OUT")"
exit 0
