#!/bin/sh
# a non-ELF file of that name ends the search: dlopen fails although a good file comes later
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mkdir -p "$ROOT/a"; printf '/* GNU ld script */\nINPUT(libc.so.6) and some more text to pass sixty-four bytes\n' >"$ROOT/a/libgdtA.so.1"
mklib b/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/a:$ROOT/b
diffcase null libgdtA.so.1
expect_json '.attempts[-1].outcome == "invalid"'
