#!/bin/sh
# 0083-system-markdown-issue: check --markdown as GitHub renders it.  The
# oracle is cmark-gfm, the reference implementation of GitHub Flavored
# Markdown (tables, task lists, autolinks, strikethrough; raw HTML kept,
# --unsafe, so that HTML which got through would show).  A venv whose path
# holds '#', '|', backticks and <script>, with TensorFlow that will not use
# the GPU: the report starts with its header line (version, knowledge-base
# revision) and a verdict table, folds the evidence, machine and checklist
# in <details>, uses no task-list syntax, and every hostile string renders
# as text: no <script>, no image, no heading or table cell it did not ask
# for.  (Markdown's escaping of os-release strings: 0081.)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
command -v cmark-gfm >/dev/null 2>&1 || {
    [ "${CI:-}" = true ] && fail "cmark-gfm is not installed (tools/install-deps.sh --test)"
    skip "cmark-gfm is not installed"
}
machine 535.104.05 0x2684
hostile='/opt/#env|a`b``<script>alert(1)</script>_x_*y*[z](evil.example)'
venv "$hostile" 3.10
tensorflow 2.10.0 11.2 8 ""
gdcheck --env "VIRTUAL_ENV=$hostile" --markdown
expect_rc 1

# --- the Markdown itself
head -n 1 "$OUT" | grep -E -q '^## gpudoctor [0-9][^ ]* report \(knowledge base [0-9]{4}-[0-9]{2}-[0-9]{2}\)$' ||
    fail "header line: $(head -n 1 "$OUT")"
grep -E -q '^[[:space:]]*([-*+]|[0-9]+[.)]) \[[ xX]\]' "$OUT" && fail "task-list syntax: $(grep -E -m1 '\[[ xX]\]' "$OUT")"
# The summary comes first: the verdict table right after the status line.
sed -n 3p "$OUT" | grep -E -q '^Exit status 1: [0-9]+ errors?,' || fail "line 3: $(sed -n 3p "$OUT")"
sed -n 5p "$OUT" | grep -qF '| framework | version | environment | GPU | why |' || fail "no verdict table on line 5"
grep -n '^### Findings' "$OUT" | cut -d: -f1 >"$CASE_DIR/l"
[ "$(cat "$CASE_DIR/l")" -gt 7 ] || fail "findings before the verdict table"
# The path as a code span: a fence of three backticks (the longest run is
# two), '|' as "\|" inside the table.
expect_text '| tensorflow | 2.10.0 | ```/opt/#env\|a`b``<script>alert(1)</script>_x_*y*[z](evil.example)``` (venv) | **NO** |'
[ "$(grep -c '^<details><summary>' "$OUT")" = "$(grep -c '^</details>$' "$OUT")" ] || fail "unbalanced <details>"
grep -q '^<details><summary>Evidence for GD' "$OUT" || fail "no folded evidence"
grep -q '^<details><summary>Machine</summary>$' "$OUT" || fail "no folded machine table"
grep -q '^<details><summary>Checklist</summary>$' "$OUT" || fail "no folded checklist"

# --- as GitHub renders it
cmark-gfm --unsafe -e table -e tasklist -e autolink -e strikethrough "$OUT" >"$CASE_DIR/html" ||
    fail "cmark-gfm failed"
h="$CASE_DIR/html"
grep -qi '<script' "$h" && fail "a <script> element: $(grep -i -m1 '<script' "$h")"
grep -qi '<img' "$h" && fail "an image: $(grep -i -m1 '<img' "$h")"
grep -qi '<input' "$h" && fail "a task-list check box"
grep -qi '<a ' "$h" && fail "a link: $(grep -i -m1 '<a ' "$h")"
grep -qi '<em>\|<strong>x\|<del>' "$h" && fail "emphasis from the machine's strings: $(grep -i -m1 '<em>\|<del>' "$h")"
# headings: only the report's own
[ "$(grep -c '<h[1-6]' "$h")" -eq 2 ] || fail "headings: $(grep '<h[1-6]' "$h")"
grep -q '<h2>gpudoctor .* report (knowledge base ' "$h" || fail "no header heading"
grep -q '<h3>Findings</h3>' "$h" || fail "no Findings heading"
grep -c '<details>' "$h" >/dev/null || fail "no <details> in the HTML"
# the verdict row: five cells, the path whole in one <code>
awk '/<tr>/ { n = 0 } /<td/ { n++ } /<\/tr>/ && n { print n }' "$h" | sort -u >"$CASE_DIR/cells"
grep -q '^5$' "$CASE_DIR/cells" || fail "no five-cell verdict row: $(cat "$CASE_DIR/cells")"
grep -qF '<td><code>/opt/#env|a`b``&lt;script&gt;alert(1)&lt;/script&gt;_x_*y*[z](evil.example)</code> (venv)</td>' "$h" ||
    fail "the path does not render whole: $(grep -m1 'opt/#env' "$h")"
grep -qF '<td><strong>NO</strong></td>' "$h" || fail "the GPU cell"
# evidence inside <details>: an <ul> between <details> and </details>
awk '/<details>/ { d = 1 } /<\/details>/ { d = 0 } d && /<li>/ { found = 1 } END { exit !found }' "$h" ||
    fail "no evidence list inside <details>"
exit 0
