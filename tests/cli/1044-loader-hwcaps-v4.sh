#!/bin/sh
# x86-64-v4 first where ld.so searches it (an AVX-512 CPU whose OS saves
# the ZMM state), else x86-64-v3, else not found
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
need_hwcaps_help
mklib d/glibc-hwcaps/x86-64-v4/libgdtA.so.1 libgdtA.so.1
mklib d/glibc-hwcaps/x86-64-v3/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
if ldso_searched x86-64-v4; then want=$ROOT/d/glibc-hwcaps/x86-64-v4/libgdtA.so.1
elif ldso_searched x86-64-v3; then want=$ROOT/d/glibc-hwcaps/x86-64-v3/libgdtA.so.1
else want=null; fi
diffcase "$want" libgdtA.so.1
