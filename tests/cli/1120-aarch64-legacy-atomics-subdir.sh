#!/bin/sh
# AArch64 glibc 2.36: a CPU with LSE atomics makes ld.so search the legacy
# hwcap subdirectory atomics/ before the directory itself
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib a/libgdtA.so.1 libgdtA.so.1
a64lib a/atomics/libgdtA.so.1 libgdtA.so.1
LLP=/a
a64case /a/atomics/libgdtA.so.1 libgdtA.so.1
expect_json '.attempts[0].path == "/a/tls/aarch64/atomics/libgdtA.so.1"'
