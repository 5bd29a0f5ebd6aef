#!/bin/sh
# perturb.sh - does explain give the same answer when a log is pasted
# another way?  (issue 28: "reading that survives real pastes")
#
#   sh tests/explain/perturb.sh GPUDOCTOR [CORPUS_DIR] [MIN_PERCENT [WRAP_MIN_PERCENT]]
#
# Each train log of the corpus (never a held-out one: this is a check of
# the reader, and the held-out split stays unseen) is fed to `explain
# --json -` as posted and then under each change below, the ways the same
# log reaches people (and this tool) in real pastes:
#
#   crlf      Windows line ends (a log saved by Notepad, a PowerShell pipe)
#   ansi      colour codes around every line (a terminal's coloured logger)
#   k8s       `kubectl logs --timestamps`' RFC 3339 prefix; only on logs
#             that carry their own date, with that date (the date is
#             context explain reads, so a made-up one could change the answer)
#   compose   docker compose's "service-1  | " prefix
#   journal   journalctl's "Mon DD HH:MM:SS host unit[pid]: " prefix
#   quote     a Markdown or e-mail quote ("> ")
#   indent    a Markdown code block (four spaces before every non-blank line)
#   tabs      the same with a tab
#   progress  a tqdm progress bar redrawn with '\r' before every 5th line
#   wrap      hard-wrapped at 80 columns (fold -w 80: a terminal's copy, a
#             mail client); only on logs with a longer line
#
# A log is stable under a change when explain's first three hypotheses
# (their kinds, in order) are the same as for the log as posted.  Prints
# each unstable log with both answers, then per change the logs tried and
# the percentage stable.  Exits 1 when a change's percentage is below
# MIN_PERCENT (default 0: report only; for wrap, WRAP_MIN_PERCENT, default
# MIN_PERCENT), 2 on a usage error.
set -u
bin=${1:?usage: perturb.sh GPUDOCTOR [CORPUS_DIR] [MIN_PERCENT [WRAP_MIN_PERCENT]]}
dir=${2:-$(dirname "$0")/corpus}
min=${3:-0}
wrapmin=${4:-$min}
command -v jq >/dev/null 2>&1 || { echo "perturb: jq is needed"; exit 2; }
[ -d "$dir" ] || { echo "perturb: no corpus at '$dir'"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gdperturb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
changes="crlf ansi k8s compose journal quote indent tabs progress wrap"
esc=$(printf '\033')
cr=$(printf '\r')
tab=$(printf '\t')

# kinds LOG: explain's first three hypotheses' kinds, or "(crash)".
kinds() {
    if "$bin" explain --json - <"$1" >"$tmp/out" 2>"$tmp/err"; then
        jq -r '[.hypotheses[:3][].kind] | join(",")' "$tmp/out"
    else
        echo "(crash)"
    fi
}

# perturb CHANGE IN OUT: 0 when the change applies to this log.
perturb() {
    case $1 in
    crlf) sed "s/\$/$cr/" "$2" >"$3" ;;
    ansi) sed "s/^/$esc[0;33m/; s/\$/$esc[0m/" "$2" >"$3" ;;
    k8s)
        d=$(grep -o '20[0-9][0-9]-[01][0-9]-[0-3][0-9]' "$2" | head -n 1)
        [ -n "$d" ] || return 1
        sed "s/^/${d}T09:30:00.123456789Z /" "$2" >"$3" ;;
    compose) sed 's/^/trainer-1  | /' "$2" >"$3" ;;
    journal) sed 's/^/Mar 04 09:30:00 gpu-node-7 python3[48213]: /' "$2" >"$3" ;;
    quote) sed 's/^/> /' "$2" >"$3" ;;
    indent) sed '/[^ \t]/s/^/    /' "$2" >"$3" ;;
    tabs) sed "/[^ $tab]/s/^/$tab/" "$2" >"$3" ;;
    wrap)
        awk 'length > 80 {found = 1} END {exit !found}' "$2" || return 1
        fold -w 80 "$2" >"$3" ;;
    progress) awk -v cr="$cr" 'NR % 5 == 0 {printf "Epoch 1:  45%%|####5     | 45/100 [00:10<00:12,  4.31it/s]%s", cr} {print}' "$2" >"$3" ;;
    esac
}

: >"$tmp/results"
for f in "$dir"/*.log; do
    [ -f "$f" ] || continue
    split=$(sed -n '1,/^---$/s/^# split: *\([a-z]*\).*/\1/p' "$f" | head -n 1)
    [ "$split" = heldout ] && continue
    sed '1,/^---$/d' "$f" >"$tmp/log"
    base=$(kinds "$tmp/log")
    for c in $changes; do
        perturb "$c" "$tmp/log" "$tmp/changed" || continue
        got=$(kinds "$tmp/changed")
        if [ "$got" = "$base" ] && [ "$got" != "(crash)" ]; then
            echo "$c 1" >>"$tmp/results"
        else
            echo "$c 0" >>"$tmp/results"
            echo "unstable $c $(basename "$f"): as posted ${base:-nothing}; changed ${got:-nothing}"
        fi
    done
done
[ -s "$tmp/results" ] || { echo "perturb: no train logs in '$dir'"; exit 2; }
awk -v min="$min" -v wrapmin="$wrapmin" -v order="$changes" '{n[$1]++; s[$1] += $2} END {
    k = split(order, c, " "); bad = 0
    for (i = 1; i <= k; i++) {
        if (!n[c[i]]) continue
        p = 100 * s[c[i]] / n[c[i]]
        m = c[i] == "wrap" ? wrapmin : min
        printf "perturb %-9s %3d logs, %3d stable (%.1f%%); bar %s%%\n", c[i], n[c[i]], s[c[i]], p, m
        if (p < m) bad = 1
    }
    exit bad }' "$tmp/results"
