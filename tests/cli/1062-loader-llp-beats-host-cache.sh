#!/bin/sh
# LD_LIBRARY_PATH shadows a library the host's cache knows (the stub-shadows-driver pattern)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
ls /lib/x86_64-linux-gnu/libz.so.1 >/dev/null 2>&1 || skip "no libz.so.1 on this machine"
mklib shadow/libz.so.1 libz.so.1
LLP=$ROOT/shadow
diffcase "$ROOT/shadow/libz.so.1" libz.so.1
