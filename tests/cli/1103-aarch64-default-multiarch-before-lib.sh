#!/bin/sh
# AArch64: /usr/lib/aarch64-linux-gnu comes before /lib in the default directories
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib lib/libgdtA.so.1 libgdtA.so.1
a64lib usr/lib/aarch64-linux-gnu/libgdtA.so.1 libgdtA.so.1
a64case /usr/lib/aarch64-linux-gnu/libgdtA.so.1 libgdtA.so.1
