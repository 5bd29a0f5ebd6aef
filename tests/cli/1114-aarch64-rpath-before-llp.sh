#!/bin/sh
# AArch64: the caller's DT_RPATH comes before LD_LIBRARY_PATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib r/libgdtA.so.1 libgdtA.so.1
a64lib l/libgdtA.so.1 libgdtA.so.1
a64via v/libvia.so -Wl,--disable-new-dtags -Wl,-rpath,/r
LLP=/l
a64case /r/libgdtA.so.1 libgdtA.so.1 --via /v/libvia.so
