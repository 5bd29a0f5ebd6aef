#!/bin/sh
# gpudoctor ps and the permissions of /proc: a job of another user (nobody,
# through setpriv) examined by a third, unprivileged user is reported as
# unreadable -- its owner named, GD907, the run goes on and exits 0 -- and
# under a /proc mounted with hidepid=invisible (a fresh proc instance in a
# private mount namespace, so the host's /proc is untouched) the job is
# not even visible: GD908 says the list is this user's processes only.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/ps.inc"
SETPRIV=$(command -v setpriv) || skip "setpriv is not installed"
UNSHARE=$(command -v unshare) || skip "unshare is not installed"
SHARED=$(mktemp -d /tmp/gdps.XXXXXX) || fail "mktemp"
chmod 0777 "$SHARED"
trap 'for _j in $JOBS; do kill "$_j" 2>/dev/null; done; rm -rf "$SHARED"' EXIT
cp "$FAKEJOB" "$SHARED/python3" && chmod 0755 "$SHARED/python3"
"$SETPRIV" --reuid=65533 --regid=65533 --clear-groups "$GD_BIN" --version >/dev/null 2>&1 ||
    skip "an unprivileged user cannot run $GD_BIN (its directory is not readable to others)"

"$SETPRIV" --reuid=65534 --regid=65534 --clear-groups "$SHARED/python3" --ready "$SHARED/nobody.ready" train.py \
    >"$CASE_DIR/job.out" 2>"$CASE_DIR/job.err" &
_t=0
while [ ! -s "$SHARED/nobody.ready" ]; do
    _t=$((_t + 1)); [ $_t -le 100 ] || fail "the job did not start ($(cat "$CASE_DIR/job.err"))"; sleep 0.1
done
N=$(awk '{ print $2 }' "$SHARED/nobody.ready")
JOBS="$N"
[ "$(awk '/^Uid:/ { print $2 }' /proc/$N/status)" = 65534 ] || fail "the job does not run as nobody"

# As uid 65533: /proc shows the job, the kernel refuses its maps.
"$SETPRIV" --reuid=65533 --regid=65533 --clear-groups "$GD_BIN" ps --json $N >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0
expect_json "$(pj $N) | .state == \"unreadable\" and .access == \"denied\" and .uid == 65534 and .user == \"nobody\""
expect_json "$(pj $N) | .argv == [\"$SHARED/python3\", \"--ready\", \"$SHARED/nobody.ready\", \"train.py\"]"
expect_json "$(pj $N) | .env == [] and .libraries == [] and (.why | contains(\"nobody\"))"
expect_json "[$(pj $N) | .findings[] | select(.code == \"GD907\" and .severity == \"info\")] | length == 1"
expect_json "$(pj $N) | .findings[0].fixes[0].command == \"sudo gpudoctor ps $N\""
# Root reads it whole.
gd ps --json $N
expect_json "$(pj $N) | .state == \"no_framework\" and .access == \"read\""

# Under hidepid=invisible the job is not there for uid 65533.
"$UNSHARE" -m sh -c 'mount -t proc -o hidepid=invisible proc /proc && exec "$@"' sh \
    "$SETPRIV" --reuid=65533 --regid=65533 --clear-groups "$GD_BIN" ps --json $N >"$OUT" 2>"$ERR"
RC=$?
grep -q 'hidepid' "$ERR" && skip "this kernel refuses hidepid on a new proc instance"
expect_rc 0
expect_json '.hidepid == "invisible" and ([.findings[] | select(.code == "GD908")] | length == 1)'
expect_json "$(pj $N) | .state == \"gone\" and .access == \"hidden\" and (.why | contains(\"hidepid\"))"
"$UNSHARE" -m sh -c 'mount -t proc -o hidepid=invisible proc /proc && exec "$@"' sh \
    "$SETPRIV" --reuid=65533 --regid=65533 --clear-groups "$GD_BIN" ps --json >"$OUT" 2>"$ERR"
RC=$?
expect_json "[.jobs[] | select(.pid == $N)] | length == 0"
