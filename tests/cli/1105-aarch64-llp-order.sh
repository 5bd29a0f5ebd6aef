#!/bin/sh
# AArch64: the first LD_LIBRARY_PATH directory holding the name wins
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib a/libgdtA.so.1 libgdtA.so.1
a64lib b/libgdtA.so.1 libgdtA.so.1
LLP=/missing:/b:/a
a64case /b/libgdtA.so.1 libgdtA.so.1
