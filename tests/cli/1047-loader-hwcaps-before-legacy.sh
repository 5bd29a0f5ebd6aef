#!/bin/sh
# glibc-hwcaps subdirectories come before the legacy ones
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
grep -q sse4_2 /proc/cpuinfo || skip "CPU lacks x86-64-v2"
mklib d/x86_64/libgdtA.so.1 libgdtA.so.1
mklib d/glibc-hwcaps/x86-64-v2/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
diffcase "$ROOT/d/glibc-hwcaps/x86-64-v2/libgdtA.so.1" libgdtA.so.1
