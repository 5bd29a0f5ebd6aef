#!/bin/sh
# AArch64 musl: /etc/ld-musl-aarch64.path (Debian's: /lib/aarch64-linux-musl,
# /usr/lib/aarch64-linux-musl) replaces the built-in directories: a library
# in /usr/lib is not found, one in /usr/lib/aarch64-linux-musl is
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_musl_base
a64mlib usr/lib/libgdtB.so.1 libgdtB.so.1
a64mlib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/usr/lib" -l:libgdtB.so.1
a64_musl_oracle /a/libgdtA.so libgdtB.so.1
a64_musl_predict /a/libgdtA.so libgdtB.so.1 --from /a/libgdtA.so
a64_agree null
a64mlib usr/lib/aarch64-linux-musl/libgdtB.so.1 libgdtB.so.1
a64_musl_oracle /a/libgdtA.so libgdtB.so.1
a64_musl_predict /a/libgdtA.so libgdtB.so.1 --from /a/libgdtA.so
a64_agree /usr/lib/aarch64-linux-musl/libgdtB.so.1
expect_json '.step == "musl_path"'
