#!/bin/sh
# 9604-static-musl-userland: the static binary in a userland with musl and
# no glibc at all (Debian's musl loader, busybox-static as /bin/sh): it
# runs, sees musl, and resolves with musl's rules.  Its probe helper, a
# glibc program, cannot start there (no /lib64/ld-linux-x86-64.so.2: the
# NVIDIA driver could not load either), and probe says so and exits 3.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
static_setup
R="$CASE_DIR/musl"
static_musl "$R"
cp "$SBIN" "$R/usr/bin/gpudoctor"
cp "$SHELPER" "$R/usr/bin/gpudoctor-probe-helper"
# The userland is musl's: its loader runs a dynamically linked musl program.
printf '#include <stdio.h>\nint main(void) { puts("hello from musl"); return 0; }\n' >"$CASE_DIR/hello.c"
musl-gcc -o "$R/usr/bin/hello" "$CASE_DIR/hello.c" || fail "musl-gcc cannot link a program"
readelf -lW "$R/usr/bin/hello" | grep -q 'interpreter: /lib/ld-musl-x86_64.so.1' || fail "hello is not a musl program"
in_root "$R" /usr/bin/hello
expect_rc 0
expect_text "hello from musl"
in_root "$R" /bin/sh -c 'ls /lib /lib64 2>&1; ls /lib/x86_64-linux-gnu 2>&1'
expect_text "ld-musl-x86_64.so.1"
expect_no_text "ld-linux-x86-64.so.2"
expect_no_text "libc.so.6"

in_root "$R" /usr/bin/gpudoctor --version
expect_rc 0
expect_text "gpudoctor "
in_root "$R" /usr/bin/gpudoctor check --json
[ "$RC" -le 1 ] || fail "check exits $RC in the musl userland"
expect_json '.system.libc == "musl" and .system.arch == "x86_64"'
expect_json '.system.distro.id == "gdmusl"'
# --libc musl: the loader model takes the flavour from /bin/sh's program
# interpreter, and this /bin/sh (busybox-static) has none (Alpine's busybox
# is a musl program; `check` finds musl by its loader file either way).
in_root "$R" /usr/bin/gpudoctor which libc.so.6 --libc musl
expect_rc 1
expect_text "/lib/x86_64-linux-musl"
in_root "$R" /usr/bin/gpudoctor which --deps /usr/bin/hello --libc musl
expect_rc 0
expect_text "libc.so => /lib/x86_64-linux-musl/libc.so"

# probe: the driver files are chosen, then the helper cannot start.
mkdir -p "$R/opt/drv"
cp "$FAKE_SO" "$R/opt/drv/libcuda.so.1"
cp "$FAKE_SO" "$R/opt/drv/libnvidia-ml.so.1"
in_root "$R" /usr/bin/gpudoctor probe --clear-env --env LD_LIBRARY_PATH=/opt/drv
expect_rc 3
expect_text "libcuda.so.1        /opt/drv/libcuda.so.1 (ld_library_path)"
expect_err "cannot run the probe helper '/usr/bin/gpudoctor-probe-helper' (exit 127"
expect_err "program interpreter"
