#!/bin/sh
# fuzz/run.sh SECONDS BINARY... - run each libFuzzer binary for SECONDS,
# starting from its seeds in fuzz/corpus/<target>/ (a scratch copy, so the
# committed seeds stay as they are).  libFuzzer runs every seed first, so
# each regression seed (a past crash) is replayed on every run, however
# short.  A target without seeds fails: five seconds from nothing find
# little.  Exit non-zero if any target crashed or has no seeds.
set -u
secs=${1:?usage: fuzz/run.sh SECONDS BINARY...}
shift
here=$(cd "$(dirname "$0")" && pwd)
status=0
for bin in "$@"; do
    name=$(basename "$bin")
    target=${name#fuzz_}
    work=$(mktemp -d "${TMPDIR:-/tmp}/gdfuzz.XXXXXX")
    if [ -d "$here/corpus/$target" ] && [ -n "$(ls "$here/corpus/$target")" ]; then
        cp -R "$here/corpus/$target/." "$work/"
    else
        echo "FAIL: $name has no seeds: add real inputs under fuzz/corpus/$target/"
        rm -rf "$work"
        status=1
        continue
    fi
    echo "fuzzing $name for ${secs}s"
    if ! "$bin" -max_total_time="$secs" -max_len=65536 -artifact_prefix="$work/" "$work" >"$work.log" 2>&1; then
        echo "FAIL: $name crashed; see $work.log and the artifact in $work"
        tail -n 30 "$work.log"
        status=1
    else
        tail -n 1 "$work.log"
        rm -rf "$work" "$work.log"
    fi
done
exit $status
