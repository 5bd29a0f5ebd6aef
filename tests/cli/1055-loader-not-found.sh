#!/bin/sh
# nowhere to be found: the error names the library
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
LLP=$ROOT/none
diffcase null libgdtNowhere.so.7
expect_rc 1
expect_json '.error | test("libgdtNowhere.so.7: cannot open shared object file")'
