#!/bin/sh
# a DT_NEEDED entry is found through its holder's DT_RUNPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
mklib d/libgdtB.so.1 libgdtB.so.1
mklib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/d" -l:libgdtB.so.1 -Wl,--enable-new-dtags -Wl,-rpath,$ROOT/d
oracle --needed-of "$ROOT/a/libgdtA.so" libgdtB.so.1
predict libgdtB.so.1 --from "$ROOT/a/libgdtA.so"
agree "$ROOT/d/libgdtB.so.1"
