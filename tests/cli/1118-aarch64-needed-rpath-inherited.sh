#!/bin/sh
# AArch64: a DT_RPATH (old tags) is inherited by the dependencies of its holder
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib d/libgdtC.so.1 libgdtC.so.1
a64lib c/libgdtB.so.1 libgdtB.so.1 -Wl,--no-as-needed -L"$ROOT/d" -l:libgdtC.so.1
a64lib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/c" -L"$ROOT/d" -l:libgdtB.so.1 -Wl,--disable-new-dtags -Wl,-rpath,/c:/d
a64_oracle --needed-of /a/libgdtA.so libgdtC.so.1
a64_predict libgdtC.so.1 --from /c/libgdtB.so.1 --from /a/libgdtA.so
a64_agree /d/libgdtC.so.1
