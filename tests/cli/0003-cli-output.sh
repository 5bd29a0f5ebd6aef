# --output writes the report to a file; an unwritable one is exit 3.
# Colour only when asked on a non-terminal; NO_COLOR wins over a terminal;
# --color=always|never decides, --color=auto (the default) follows both.
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
gdcheck --color=always
grep -q "$(printf '\033')\[1m" "$OUT" || fail "--color=always gave no colour"
NO_COLOR=1 gdcheck --color=always
grep -q "$(printf '\033')\[1m" "$OUT" || fail "--color=always gave no colour with NO_COLOR"
gdcheck --color=auto
if grep -q "$(printf '\033')" "$OUT"; then fail "--color=auto coloured a pipe"; fi
gdcheck --color=sometimes
expect_rc 2
expect_err "option '--color' takes auto, always or never, not 'sometimes'"
gdcheck --color=allways
expect_rc 2
expect_err "did you mean 'always'?"
gdcheck --no-color=x
expect_rc 2
expect_err "option '--no-color' takes no argument"
# On a terminal (script(1) gives one): colour by default, none with
# NO_COLOR or --color=never / --no-color.
if command -v script >/dev/null 2>&1; then
    tty_run() { script -q -e -c "$*" /dev/null >"$OUT" 2>&1 </dev/null; }
    g="\"$GD_BIN\" check --root \"$ROOT\" --clear-env"
    tty_run "$g" || true
    grep -q "$(printf '\033')\[1m" "$OUT" || fail "no colour on a terminal"
    tty_run "NO_COLOR=1 $g" || true
    if grep -q "$(printf '\033')\[" "$OUT"; then fail "colour on a terminal with NO_COLOR"; fi
    tty_run "$g --color=never" || true
    if grep -q "$(printf '\033')\[" "$OUT"; then fail "colour on a terminal with --color=never"; fi
    tty_run "$g --no-color" || true
    if grep -q "$(printf '\033')\[" "$OUT"; then fail "colour on a terminal with --no-color"; fi
    tty_run "$g --color=auto" || true
    grep -q "$(printf '\033')\[1m" "$OUT" || fail "no colour on a terminal with --color=auto"
else
    echo "note: script(1) is not installed; colour on a terminal is not checked"
fi
gdcheck --markdown
expect_text "## gpudoctor"
expect_text "### Findings"
