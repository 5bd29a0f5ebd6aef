#!/bin/sh
# run-corpus.sh - explain's accuracy on the corpus of real logs.
#
#   sh tests/explain/run-corpus.sh GPUDOCTOR [CORPUS_DIR] [MIN_TOP1 MIN_TOP3]
#
# Each tests/explain/corpus/NNNN-<slug>.log holds a header (# source, #
# framework, # os, # year, # split: train|heldout, # cause: <kind>, # also:
# <kind>[,<kind>], # note) and, after a line "---", the log as posted.  Only
# the log is given to `gpudoctor explain --json -` (the header would give the answer away).  A
# case is right at top-1 when the first hypothesis's kind is the cause or one
# of the "also" kinds, and at top-3 when any of the first three is.
# Prints each miss (held-out ones tagged), accuracy by kind and the totals for
# the train split, the held-out split (and each held-out batch: 1 = logs
# 0181-0322, split with seed 1; 2 = logs 0323-0368, seed 2; 3 = logs 0369-0398,
# seed 3; 4 = logs 0399-0446, seed 4; 5 = logs 0447-0494, seed 5; 6 = logs 0495 on, seed 6, see corpus/README.md) and all; a file without a split header counts as train.  Exits 1 when top-1 or top-3 (in percent) of the train split
# is below the bar (held-out accuracy is only printed), 2 on a usage error.
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
    split=$(sed -n '1,/^---$/s/^# split: *\([a-z]*\).*/\1/p' "$f" | head -n 1)
    [ "$split" = heldout ] || split=train
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
    num=$(basename "$f" | cut -c1-4 | sed 's/^0*//')
    batch=1
    [ "${num:-0}" -ge 323 ] 2>/dev/null && batch=2
    [ "${num:-0}" -ge 369 ] 2>/dev/null && batch=3
    [ "${num:-0}" -ge 399 ] 2>/dev/null && batch=4
    [ "${num:-0}" -ge 447 ] 2>/dev/null && batch=5
    [ "${num:-0}" -ge 495 ] 2>/dev/null && batch=6
    echo "$cause $top1 $top3 $split $batch" >>"$tmp/results"
    n=$((n + 1))
    [ $top1 -eq 1 ] || echo "miss$( [ $top3 -eq 1 ] && echo '@1' || echo '@3') $(basename "$f")$( [ "$split" = heldout ] && echo ' [heldout]'): want $cause${also:+ (or $also)}, got ${got:-nothing}"
done
[ $n -gt 0 ] || { echo "run-corpus: no cases in '$dir'"; exit 2; }
echo "by kind (cases, top-1, top-3: train | heldout | all):"
awk '{k = $1; s = $4; c[k, s]++; a[k, s] += $2; b[k, s] += $3; seen[k] = 1}
    END {for (k in seen) {
        ct = c[k, "train"] + 0; ch = c[k, "heldout"] + 0
        at = a[k, "train"] + 0; ah = a[k, "heldout"] + 0
        bt = b[k, "train"] + 0; bh = b[k, "heldout"] + 0
        printf "  %-28s %3d %3d %3d | %3d %3d %3d | %3d %3d %3d\n", k, ct, at, bt, ch, ah, bh, ct + ch, at + ah, bt + bh}}' "$tmp/results" | sort
awk -v min1="$min1" -v min3="$min3" '{n[$4]++; a[$4] += $2; b[$4] += $3; N++; A += $2; B += $3
    if ($4 == "heldout") { hn[$5]++; ha[$5] += $2; hb[$5] += $3 } } END {
    nt = n["train"] + 0; nh = n["heldout"] + 0
    if (nt > 0) { p1 = 100 * a["train"] / nt; p3 = 100 * b["train"] / nt }
    else { p1 = 100; p3 = 100 }
    printf "split train: %d cases, top-1 %d (%.1f%%), top-3 %d (%.1f%%); bar: top-1 >= %s%%, top-3 >= %s%%\n", nt, a["train"], p1, b["train"], p3, min1, min3
    if (nh > 0)
        printf "split heldout: %d cases, top-1 %d (%.1f%%), top-3 %d (%.1f%%); no bar\n", nh, a["heldout"], 100 * a["heldout"] / nh, b["heldout"], 100 * b["heldout"] / nh
    for (k = 1; k <= 6; k++)
        if (hn[k] > 0)
            printf "  heldout batch %d: %d cases, top-1 %d (%.1f%%), top-3 %d (%.1f%%)\n", k, hn[k], ha[k], 100 * ha[k] / hn[k], hb[k], 100 * hb[k] / hn[k]
    printf "corpus: %d cases, top-1 %d (%.1f%%), top-3 %d (%.1f%%)\n", N, A, 100 * A / N, B, 100 * B / N
    exit (p1 < min1 || p3 < min3) ? 1 : 0 }' "$tmp/results"
