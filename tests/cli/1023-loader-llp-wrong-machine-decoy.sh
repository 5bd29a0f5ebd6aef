#!/bin/sh
# an AArch64 file of the same name earlier in the path is skipped
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mkarm a/libgdtA.so.1
mklib b/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/a:$ROOT/b
diffcase "$ROOT/b/libgdtA.so.1" libgdtA.so.1
expect_json '[.attempts[] | select(.outcome == "wrong_machine")] | length == 1'
