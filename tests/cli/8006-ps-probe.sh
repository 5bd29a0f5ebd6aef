#!/bin/sh
# gpudoctor ps --probe: the driver's own per-process list (NVML compute
# processes, from the child process probe already uses; the fake driver
# here).  A job /proc shows with no GPU device is on the GPU when the driver
# lists it, with its memory; a process the driver lists that is not among
# the jobs is named; a driver that refuses the question changes nothing.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
. "$GD_TESTS/cli/ps.inc"
install_fake "$DRV"
cp "$FAKEJOB" "$CASE_DIR/python3"
"$CASE_DIR/python3" --ready "$CASE_DIR/j.ready" train.py >/dev/null 2>&1 &
_t=0
while [ ! -s "$CASE_DIR/j.ready" ]; do _t=$((_t + 1)); [ $_t -le 100 ] || fail "no job"; sleep 0.1; done
J=$(awk '{ print $2 }' "$CASE_DIR/j.ready")
JOBS=$J
export GD_FAKE_DRIVER="devices=2;procs0=$J:1536;procs1=$$:-"

gd ps --json $J
expect_json "$(pj $J) | .state == \"no_framework\" and .driver_lists == null"
gd ps --probe --json --clear-env --env "LD_LIBRARY_PATH=$DRV" $J
expect_rc 0
expect_json "$(pj $J) | .state == \"gpu\" and .driver_lists == [{\"gpu\": 0, \"used_memory_bytes\": 1610612736}]"
expect_json "$(pj $J) | .why == \"the driver lists it on GPU 0 (ps --probe)\""
expect_json ".driver_processes == [{\"pid\": $J, \"gpu\": 0, \"used_memory_bytes\": 1610612736, \"job\": true}, {\"pid\": $$, \"gpu\": 1, \"used_memory_bytes\": null, \"job\": false}]"
expect_json '.probe.libraries[0].state == "loaded"'
gd ps --probe --clear-env --env "LD_LIBRARY_PATH=$DRV" $J
expect_text "driver list  GPU 0, 1536 MiB"
expect_text "PID $$ (sh) on GPU 1: not among the jobs above"

export GD_FAKE_DRIVER="devices=1;procsrc=4"
gd ps --probe --json --clear-env --env "LD_LIBRARY_PATH=$DRV" $J
expect_json "$(pj $J) | .state == \"no_framework\" and .driver_lists == null"
expect_json '.driver_processes == null'
gd ps --probe --clear-env --env "LD_LIBRARY_PATH=$DRV" $J
expect_text "the driver gave none"
