#!/bin/sh
# 0093-system-root-unreadable: a --root this user cannot list is refused
# (exit 2, named), not scanned as a machine with nothing on it (exit 0
# before).  As nobody, through setpriv: the tests run as root, which can
# read anything.
. "$GD_TESTS/cli/lib.sh"
[ "$(id -u)" = 0 ] && command -v setpriv >/dev/null || skip "needs root and setpriv to become another user"
R=$(mktemp -d /tmp/gd-unreadable.XXXXXX)
trap 'rm -rf "$R"' EXIT
mkdir -p "$R/etc"
printf 'ID=debian\nVERSION_ID="12"\n' >"$R/etc/os-release"
chmod 755 "$R"
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
as_nobody test -x "$GD_BIN" || skip "nobody cannot run $GD_BIN"
as_nobody "$GD_BIN" check --root "$R" --clear-env --json >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" -le 1 ] || fail "a readable root: exit $RC"
chmod 700 "$R"
as_nobody "$GD_BIN" check --root "$R" --clear-env --json >"$OUT" 2>"$ERR"
RC=$?
expect_rc 2
expect_err "cannot use root '$R': it cannot be read"
# Searchable but not listable: the same.
chmod 711 "$R"
as_nobody "$GD_BIN" check --root "$R" --clear-env >"$OUT" 2>"$ERR"
RC=$?
expect_rc 2
