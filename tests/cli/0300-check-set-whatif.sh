# check --set (issue 30 item 3): the facts edited as an upgrade would edit
# them, judged again by the same rules, and what changes: a driver upgrade
# that fixes a build, one that breaks it, and a framework change; on a live
# scan and on a --from-facts document (the same answers), in text and JSON.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 470.223.02 0x2204
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.1.3.1
nvwheel cudnn libcudnn.so.8 nvidia-cudnn-cu12 8.9.2.26
torch 2.1.0+cu121 12.1 libcudart.so.12 libcublas.so.12 libcudnn.so.8

# 1. The driver upgrade that fixes it: 470 is below CUDA 12's 525.60.13.
gdcheck --env VIRTUAL_ENV=/home/u/pt --set driver=535.104.05
expect_rc 0
expect_text "set driver=535.104.05: driver 470.223.02 -> 535.104.05"
expect_text "its CUDA ceiling 11.4 -> 12.2"
expect_text "torch 2.1.0+cu121 (/home/u/pt): GPU no -> yes"
expect_text "findings gone (1):"
expect_text "exit status 1 -> 0"
gdcheck --env VIRTUAL_ENV=/home/u/pt --set driver=535.104.05 --json
expect_rc 0
expect_json '.schema == "gpudoctor-whatif/1" and .exit_status_before == 1 and .exit_status == 0'
expect_json '.edits[0] | .key == "driver" and .value == "535.104.05" and .was == "470.223.02"'
expect_json '[.verdicts[] | select(.flipped)] | length == 1'
expect_json '.verdicts[0] | .before == "no" and .after == "yes"'
expect_json '([.findings_gone[] | select(.code == "GD208")] | length == 1) and (.findings_new | length == 0)'
# The same from the recorded facts.
"$GD_BIN" check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/home/u/pt --facts >"$CASE_DIR/n470.json"
gd check --from-facts "$CASE_DIR/n470.json" --set driver=535.104.05 --json
expect_rc 0
expect_json '.verdicts[0] | .before == "no" and .after == "yes"'
expect_json '[.findings_gone[] | select(.code == "GD208")] | length == 1'
# An upgrade that is not enough: 515 is still below 525.60.13; the finding stays, its text changes.
gd check --from-facts "$CASE_DIR/n470.json" --set driver=515.105.01 --json
expect_rc 1
expect_json '[.verdicts[] | select(.flipped)] | length == 0'
expect_json '.findings_changed[0] | .before.code == "GD208" and (.after.title | test("515.105.01"))'

# 2. The upgrade that breaks: on 535, torch 2.1.0+cu121 runs; a framework
# change to a CUDA 13 build needs 580.
"$GD_BIN" check --from-facts "$CASE_DIR/n470.json" --set driver=535.104.05 --json >/dev/null
"$GD_BIN" check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/home/u/pt --facts |
    sed 's/470\.223\.02/535.104.05/g; s/"11\.4"/"12.2"/' >"$CASE_DIR/n535.json"
gd check --from-facts "$CASE_DIR/n535.json"
expect_rc 0
# A downgrade breaks it.
gd check --from-facts "$CASE_DIR/n535.json" --set driver=470.223.02
expect_rc 1
expect_text "torch 2.1.0+cu121 (/home/u/pt): GPU yes -> no"
expect_text "findings new (1):"
expect_text "GD208"

# 3. A framework change: torch 2.9.0+cu130 (CUDA 13: driver >= 580).
gd check --from-facts "$CASE_DIR/n535.json" --set pkg:/home/u/pt:torch=2.9.0+cu130 --json
expect_rc 1
expect_json '.edits[0] | .was == "2.1.0+cu121" and (.what | test("CUDA 13.0"))'
expect_json '.verdicts[0] | .subject_before == "torch 2.1.0+cu121 (/home/u/pt)" and .subject_after == "torch 2.9.0+cu130 (/home/u/pt)" and .after == "no"'
expect_json '[.findings_new[] | select(.code == "GD208" and (.title | test("580")))] | length == 1'
# ... and with the driver that build needs, it is no longer refused for its driver.
gd check --from-facts "$CASE_DIR/n535.json" --set pkg:1:torch=2.9.0+cu130 --set driver=580.65.06 --json
expect_json '[.findings_new[] | select(.code == "GD208")] | length == 0'
expect_json '.edits | length == 2'

# Other keys: the GPU, the distribution, a member by its JSON path.
gd check --from-facts "$CASE_DIR/n535.json" --set gpu=H100 --set os=ubuntu-24.04 --set system.arch=x86_64 --json
expect_rc 0
expect_json '.edits[0].what | test("H100, compute capability 9.0")'
expect_json '.edits[1] | .was == "debian-12" and (.what | test("ubuntu 24.04"))'
expect_json '.edits[2].what | test("1 member")'

# Refusals: an unknown key, a bad value, a change the facts cannot take.
gd check --from-facts "$CASE_DIR/n535.json" --set nosuch=1
expect_rc 2
expect_err "no member 'nosuch'"
gd check --from-facts "$CASE_DIR/n535.json" --set driver=abc
expect_rc 2
expect_err "not a driver version"
gd check --from-facts "$CASE_DIR/n535.json" --set cuda=12.8
expect_rc 2
expect_err "no system CUDA toolkit to change (pip's and conda's CUDA come with their framework"
gd check --from-facts "$CASE_DIR/n535.json" --set pkg:/nowhere:torch=2.6.0
expect_rc 2
expect_err "no Python environment '/nowhere'"
gd check --from-facts "$CASE_DIR/n535.json" --set gpus=1
expect_rc 2
gd check --from-facts "$CASE_DIR/n535.json" --set driver=535.104.05 --facts
expect_rc 2

# cuda= edits the system toolkit /usr/local/cuda names, not pip's.
ROOT="$CASE_DIR/root2"
machine 535.104.05 0x2204
cuda_toolkit /usr/local/cuda-12.2 12.2.140
cuda_toolkit /usr/local/cuda-11.8 11.8.89
link cuda-12.2 /usr/local/cuda
gdcheck --set cuda=12.8 --json
expect_rc 0
expect_json '.edits[0] | .was == "12.2.140" and (.what | test("/usr/local/cuda-12.2: 12.2.140 -> 12.8"))'
gdcheck --set cuda=13.0 --json
expect_json '.edits[0].caveat | test("other sonames")'
