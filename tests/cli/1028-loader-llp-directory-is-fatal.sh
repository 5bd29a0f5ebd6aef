#!/bin/sh
# a directory with the library's name ends the search
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mkdir -p "$ROOT/a/libgdtA.so.1"
mklib b/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/a:$ROOT/b
diffcase null libgdtA.so.1
expect_json '.attempts[-1].outcome == "not_regular"'
