#!/bin/sh
# glibc 2.26-2.36 also search the legacy x86_64/ hwcap subdirectory (gone in
# 2.37): expected from what this host's ld.so --help says it searches
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib d/libgdtA.so.1 libgdtA.so.1
mklib d/x86_64/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
if ldso_legacy_searched x86_64; then want=$ROOT/d/x86_64/libgdtA.so.1; else want=$ROOT/d/libgdtA.so.1; fi
diffcase "$want" libgdtA.so.1
