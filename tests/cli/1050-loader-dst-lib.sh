#!/bin/sh
# $LIB expands to the distribution's library directory name
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
LIBDIR=$(cc -print-multiarch 2>/dev/null); [ -n "$LIBDIR" ] && LIBDIR=lib/$LIBDIR || LIBDIR=lib64
mklib "x/$LIBDIR/libgdtB.so.1" libgdtB.so.1
mkvia via/libvia.so -Wl,--disable-new-dtags "-Wl,-rpath,$ROOT/x/\$LIB"
diffcase "$ROOT/x/$LIBDIR/libgdtB.so.1" libgdtB.so.1 --via via/libvia.so
