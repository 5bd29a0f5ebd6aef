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
[ "$(uname -m)" = x86_64 ] || static_unavailable "the aarch64 cross build runs on x86_64 and this is $(uname -m)"
for _t in qemu-aarch64-static aarch64-linux-gnu-gcc aarch64-linux-gnu-strip make flock timeout cmake dpkg-source apt-get; do
    command -v "$_t" >/dev/null 2>&1 || static_unavailable "$_t is not installed (sh tools/install-deps.sh --test)"
done
if [ -n "${GD_STATIC_AARCH64_DIR:-}" ]; then
    A="$GD_STATIC_AARCH64_DIR"
else
    _src=$(cd "$GD_TESTS/.." && pwd)
    mkdir -p "$_src/build"
    (
        flock 8
        unset MAKEFLAGS MFLAGS MAKELEVEL
        timeout 1200 make -s -j2 -C "$_src" static-aarch64 >"$CASE_DIR/make.log" 2>&1 || { tail -n 40 "$CASE_DIR/make.log"; exit 4; }
    ) 8>"$_src/build/.static-aarch64.lock"
    if [ $? -ne 0 ]; then
        grep -q 'cannot fetch\|cannot download' "$CASE_DIR/make.log" &&
            static_unavailable "Debian's archive cannot be reached for musl or jansson (arm64)"
        fail "make static-aarch64 failed (see above)"
    fi
    A="$_src/build/static-aarch64"
fi
TOP="$GD_TESTS/.."
VERSION=$(sed -n 's/^#define GD_VERSION "\(.*\)"/\1/p' "$TOP/src/cli/version.h")
TAGS="manylinux2014_aarch64.manylinux_2_17_aarch64.musllinux_1_1_aarch64"
$PY "$TOP/python/build_wheel.py" --binary "$A/gpudoctor" --helper "$A/gpudoctor-probe-helper" --version "$VERSION" \
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
