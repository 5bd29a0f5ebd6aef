#!/bin/sh
# glibc-hwcaps subdirectories come before the legacy ones (each only where
# this host's ld.so searches it)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
need_hwcaps_help
mklib d/x86_64/libgdtA.so.1 libgdtA.so.1
mklib d/glibc-hwcaps/x86-64-v2/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
if ldso_searched x86-64-v2; then want=$ROOT/d/glibc-hwcaps/x86-64-v2/libgdtA.so.1
elif ldso_legacy_searched x86_64; then want=$ROOT/d/x86_64/libgdtA.so.1
else want=null; fi
diffcase "$want" libgdtA.so.1
