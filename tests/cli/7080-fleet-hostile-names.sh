#!/bin/sh
# 7080-fleet-hostile-names: names and texts in node reports are escaped for
# each output format.  A node literally named "gpu[01-99]" stays one node
# in every hostlist (written "gpu\[01-99\]"); ESC and CR in a host name
# never reach the Prometheus textfile, whose label values are escaped as the
# exposition format says; links, images, HTML, emphasis and code fences in a
# finding do not render in --markdown.
. "$GD_TESTS/cli/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
R="$GD_TESTS/fleet/reports"
D="$CASE_DIR/reports"
mkdir -p "$D"
cp "$R/gpu01.json" "$D/"
jq '.host.hostname = "gpu[01-99]"' "$R/gpu02.json" >"$D/brackets.json"
jq '.host.hostname = "evil\u001b[2J\rgpu\"x\\y\nz\u0085"' "$R/gpu03.json" >"$D/esc.json"
jq '.findings[0].title = "see [the fix](http://evil.example/x) ![i](http://evil.example/i.png) <img src=x onerror=alert(1)> **now** _a_ ~b~ & `c`"
    | .findings[0].fixes[0].command = "echo one\n```\n[owned](http://evil.example)\n````"' \
    "$R/gpu04.json" >"$D/md.json"

# text and JSON: the bracketed name is one node, not 99
gd fleet report --no-color "$D"
expect_rc 1
expect_text 'gpu\[01-99\]'
expect_no_text 'gpu[01-99]'
grep -q "$(printf '\033')" "$OUT" && fail "an escape character reached the text report"
gd fleet report --json --per-node "$D"
expect_rc 1
expect_json '.summary.nodes == 4'
expect_json '.hostlists.ok | contains("gpu\\[01-99\\]")'
expect_json '[.nodes[].name] | index("gpu[01-99]") != null'

# Prometheus: escapes only \\ \" \n; no control character of any kind
gd fleet report --prometheus "$D"
expect_rc 1
expect_text 'gpudoctor_node_reachable{node="gpu[01-99]"} 1'
expect_text 'gpu\"x\\y\nz'
LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$OUT" && fail "a control character reached the textfile"
grep -q "$(printf '\302\205')" "$OUT" && fail "a C1 control character reached the textfile"
# every sample line still parses as name{labels} value
grep -v '^#' "$OUT" | grep -v -E '^[a-z_]+(\{([a-z_]+="([^"\\]|\\.)*",?)*\})? [0-9]+$' >"$CASE_DIR/bad" && \
    { cat "$CASE_DIR/bad"; fail "a sample line does not parse"; }

# Markdown: nothing from a report renders as markup
gd fleet report --markdown "$D"
expect_rc 1
grep '^|' "$OUT" | grep -E -q '(^|[^\\])\]\(' && fail "a link reached a Markdown table"
expect_no_text '<img'
expect_no_text '**now**'
expect_text '\[the fix\](http://evil.example/x)'
expect_text '&lt;img src=x onerror=alert(1)&gt;'
expect_text '\*\*now\*\* \_a\_ \~b\~ &amp; \`c\`'
expect_text 'gpu01,gpu\[01-99\]` | 3 |'
# the fix command holds ``` and ````: its block is fenced with five
expect_text '`````sh'
[ "$(grep -c '^`````$' "$OUT")" -eq 1 ] || fail "the code block is not closed by its own fence"
