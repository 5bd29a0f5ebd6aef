#!/bin/sh
# x86-64-v4 first on an AVX-512 CPU (else v3)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
grep -qw avx2 /proc/cpuinfo || skip "CPU lacks x86-64-v3"
mklib d/glibc-hwcaps/x86-64-v4/libgdtA.so.1 libgdtA.so.1
mklib d/glibc-hwcaps/x86-64-v3/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/d
oracle libgdtA.so.1; predict libgdtA.so.1
case $REAL in */x86-64-v4/*|*/x86-64-v3/*) ;; *) fail "unexpected real choice $REAL";; esac
[ "$PRED" = "$REAL" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
