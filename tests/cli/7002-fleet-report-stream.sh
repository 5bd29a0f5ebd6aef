#!/bin/sh
# fleet report - : reports on standard input, as JSON lines (kubectl logs),
# back-to-back pretty documents, with a broken line in the middle that is
# named and skipped; --name-from-file; reading a file of several reports.
. "$GD_TESTS/cli/lib.sh"
R="$GD_TESTS/fleet/reports"
command -v jq >/dev/null || skip "jq is not installed"
{
    jq -c . "$R/gpu01.json"
    echo '{"schema": "gpudoctor/1", "host": {"hostname": "cut'
    jq -c . "$R/gpu04.json"
    cat "$R/gpu07.json"
    cat "$R/gpu02.json"
} >"$CASE_DIR/stream"
"$GD_BIN" fleet report --json --per-node - <"$CASE_DIR/stream" >"$OUT" 2>"$ERR"
RC=$?
expect_rc 1
expect_json '.summary.reports == 4 and .summary.rejected == 1'
expect_json '[.nodes[].name] == ["gpu01", "gpu04", "gpu07", "gpu02"]'
expect_json '.rejected[0].source == "stdin #2 (line 2)" and (.rejected[0].reason | test("not valid JSON"))'
expect_json '.nodes[2].source | test("^stdin #4 \\(line 4\\)$")'

# The same stream as a file; a second file named by --name-from-file.
cp "$R/gpu05.json" "$CASE_DIR/rack7-slot3.json"
gd fleet report --json --per-node --name-from-file "$CASE_DIR/stream" "$CASE_DIR/rack7-slot3.json"
expect_json '[.nodes[].name] == ["stream", "gpu04", "gpu07", "gpu02", "rack7-slot3"]'
expect_json '.nodes[4].hostname == "gpu05"'

# An empty input is no report: named and counted (exit 1), never "nothing wrong".
gd fleet report --json /dev/null
expect_rc 1
expect_json '.summary.nodes == 0 and .rejected == [{"source": "/dev/null", "node": null, "reason": "no report: the input is empty"}]'
printf '' | "$GD_BIN" fleet report --json - >"$OUT" 2>"$ERR"
RC=$?
expect_rc 1
expect_json '.rejected[0].source == "stdin" and .rejected[0].reason == "no report: the input is empty"'
