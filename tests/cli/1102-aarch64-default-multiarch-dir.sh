#!/bin/sh
# AArch64: an uncached library in /usr/lib/aarch64-linux-gnu is found in the
# default directories, after /lib/aarch64-linux-gnu; no x86-64 directory is tried
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib usr/lib/aarch64-linux-gnu/libgdtA.so.1 libgdtA.so.1
a64case /usr/lib/aarch64-linux-gnu/libgdtA.so.1 libgdtA.so.1
expect_json '.step == "default"'
expect_json '[.attempts[].path] | index("/lib/aarch64-linux-gnu/libgdtA.so.1") != null'
expect_json '[.attempts[].path | select(test("x86_64|lib64"))] | length == 0'
