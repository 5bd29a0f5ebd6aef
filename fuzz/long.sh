#!/bin/sh
# fuzz/long.sh [--changed] [--no-merge] BUDGET BINARY... - long fuzzing.
#
# Runs each libFuzzer target for its share of BUDGET seconds (at least
# FUZZ_LONG_MIN, default 10 s, each), starting from its seeds in
# fuzz/corpus/<target>/ (run in a scratch copy), and then, unless
# --no-merge, merges what it found back into fuzz/corpus/<target>/ with
# libFuzzer's -merge=1: an input is added only when it reaches code the
# corpus did not (so the corpus stays minimal; the seeds already there are
# kept as they are, names and all), and only inputs of at most
# FUZZ_LONG_MAX_LEN bytes (default 65536) are considered.  New files are
# named by their SHA-1, as libFuzzer names them; commit them.
#
# --changed keeps only the targets whose code changed since their corpus
# last did: the target's own file, the headers it includes and, for each
# of those, its .c and that file's headers (from the compiler's .d files
# next to the binaries and their objects), compared with git against the
# last commit that touched fuzz/corpus/<target>.  Without git (or a .d
# file), every target is kept.  `make check` runs this with --changed
# --no-merge and CHECK_FUZZ_LONG_BUDGET (default 300 s in all);
# `make fuzz-long` with FUZZ_LONG_BUDGET (default 1200 s) and the merge.
#
# Exit status 1 if any target crashed, leaked or timed out (the input is
# kept and named; add it to fuzz/corpus/<target>/ as regression-<what>
# next to the fix), else 0.
set -u
changed=0 merge=1
while [ $# -gt 0 ]; do
    case $1 in
        --changed) changed=1; shift ;;
        --no-merge) merge=0; shift ;;
        *) break ;;
    esac
done
budget=${1:?usage: fuzz/long.sh [--changed] [--no-merge] BUDGET BINARY...}
shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
min=${FUZZ_LONG_MIN:-10}
maxlen=${FUZZ_LONG_MAX_LEN:-65536}

# deps BINARY: the source files the target's code comes from (repository paths).
deps() {
    _d="$1.d"
    [ -f "$_d" ] || return 1
    for _h in $(sed -e 's/\\$//' -e 's/^[^:]*://' "$_d" | tr ' ' '\n' | grep -E '^(fuzz|src)/' | sort -u); do
        echo "$_h"
        case $_h in
            src/*.h)
                _c=${_h%.h}.c
                if [ -f "$top/$_c" ]; then
                    echo "$_c"
                    _od="$(dirname "$1")/obj/${_c%.c}.d"
                    [ -f "$_od" ] && sed -e 's/\\$//' -e 's/^[^:]*://' "$_od" | tr ' ' '\n' | grep -E '^src/'
                fi ;;
        esac
    done | sort -u
}

# changed_since_corpus TARGET BINARY: true when the target's code changed
# after its corpus last did (or when that cannot be told).
changed_since_corpus() {
    command -v git >/dev/null 2>&1 || return 0
    git -C "$top" rev-parse --git-dir >/dev/null 2>&1 || return 0
    _base=$(git -C "$top" log -1 --format=%H -- "fuzz/corpus/$1" 2>/dev/null)
    [ -n "$_base" ] || return 0
    _files=$(deps "$2") || return 0
    [ -n "$_files" ] || return 0
    # committed since the base, or changed in the work tree
    # shellcheck disable=SC2086
    [ -n "$(cd "$top" && git diff --name-only "$_base" -- $_files 2>/dev/null)" ]
}

sel=""
n=0
for bin in "$@"; do
    # the targets only (the build keeps the compiler's .d files beside them)
    case $bin in *.d) continue ;; esac
    [ -x "$bin" ] || continue
    t=$(basename "$bin")
    t=${t#fuzz_}
    if [ $changed = 1 ] && ! changed_since_corpus "$t" "$bin"; then
        continue
    fi
    if ! [ -d "$here/corpus/$t" ] || [ -z "$(ls "$here/corpus/$t")" ]; then
        echo "FAIL: fuzz_$t has no seeds: add real inputs under fuzz/corpus/$t/"
        exit 1
    fi
    sel="$sel $bin"
    n=$((n + 1))
done
if [ $n = 0 ]; then
    echo "fuzz-long: no target's code changed since its corpus did; nothing to run"
    exit 0
fi
each=$((budget / n))
[ "$each" -ge "$min" ] || each=$min
echo "fuzz-long: $n target(s), ${each}s each$([ $merge = 1 ] && echo ', new coverage merged into fuzz/corpus')"

status=0
for bin in $sel; do
    t=$(basename "$bin")
    t=${t#fuzz_}
    work=$(mktemp -d "${TMPDIR:-/tmp}/gdfuzzlong.XXXXXX")
    mkdir -p "$work/corpus" "$work/art"
    cp -R "$here/corpus/$t/." "$work/corpus/"
    before=$(ls "$work/corpus" | wc -l)
    if ! "$bin" -max_total_time="$each" -max_len="$maxlen" -timeout=20 -rss_limit_mb=2048 \
        -artifact_prefix="$work/art/" "$work/corpus" >"$work/log" 2>&1; then
        echo "FAIL: fuzz_$t: $(ls "$work/art" | head -n 1) in $work/art (log: $work/log)"
        tail -n 20 "$work/log"
        status=1
        continue
    fi
    found=$(( $(ls "$work/corpus" | wc -l) - before ))
    added=0
    if [ $merge = 1 ] && [ "$found" -gt 0 ]; then
        n0=$(ls "$here/corpus/$t" | wc -l)
        if "$bin" -merge=1 -max_len="$maxlen" -timeout=20 -rss_limit_mb=2048 \
            "$here/corpus/$t" "$work/corpus" >"$work/merge.log" 2>&1; then
            added=$(( $(ls "$here/corpus/$t" | wc -l) - n0 ))
        else
            echo "FAIL: fuzz_$t: the merge failed (log: $work/merge.log)"
            tail -n 10 "$work/merge.log"
            status=1
            continue
        fi
    fi
    echo "fuzz_$t: $(grep -E '^Done [0-9]+ runs' "$work/log" | tail -n 1 | sed 's/^Done //'), $found new input(s)$([ $merge = 1 ] && echo ", $added added to fuzz/corpus/$t")"
    rm -rf "$work"
done
exit $status
