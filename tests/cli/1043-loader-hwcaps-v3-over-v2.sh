#!/bin/sh
# x86-64-v3 is preferred to x86-64-v2 where ld.so searches both; the best
# level this host's ld.so searches wins, none of them: not found
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
need_hwcaps_help
mklib d/glibc-hwcaps/x86-64-v2/libgdtA.so.1 libgdtA.so.1
mklib d/glibc-hwcaps/x86-64-v3/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
if ldso_searched x86-64-v3; then want=$ROOT/d/glibc-hwcaps/x86-64-v3/libgdtA.so.1
elif ldso_searched x86-64-v2; then want=$ROOT/d/glibc-hwcaps/x86-64-v2/libgdtA.so.1
else want=null; fi
diffcase "$want" libgdtA.so.1
