#!/bin/sh
# which: usage errors exit 2, help exits 0
. "$GD_TESTS/cli/lib.sh"
command -v ldconfig >/dev/null || skip "no ldconfig"
LDC=$(command -v ldconfig)
gd which
expect_rc 2
gd which --libc plan9 libx.so
expect_rc 2
gd which --help
expect_rc 0
expect_text "usage: gpudoctor which"
