#!/bin/sh
# AArch64 musl: without LD_LIBRARY_PATH, the loading object's DT_RPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_musl_base
a64mlib r/libgdtB.so.1 libgdtB.so.1
a64mlib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/r" -l:libgdtB.so.1 -Wl,--disable-new-dtags -Wl,-rpath,/r
a64_musl_oracle /a/libgdtA.so libgdtB.so.1
a64_musl_predict /a/libgdtA.so libgdtB.so.1 --from /a/libgdtA.so
a64_agree /r/libgdtB.so.1
