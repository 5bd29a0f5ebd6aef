#!/bin/sh
# LD_LIBRARY_PATH names the only directory holding the library
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib a/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/a
diffcase "$ROOT/a/libgdtA.so.1" libgdtA.so.1
expect_json '.step == "ld_library_path"'
