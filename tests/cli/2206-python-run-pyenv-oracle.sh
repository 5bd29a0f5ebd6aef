#!/bin/sh
# Differential test against pyenv itself: for several layouts of
# PYENV_ROOT, version files and working directories, `pyenv which CMD` and
# `pyenv version-name` (run with the same PYENV_ROOT, PATH and directory)
# must agree with what gpudoctor says the shim runs (.interpreters[].target
# and .pyenv_version).  The fixture is a real directory (no --root), so
# both read the same files.  Skipped, with the reason, without pyenv or bash.
. "$GD_TESTS/cli/lib.sh"
PYENV_BIN=${GD_PYENV:-$(command -v pyenv 2>/dev/null || true)}
[ -n "$PYENV_BIN" ] || PYENV_BIN=/root/.pyenv/bin/pyenv
[ -x "$PYENV_BIN" ] || skip "pyenv is not installed (set GD_PYENV to its bin/pyenv)"
command -v bash >/dev/null 2>&1 || skip "bash is not installed (pyenv needs it)"
command -v jq >/dev/null 2>&1 || skip "jq is not installed"

T=$(cd "$CASE_DIR" && pwd)/t
R=$T/pyenv
mkdir -p "$T/sys" "$T/home" "$R/shims"
mkexe() { mkdir -p "$(dirname "$1")"; printf '#!/bin/sh\nexit 0\n' >"$1"; chmod +x "$1"; }
for v in 3.10.13 3.11.7 3.12.1 3.12.4 3.13.0rc2 3.12-dev; do
    for c in python python3 pip; do mkexe "$R/versions/$v/bin/$c"; done
done
mkexe "$R/versions/3.12.1/bin/pip3"          # pip3 only in 3.12.1
for c in python python3 pip pip3; do mkexe "$T/sys/$c"; done
# the shims, written by pyenv itself
env -i HOME="$T/home" PATH="/usr/bin:/bin" PYENV_ROOT="$R" bash "$PYENV_BIN" rehash ||
    fail "pyenv rehash failed"
[ -x "$R/shims/pip3" ] || fail "pyenv rehash wrote no pip3 shim"
P="$R/shims:$T/sys:/usr/bin:/bin"
n=0

# compare DIR [PYENV_VERSION]
compare() {
    _dir=$1; _pv=${2:-}
    n=$((n + 1))
    if [ -n "$_pv" ]; then set -- --env "PYENV_VERSION=$_pv"; else set --; fi
    "$GD_BIN" check --facts --clear-env --env "PYENV_ROOT=$R" --env "HOME=$T/home" --env "PATH=$P" \
        --cwd "$_dir" "$@" >"$CASE_DIR/gd.json" 2>"$CASE_DIR/gd.err"
    jq -e '.interpreters | length == 4' "$CASE_DIR/gd.json" >/dev/null ||
        fail "gpudoctor gave no interpreters in $_dir: $(head -c 300 "$CASE_DIR/gd.err")"
    for c in python python3 pip pip3; do
        _want=$(cd "$_dir" && env -i HOME="$T/home" PATH="$P" PYENV_ROOT="$R" ${_pv:+PYENV_VERSION="$_pv"} \
                bash "$PYENV_BIN" which "$c" 2>/dev/null || true)
        _got=$(jq -r --arg c "$c" '.interpreters[] | select(.command == $c) | .target // ""' "$CASE_DIR/gd.json")
        [ "$_want" = "$_got" ] || fail "layout $n ($_dir${_pv:+, PYENV_VERSION=$_pv}): $c: pyenv which says '$_want', gpudoctor '$_got'"
    done
    _want=$(cd "$_dir" && env -i HOME="$T/home" PATH="$P" PYENV_ROOT="$R" ${_pv:+PYENV_VERSION="$_pv"} \
            bash "$PYENV_BIN" version-name 2>/dev/null) || return 0
    case $_want in *:*) return 0 ;; esac     # several versions: compared per command above
    _got=$(jq -r '.interpreters[] | select(.command == "python") | .pyenv_version // ""' "$CASE_DIR/gd.json")
    [ "$_want" = "$_got" ] || fail "layout $n ($_dir): pyenv version-name says '$_want', gpudoctor '$_got'"
}

mkdir -p "$T/proj/sub/deeper" "$T/other"
compare "$T/other"                                   # no version file at all: system
printf '3.11.7\n' >"$R/version"
compare "$T/other"                                   # the global version file
printf '3.12\n' >"$T/proj/.python-version"
compare "$T/proj/sub/deeper"                         # a parent's file; prefix -> newest 3.12.x (not rc, not -dev)
printf '# comment\r\n\r\n  python-3.10.13  trailing words\r\n' >"$T/proj/sub/.python-version"
compare "$T/proj/sub/deeper"                         # the nearest file; CRLF, comment, python- prefix
printf '3.10.13\n3.12.1\n' >"$T/proj/sub/.python-version"
compare "$T/proj/sub"                                # two versions: pip3 only in the second
printf '3.9\n' >"$T/proj/sub/.python-version"
compare "$T/proj/sub"                                # not installed: falls back to system
printf '../../etc\n3.11\n' >"$T/proj/sub/.python-version"
compare "$T/proj/sub"                                # a path escaping versions/ is ignored
printf '' >"$T/proj/sub/.python-version"
compare "$T/proj/sub"                                # an empty file
compare "$T/proj/sub" 3.12.1                         # PYENV_VERSION beats the files
compare "$T/proj/sub" system
compare "$T/proj" "3.13"                              # only an rc of 3.13: not picked
rm "$T/sys/pip3"
compare "$T/other" 3.11.7                            # pip3 nowhere: not found
[ "$n" -ge 12 ] || fail "only $n layouts compared"
exit 0
