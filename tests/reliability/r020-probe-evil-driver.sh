#!/bin/sh
# 0020-probe-evil-driver: a driver library that attacks gpudoctor while
# probe loads it (tests/helpers/fakedriver/fakecuda.c, the evil kinds).
# Promise (docs/probe.md "What is and is not protected"): the child runs in
# its own session with a seccomp guard, so it cannot stop, kill or trace
# gpudoctor, signal its process group or everyone, or change its limits;
# every wait is bounded.  Each kind: gpudoctor ends within its limits with
# a verdict, never stopped (it would be killed by the limit) or killed.
# As root and, where setpriv can drop to nobody, as an ordinary user (the
# guard then needs no_new_privs).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/reliability/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
case "$(uname -m)" in x86_64|aarch64) ;; *) skip "the guard is for x86-64 and AArch64" ;; esac
# The fake driver where any user can load it.
DRV=$(mktemp -d /tmp/gd-evil.XXXXXX)
trap 'rm -rf "$DRV"' EXIT
chmod 755 "$DRV"
$CC -std=c11 -O1 -shared -fPIC -o "$DRV/libcuda.so.1" "$GD_TESTS/helpers/fakedriver/fakecuda.c" || fail "cannot build the fake driver"
cp "$DRV/libcuda.so.1" "$DRV/libnvidia-ml.so.1"
chmod 755 "$DRV"/*
REP="$DRV/report"
: >"$REP"
chmod 666 "$REP"
export GD_FAKE_REPORT="$REP"

# evil KIND [RUNAS...]: probe with the kind in cuInit; sets RC and $OUT.
evil() {
    _kind=$1; shift
    : >"$REP"
    GD_FAKE_DRIVER="$_kind=cuInit" limit 30 300 "$@" "$GD_BIN" probe --timeout 2 --json --clear-env \
        --env "LD_LIBRARY_PATH=$DRV"
    case $RC in 0|1) ;; *) fail "$_kind: exit status $RC" ;; esac
    jq -e . "$OUT" >/dev/null || fail "$_kind: no JSON report"
}
# attempt WHAT: the fake's line for WHAT says it failed with EPERM (errno 1).
refused() {
    grep -q "^$1 -1 1\$" "$REP" || fail "$1 was not refused: $(cat "$REP")"
}

for who in root nobody; do
    run=""
    if [ $who = nobody ]; then
        [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null || { echo "not root or no setpriv: the nobody pass is skipped"; break; }
        run="setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all"
        # the binary and its directories must be reachable for nobody
        $run test -x "$GD_BIN" || { echo "nobody cannot run $GD_BIN: the nobody pass is skipped"; break; }
    fi
    evil healthy $run
    expect_json '.probe.child.guard == "on" and .probe.child.end == "exited" and .probe.nvml.device_count == 2'
    evil try_parent $run
    for a in kill-parent kill-parent-group kill-all ptrace-parent pidfd-open-parent prlimit-parent process-vm-readv-parent; do
        refused $a
    done
    [ "$(uname -m)" = x86_64 ] && refused kill-parent-x32
    evil stop_parent $run
    refused sigstop-parent
    expect_json '.probe.child.end == "exited"'
    evil kill_parent $run
    refused sigkill-parent
    evil escape $run
    # the grandchild left the child's session: it outlives the probe, and is still refused
    sleep 1
    refused sigstop-first-parent
    gc=$(awk '$1 == "escaped" { print $2 }' "$REP")
    [ -n "$gc" ] && kill "$gc" 2>/dev/null
    evil exit $run
    expect_json '.probe.child.complete == false and .probe.child.in_flight == "cuInit"'
    evil flood $run
    expect_json '.probe.child.end == "overflow" or .probe.child.protocol_error != null'
    evil closefds $run
    expect_json '.probe.child.end == "timeout"'
    evil stopself $run
    expect_json '.probe.child.end == "timeout"'
    evil spin $run
    expect_json '.probe.child.end == "timeout" and .probe.child.in_flight == "cuInit"'
    [ "$SECS" -le 20 ] || fail "spin: $SECS s with --timeout 2"
    echo "$who: every evil kind ended within the limits"
done
