#!/bin/sh
# $ORIGIN in DT_RPATH is the caller's directory
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib via/sub/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags '-Wl,-rpath,$ORIGIN/sub'
diffcase "$ROOT/via/sub/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
