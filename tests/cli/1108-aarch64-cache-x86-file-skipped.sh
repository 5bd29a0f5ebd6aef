#!/bin/sh
# AArch64: the AArch64 ldconfig caches an x86-64 file as (libc6,AArch64);
# ld.so skips it as the wrong machine and goes on to the default directories
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
put /etc/ld.so.conf.d/gdt.conf /opt/gdt/lib
x86lib opt/gdt/lib/libgdtA.so.1 libgdtA.so.1
a64_ldconfig
a64lib lib/libgdtA.so.1 libgdtA.so.1
a64case /lib/libgdtA.so.1 libgdtA.so.1
expect_json '[.attempts[] | select(.step == "cache") | .outcome] == ["wrong_machine"]'
