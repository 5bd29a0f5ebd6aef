#!/bin/sh
# DT_RPATH of the object calling dlopen
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib dep/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags -Wl,-rpath,$ROOT/dep
diffcase "$ROOT/dep/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
expect_json '.step == "rpath"'
