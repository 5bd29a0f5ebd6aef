#!/bin/sh
# 4141-explain-wsl-linux-driver: a Linux NVIDIA driver installed inside WSL 2 (apt's nvidia-driver-N,
# WSL named in lower case in words) is check's GD107 (NVIDIA's CUDA on WSL User Guide: no Linux driver
# inside WSL 2), ranked above the "no driver" that nvidia-smi's failure judges; off WSL the install is
# no cause of its own.  Log: tests/explain/wsl-linux-driver-installed.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/wsl-linux-driver-installed.log"
expect_rc 0
expect_json '.facts.os == "wsl" and .facts.os_line == 1'
expect_json '.hypotheses[0].code == "GD107" and .hypotheses[0].kind == "wsl_driver_issue"'
expect_json 'any(.hypotheses[1:][]; .kind == "no_driver")'
expect_json 'any(.facts.messages[]; .family == "linux_driver_install" and .first_line == 2)'

# The same log on plain Linux: installing the driver is what one does there; no GD107.
grep -v 'wsl2' "$GD_TESTS/explain/wsl-linux-driver-installed.log" >"$CASE_DIR/linux.log"
gd explain --json "$CASE_DIR/linux.log"
expect_rc 0
expect_json '.facts.os != "wsl"'
expect_json '.hypotheses[0].kind == "no_driver"'
expect_json 'all(.hypotheses[]; .code != "GD107")'

# "wsl" only inside another word is no WSL.
printf 'awslib loaded\nNVIDIA-SMI has failed because it couldn'"'"'t communicate with the NVIDIA driver.\n' >"$CASE_DIR/word.log"
gd explain --json "$CASE_DIR/word.log"
expect_rc 0
expect_json '.facts.os != "wsl"'
