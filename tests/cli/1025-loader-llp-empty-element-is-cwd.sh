#!/bin/sh
# an empty LD_LIBRARY_PATH element means the working directory
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib ../libgdtA.so.1 libgdtA.so.1
LLP=":$ROOT/nothing"
oracle libgdtA.so.1; predict libgdtA.so.1 --cwd "$CASE_DIR"
[ "$REAL" != null ] || fail "the real dlopen did not load from the working directory"
[ "$(readlink -f "$PRED")" = "$(cd "$CASE_DIR" && readlink -f "$REAL")" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
