#!/bin/sh
# AArch64: a tree with neither /bin/sh nor a program interpreter (a library
# layer) is judged by what its ld.so.cache was written for (0x0a03)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
put /etc/ld.so.conf.d/gdt.conf /opt/gdt/lib
a64lib opt/gdt/lib/libgdtA.so.1 libgdtA.so.1
a64_ldconfig
a64_oracle libgdtA.so.1
rm "$ROOT/lib/ld-linux-aarch64.so.1"
a64_predict libgdtA.so.1
a64_agree /opt/gdt/lib/libgdtA.so.1
