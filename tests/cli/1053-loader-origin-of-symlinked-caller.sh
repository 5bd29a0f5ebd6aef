#!/bin/sh
# $ORIGIN is the directory of the path as opened, not of the symlink target
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib link/dep/libgdtB.so.1 libgdtB.so.1
mklib real/dep/libgdtB.so.1 libgdtB.so.1
mkvia real/libvia.so -Wl,--disable-new-dtags '-Wl,-rpath,$ORIGIN/dep'
ln -s ../real/libvia.so "$ROOT/link/libvia.so"
diffcase "$ROOT/link/dep/libgdtB.so.1" libgdtB.so.1 --via link/libvia.so
