# The paste harness (tests/paste/paste.py) fails a fix that cannot work:
# sh that sh -n rejects, fish that fish -n rejects, an apt package the
# release's archive lacks, a torch pin with no wheel for the environment's
# Python (the local index from the kb); and passes fixes that can.  The
# suite runs it over every report the cases wrote (tests/run.sh).
. "$GD_TESTS/cli/lib.sh"
command -v python3 >/dev/null || skip "python3 is not installed"
P="python3 $GD_TESTS/paste/paste.py --data $GD_TESTS/../data"
doc() {   # doc FILE SHELL COMMAND [PYTHON]: a check report with one fix
    python3 - "$1" "$2" "$3" "${4:-3.11}" <<'PY'
import json, sys
path, shell, cmd, py = sys.argv[1:5]
json.dump({"schema": "gpudoctor/1",
           "system": {"os": "linux", "arch": "x86_64", "distro": {"id": "debian", "version": "12"}},
           "python_envs": [{"prefix": "/home/u/venv", "python_version": py, "active": True}],
           "interpreters": [],
           "findings": [{"code": "GD999", "fixes": [{"title": "t", "shell": None if shell == "-" else shell,
                                                     "command": cmd}]}]}, open(path, "w"))
PY
}
mkdir -p "$CASE_DIR/good" "$CASE_DIR/bad"
doc "$CASE_DIR/good/1.json" sh 'export LD_LIBRARY_PATH=/opt/x${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}'
doc "$CASE_DIR/good/2.json" sh '/home/u/venv/bin/python -m pip install --force-reinstall "torch==2.3.*" --index-url https://download.pytorch.org/whl/cu121'
doc "$CASE_DIR/good/3.json" sh '/home/u/venv/bin/python -m pip install "tensorflow==2.10.*" "numpy<2"' 3.10
doc "$CASE_DIR/bad/1.json" sh 'if then fi ('
doc "$CASE_DIR/bad/2.json" - 'import os; os.add_dll_directory(r"C:\x")'
doc "$CASE_DIR/bad/3.json" sh '/home/u/venv/bin/python -m pip install "torch==2.1.0"' 3.12
doc "$CASE_DIR/bad/4.json" sh '/home/u/venv/bin/python -m pip install "tensorflow==2.10.*"' 3.11
doc "$CASE_DIR/bad/5.json" sh '/home/u/venv/bin/python -m pip install "torch==2.3.*" --index-url https://download.pytorch.org/whl/cu999'
n=5
if command -v fish >/dev/null; then
    doc "$CASE_DIR/good/4.json" fish 'set -gx LD_LIBRARY_PATH /opt/x $LD_LIBRARY_PATH'
    doc "$CASE_DIR/bad/6.json" fish 'export LD_LIBRARY_PATH=/opt/x${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}'
    n=6
fi
$P --no-apt "$CASE_DIR/good" >"$OUT" 2>"$ERR" || fail "good fixes fail: $(cat "$OUT" "$ERR" | tail -n 10)"
expect_text "0 violations"
$P --no-apt "$CASE_DIR/bad" >"$OUT" 2>"$ERR" && fail "bad fixes pass: $(tail -n 5 "$OUT")"
expect_text "; $n violations (0 known)"
expect_text "FAIL   sh-syntax GD999 (1.json)"
expect_text "FAIL   sh-syntax GD999 (2.json)"
expect_text "FAIL   pip GD999 (3.json)"
expect_text "FAIL   pip GD999 (4.json)"
expect_text "no torch variant cu999"
# A known violation is reported, not failed; a stale entry fails a whole run.
printf 'sh-syntax\tif then fi\nsh-syntax\timport os\npip\ttorch==2.1.0\npip\ttensorflow==2.10\npip\tcu999\nfish-syntax\texport LD\n' >"$CASE_DIR/known"
$P --no-apt --known "$CASE_DIR/known" "$CASE_DIR/bad" >"$OUT" 2>"$ERR" || fail "known violations fail: $(tail -n 5 "$OUT")"
expect_text "($n known)"
PASTE_STALE=1 $P --no-apt --known "$CASE_DIR/known" "$CASE_DIR/good" >"$OUT" 2>"$ERR" && fail "stale known entries pass"
expect_text "STALE  known entry no longer occurs"
# apt: a package bookworm does not have (skipped when the archive cannot be reached).
doc "$CASE_DIR/apt.json" sh 'sudo apt-get install -y nvidia-driver firmware-misc-nonfree'
doc "$CASE_DIR/apt-bad.json" sh 'sudo apt-get update && sudo apt-get install nvidia-container-toolkit'
$P "$CASE_DIR/apt.json" "$CASE_DIR/apt-bad.json" >"$OUT" 2>"$ERR"
if grep -q '^apt rule not run' "$OUT"; then
    [ "${CI:-}" = true ] && fail "the apt rule cannot run in CI: $(grep '^apt rule' "$OUT")"
    echo "apt part skipped: $(grep '^apt rule' "$OUT")"
else
    expect_text "2 apt lines simulated"
    expect_text "FAIL   apt GD999 (apt-bad.json)"
    expect_no_text "(apt.json)"
fi
