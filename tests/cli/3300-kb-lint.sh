# tools/kb-lint: the data/ tables are consistent (no problems), --stale names
# the tables behind the newest releases their sources know, and a broken
# table is caught with its file and line.
. "$GD_TESTS/cli/lib.sh"

LINT="$GD_BUILD/kb-lint"
[ -x "$LINT" ] || skip "kb-lint not built ($LINT)"
DATA="$GD_TESTS/../data"

lint() {
    "$LINT" "$@" >"$OUT" 2>"$ERR"
    RC=$?
    case $RC in 86|87) fail "sanitizer error (exit $RC)";; esac
    return 0
}

lint --today 2026-12-02 "$DATA"
expect_rc 0
expect_text "0 problems"

lint --today 2026-12-02
expect_rc 0
expect_text "built-in"

lint --stale --today 2026-12-02 "$DATA"
expect_rc 3
expect_text "stale: cuda_driver: newest row 13.4 is older than 13.5"
expect_text "stale: jetpack: newest row 38.4.0 is older than 39.2"
expect_no_text "stale: paddle"
expect_text "0 problems, "

# A torch row whose cuDNN is in no cudnn_cuda row, and a hole in a JAX lane.
cat >"$CASE_DIR/bad.kb" <<'KB'
%revision 2026-01-01
%table torch
%columns version variant default cuda cudnn arch source
2.0 cu118 yes 11.8 8.1.9 - https://example.org/torch
%table jax
%columns first last flavor cuda_min cudnn_min cudnn_max driver_min cc_min extras source
0.4.8 0.4.9 cuda12 12.0 - - - - - https://example.org/a
0.4.11 0.4.12 cuda12 12.0 - - - - - https://example.org/b
KB
lint --today 2026-12-02 "$CASE_DIR/bad.kb"
expect_rc 1
expect_text "bad.kb:4: error: torch: cuDNN 8.1.9 with CUDA 11.8 is in no cudnn_cuda row"
expect_text "bad.kb:8: error: jax: cuda12: hole between 0.4.9 and 0.4.11"
expect_text "2 problems"

# --stale per framework in py_support (against that framework's own kb_meta
# row), and a release-keyed table that kb_meta does not list.
cat >"$CASE_DIR/stale.kb" <<'KB'
%revision 2026-01-01
%table kb_meta
%columns table checked newest source
torch 2026-01-01 2.14 https://example.org/torch
jax   2026-01-01 0.11.0 https://example.org/jax
%table py_support
%columns framework first last python_min python_max source
pytorch 2.9 2.12 3.10 3.14 https://example.org/a
jax 0.7.0 0.11.99 3.11 - https://example.org/b
KB
lint --stale --today 2026-12-02 "$CASE_DIR/stale.kb"
expect_rc 3
expect_text "stale.kb:8: stale: py_support: pytorch: newest row 2.12 is older than 2.14, the newest release kb_meta names for torch"
expect_no_text "py_support: jax"
expect_text "stale: kb_meta: no row for tf_build, tf_libs, tf_driver, tf_arch, torch_python, cupy, paddle, onnxruntime,"
expect_no_text "torch, torch_python"

lint --bogus
expect_rc 2
