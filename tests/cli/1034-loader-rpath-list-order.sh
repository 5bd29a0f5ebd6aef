#!/bin/sh
# the directories of one DT_RPATH are searched in order
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib d2/libgdtB.so.1 libgdtB.so.1
mklib d3/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags -Wl,-rpath,$ROOT/d1:$ROOT/d2:$ROOT/d3
diffcase "$ROOT/d2/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
