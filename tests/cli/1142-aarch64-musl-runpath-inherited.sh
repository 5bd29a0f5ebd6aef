#!/bin/sh
# AArch64 musl: a DT_RUNPATH is searched for the dependencies of its
# holder's dependencies too (musl walks the whole chain; glibc does not)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_musl_base
a64mlib d/libgdtC.so.1 libgdtC.so.1
a64mlib c/libgdtB.so.1 libgdtB.so.1 -Wl,--no-as-needed -L"$ROOT/d" -l:libgdtC.so.1
a64mlib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/c" -L"$ROOT/d" -l:libgdtB.so.1 -Wl,--enable-new-dtags -Wl,-rpath,/c:/d
a64_musl_oracle /a/libgdtA.so libgdtC.so.1
a64_musl_predict /a/libgdtA.so libgdtC.so.1 --from /c/libgdtB.so.1 --from /a/libgdtA.so
a64_agree /d/libgdtC.so.1
