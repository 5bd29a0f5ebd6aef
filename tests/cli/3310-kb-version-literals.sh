# tools/version-literals (run by tools/checksrc over src/diagnose/): a
# version in a C string literal in code is caught with its file and line;
# the same text in comments, character sets, sonames, finding codes and
# format strings is not.  (`make check` runs it over the tree: tools/checksrc.)
. "$GD_TESTS/cli/lib.sh"
VL="$GD_TESTS/../tools/version-literals"

cat >"$CASE_DIR/ok.c" <<'C'
/* "13.0" in a comment, "cu121" too
 * and on a "3.8+" continuation line */
#include "kb/ver_pep440.h"
static const char *a = "libcuda.so.1";   /* "12.2" */
static const char *b = "GD201", *c = "%.*s_%s", *d = "0123456789";  // "11.8"
static const char e = '"', *f = "a \"quoted\" word";
C
sh "$VL" "$CASE_DIR/ok.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
[ ! -s "$OUT" ] || fail "flagged: $(cat "$OUT")"

cat >"$CASE_DIR/bad.c" <<'C'
static int f(const char *v) { return ver_cmp_dotted(v, "11") >= 0; }
static const char *g = "the installer no longer bundles one from 13.0";
static const char *h = "pip install torch --index-url .../whl/cu121"; /* fine */
static const char *i = "nvidia-cudnn-cu12", *j = "\"jax[cuda12]\"";
C
sh "$VL" "$CASE_DIR/bad.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
expect_text "bad.c:1: \"11\""
expect_text "bad.c:2: \"the installer no longer bundles one from 13.0\""
expect_text "bad.c:3: \"pip install torch --index-url .../whl/cu121\""
expect_text "bad.c:4: \"nvidia-cudnn-cu12\""
expect_text "bad.c:4: \"\\\"jax[cuda12]\\\"\""
[ "$(wc -l <"$OUT")" -eq 5 ] || fail "expected 5 hits: $(cat "$OUT")"
exit 0
