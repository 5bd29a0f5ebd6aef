#!/bin/sh
# 4183-explain-wsl-smi-failed: nvidia-smi's "couldn't communicate with the NVIDIA driver" means no
# kernel module answered; WSL2 never has one (its GPU is the Windows driver's, through /dev/dxg and
# /usr/lib/wsl/lib: NVIDIA's CUDA on WSL User Guide).  logscan gives check's WSL judge
# (rules_driver.c rule_wsl) the fact, and it decides GD110, not "load the kernel module" (GD101).
# The same line on plain Linux stays GD101.
# Log: tests/explain/wsl-smi-failed.log (written for this test: uname and nvidia-smi as printed).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/wsl-smi-failed.log"
expect_rc 0
expect_json '.facts.os == "wsl"'
expect_json '.hypotheses[0].code == "GD110" and .hypotheses[0].kind == "wsl_driver_issue"'
expect_json '.ranking[0].judged == true'
expect_json '.ranking[0].evidence | any(.line == 4)'
# its fix is the Windows driver's, never a Linux driver inside WSL
expect_json 'all(.findings[0].fixes[]?; (.commands // [] | join(" ")) | test("apt(-get)? install.*nvidia-driver") | not)'

# plain Linux: the kernel module is not loaded
grep -v -e microsoft -e 'uname' "$GD_TESTS/explain/wsl-smi-failed.log" | sed 's|/mnt/c/Users/user|~|' >"$CASE_DIR/linux.log"
gd explain --json "$CASE_DIR/linux.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD101"'
