# tools/tell-literals (run by tools/checksrc over src/ outside
# src/diagnose/fixes*.c, with -c over explain*.c): a tell that is a command
# literal, a string passed where the look tool goes, a tell argument that is
# not a name or a string built for a tell are caught with file and line; a
# look tool with a name, a variable, the engine's own prototypes, a named
# tool's title and prose that names a command are not.  (`make checksrc`
# runs it over the tree: tools/checksrc.)
. "$GD_TESTS/cli/lib.sh"
TL="$GD_TESTS/../tools/tell-literals"

cat >"$CASE_DIR/ok.c" <<'C'
/* "nvidia-smi | grep 'CUDA Version'" in a comment */
void explain_set_tell(struct explain_ctx *c, const struct finding *fd, enum fix_tool t, const char *arg);
static const struct row rows[] = {
    { LE_X, w_always, "GD101", 85, "nvidia-smi cannot talk to its kernel module", FIX_TOOL_TELL_SMI_LSMOD, NULL, E },
    { LE_Y, w_always, "GD211", 90, "JAX has no CUDA plugin", FIX_TOOL_TELL_PIP_GREP, "jax", E },
};
static void f(struct explain_ctx *c, struct finding *fd, const char *name)
{
    static const char *const vars[] = {"NCCL_DEBUG=INFO", NULL};   // a variable for fixes_env_run
    explain_set_tell(c, fd, FIX_TOOL_TELL_CVD, NULL);
    explain_alt(c, "GD204", 42, "the library is installed, but not where the loader looks", FIX_TOOL_TELL_FIND_LIB,
                name, 0, NULL);
    explain_alt_hit(c, "GD216", 40, "installed but broken", dnn ? FIX_TOOL_TELL_CUDNN_FILES : FIX_TOOL_TELL_NVCC_PIP,
                    "nvidia-cudnn-cu12", LE_X);
    fixes_run(&c->fx, c->out, fd, FIX_TOOL_SMI_APPS, "See which processes | hold GPU memory", NULL, NULL);
    fixes_look(&c->fx, c->out, fd, "Confirm it on that machine", h->tell_tool, h->tell_arg);
}
C
sh "$TL" -c "$CASE_DIR/ok.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
[ ! -s "$OUT" ] || fail "flagged: $(cat "$OUT")"

cat >"$CASE_DIR/bad.c" <<'C'
static const struct row rows[] = {
    { LE_X, w_always, "GD101", 85, "no driver", "nvidia-smi; lsmod | grep nvidia", FX_DRIVER_LOAD, E },
    { LE_Y, w_always, "GD211", 90, "no plugin", FIX_TOOL_TELL_PIP_GREP, "jax  # the plugin?", E },
};
static void f(struct explain_ctx *c, struct finding *fd, const char *name)
{
    explain_set_tell(c, fd, "echo \"$CUDA_VISIBLE_DEVICES\"");
    explain_alt(c, "GD204", 42, "not where the loader looks",
                FIX_TOOL_TELL_FIND_LIB, arena_printf(c->out->arena, "%s", name), 0, NULL);
    explain_alt_hit(c, "GD201", 40, "not installed", FIX_TOOL_TELL_TF_DSO_LOADER, "a b", LE_X);
    fixes_look(&c->fx, c->out, fd, "Confirm it", "TF_CPP_MAX_VLOG_LEVEL=3 python -c "
               "\"import tensorflow\"", NULL);
}
C
sh "$TL" -c "$CASE_DIR/bad.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
expect_text "bad.c:2: a command literal (the fix engine writes commands: diagnose/fixes_intent.h): \"nvidia-smi; lsmod | grep nvidia\""
expect_text "bad.c:3: a tell argument that is not a name: \"jax  # the plugin?\""
expect_text "bad.c:7: a string passed as a tell: \"echo \\\"\$CUDA_VISIBLE_DEVICES\\\"\""
expect_text "bad.c:9: a string built for a tell: \"arena_printf(...)\""
expect_text "bad.c:10: a tell argument that is not a name: \"a b\""
expect_text "bad.c:11: a string passed as a tell: \"TF_CPP_MAX_VLOG_LEVEL=3 python -c \\\"import tensorflow\\\"\""
expect_text "bad.c:11: a command literal (the fix engine writes commands: diagnose/fixes_intent.h): \"TF_CPP_MAX_VLOG_LEVEL=3 python -c \\\"import tensorflow\\\"\""
[ "$(wc -l <"$OUT")" -eq 7 ] || fail "expected 7 hits: $(cat "$OUT")"

# Without -c a command line in a title or a why is not a tell.
sh "$TL" "$CASE_DIR/bad.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
[ "$(wc -l <"$OUT")" -eq 5 ] || fail "expected 5 hits without -c: $(cat "$OUT")"

# And the tree itself passes (make checksrc).
sh "$GD_TESTS/../tools/checksrc" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
expect_text "checksrc: ok"
exit 0
