#!/bin/sh
# AArch64: LD_LIBRARY_PATH comes before the caller's DT_RUNPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib r/libgdtA.so.1 libgdtA.so.1
a64lib l/libgdtA.so.1 libgdtA.so.1
a64via v/libvia.so -Wl,--enable-new-dtags -Wl,-rpath,/r
LLP=/l
a64case /l/libgdtA.so.1 libgdtA.so.1 --via /v/libvia.so
