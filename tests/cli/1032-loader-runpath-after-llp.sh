#!/bin/sh
# LD_LIBRARY_PATH comes before DT_RUNPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib dep/libgdtB.so.1 libgdtB.so.1
mklib llp/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--enable-new-dtags -Wl,-rpath,$ROOT/dep
LLP=$ROOT/llp
diffcase "$ROOT/llp/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
