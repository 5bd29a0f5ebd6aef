#!/bin/sh
# tools/compare-bin.sh ARGS... - run gpudoctor ARGS with two binaries and
# record every difference, for "is the output byte-identical before and
# after this change" over the whole CLI suite.
#
# Use it as the suite's binary:
#
#   GD_CMP_NEW=$PWD/gpudoctor GD_CMP_OLD=/tmp/old/gpudoctor GD_CMP_LOG=/tmp/cmp \
#   GD_BIN=$PWD/tools/compare-bin.sh GD_BUILD=$PWD/build/san GD_ONLY=cli sh tests/run.sh
#
# Each call runs the baseline (GD_CMP_OLD) first, then GD_CMP_NEW, with the
# same arguments, environment, working directory and standard input (a pipe
# or file on stdin is saved once and given to both); the new binary's
# stdout, stderr and exit status are what the test sees.  A difference in
# stdout, stderr, exit status or in a file named by -o/--output/--facts
# (check's facts, written by every check the suite replays) is written to
# GD_CMP_LOG/<n>.diff with the case directory and the arguments.  Nothing
# is compared when GD_CMP_OLD is unset.
set -u
new=${GD_CMP_NEW:?GD_CMP_NEW: the binary under test}
old=${GD_CMP_OLD:-}
if [ -z "$old" ]; then exec "$new" "$@"; fi
log=${GD_CMP_LOG:?GD_CMP_LOG: a directory for the differences}
mkdir -p "$log"
t=$(mktemp -d "${TMPDIR:-/tmp}/gdcmp.XXXXXX")
trap 'rm -rf "$t"' EXIT
# Standard input: a file or a pipe is read once and replayed to both.
if [ -p /dev/stdin ] || [ -f /dev/stdin ]; then
    cat >"$t/stdin"
    in="$t/stdin"
else
    in=/dev/stdin
fi
# The files the command writes (the value after -o, --output, --facts).
outs=
prev=
for a in "$@"; do
    case $prev in -o|--output|--facts) [ "$a" != - ] && outs="$outs
$a" ;; esac
    case $a in --output=*|--facts=*) v=${a#*=}; [ "$v" != - ] && outs="$outs
$v" ;; esac
    prev=$a
done
"$old" "$@" <"$in" >"$t/out.old" 2>"$t/err.old"
rc_old=$?
printf '%s\n' "$outs" | sed '/^$/d' >"$t/outs"
i=0
while IFS= read -r f; do
    i=$((i + 1))
    if [ -f "$f" ]; then cp "$f" "$t/file$i.old"; else : >"$t/file$i.absent"; fi
done <"$t/outs"
"$new" "$@" <"$in" >"$t/out.new" 2>"$t/err.new"
rc_new=$?
d="$t/diff"
: >"$d"
[ "$rc_old" = "$rc_new" ] || echo "exit status: old $rc_old, new $rc_new" >>"$d"
cmp -s "$t/out.old" "$t/out.new" || { echo "--- stdout"; diff "$t/out.old" "$t/out.new" | head -n 60; } >>"$d"
cmp -s "$t/err.old" "$t/err.new" || { echo "--- stderr"; diff "$t/err.old" "$t/err.new" | head -n 30; } >>"$d"
i=0
while IFS= read -r f; do
    i=$((i + 1))
    if [ -f "$t/file$i.old" ]; then
        cmp -s "$t/file$i.old" "$f" 2>/dev/null ||
            { echo "--- file $f"; diff "$t/file$i.old" "$f" 2>&1 | head -n 60; } >>"$d"
    elif [ -e "$f" ]; then
        echo "--- file $f: written by the new binary only" >>"$d"
    fi
done <"$t/outs"
if [ -s "$d" ]; then
    n=$(ls "$log" | wc -l)
    { echo "case: ${CASE_DIR:-$(pwd)}"; echo "args: $*"; cat "$d"; } >"$log/$$.$n.diff"
fi
cat "$t/out.new"
cat "$t/err.new" >&2
exit "$rc_new"
