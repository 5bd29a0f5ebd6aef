#!/bin/sh
# AArch64: two ld.so.conf directories hold the soname: the cache (and ld.so)
# take the first
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
put /etc/ld.so.conf.d/a.conf "/opt/one
/opt/two"
a64lib opt/two/libgdtA.so.1 libgdtA.so.1
a64lib opt/one/libgdtA.so.1 libgdtA.so.1
a64_ldconfig
a64case /opt/one/libgdtA.so.1 libgdtA.so.1
expect_json '.step == "cache"'
