#!/bin/sh
# a library installed in a conf directory after ldconfig ran: not found, stale cache reported
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
mkroot "/opt/cuda/lib64"
mklib opt/cuda/lib64/libgdtOld.so.1 libgdtOld.so.1
LC_ALL=C "$LDC" -r "$ROOT" 2>/dev/null || skip "ldconfig -r failed"
mklib opt/cuda/lib64/libgdtNew.so.1 libgdtNew.so.1
gd which --root "$ROOT" --clear-env libgdtNew.so.1 --json
expect_rc 1
expect_json '.found == null and .stale_cache.uncached == "/opt/cuda/lib64/libgdtNew.so.1"'
gd which --root "$ROOT" --clear-env libgdtNew.so.1
expect_text "  fix: sudo ldconfig"
