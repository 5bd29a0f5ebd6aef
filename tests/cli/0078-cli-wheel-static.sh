# The portable wheel (`make wheel`): the static gpudoctor and its probe
# helper (`make static`, tests/cli/static.inc) packed by
# python/build_wheel.py --helper, tagged manylinux_2_17 + musllinux_1_1
# from the files themselves, spec-checked, installed with no index into a
# fresh venv of Debian's python3; the installed static program judges a
# fixture machine as the ordinary build does, through the command and the
# API, and `probe` reaches the fake driver through the helper that pip put
# in the venv's libexec/gpudoctor/.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/static.inc"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
PY=/usr/bin/python3
[ -x $PY ] && $PY -c 'import wheel, venv, pip' 2>/dev/null || skip "Debian's python3-wheel, python3-venv or python3-pip missing"
static_setup
TOP="$GD_TESTS/.."
VERSION=$(sed -n 's/^#define GD_VERSION "\(.*\)"/\1/p' "$TOP/src/cli/version.h")
TAGS="manylinux2014_x86_64.manylinux_2_17_x86_64.musllinux_1_1_x86_64"
$PY "$TOP/python/build_wheel.py" --binary "$SBIN" --helper "$SHELPER" --version "$VERSION" \
    --out "$CASE_DIR/dist" --strip strip >"$CASE_DIR/build.log" 2>&1 || { cat "$CASE_DIR/build.log"; fail "build_wheel.py"; }
WHL="$CASE_DIR/dist/gpudoctor_cli-$VERSION-py3-none-$TAGS.whl"
[ -f "$WHL" ] || fail "no $WHL: $(ls "$CASE_DIR/dist")"
$PY "$GD_TESTS/wheel/check_wheel.py" "$WHL" || fail "the wheel breaks the spec (above)"
d="gpudoctor_cli-$VERSION"
unzip -Z1 "$WHL" | grep -qx "$d.data/data/libexec/gpudoctor/gpudoctor-probe-helper" || fail "no helper: $(unzip -Z1 "$WHL")"

$PY -m venv --without-pip "$CASE_DIR/venv" || fail "venv"
V="$CASE_DIR/venv"
$PY -m pip --python "$V/bin/python" install --no-index --no-cache-dir -q "$WHL" >"$CASE_DIR/pip.log" 2>&1 \
    || { cat "$CASE_DIR/pip.log"; fail "pip install --no-index"; }
readelf -lW "$V/bin/gpudoctor" | grep -q 'program interpreter' && fail "the installed program is not the static one"
[ -x "$V/libexec/gpudoctor/gpudoctor-probe-helper" ] || fail "no helper in $V/libexec/gpudoctor"

# torch +cpu: exit 1 from the command and from the API, as the ordinary build says
machine 550.54.15 0x2684
venv /home/u/pt 3.11
dist "$SITE" torch 2.3.1+cpu
put "$SITE/torch/version.py" "__version__ = '2.3.1+cpu'
cuda = None
hip = None"
"$V/bin/gpudoctor" check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/home/u/pt --json >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD211\") != null)"
jq -S '[.verdicts, .findings]' "$OUT" >"$CASE_DIR/static.cmp"
"$GD_BIN" check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/home/u/pt --json 2>/dev/null | jq -S '[.verdicts, .findings]' >"$CASE_DIR/dyn.cmp"
cmp -s "$CASE_DIR/static.cmp" "$CASE_DIR/dyn.cmp" || fail "static and ordinary build disagree: $(diff "$CASE_DIR/dyn.cmp" "$CASE_DIR/static.cmp" | head -20)"
"$V/bin/python" -c 'import sys, gpudoctor
d = gpudoctor.check(root=sys.argv[1], env={"VIRTUAL_ENV": "/home/u/pt"})
print(d["exit_status"], [(v["framework"], v["gpu"]) for v in d["verdicts"]], gpudoctor.binary())' "$ROOT" >"$OUT" 2>"$ERR" \
    || fail "api: $(cat "$ERR")"
[ "$(cat "$OUT")" = "1 [('torch', 'no')] $V/bin/gpudoctor" ] || fail "api: $(cat "$OUT")"

# probe: the static program loads nothing itself; the helper from the wheel
# loads the fake driver
install_fake "$DRV"
"$V/bin/gpudoctor" probe --json --clear-env --env "LD_LIBRARY_PATH=$DRV" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
expect_json '.probe.driver.version == "550.54.15" and .probe.libraries[0].path == "'"$DRV"'/libcuda.so.1"'
mv "$V/libexec" "$V/libexec.away"
"$V/bin/gpudoctor" probe --json --clear-env --env "LD_LIBRARY_PATH=$DRV" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 3
expect_err "$V/libexec/gpudoctor/gpudoctor-probe-helper"
exit 0
