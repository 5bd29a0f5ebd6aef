#!/bin/sh
# -z nodefaultlib on the caller: cache paths in system dirs and the default dirs are not used
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mkvia via/libvia.so -Wl,-z,nodefaultlib
ls /lib/x86_64-linux-gnu/libz.so.1 >/dev/null 2>&1 || skip "no libz.so.1 on this machine"
diffcase null libz.so.1 --via via/libvia.so
