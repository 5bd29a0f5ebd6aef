#!/bin/sh
# a wrong-class file in DT_RPATH is skipped and LD_LIBRARY_PATH finds the right one
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mk32 dep/libgdtB.so.1
mklib llp/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags -Wl,-rpath,$ROOT/dep
LLP=$ROOT/llp
diffcase "$ROOT/llp/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
