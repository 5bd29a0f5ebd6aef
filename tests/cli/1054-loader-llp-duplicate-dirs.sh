#!/bin/sh
# a directory named twice is searched once
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib b/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/a:$ROOT/a:$ROOT/b
diffcase "$ROOT/b/libgdtA.so.1" libgdtA.so.1
expect_json '[.attempts[] | select(.path | startswith("'"$ROOT"'/a/libgdtA"))] | length == 1'
