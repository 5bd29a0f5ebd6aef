#!/bin/sh
# 7081-fleet-nothing-lost: every input that is not a usable report is named,
# and the node it stands for is unreachable by name and counted in the exit
# status: a 0-byte file, a file of NUL bytes (NUL is not a JSON blank), one
# of blanks, a broken symlink, a FIFO in the directory, a node listed in
# --expect with no file at all.  /dev/zero ends (read only as far as 16 MiB
# past the broken start).  A 1 MiB host name refuses its report instead of
# being echoed into every group.
. "$GD_TESTS/cli/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
R="$GD_TESTS/fleet/reports"
D="$CASE_DIR/reports"
mkdir -p "$D"
cp "$R/gpu01.json" "$R/gpu02.json" "$D/"
: >"$D/gpu03.json"
head -c 4096 /dev/zero >"$D/gpu04.json"
printf ' \n\t\r\n  ' >"$D/gpu05.json"
ln -s "$D/missing.json" "$D/gpu06.json"
mkfifo "$D/gpu07.json" 2>/dev/null || true

gd fleet report --json --per-node --name-from-file --expect 'gpu[01-08]' "$D"
expect_rc 1
expect_json '.summary.reports == 2 and .summary.ok == 2'
expect_json '.hostlists.unreachable == "gpu[03-08]" or .hostlists.unreachable == "gpu[03-06,08]"'
expect_json '[.rejected[] | .source | split("/") | last] | index("gpu03.json") != null and index("gpu04.json") != null and index("gpu05.json") != null and index("gpu06.json") != null'
expect_json '.rejected[] | select(.source | endswith("gpu03.json")) | .reason == "no report: the input is empty" and .node == "gpu03"'
expect_json '.rejected[] | select(.source | endswith("gpu04.json")) | .reason == "not valid JSON: line 1: unexpected byte 0x00"'
expect_json '.rejected[] | select(.source | endswith("gpu05.json")) | .reason | test("only blanks")'
expect_json '.rejected[] | select(.source | endswith("gpu06.json")) | .reason | test("cannot read")'
expect_json '.unreachable[] | select(.nodes == "gpu08") | .reason == "no report among the inputs"'
expect_json '.nodes[] | select(.name == "gpu03") | .state == "unreachable" and .reason == "no report: the input is empty"'
if [ -p "$D/gpu07.json" ]; then
    expect_json '.rejected[] | select(.source | endswith("gpu07.json")) | .reason | test("not a regular file")'
fi

# The same in text: every unreachable node by name.
gd fleet report --no-color --name-from-file --expect 'gpu[01-08]' "$D"
expect_rc 1
expect_text "Unreachable nodes, by reason"
expect_text "no report among the inputs"
expect_text "nodes (1): gpu08"

# Without --name-from-file the empty inputs cannot name a node, but they are named.
gd fleet report --no-color "$D"
expect_rc 1
expect_text "gpu03.json: no report: the input is empty"
expect_text "2 reports merged"

# Endless garbage: the reader stops and says so.
gd fleet report --json /dev/zero
expect_rc 1
expect_json '(.rejected | length) == 2 and (.rejected[1].reason | test("the rest of the input was not read"))'

# A 1 MiB host name: refused, not echoed (the JSON stays small).
awk 'BEGIN { while (n++ < 1048576) printf "h" }' >"$CASE_DIR/long"
jq --rawfile h "$CASE_DIR/long" '.host.hostname = $h' "$R/gpu01.json" >"$D/long.json"
gd fleet report --json "$D/long.json"
expect_rc 1
expect_json '.summary.reports == 0 and (.rejected[0].reason | test("longer than 255 bytes"))'
[ "$(wc -c <"$OUT")" -lt 4096 ] || fail "the refused host name was echoed"

# --expect with a bad hostlist is a usage error, before anything is read.
gd fleet report --expect 'gpu[3-1]' "$D"
expect_rc 2
expect_err "bad hostlist"
