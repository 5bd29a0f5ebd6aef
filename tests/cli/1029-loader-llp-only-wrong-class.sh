#!/bin/sh
# only a wrong-class file exists: not loadable, wrong ELF class
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mk32 a/libgdtA.so.1
LLP=$ROOT/a
diffcase null libgdtA.so.1
expect_json '.error | test("wrong ELF class")'
