#!/bin/sh
# AArch64: dlopen from a library with DT_RPATH searches that RPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib r/libgdtA.so.1 libgdtA.so.1
a64via v/libvia.so -Wl,--disable-new-dtags -Wl,-rpath,/r
a64case /r/libgdtA.so.1 libgdtA.so.1 --via /v/libvia.so
expect_json '.step == "rpath"'
