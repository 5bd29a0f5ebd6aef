#!/bin/sh
# this machine's /etc/ld.so.cache lists as `ldconfig -p` does, same entries in the same order
. "$GD_TESTS/cli/lib.sh"
command -v ldconfig >/dev/null || skip "no ldconfig"
LDC=$(command -v ldconfig)
[ -r /etc/ld.so.cache ] || skip "no /etc/ld.so.cache"
gd which --root / --list-cache
expect_rc 0
LC_ALL=C "$LDC" -p >"$CASE_DIR/want" 2>&1 || skip "ldconfig -p failed"
diff "$CASE_DIR/want" "$OUT" >"$CASE_DIR/diff" || fail "listing differs from ldconfig -p: $(head -c 600 "$CASE_DIR/diff")"
