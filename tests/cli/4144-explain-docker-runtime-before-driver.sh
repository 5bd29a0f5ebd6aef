#!/bin/sh
# 4144-explain-docker-runtime-before-driver: Docker's own refusal (moby's "Unknown runtime specified
# nvidia": no nvidia runtime registered) comes before any driver in the chain, so the container
# toolkit (GD408) ranks above the "no driver" judged from the toolkit hook's failed NVML load in the
# same log; the hook's line alone still ranks the driver first.
# Log: tests/explain/docker-unknown-runtime-nvml.log (written for this test from moby's and
# libnvidia-container's messages).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/docker-unknown-runtime-nvml.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD408" and .hypotheses[0].kind == "container_toolkit_missing"'
expect_json 'any(.hypotheses[1:][]; .kind == "no_driver")'

sed -n 4,6p "$GD_TESTS/explain/docker-unknown-runtime-nvml.log" >"$CASE_DIR/hook.log"
gd explain --json "$CASE_DIR/hook.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "no_driver"'
