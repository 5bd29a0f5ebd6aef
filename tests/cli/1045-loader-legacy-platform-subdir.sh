#!/bin/sh
# glibc 2.26-2.36 also search the legacy x86_64/ hwcap subdirectory (gone in 2.37)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib d/libgdtA.so.1 libgdtA.so.1
mklib d/x86_64/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
oracle libgdtA.so.1; predict libgdtA.so.1
[ "$REAL" = "$ROOT/d/x86_64/libgdtA.so.1" ] || [ "$REAL" = "$ROOT/d/libgdtA.so.1" ] || fail "unexpected $REAL"
[ "$PRED" = "$REAL" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
