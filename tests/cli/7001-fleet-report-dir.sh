#!/bin/sh
# fleet report over a directory of saved reports: three healthy nodes, two
# on a driver too old for their torch, one without cuDNN, and four inputs
# that are not usable reports (truncated, a newer schema, a facts document,
# a JSON array).  Golden text, then the same view as JSON.
. "$GD_TESTS/cli/lib.sh"
cd "$GD_TESTS/.." || fail "no repository root"
gd fleet report --no-color --per-node tests/fleet/reports
expect_rc 1
diff -u tests/fleet/expected-reports.txt "$OUT" >"$CASE_DIR/diff" || { cat "$CASE_DIR/diff"; fail "text differs from tests/fleet/expected-reports.txt"; }

gd fleet report --json --per-node tests/fleet/reports
expect_rc 1
expect_json '.schema == "gpudoctor-fleet/1" and .exit_status == 1'
# gpu09 and gpu10 sent reports that are refused: both nodes are unreachable.
expect_json '.summary == {"nodes": 8, "reports": 6, "ok": 3, "failing": 3, "unreachable": 2, "rejected": 4}'
expect_json '.hostlists.ok == "gpu[01-03]" and .hostlists.failing == "gpu[04-05,07]" and .hostlists.unreachable == "gpu[09-10]"'
expect_json '[.unreachable[] | .nodes] == ["gpu09", "gpu10"] and (.unreachable[0].reason | test("^report refused: report schema .gpudoctor/2."))'
expect_json '.nodes[] | select(.name == "gpu09") | .state == "unreachable"'
expect_json '[.groups[] | {code, kind, nodes}] == [{"code": "GD208", "kind": "driver_too_old", "nodes": "gpu[04-05]"}, {"code": "GD202", "kind": "missing_cudnn", "nodes": "gpu07"}]'
expect_json '.groups[0].fix.title | test("Upgrade the NVIDIA driver")'
expect_json '.drift[] | select(.what == "driver") | .majority == "550.54.15" and .values[1] == {"value": "470.223.02", "count": 2, "nodes": "gpu[04-05]"}'
expect_json '.drift[] | select(.what == "cudnn") | .values[1].nodes == "gpu07" and .values[1].value == "none"'
expect_json '.drift[] | select(.what == "torch") | .uniform'
expect_json '[.rejected[].source | split("/") | last] == ["gpu08-truncated.json", "gpu09-newer-schema.json", "gpu10-facts.json", "not-a-report.json"]'
expect_json '.rejected[1].node == "gpu09" and (.rejected[1].reason | test("gpudoctor/2"))'
expect_json '.nodes[] | select(.name == "gpu04") | .state == "failing" and .verdicts[0].gpu == "no" and .driver == "470.223.02"'

# Without --per-node: the same view, no per-node table.
gd fleet report --json tests/fleet/reports
expect_rc 1
expect_json '(has("nodes") | not) and .summary.nodes == 8'

# Only the good reports: every node well, exit 0.
mkdir -p "$CASE_DIR/good"
cp tests/fleet/reports/gpu0[1-3].json "$CASE_DIR/good/"
gd fleet report "$CASE_DIR/good"
expect_rc 0
expect_text "every framework uses the GPU               3  gpu[01-03]"
expect_no_text "Problems"
