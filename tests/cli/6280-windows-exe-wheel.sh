# The win_amd64 wheel (python/build_wheel.py; docs/packaging.md): built
# from gpudoctor.exe, tagged win_amd64 from its PE header, spec-checked,
# installed by Debian's pip for the Windows platform into a target folder
# (pip itself accepts the tag and lays out the files), and the installed
# gpudoctor.exe runs under Wine.  Windows' Python is not here, so the API
# and the magic are tested on Linux only (0077).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/winexe.inc"
PY=/usr/bin/python3
[ -x $PY ] && $PY -c 'import wheel, pip' 2>/dev/null || skip "Debian's python3-wheel or python3-pip missing"
wexe_setup
TOP="$GD_TESTS/.."
VERSION=$(sed -n 's/^#define GD_VERSION "\(.*\)"/\1/p' "$TOP/src/cli/version.h")
tag=$($PY "$TOP/python/build_wheel.py" --binary "$GD_EXE" --version x --out . --print-tags) || fail "--print-tags"
[ "$tag" = win_amd64 ] || fail "gpudoctor.exe tagged $tag"
$PY "$TOP/python/build_wheel.py" --binary "$GD_EXE" --version "$VERSION" --out "$CASE_DIR/dist" \
    --strip x86_64-w64-mingw32-strip >"$CASE_DIR/build.log" 2>&1 || { cat "$CASE_DIR/build.log"; fail "build_wheel.py"; }
WHL="$CASE_DIR/dist/gpudoctor_cli-$VERSION-py3-none-win_amd64.whl"
[ -f "$WHL" ] || fail "no $WHL: $(ls "$CASE_DIR/dist")"
d="gpudoctor_cli-$VERSION"
unzip -Z1 "$WHL" | grep -x "$d.data/scripts/gpudoctor.exe" >/dev/null || fail "no gpudoctor.exe in: $(unzip -Z1 "$WHL")"
unzip -Z1 "$WHL" | grep -x "$d.data/scripts/gpudoctor" >/dev/null && fail "a Linux program in the Windows wheel"
$PY "$GD_TESTS/wheel/check_wheel.py" "$WHL" || fail "the wheel breaks the spec (above)"
$PY -m pip install --no-index --no-cache-dir --no-deps --only-binary=:all: --platform win_amd64 \
    --target "$CASE_DIR/t" -q "$WHL" >"$CASE_DIR/pip.log" 2>&1 || { cat "$CASE_DIR/pip.log"; fail "pip --platform win_amd64"; }
[ -f "$CASE_DIR/t/bin/gpudoctor.exe" ] && [ -f "$CASE_DIR/t/gpudoctor/__init__.py" ] || fail "pip's layout: $(find "$CASE_DIR/t" | head -20)"
# pip refuses it for this Linux machine: the tag is not a lie.
if $PY -m pip install --no-index --no-deps --target "$CASE_DIR/t2" "$WHL" >"$CASE_DIR/pip2.log" 2>&1; then
    fail "pip took a win_amd64 wheel on Linux"
fi
grep -q "is not a supported wheel on this platform" "$CASE_DIR/pip2.log" || fail "pip refused it for another reason: $(cat "$CASE_DIR/pip2.log")"
GD_EXE="$CASE_DIR/t/bin/gpudoctor.exe"
wexe --version
expect_rc 0
[ "$(head -n 1 "$OUT" | tr -d '\r')" = "gpudoctor $VERSION" ] || fail "gpudoctor.exe --version: $(cat "$OUT")"
exit 0
