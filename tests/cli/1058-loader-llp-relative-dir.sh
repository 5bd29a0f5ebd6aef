#!/bin/sh
# a relative LD_LIBRARY_PATH directory is relative to the working directory
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib ../rel/libgdtA.so.1 libgdtA.so.1
LLP=rel
oracle libgdtA.so.1; predict libgdtA.so.1 --cwd "$CASE_DIR"
[ "$REAL" != null ] || fail "the real dlopen failed"
[ "$(readlink -f "$PRED")" = "$(readlink -f "$REAL")" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
