#!/bin/sh
# --deps resolves every DT_NEEDED as a tree, marking repeats
. "$GD_TESTS/cli/lib.sh"
command -v ldconfig >/dev/null || skip "no ldconfig"
LDC=$(command -v ldconfig)
mklib opt/d/libgdtC.so.1 libgdtC.so.1
mklib opt/d/libgdtB.so.1 libgdtB.so.1 -Wl,--no-as-needed -L"$ROOT/opt/d" -l:libgdtC.so.1
mklib opt/a/libgdtA.so libgdtA.so -Wl,--no-as-needed -L"$ROOT/opt/d" -l:libgdtB.so.1 -l:libgdtC.so.1 -Wl,--disable-new-dtags -Wl,-rpath,/opt/d
gd which --root "$ROOT" --clear-env --deps /opt/a/libgdtA.so --loaded libc.so.6 --json
expect_rc 0
expect_json '.deps.children | map(.name) == ["libgdtB.so.1", "libgdtC.so.1", "libc.so.6"]'
expect_json '.schema == "gpudoctor-deps/1"'
expect_json '.deps.children[0].children[0].already_loaded == true'
gd which --root "$ROOT" --clear-env --deps /opt/a/libgdtA.so --loaded libc.so.6
expect_text "libgdtB.so.1 => /opt/d/libgdtB.so.1 [RPATH of /opt/a/libgdtA.so]"
