#!/bin/sh
# a 32-bit file of the same name earlier in the path is skipped
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mk32 a/libgdtA.so.1
mklib b/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/a:$ROOT/b
diffcase "$ROOT/b/libgdtA.so.1" libgdtA.so.1
expect_json '[.attempts[] | select(.outcome == "wrong_class")] | length == 1'
