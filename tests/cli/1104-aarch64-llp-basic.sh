#!/bin/sh
# AArch64: LD_LIBRARY_PATH names the only directory holding the library
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib a/libgdtA.so.1 libgdtA.so.1
LLP=/a
a64case /a/libgdtA.so.1 libgdtA.so.1
expect_json '.step == "ld_library_path"'
