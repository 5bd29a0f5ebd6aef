#!/bin/sh
# the first LD_LIBRARY_PATH directory wins
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib a/libgdtA.so.1 libgdtA.so.1
mklib b/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/b:$ROOT/a
diffcase "$ROOT/b/libgdtA.so.1" libgdtA.so.1
