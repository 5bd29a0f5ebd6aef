# The rule tests as data (tests/rules/): each facts file judged with
# `check --from-facts` gives its recorded verdict, findings and exit status.
. "$GD_TESTS/cli/lib.sh"
[ -f "$GD_TESTS/rules/run.sh" ] || fail "tests/rules/run.sh is missing"
sh "$GD_TESTS/rules/run.sh" >"$OUT" 2>"$ERR"
RC=$?
[ $RC -eq 77 ] && skip "$(cat "$OUT")"
expect_rc 0
expect_text " rule cases, 0 failed"
# At least the cases that ship with the tree ran.
n=$(sed -n 's/^\([0-9]*\) rule cases.*/\1/p' "$OUT")
[ "${n:-0}" -ge 6 ] || fail "only ${n:-0} rule cases ran"
