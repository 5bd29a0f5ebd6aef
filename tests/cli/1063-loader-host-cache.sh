#!/bin/sh
# without other paths a system library comes from the host cache
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
ls /lib/x86_64-linux-gnu/libz.so.1 >/dev/null 2>&1 || skip "no libz.so.1 on this machine"
oracle libz.so.1; predict libz.so.1
[ "$REAL" != null ] || fail "the real dlopen failed"
[ "$PRED" = "$REAL" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
expect_json '.step == "cache"'
