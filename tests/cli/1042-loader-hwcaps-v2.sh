#!/bin/sh
# glibc-hwcaps/x86-64-v2 inside a search directory comes before the directory
# (when this host's ld.so searches x86-64-v2; else the directory's own copy)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
need_hwcaps_help
mklib d/libgdtA.so.1 libgdtA.so.1
mklib d/glibc-hwcaps/x86-64-v2/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
if ldso_searched x86-64-v2; then want=$ROOT/d/glibc-hwcaps/x86-64-v2/libgdtA.so.1; else want=$ROOT/d/libgdtA.so.1; fi
diffcase "$want" libgdtA.so.1
