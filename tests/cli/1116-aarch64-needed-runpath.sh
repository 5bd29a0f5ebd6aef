#!/bin/sh
# AArch64: a DT_NEEDED entry is found through its holder's DT_RUNPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib d/libgdtB.so.1 libgdtB.so.1
a64lib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/d" -l:libgdtB.so.1 -Wl,--enable-new-dtags -Wl,-rpath,/d
a64case /d/libgdtB.so.1 libgdtB.so.1 --needed-of /a/libgdtA.so
