# Plan from a machine: driver 535 and an RTX 4090 found by the scan.
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 535.104.05
mkdriver 535.104.05
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
gd plan --framework tensorflow --root "$ROOT" --clear-env
expect_rc 0
expect_text "your driver 535.104.05 supports CUDA 12.2"
expect_text "here is the newest tensorflow that will use your GPU"
# TensorFlow's own floor, 525.60.13, and the 4090's sm_89 SASS in 2.18+ (issue 18; was 2.15.0).
expect_text "plan: tensorflow 2.21.0 on linux"
gd plan --framework tensorflow --root "$ROOT" --clear-env --json
expect_json '.constraints.from_machine == true and .constraints.driver == "535.104.05" and .constraints.gpu == "8.9"'
expect_json '.version == "2.21.0" and .driver_rule == "TensorFlow"'
