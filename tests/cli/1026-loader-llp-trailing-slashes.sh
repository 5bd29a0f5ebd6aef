#!/bin/sh
# trailing slashes in a directory are dropped
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib a/libgdtA.so.1 libgdtA.so.1
LLP="$ROOT/a///"
diffcase "$ROOT/a/libgdtA.so.1" libgdtA.so.1
