#!/bin/sh
# AArch64 musl without a path file: the built-in /lib:/usr/local/lib:/usr/lib
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_musl_base
rm "$ROOT/etc/ld-musl-aarch64.path"
a64mlib usr/local/lib/libgdtB.so.1 libgdtB.so.1
a64mlib usr/lib/libgdtB.so.1 libgdtB.so.1
a64mlib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/usr/lib" -l:libgdtB.so.1
a64_musl_oracle /a/libgdtA.so libgdtB.so.1
a64_musl_predict /a/libgdtA.so libgdtB.so.1 --from /a/libgdtA.so
a64_agree /usr/local/lib/libgdtB.so.1
