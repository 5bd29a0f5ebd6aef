#!/bin/sh
# AArch64: glibc-hwcaps/x86-64-v2 is not searched (AArch64 defines no
# glibc-hwcaps subdirectory)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib a/glibc-hwcaps/x86-64-v2/libgdtA.so.1 libgdtA.so.1
a64lib a/libgdtA.so.1 libgdtA.so.1
LLP=/a
a64case /a/libgdtA.so.1 libgdtA.so.1
expect_json '[.attempts[].path | select(test("glibc-hwcaps"))] | length == 0'
