#!/bin/sh
# 4134-explain-intel-graphics-no-nvidia: the reporter names Intel graphics and says there is no NVIDIA
# GPU: a PCI listing without one, so check's judge says GD102; the line is its evidence.
# Log: tests/explain/intel-graphics-no-nvidia.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/intel-graphics-no-nvidia.log"
expect_rc 0
expect_json '.cause == "GD102"'
expect_json '.hypotheses[0].kind == "no_gpu"'
expect_json 'any(.findings[0].evidence[]; .line == 1)'

# A program's own "no NVIDIA GPU" without graphics named is not enough.
printf 'No NVIDIA GPU found\n' >"$CASE_DIR/nogpu.log"
gd explain --json "$CASE_DIR/nogpu.log"
expect_rc 0
expect_json '.cause != "GD102"'
