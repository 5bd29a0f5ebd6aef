#!/bin/sh
# AArch64 musl: LD_LIBRARY_PATH comes before the DT_RPATH of the loading
# object (glibc would take the RPATH first); the tree, with no /bin/sh, is
# judged musl from /lib/ld-musl-aarch64.so.1
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_musl_base
a64mlib l/libgdtB.so.1 libgdtB.so.1
a64mlib r/libgdtB.so.1 libgdtB.so.1
a64mlib a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/l" -l:libgdtB.so.1 -Wl,--disable-new-dtags -Wl,-rpath,/r
LLP=/l
a64_musl_oracle /a/libgdtA.so libgdtB.so.1
a64_musl_predict /a/libgdtA.so libgdtB.so.1 --from /a/libgdtA.so
a64_agree /l/libgdtB.so.1
expect_json '.step == "ld_library_path"'
