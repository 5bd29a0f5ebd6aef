#!/bin/sh
# a compat-format cache (old table + new table) lists as `ldconfig -C -p`
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
mkroot "/opt/a/lib"
mklib opt/a/lib/libgdtA.so.1 libgdtA.so.1
mklib opt/a/lib/libgdtB.so.2 libgdtB.so.2
mklib opt/a/lib/libgdtC.so.3 libgdtC.so.3
"$LDC" -c compat -r "$ROOT" 2>/dev/null || skip "ldconfig -c compat failed"
cachecmp
gd which --root "$ROOT" --clear-env libgdtB.so.2 --json
expect_json '.found == "/opt/a/lib/libgdtB.so.2" and .step == "cache"'
# which names its schema as every document does (docs/json.md).
expect_json '.schema == "gpudoctor-which/1" and .schema_version == 1'
