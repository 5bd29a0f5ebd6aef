#!/bin/sh
# AArch64: the cached file was removed after ldconfig: the search goes on to
# the default directories
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
put /etc/ld.so.conf.d/a.conf /opt/one
a64lib opt/one/libgdtA.so.1 libgdtA.so.1
a64_ldconfig
rm "$ROOT/opt/one/libgdtA.so.1"
a64lib usr/lib/libgdtA.so.1 libgdtA.so.1
a64case /usr/lib/libgdtA.so.1 libgdtA.so.1
expect_json '.step == "default"'
