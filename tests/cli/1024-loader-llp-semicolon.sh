#!/bin/sh
# LD_LIBRARY_PATH also splits on ';'
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib b/libgdtA.so.1 libgdtA.so.1
LLP="$ROOT/a;$ROOT/b"
diffcase "$ROOT/b/libgdtA.so.1" libgdtA.so.1
