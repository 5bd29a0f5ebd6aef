# --output writes the report to a file; an unwritable one is exit 3.
# Colour only when asked on a non-terminal; NO_COLOR wins over a terminal.
. "$GD_TESTS/cli/lib.sh"
osrelease
gdcheck --json --output "$CASE_DIR/report.json"
[ -s "$CASE_DIR/report.json" ] || fail "report file is empty"
[ -s "$OUT" ] && fail "stdout should be empty with --output"
jq -e '.schema == "gpudoctor/1"' "$CASE_DIR/report.json" >/dev/null || fail "bad report file"
gdcheck --output "$CASE_DIR/no/such/dir/report.txt"
expect_rc 3
expect_err "cannot write"
gdcheck
if grep -q "$(printf '\033')" "$OUT"; then fail "colour on a pipe"; fi
gdcheck --color
grep -q "$(printf '\033')\[1m" "$OUT" || fail "--color gave no colour"
gdcheck --markdown
expect_text "## gpudoctor"
expect_text "### Findings"
