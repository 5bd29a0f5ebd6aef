#!/bin/sh
# AArch64: $LIB is lib/aarch64-linux-gnu (Debian) and $PLATFORM is aarch64
# in a RUNPATH
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib opt/lib/aarch64-linux-gnu/aarch64/libgdtA.so.1 libgdtA.so.1
a64via v/libvia.so -Wl,--enable-new-dtags '-Wl,-rpath,/opt/$LIB/$PLATFORM'
a64case /opt/lib/aarch64-linux-gnu/aarch64/libgdtA.so.1 libgdtA.so.1 --via /v/libvia.so
