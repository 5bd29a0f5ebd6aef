#!/bin/sh
# -z nodefaultlib does not affect LD_LIBRARY_PATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib llp/libgdtB.so.1 libgdtB.so.1
mkvia via/libvia.so -Wl,-z,nodefaultlib
LLP=$ROOT/llp
diffcase "$ROOT/llp/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
