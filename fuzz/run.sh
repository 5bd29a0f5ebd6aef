#!/bin/sh
# fuzz/run.sh SECONDS BINARY... - run each libFuzzer binary for SECONDS,
# seeded from fuzz/corpus/<target>/ when it exists (a scratch copy, so the
# committed seeds stay as they are).  Exit non-zero if any target crashed.
set -u
secs=${1:?usage: fuzz/run.sh SECONDS BINARY...}
shift
here=$(cd "$(dirname "$0")" && pwd)
status=0
for bin in "$@"; do
    name=$(basename "$bin")
    target=${name#fuzz_}
    work=$(mktemp -d "${TMPDIR:-/tmp}/gdfuzz.XXXXXX")
    if [ -d "$here/corpus/$target" ]; then cp -R "$here/corpus/$target/." "$work/" 2>/dev/null; fi
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
