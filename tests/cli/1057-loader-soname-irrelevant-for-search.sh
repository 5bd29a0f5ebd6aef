#!/bin/sh
# the search is by file name: a file whose SONAME differs is still loaded
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib a/libgdtA.so.1 libgdtOther.so.9
LLP=$ROOT/a
diffcase "$ROOT/a/libgdtA.so.1" libgdtA.so.1
