#!/bin/sh
# missing DT_RUNPATH directories are skipped
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib d3/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--enable-new-dtags -Wl,-rpath,$ROOT/missing:$ROOT/d3
diffcase "$ROOT/d3/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
