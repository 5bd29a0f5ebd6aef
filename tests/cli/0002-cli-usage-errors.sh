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
# Did you mean: the nearest subcommand, option or value, on the error line.
gd chekc
expect_rc 2
expect_err "gpudoctor: unknown subcommand 'chekc'; did you mean 'check'?"
expect_err "see 'gpudoctor --help'"
gd pl
expect_rc 2
# a prefix of plan, one letter from ps: both are named
expect_err "did you mean 'plan' or 'ps'?"
gd plna
expect_rc 2
expect_err "did you mean 'plan'?"
gd help explian
expect_rc 2
expect_err "unknown subcommand 'explian'; did you mean 'explain'?"
gd check --josn
expect_rc 2
expect_err "gpudoctor check: unknown option '--josn'; did you mean '--json'?"
gd check --rot=/x
expect_rc 2
expect_err "unknown option '--rot=/x'; did you mean '--root'?"
gd check -json
expect_rc 2
expect_err "did you mean '--json'?"
gd check --verfy-libs
expect_rc 2
expect_err "did you mean '--verify-libs'?"
gd which --lib glibc libc.so.6
expect_rc 2
expect_err "did you mean '--libc'?"
gd check --os linx
expect_rc 2
expect_err "option '--os' takes linux, windows, wsl or macos, not 'linx'; did you mean 'linux'?"
gd fleet reprot x.json
expect_rc 2
expect_err "gpudoctor fleet: unknown subcommand 'reprot'; did you mean 'report'?"
gd matrix tensorflw
expect_rc 2
expect_err "unknown table 'tensorflw'; did you mean 'tensorflow'?"
gd plan --framework pytroch
expect_rc 2
expect_err "did you mean 'pytorch'?"
# nothing near: no guess
gd check --frobnicate
expect_rc 2
expect_err "unknown option '--frobnicate'"
if grep -q "did you mean" "$ERR"; then fail "a guess for --frobnicate: $(cat "$ERR")"; fi
# one line says what is wrong, one where to look
[ "$(wc -l <"$ERR")" -eq 2 ] || fail "usage error is not two lines: $(cat "$ERR")"
# --NAME=VALUE works for every option with an argument; a flag takes none
gd which --libc=musl --list-cache --root "$ROOT"
[ $RC -ne 2 ] || fail "--libc=musl refused: $(cat "$ERR")"
gd check --json=yes
expect_rc 2
expect_err "option '--json' takes no argument"
# --os windows without --root: this Linux machine's / is no C:\ (it would
# read no nvcuda.dll and advise installing the Windows driver).
gd check --os windows
expect_rc 2
expect_err "--os windows examines a Windows tree: give its drive with --root DIR"
[ ! -s "$OUT" ] || fail "a refused --os windows printed a report"
gd check --os windows --root "$ROOT" --clear-env --json
[ "$RC" -eq 0 ] || [ "$RC" -eq 1 ] || fail "--os windows --root DIR: exit status $RC"
