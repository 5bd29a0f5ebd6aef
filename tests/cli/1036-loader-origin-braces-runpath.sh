#!/bin/sh
# ${ORIGIN}/../lib in DT_RUNPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib app/lib/libgdtB.so.1 libgdtB.so.1
mkvia app/bin/libvia.so -Wl,--enable-new-dtags '-Wl,-rpath,${ORIGIN}/../lib'
diffcase "$ROOT/app/bin/../lib/libgdtB.so.1" libgdtB.so.1 --via app/bin/libvia.so
