#!/bin/sh
# AArch64: $ORIGIN in a RUNPATH is the caller's directory
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib v/sub/libgdtA.so.1 libgdtA.so.1
a64via v/libvia.so -Wl,--enable-new-dtags '-Wl,-rpath,$ORIGIN/sub'
a64case /v/sub/libgdtA.so.1 libgdtA.so.1 --via /v/libvia.so
