#!/bin/sh
# AArch64: a non-ELF file of that name in LD_LIBRARY_PATH ends the dlopen,
# even with a good file later
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
put /a/libgdtA.so.1 "not an ELF file, but long enough to hold an ELF header of sixty-four bytes"
a64lib b/libgdtA.so.1 libgdtA.so.1
LLP=/a:/b
a64case null libgdtA.so.1
expect_json '.error | test("invalid ELF header")'
