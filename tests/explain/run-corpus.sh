#!/bin/sh
# run-corpus.sh - explain's accuracy on the corpus of real logs.
#
#   sh tests/explain/run-corpus.sh GPUDOCTOR [CORPUS_DIR] [MIN_TOP1 MIN_TOP3]
#
# Each tests/explain/corpus/NNNN-<slug>.log holds a header (# source, #
# framework, # os, # year, # cause: <kind>, # also: <kind>[,<kind>], # note)
# and, after a line "---", the log as posted.  Only the log is given to
# `gpudoctor explain --json -` (the header would give the answer away).  A
# case is right at top-1 when the first hypothesis's kind is the cause or one
# of the "also" kinds, and at top-3 when any of the first three is.
# Prints each miss, accuracy by kind, and the totals; exits 1 when top-1 or
# top-3 (in percent) is below the bar, 2 on a usage error.
set -u
bin=${1:?usage: run-corpus.sh GPUDOCTOR [CORPUS_DIR] [MIN_TOP1 MIN_TOP3]}
dir=${2:-$(dirname "$0")/corpus}
min1=${3:-0}
min3=${4:-0}
command -v jq >/dev/null 2>&1 || { echo "run-corpus: jq is needed"; exit 2; }
[ -d "$dir" ] || { echo "run-corpus: no corpus at '$dir'"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gdcorpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
: >"$tmp/results"
n=0
for f in "$dir"/*.log; do
    [ -f "$f" ] || continue
    cause=$(sed -n 's/^# cause: *\([a-z_]*\).*/\1/p' "$f" | head -n 1)
    also=$(sed -n 's/^# also: *//p' "$f" | head -n 1 | tr -d ' ')
    [ -n "$cause" ] || { echo "run-corpus: $(basename "$f"): no '# cause:' line"; exit 2; }
    sed '1,/^---$/d' "$f" >"$tmp/log"
    if ! "$bin" explain --json - <"$tmp/log" >"$tmp/out" 2>"$tmp/err"; then
        echo "CRASH $(basename "$f"): $(head -c 300 "$tmp/err")"
        got="(crash)"
    else
        got=$(jq -r '[.hypotheses[].kind] | join(",")' "$tmp/out")
    fi
    want=",$cause,${also:+$also,}"
    first=${got%%,*}
    top1=0 top3=0
    case "$want" in *",$first,"*) top1=1 ;; esac
    for k in $(echo "$got" | tr ',' ' ' | cut -d' ' -f1-3); do
        case "$want" in *",$k,"*) top3=1 ;; esac
    done
    echo "$cause $top1 $top3" >>"$tmp/results"
    n=$((n + 1))
    [ $top1 -eq 1 ] || echo "miss$( [ $top3 -eq 1 ] && echo '@1' || echo '@3') $(basename "$f"): want $cause${also:+ (or $also)}, got ${got:-nothing}"
done
[ $n -gt 0 ] || { echo "run-corpus: no cases in '$dir'"; exit 2; }
echo "by kind (cases, top-1, top-3):"
sort "$tmp/results" | awk '{c[$1]++; a[$1]+=$2; b[$1]+=$3} END {for (k in c) printf "  %-28s %3d %3d %3d\n", k, c[k], a[k], b[k]}' | sort
awk -v min1="$min1" -v min3="$min3" '{n++; a+=$2; b+=$3} END {
    p1 = 100 * a / n; p3 = 100 * b / n
    printf "corpus: %d cases, top-1 %d (%.1f%%), top-3 %d (%.1f%%); bar: top-1 >= %s%%, top-3 >= %s%%\n", n, a, p1, b, p3, min1, min3
    exit (p1 < min1 || p3 < min3) ? 1 : 0 }' "$tmp/results"
