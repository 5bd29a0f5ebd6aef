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
# Python source (a "python" fix) goes through Python's own parser; conda
# lines against the channels' packages (a CUDA 12 cudatoolkit and cuDNN 8.6
# were never on conda-forge; a misspelt name is on no channel).
doc "$CASE_DIR/good/5.json" python 'import os
os.add_dll_directory(r"C:\CUDA\bin")'
doc "$CASE_DIR/good/6.json" sh 'conda create -n tf -c conda-forge python=3.10 cudatoolkit=11.2 cudnn=8.1
conda activate tf'
doc "$CASE_DIR/good/7.json" sh 'conda create -n ort -c conda-forge python=3.12 cuda-version=12 cuda-cudart libcublas cudnn=9'
doc "$CASE_DIR/bad/7.json" python 'import os
os.add_dll_directory(r"C:\CUDA\bin\")'
doc "$CASE_DIR/bad/8.json" sh 'conda create -n tf -c conda-forge python=3.11 cudatoolkit=12.1 cudnn=8.9'
doc "$CASE_DIR/bad/9.json" sh 'conda create -n tf -c conda-forge python=3.10 cudatoolkit=11.8 cudnn=8.6'
doc "$CASE_DIR/bad/10.json" sh 'conda install -c conda-forge cuda-toolkitt'
n=9
if command -v fish >/dev/null; then
    doc "$CASE_DIR/good/4.json" fish 'set -gx LD_LIBRARY_PATH /opt/x $LD_LIBRARY_PATH'
    doc "$CASE_DIR/bad/6.json" fish 'export LD_LIBRARY_PATH=/opt/x${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}'
    n=$((n + 1))
fi
# cmd through Wine's cmd.exe parser: a block left open swallows the rest.
if command -v wine >/dev/null; then
    doc "$CASE_DIR/good/8.json" cmd 'set PATH=C:\Program Files (x86)\CUDA\bin;%PATH%
setx PATH "C:\CUDA\bin;%PATH%"'
    doc "$CASE_DIR/bad/11.json" cmd 'if exist C:\CUDA (
set PATH=C:\CUDA\bin;%PATH%'
    n=$((n + 1))
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
expect_text "FAIL   python GD999 (7.json)"
expect_text "FAIL   conda GD999 (8.json)"
expect_text "no cudatoolkit 12.1 on conda-forge"
expect_text "no cudnn 8.6 on conda-forge"
expect_text "no package cuda-toolkitt on conda-forge"
if command -v wine >/dev/null; then
    expect_text "FAIL   cmd-syntax GD999 (11.json)"
fi
# A known violation is reported, not failed; a stale entry fails a whole run.
printf 'sh-syntax\tif then fi\nsh-syntax\timport os\npip\ttorch==2.1.0\npip\ttensorflow==2.10\npip\tcu999\nfish-syntax\texport LD\npython\tos.add_dll_directory\nconda\tcudatoolkit=12.1\nconda\tcudnn=8.6\nconda\tcuda-toolkitt\ncmd-syntax\tif exist\n' >"$CASE_DIR/known"
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
