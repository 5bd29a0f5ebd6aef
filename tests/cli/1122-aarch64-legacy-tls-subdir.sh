#!/bin/sh
# AArch64 glibc 2.36: tls/aarch64/atomics/ is the first subdirectory searched
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib a/aarch64/libgdtA.so.1 libgdtA.so.1
a64lib a/tls/aarch64/atomics/libgdtA.so.1 libgdtA.so.1
LLP=/a
a64case /a/tls/aarch64/atomics/libgdtA.so.1 libgdtA.so.1
