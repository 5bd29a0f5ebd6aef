#!/bin/sh
# an AArch64 file in DT_RUNPATH is skipped, a later RUNPATH dir wins
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mkarm d1/libgdtB.so.1
mklib d2/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--enable-new-dtags -Wl,-rpath,$ROOT/d1:$ROOT/d2
diffcase "$ROOT/d2/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
