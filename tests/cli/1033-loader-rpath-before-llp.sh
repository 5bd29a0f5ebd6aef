#!/bin/sh
# DT_RPATH comes before LD_LIBRARY_PATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib dep/libgdtB.so.1 libgdtB.so.1
mklib llp/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags -Wl,-rpath,$ROOT/dep
LLP=$ROOT/llp
diffcase "$ROOT/dep/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
