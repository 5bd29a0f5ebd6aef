#!/bin/sh
# AArch64 glibc 2.36: the platform subdirectory aarch64/ comes before atomics/
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib a/atomics/libgdtA.so.1 libgdtA.so.1
a64lib a/aarch64/libgdtA.so.1 libgdtA.so.1
LLP=/a
a64case /a/aarch64/libgdtA.so.1 libgdtA.so.1
