#!/bin/sh
# a bare dlopen from the main program ignores a library's RPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib dep/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags -Wl,-rpath,$ROOT/dep
diffcase null libgdtB.so.1
