#!/bin/sh
# 0094-cli-flags-honest: no option given is silently ignored.  Two output
# formats at once, --json where the output is no JSON (plan --dockerfile or
# --requirements, which --list-cache), an option after --version: usage
# errors (exit 2), not one of them quietly winning.  A run that fails
# before its report leaves the -o FILE as it was (and makes none); a
# report over a longer file cuts it.  A --prefix or --python that does not
# exist is a usage error, as a missing --root is.
. "$GD_TESTS/cli/lib.sh"
osrelease
usage() { RC=0; "$GD_BIN" "$@" >"$OUT" 2>"$ERR" || RC=$?; expect_rc 2; }
usage check --root "$ROOT" --json --markdown
expect_err "options '--json' and '--markdown' cannot be used together"
usage check --root "$ROOT" --markdown --facts
usage explain --json --markdown -
usage fleet report --json --prometheus /dev/null
usage plan --framework torch --dockerfile --json
expect_err "--dockerfile writes a Dockerfile"
usage plan --framework torch --json --requirements
usage plan --framework torch --requirements --dockerfile
usage which --list-cache --json
expect_err "--list-cache prints the cache"
usage --version --json
expect_err "unknown option '--json'"
usage matrix tf_build -o "$CASE_DIR/m.txt"
[ -e "$CASE_DIR/m.txt" ] && fail "matrix wrote -o FILE"
gd --version
expect_rc 0

# -o FILE: kept when the run fails before its report, not made when new.
for cmd in "explain $CASE_DIR/no-such.log" "check --from-facts $CASE_DIR/no-such.json" \
           "fleet report $CASE_DIR/no-such-dir" "check --root $CASE_DIR/no-such-root"; do
    printf 'keep me\n' >"$CASE_DIR/out.txt"
    # shellcheck disable=SC2086
    "$GD_BIN" $cmd -o "$CASE_DIR/out.txt" >"$OUT" 2>"$ERR"
    RC=$?
    expect_rc 2
    [ "$(cat "$CASE_DIR/out.txt")" = "keep me" ] || fail "'$cmd -o FILE' changed FILE"
    # shellcheck disable=SC2086
    "$GD_BIN" $cmd -o "$CASE_DIR/new.txt" >"$OUT" 2>"$ERR"
    [ -e "$CASE_DIR/new.txt" ] && fail "'$cmd -o NEW' made NEW"
done
# A report over a longer file: exactly the report.
awk 'BEGIN { for (i = 0; i < 2000; i++) print "old old old old old" }' >"$CASE_DIR/long.txt"
gdcheck --json -o "$CASE_DIR/long.txt"
jq -e '.schema == "gpudoctor/1"' "$CASE_DIR/long.txt" >/dev/null || fail "the report over a longer file is not one JSON document"
grep -q "old old" "$CASE_DIR/long.txt" && fail "the old content is still there"

# A named environment that does not exist.
usage check --root "$ROOT" --clear-env --prefix /opt/no-such-env
expect_err "cannot use --prefix '/opt/no-such-env'"
usage check --root "$ROOT" --clear-env --python /opt/no/bin/python3
expect_err "cannot use --python '/opt/no/bin/python3'"
mkd opt/venv
gdcheck --prefix /opt/venv
[ "$RC" -le 1 ] || fail "an existing --prefix: exit $RC"
