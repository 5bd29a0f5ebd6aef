#!/bin/sh
# a NODEFLIB object refuses cached paths under the default directories
. "$GD_TESTS/cli/lib.sh"
command -v ldconfig >/dev/null || skip "no ldconfig"
LDC=$(command -v ldconfig)
# cachecmp: gpudoctor's listing equals `ldconfig -C ROOT/etc/ld.so.cache -p`, line for line
cachecmp() {
    gd which --root "$ROOT" --list-cache
    expect_rc 0
    LC_ALL=C "$LDC" -C "$ROOT/etc/ld.so.cache" -p >"$CASE_DIR/want" 2>&1 || fail "ldconfig -p failed"
    tail -n +2 "$CASE_DIR/want" >"$CASE_DIR/want.body"
    tail -n +2 "$OUT" >"$CASE_DIR/got.body"
    diff "$CASE_DIR/want.body" "$CASE_DIR/got.body" >"$CASE_DIR/diff" || fail "listing differs from ldconfig -p: $(head -c 600 "$CASE_DIR/diff")"
    [ "$(head -n 1 "$CASE_DIR/want" | cut -d' ' -f1)" = "$(head -n 1 "$OUT" | cut -d' ' -f1)" ] || fail "entry count differs"
}
mkroot() {
    put /etc/ld.so.conf "$1"
    mkd lib usr/lib
}
mkroot ""
put /etc/debian_version 12
mkd usr/lib/x86_64-linux-gnu
mklib usr/lib/libgdtA.so.1 libgdtA.so.1
mklib opt/x/libuser.so libuser.so -Wl,-z,nodefaultlib
LC_ALL=C "$LDC" -r "$ROOT" 2>/dev/null || skip "ldconfig -r failed"
gd which --root "$ROOT" --clear-env libgdtA.so.1 --from /opt/x/libuser.so --json
expect_rc 1
expect_json '[.attempts[] | select(.step == "cache" and .outcome == "skipped")] | length == 1'
gd which --root "$ROOT" --clear-env libgdtA.so.1 --json
expect_rc 0
expect_json '.found == "/usr/lib/libgdtA.so.1"'
