# Usage errors: one line naming the problem, a hint, exit 2.
. "$GD_TESTS/cli/lib.sh"
gd check --bogus
expect_rc 2
expect_err "unknown option '--bogus'"
expect_err "see 'gpudoctor help check'"
gd check --root
expect_rc 2
expect_err "option '--root' needs an argument"
gd check --root "$CASE_DIR/does-not-exist"
expect_rc 2
expect_err "cannot use root"
gd check --env NOEQUALS
expect_rc 2
expect_err "NAME=VALUE"
gd frobnicate
expect_rc 2
expect_err "unknown subcommand 'frobnicate'"
gd help frobnicate
expect_rc 2
printf 'GOOD=1\nthis is not valid\n' >"$CASE_DIR/bad.env"
gd check --root "$ROOT" --env-file "$CASE_DIR/bad.env"
expect_rc 2
expect_err "line 2"
gd check --root "$ROOT" --env-file "$CASE_DIR/missing.env"
expect_rc 2
