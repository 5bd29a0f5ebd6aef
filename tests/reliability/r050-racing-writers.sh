#!/bin/sh
# r050-racing-writers: files gpudoctor reads are rewritten while it reads
# them: truncated to nothing and refilled, grown without end, replaced by
# rename; a directory is emptied and refilled.  Promise: every run ends
# within its limits with a report (a file read mid-change costs a warning
# or an older answer, never a crash, a hang or a read past a size limit).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/reliability/lib.sh"
. "$GD_TESTS/cli/python.inc"
GD_NO_FROM_FACTS=1
command -v jq >/dev/null || skip "jq is not installed"
osrelease
cuda_toolkit /usr/local/cuda-12.4 12.4.131
SP=opt/venv/lib/python3.11/site-packages
venv_cfg /opt/venv 3.11
dist "/$SP" torch 2.4.0
cp "$ROOT/$SP/torch-2.4.0.dist-info/METADATA" "$CASE_DIR/METADATA"
cp "$ROOT/etc/os-release" "$CASE_DIR/os-release"
# truncate-and-refill, in place
( while :; do : >"$ROOT/etc/os-release"; cat "$CASE_DIR/os-release" >"$ROOT/etc/os-release"; done ) &
w1=$!
# a file that grows without end (sparse jumps, then data)
( while :; do truncate -s 0 "$ROOT/usr/local/cuda-12.4/version.json"; i=0
  while [ $i -lt 50 ]; do head -c 65536 /dev/zero >>"$ROOT/usr/local/cuda-12.4/version.json"; i=$((i + 1)); done
  truncate -s +1G "$ROOT/usr/local/cuda-12.4/version.json"; done ) &
w2=$!
# replaced by rename, each time a new inode
( while :; do cp "$CASE_DIR/METADATA" "$ROOT/$SP/.tmp" && mv "$ROOT/$SP/.tmp" "$ROOT/$SP/torch-2.4.0.dist-info/METADATA"; done ) &
w3=$!
# a directory emptied and refilled
mkd usr/lib/x86_64-linux-gnu/churn
( while :; do rm -rf "$ROOT/usr/lib/x86_64-linux-gnu/churn"; mkdir -p "$ROOT/usr/lib/x86_64-linux-gnu/churn"
  for k in 1 2 3 4 5 6 7 8; do : >"$ROOT/usr/lib/x86_64-linux-gnu/churn/lib$k.so"; done; done ) &
w4=$!
trap 'kill $w1 $w2 $w3 $w4 2>/dev/null' EXIT
sleep 0.3
runs=${GD_RACE_RUNS:-30}
i=0
while [ $i -lt "$runs" ]; do
    limit 60 512 "$GD_BIN" check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/opt/venv --json
    case $RC in 0|1|3) ;; *) fail "run $i: exit status $RC: $(head -c 1000 "$ERR")" ;; esac
    jq -e '.schema == "gpudoctor/1"' "$OUT" >/dev/null || fail "run $i: no report"
    i=$((i + 1))
done
echo "$runs runs while four writers changed the tree: each within its limits"
