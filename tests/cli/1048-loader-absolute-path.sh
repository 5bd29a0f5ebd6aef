#!/bin/sh
# a name with '/' is opened as given, no search
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib a/libgdtA.so.1 libgdtA.so.1
mklib b/libgdtA.so.1 libgdtA.so.1
LLP=$ROOT/b
diffcase "$ROOT/a/libgdtA.so.1" "$ROOT/a/libgdtA.so.1"
expect_json '.step == "path" and (.attempts | length) == 1'
