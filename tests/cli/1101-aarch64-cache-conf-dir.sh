#!/bin/sh
# AArch64: a library in an ld.so.conf.d directory is found through the cache
# the real AArch64 ldconfig wrote (flags 0x0a03), judged from an x86-64 host
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64_sh
put /etc/ld.so.conf.d/gdt.conf /opt/gdt/lib
a64lib opt/gdt/lib/libgdtA.so.1 libgdtA.so.1
a64_ldconfig
a64case /opt/gdt/lib/libgdtA.so.1 libgdtA.so.1
expect_json '.step == "cache"'
