#!/bin/sh
# AArch64: a tree without /bin/sh is judged by its program interpreter; the
# cache lists as ldconfig -p prints it
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
put /etc/ld.so.conf.d/gdt.conf /opt/gdt/lib
a64lib opt/gdt/lib/libgdtA.so.1 libgdtA.so.1
a64_ldconfig
a64case /opt/gdt/lib/libgdtA.so.1 libgdtA.so.1
gd which --root "$ROOT" --list-cache
chroot "$ROOT" /usr/bin/qemu-aarch64-static /sbin/ldconfig -p >"$CASE_DIR/ldconfig-p" || fail "ldconfig -p failed"
diff "$CASE_DIR/ldconfig-p" "$OUT" >"$CASE_DIR/diff" || fail "which --list-cache differs from the real ldconfig -p: $(head -n 5 "$CASE_DIR/diff")"
