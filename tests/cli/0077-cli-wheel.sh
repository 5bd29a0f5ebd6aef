# The Python wheel (python/build_wheel.py, mk/wheel.mk; docs/packaging.md):
# built from the binary under test with Debian's python3-wheel, its RECORD
# and tags checked (and a corrupted copy refused), installed with no index
# into a fresh venv of Debian's python3; then the installed command, `python
# -m gpudoctor`, the API, the %gpudoctor magic (Debian's IPython) and the
# missing-program error, on two fixture machines and a real log.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
PY=/usr/bin/python3
[ -x $PY ] || skip "no /usr/bin/python3 (python3)"
$PY -c 'import wheel, venv, pip' 2>/dev/null || skip "Debian's python3-wheel, python3-venv or python3-pip missing"
$PY -c 'import IPython' 2>/dev/null || skip "Debian's python3-ipython missing"
TOP="$GD_TESTS/.."
# IPython's profile and history go here, not to the user's home.
IPYTHONDIR="$CASE_DIR/ipython"; export IPYTHONDIR
VERSION=$(sed -n 's/^#define GD_VERSION "\(.*\)"/\1/p' "$TOP/src/cli/version.h")

# --- build: the tag is the binary's glibc floor, by objdump as the oracle
floor=$(objdump -T "$GD_BIN" | grep -o 'GLIBC_2\.[0-9]*' | sed 's/GLIBC_2\.//' | sort -n | tail -n 1)
[ -n "$floor" ] || fail "objdump -T found no GLIBC_2.N in $GD_BIN"
tag=$($PY "$TOP/python/build_wheel.py" --binary "$GD_BIN" --version x --out . --print-tags) || fail "--print-tags"
case $floor in 17) want="manylinux_2_17_x86_64.manylinux2014_x86_64" ;; *) want="manylinux_2_${floor}_x86_64" ;; esac
[ "$tag" = "$want" ] || fail "measured tag $tag, objdump's floor says $want"
SOURCE_DATE_EPOCH=1700000000 $PY "$TOP/python/build_wheel.py" --binary "$GD_BIN" --version "$VERSION" \
    --out "$CASE_DIR/dist" --strip strip >"$CASE_DIR/build.log" 2>&1 || { cat "$CASE_DIR/build.log"; fail "build_wheel.py"; }
WHL="$CASE_DIR/dist/gpudoctor_cli-$VERSION-py3-none-$want.whl"
[ -f "$WHL" ] || fail "no $WHL: $(ls "$CASE_DIR/dist")"
# A static binary (no PT_INTERP) gets manylinux and musllinux.
printf 'int main(void){return 0;}\n' >"$CASE_DIR/s.c"
if $CC -static -o "$CASE_DIR/static" "$CASE_DIR/s.c" 2>/dev/null; then
    st=$($PY "$TOP/python/build_wheel.py" --binary "$CASE_DIR/static" --version x --out . --print-tags)
    [ "$st" = "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64" ] || fail "static binary tagged $st"
    # With the static build's glibc probe helper (make static): the higher
    # floor of the two, musllinux kept; the helper is installed where the
    # program looks for it, PREFIX/libexec/gpudoctor/, executable.
    $CC -o "$CASE_DIR/helper" "$CASE_DIR/s.c" || fail "cc helper"
    hf=$(objdump -T "$CASE_DIR/helper" | grep -o 'GLIBC_2\.[0-9]*' | sed 's/GLIBC_2\.//' | sort -n | tail -n 1)
    [ "$hf" -gt 17 ] || hf=17
    hw="manylinux_2_${hf}_x86_64"; [ "$hf" = 17 ] && hw="$hw.manylinux2014_x86_64"
    $PY "$TOP/python/build_wheel.py" --binary "$CASE_DIR/static" --helper "$CASE_DIR/helper" --version "$VERSION" \
        --out "$CASE_DIR/sdist" >"$CASE_DIR/build.log" 2>&1 || { cat "$CASE_DIR/build.log"; fail "build_wheel.py --helper"; }
    SW="$CASE_DIR/sdist/gpudoctor_cli-$VERSION-py3-none-$hw.musllinux_1_1_x86_64.whl"
    [ -f "$SW" ] || fail "static+helper wheel: $(ls "$CASE_DIR/sdist")"
    $PY "$GD_TESTS/wheel/check_wheel.py" "$SW" || fail "static+helper wheel breaks the spec"
    $PY -m venv --without-pip "$CASE_DIR/sv" && $PY -m pip --python "$CASE_DIR/sv/bin/python" install --no-index -q "$SW" \
        >"$CASE_DIR/pip.log" 2>&1 || { cat "$CASE_DIR/pip.log"; fail "install static+helper wheel"; }
    [ -x "$CASE_DIR/sv/libexec/gpudoctor/gpudoctor-probe-helper" ] && [ -x "$CASE_DIR/sv/bin/gpudoctor" ] \
        || fail "static+helper layout: $(find "$CASE_DIR/sv/bin" "$CASE_DIR/sv/libexec")"
    "$CASE_DIR/sv/bin/gpudoctor" || fail "the static program from the wheel does not run"
    # pip uninstall takes both programs away (they are in RECORD).
    $PY -m pip --python "$CASE_DIR/sv/bin/python" uninstall -y -q gpudoctor-cli >"$CASE_DIR/pip.log" 2>&1 \
        || { cat "$CASE_DIR/pip.log"; fail "pip uninstall"; }
    [ -e "$CASE_DIR/sv/bin/gpudoctor" ] || [ -e "$CASE_DIR/sv/libexec/gpudoctor/gpudoctor-probe-helper" ] \
        && fail "pip uninstall left the programs"
fi
# The same binary and SOURCE_DATE_EPOCH give the same wheel, byte for byte.
SOURCE_DATE_EPOCH=1700000000 $PY "$TOP/python/build_wheel.py" --binary "$GD_BIN" --version "$VERSION" \
    --out "$CASE_DIR/dist2" --strip strip >"$CASE_DIR/build.log" 2>&1 || { cat "$CASE_DIR/build.log"; fail "build_wheel.py again"; }
cmp -s "$WHL" "$CASE_DIR/dist2/$(basename "$WHL")" || fail "two builds of the same binary differ"

# --- contents, METADATA, WHEEL and RECORD
d="gpudoctor_cli-$VERSION"
unzip -Z1 "$WHL" | sort >"$CASE_DIR/files"
printf '%s\n' gpudoctor/__init__.py gpudoctor/__main__.py gpudoctor/_magic.py \
    "$d.data/scripts/gpudoctor" "$d.dist-info/LICENSE" "$d.dist-info/METADATA" "$d.dist-info/NOTICE" \
    "$d.dist-info/RECORD" "$d.dist-info/WHEEL" | sort >"$CASE_DIR/want"
cmp -s "$CASE_DIR/files" "$CASE_DIR/want" || fail "wheel contents: $(diff "$CASE_DIR/want" "$CASE_DIR/files")"
unzip -l "$WHL" "$d.data/scripts/gpudoctor" | grep -q "2023-11-14" || fail "SOURCE_DATE_EPOCH not used: $(unzip -l "$WHL")"
unzip -Zl "$WHL" "$d.data/scripts/gpudoctor" | grep -q '^-rwxr-xr-x' || fail "the program is not executable in the zip"
unzip -p "$WHL" "$d.dist-info/METADATA" >"$CASE_DIR/METADATA"
grep -qx 'Metadata-Version: 2.1' "$CASE_DIR/METADATA" && grep -qx 'Name: gpudoctor-cli' "$CASE_DIR/METADATA" \
    && grep -qx "Version: $VERSION" "$CASE_DIR/METADATA" || fail "METADATA: $(head -5 "$CASE_DIR/METADATA")"
unzip -p "$WHL" "$d.dist-info/WHEEL" >"$CASE_DIR/WHEEL"
grep -qx 'Root-Is-Purelib: false' "$CASE_DIR/WHEEL" && grep -qx "Tag: py3-none-${want%%.*}" "$CASE_DIR/WHEEL" \
    || fail "WHEEL: $(cat "$CASE_DIR/WHEEL")"
# The spec, checked here (tests/wheel/check_wheel.py: RECORD's hashes and
# sizes, WHEEL's tags against the file name, METADATA), then by wheel's own
# `wheel unpack` (it verifies each member against RECORD); both must refuse
# a copy whose program differs by one bit.
$PY "$GD_TESTS/wheel/check_wheel.py" "$WHL" "$CASE_DIR/bad.whl" || fail "the wheel breaks the spec (above)"
$PY -m wheel unpack -d "$CASE_DIR/unpacked" "$WHL" >/dev/null 2>&1 || fail "wheel unpack refused the wheel"
$PY "$GD_TESTS/wheel/check_wheel.py" "$CASE_DIR/bad.whl" 2>/dev/null && fail "check_wheel.py took a wheel whose RECORD is wrong"
if $PY -m wheel unpack -d "$CASE_DIR/bad" "$CASE_DIR/bad.whl" >/dev/null 2>&1; then fail "wheel unpack took a wheel whose RECORD is wrong"; fi

# --- a fresh venv of Debian's python3 (IPython from Debian through the
# system site-packages), the wheel installed with no index by Debian's pip
$PY -m venv --system-site-packages --without-pip "$CASE_DIR/venv" || fail "venv"
V="$CASE_DIR/venv"
$PY -m pip --python "$V/bin/python" install --no-index --no-cache-dir -q "$WHL" >"$CASE_DIR/pip.log" 2>&1 \
    || { cat "$CASE_DIR/pip.log"; fail "pip install --no-index"; }
[ -x "$V/bin/gpudoctor" ] || fail "no $V/bin/gpudoctor"
cmp -s "$V/bin/gpudoctor" "$CASE_DIR/unpacked/$d/$d.data/scripts/gpudoctor" || fail "installed program differs from the wheel's"

# Two machines: torch +cpu in a venv whose path needs escaping (exit 1), and
# a healthy driver + toolkit with no framework (exit 0).
ROOT="$CASE_DIR/root2"; mkdir -p "$ROOT"
machine 535.104.05 0x2684
cuda_toolkit /usr/local/cuda-12.2 12.2.140
ROOT="$CASE_DIR/root"
machine 550.54.15 0x2684
VENV='/home/u/pt<x>&'
venv "$VENV" 3.11
dist "$SITE" torch 2.3.1+cpu
put "$SITE/torch/version.py" "__version__ = '2.3.1+cpu'
cuda = None
hip = None"
LOG="$GD_TESTS/explain/corpus/0010-tf-cudart64-110-windows.log"

# --- the command the wheel installed, and python -m gpudoctor
"$V/bin/gpudoctor" check --root "$ROOT" --clear-env --env "VIRTUAL_ENV=$VENV" --json >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
expect_json '.verdicts[] | select(.framework == "torch") | .gpu == "no"'
"$V/bin/gpudoctor" check --root "$CASE_DIR/root2" --clear-env >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
expect_text "0 errors"
"$V/bin/python" -m gpudoctor --version >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
[ "$(head -n 1 "$OUT")" = "gpudoctor $VERSION" ] || fail "python -m gpudoctor --version: $(cat "$OUT")"
"$V/bin/python" -m gpudoctor check --root "$ROOT" --clear-env --env "VIRTUAL_ENV=$VENV" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
expect_text "GD211"
"$V/bin/python" -m gpudoctor check --bogus >"$OUT" 2>"$ERR"; RC=$?
expect_rc 2
"$V/bin/python" -c 'import gpudoctor, sys; print(gpudoctor.__version__)' >"$OUT" 2>"$ERR" || fail "import"
[ "$(cat "$OUT")" = "$VERSION" ] || fail "__version__ $(cat "$OUT")"

# --- the API, the magic in a shell (HTML and text), IPython in a terminal
cd "$CASE_DIR" || fail "cd"
"$V/bin/python" "$GD_TESTS/wheel/api_magic.py" api "$ROOT" "$VENV" "$CASE_DIR/root2" "$LOG" >"$OUT" 2>"$ERR" \
    || fail "api: $(cat "$ERR")"
"$V/bin/python" "$GD_TESTS/wheel/api_magic.py" magic "$ROOT" "$VENV" "$LOG" >"$OUT" 2>"$ERR" \
    || fail "magic: $(cat "$ERR")"
"$V/bin/python" -m IPython --no-banner --colors=NoColor -c "%load_ext gpudoctor
%gpudoctor check --root $CASE_DIR/root --clear-env --env 'VIRTUAL_ENV=$VENV'" >"$OUT" 2>"$ERR" || fail "ipython -c"
expect_text "gpu=no  torch 2.3.1+cpu ($VENV)"
expect_text "error GD211"
expect_no_text "<table>"

# --- `pip install --target DIR`: RECORD is relative to pip's temporary
# scheme there, the program in DIR/bin; the API still finds it
$PY -m pip install --no-index --no-cache-dir -q --target "$CASE_DIR/tgt" "$WHL" >"$CASE_DIR/pip.log" 2>&1 \
    || { cat "$CASE_DIR/pip.log"; fail "pip install --target"; }
(cd / && PYTHONPATH="$CASE_DIR/tgt" $PY -I -c 'import sys; sys.path.insert(0, sys.argv[1]); import gpudoctor
print(gpudoctor.binary()); print(gpudoctor.check(root=sys.argv[2], env={})["exit_status"])' \
    "$CASE_DIR/tgt" "$CASE_DIR/root2") >"$OUT" 2>"$ERR" || fail "--target: $(cat "$ERR")"
[ "$(cat "$OUT")" = "$CASE_DIR/tgt/bin/gpudoctor
0" ] || fail "--target: $(cat "$OUT")"

# --- the program gone: a clear error from the API and from python -m
rm "$V/bin/gpudoctor"
"$V/bin/python" "$GD_TESTS/wheel/api_magic.py" missing >"$OUT" 2>"$ERR" || fail "missing: $(cat "$ERR")"
"$V/bin/python" -m gpudoctor --version >"$OUT" 2>"$ERR"; RC=$?
expect_rc 127
expect_err "gpudoctor program not found"
exit 0
