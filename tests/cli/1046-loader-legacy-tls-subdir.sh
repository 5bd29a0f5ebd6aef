#!/bin/sh
# the legacy tls/ subdirectory (glibc 2.26-2.36)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib d/libgdtA.so.1 libgdtA.so.1
mklib d/tls/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
oracle libgdtA.so.1; predict libgdtA.so.1
[ "$PRED" = "$REAL" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
