#!/bin/sh
# DT_RUNPATH is not inherited: a dependency of a dependency is not found
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib d/libgdtC.so.1 libgdtC.so.1
mklib d/libgdtB.so.1 libgdtB.so.1 -Wl,--no-as-needed -L"$ROOT/d" -l:libgdtC.so.1
mklib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/d" -l:libgdtB.so.1 -Wl,--enable-new-dtags -Wl,-rpath,$ROOT/d
oracle --needed-of "$ROOT/a/libgdtA.so" libgdtC.so.1
predict libgdtC.so.1 --from "$ROOT/d/libgdtB.so.1" --from "$ROOT/a/libgdtA.so"
agree null
gd which --root / --clear-env --deps "$ROOT/a/libgdtA.so" --json
expect_rc 1
expect_json '.deps.children[0].name == "libgdtB.so.1" and .deps.children[0].children[0].found == null'
