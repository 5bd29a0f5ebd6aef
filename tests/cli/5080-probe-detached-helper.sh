#!/bin/sh
# 5080-probe-detached-helper: a driver whose cuInit starts a detached helper
# process (a new session, holding every descriptor, the result pipe
# included) and returns at once is not a hang: probe ends when its child
# exits, not when the pipe closes, and reads what the child wrote.  Before,
# this waited for the whole --timeout and reported GD511.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="daemon=cuInit;daemon_s=6"
t0=$(date +%s)
gdprobe --timeout 10 --json
t1=$(date +%s)
expect_rc 0
[ $((t1 - t0)) -le 4 ] || fail "probe took $((t1 - t0)) s: it waited for the helper, not the child"
expect_json '.probe.child.end == "exited" and .probe.child.complete == true'
expect_json '.findings == []'
expect_json '.probe.cuda.result == 0 and .probe.cuda.device_count == 2'
# the same with the helper started by nvmlInit, in text
export GD_FAKE_DRIVER="daemon=nvmlInit;daemon_s=6"
t0=$(date +%s)
gdprobe --timeout 10
t1=$(date +%s)
expect_rc 0
[ $((t1 - t0)) -le 4 ] || fail "probe took $((t1 - t0)) s with a helper from nvmlInit"
expect_no_text "GD511"
expect_text "CUDA device 1"

# A real hang still is one, with the progress note on a terminal only:
# "waiting for the driver: cuInit, N s of T" on stderr, erased at the end.
export GD_FAKE_DRIVER="hang=cuInit"
gdprobe --timeout 3
expect_rc 1
grep -q "waiting for the driver" "$ERR" && fail "a progress note on a stderr that is not a terminal"
command -v script >/dev/null || skip "no script(1) to give probe a terminal"
script -q -e -c "\"$GD_BIN\" probe --clear-env --env LD_LIBRARY_PATH=$DRV --timeout 3 2>&1 >/dev/null" \
    "$CASE_DIR/tty.log" >/dev/null 2>&1 </dev/null
grep -q "waiting for the driver: cuInit, 1 s of 3" "$CASE_DIR/tty.log" || \
    { cat -A "$CASE_DIR/tty.log" | head -20; fail "no progress note on a terminal"; }
grep -q "waiting for the driver: cuInit, 2 s of 3" "$CASE_DIR/tty.log" || fail "the note is not updated"
grep -q "$(printf '\r\033\\[K')" "$CASE_DIR/tty.log" || fail "the note is not erased at the end"
