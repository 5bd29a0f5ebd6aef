#!/bin/sh
# 9602-static-helper-family: every probe case (tests/cli/5xxx with "probe"
# in its name: healthy, no device, stub, compat 804, hang, crash,
# CUDA_VISIBLE_DEVICES, no driver, Python env refused, usage, check --probe,
# --verify-libs, the detached driver helper) passes again with the static
# binary, whose children are gpudoctor-probe-helper processes: the same
# records, the same timeouts and signals, the same findings.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
static_setup
GD_BIN=$SBIN GD_ONLY=cli GD_FILTER=probe GD_JOBS=2 sh "$GD_TESTS/run.sh" >"$CASE_DIR/family.log" 2>&1
rc=$?
tail -n 1 "$CASE_DIR/family.log"
[ $rc -eq 0 ] || { cat "$CASE_DIR/family.log"; fail "the probe family fails with the static binary"; }
n=$(sed -n 's/^\([0-9]*\) passed, 0 failed.*/\1/p' "$CASE_DIR/family.log")
# 15 cases (14 probe cases and the fix linter's pass over their reports)
[ "${n:-0}" -ge 15 ] || fail "only ${n:-0} passed: $(tail -n 3 "$CASE_DIR/family.log")"
grep -q 'skipped' "$CASE_DIR/family.log" && fail "a probe case skipped: $(grep skipped "$CASE_DIR/family.log")"
exit 0
