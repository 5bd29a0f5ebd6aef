#!/bin/sh
# AArch64: only an x86-64 build of the library exists: not loadable
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
x86lib a/libgdtA.so.1 libgdtA.so.1
LLP=/a
a64case null libgdtA.so.1
expect_json '.error | test("cannot open shared object file")'
