#!/bin/sh
# an unknown $NAME is kept literally
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib 'x/$FOO/libgdtB.so.1' libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags '-Wl,-rpath,'"$ROOT"'/x/$FOO'
diffcase "$ROOT/x/\$FOO/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
