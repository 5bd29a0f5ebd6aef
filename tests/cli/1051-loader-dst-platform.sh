#!/bin/sh
# $PLATFORM expands to the CPU's platform (haswell/xeon_phi on Intel, else x86_64)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
for p in x86_64 haswell xeon_phi; do mklib "x/$p/libgdtB.so.1" libgdtB.so.1; done
mkvia via/libvia.so -Wl,--disable-new-dtags '-Wl,-rpath,'"$ROOT"'/x/${PLATFORM}'
oracle --via "$ROOT/via/libvia.so" libgdtB.so.1; predict libgdtB.so.1 --from "$ROOT/via/libvia.so"
[ "$REAL" != null ] || fail "the real dlopen failed"
[ "$PRED" = "$REAL" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
# ld.so --help names AT_PLATFORM among the legacy subdirectories (2.26-2.36).
plat=$(sed -n 's/^  \([a-z0-9_]*\) (AT_PLATFORM.*/\1/p' "$CASE_DIR/ldso-help" | head -n 1)
[ -z "$plat" ] || [ "$REAL" = "$ROOT/x/$plat/libgdtB.so.1" ] || fail "ld.so says AT_PLATFORM is $plat, the real dlopen loaded '$REAL'"
