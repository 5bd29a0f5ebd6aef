#!/bin/sh
# tests/rules/run.sh - rule tests as data: facts in, findings out.
#
# Each case is tests/rules/NAME.facts.json (a `gpudoctor check --facts`
# document: the machine as observed, and the loader's recorded answers) and
# tests/rules/NAME.expect.json (the verdict: exit status, each install's
# GPU answer and finding codes, every finding's code, severity and title).
# The runner judges each facts file with `check --from-facts`, which reads
# nothing but that file, so a case costs milliseconds and no fixture tree.
#
#   GD_BIN=build/san/gpudoctor sh tests/rules/run.sh          run every case
#   GD_RULES_UPDATE=1 ... sh tests/rules/run.sh NAME           rewrite NAME's expectation
#                                                               (review the diff)
# Exit 0 when every case matches; 1 otherwise, naming each failed case.
set -u
: "${GD_BIN:?GD_BIN must name the gpudoctor binary}"
here=$(cd "$(dirname "$0")" && pwd)
command -v jq >/dev/null || { echo "jq is not installed"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gdrules.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
sel='{exit_status, verdicts: [.verdicts[] | {subject, gpu, findings}], findings: [.findings[] | {code, severity, title, fixes: [.fixes[].command]}]}'
fails=0 n=0
for facts in "$here"/*.facts.json; do
    [ -f "$facts" ] || continue
    name=$(basename "$facts" .facts.json)
    if [ $# -gt 0 ]; then
        case " $* " in *" $name "*) ;; *) continue ;; esac
    fi
    n=$((n + 1))
    "$GD_BIN" check --from-facts "$facts" --json >"$tmp/$name.json" 2>"$tmp/$name.err"
    rc=$?
    case $rc in 0|1) ;; *) echo "FAIL $name: exit $rc: $(head -c 300 "$tmp/$name.err")"; fails=$((fails + 1)); continue ;; esac
    jq -S "$sel" "$tmp/$name.json" >"$tmp/$name.got" || { echo "FAIL $name: not JSON"; fails=$((fails + 1)); continue; }
    if [ "${GD_RULES_UPDATE:-}" = 1 ]; then
        cp "$tmp/$name.got" "$here/$name.expect.json"
        echo "updated $name"
        continue
    fi
    if ! jq -S . "$here/$name.expect.json" | cmp -s - "$tmp/$name.got"; then
        echo "FAIL $name:"
        jq -S . "$here/$name.expect.json" | diff - "$tmp/$name.got" | head -30
        fails=$((fails + 1))
    fi
done
echo "$n rule cases, $fails failed"
[ $fails -eq 0 ]
