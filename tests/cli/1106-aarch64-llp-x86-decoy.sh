#!/bin/sh
# AArch64: an x86-64 file of the same name is skipped (wrong machine), the
# AArch64 one later wins
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
x86lib a/libgdtA.so.1 libgdtA.so.1
a64lib b/libgdtA.so.1 libgdtA.so.1
LLP=/a:/b
a64case /b/libgdtA.so.1 libgdtA.so.1
expect_json '[.attempts[] | select(.path == "/a/libgdtA.so.1") | .outcome] == ["wrong_machine"]'
