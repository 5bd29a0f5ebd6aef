#!/bin/sh
# a relative name with '/' is relative to the working directory
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib ../sub/libgdtA.so.1 libgdtA.so.1
oracle ./sub/libgdtA.so.1; predict ./sub/libgdtA.so.1 --cwd "$CASE_DIR"
[ "$REAL" != null ] || fail "the real dlopen failed"
[ "$(readlink -f "$PRED")" = "$(readlink -f "$CASE_DIR/$REAL")" ] || [ "$PRED" = "$REAL" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
