#!/bin/sh
# x86-64-v3 is preferred to x86-64-v2 on a v3 CPU
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
grep -qw avx2 /proc/cpuinfo || skip "CPU lacks x86-64-v3"
mklib d/glibc-hwcaps/x86-64-v2/libgdtA.so.1 libgdtA.so.1
mklib d/glibc-hwcaps/x86-64-v3/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
diffcase "$ROOT/d/glibc-hwcaps/x86-64-v3/libgdtA.so.1" libgdtA.so.1
