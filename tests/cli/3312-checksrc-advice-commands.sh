# tools/tell-literals -a (run by tools/checksrc over every src/ file outside
# src/diagnose/fixes*.c): advice whose text holds a command -- in
# backquotes, or an install, sudo, nvidia-ctk, docker run, cmake -D or export
# anywhere in the sentence, across adjacent literals -- is caught with file
# and line; prose that names a tool or says "pip installed", and a command
# the engine writes (fixes_run, a tell), are not.
. "$GD_TESTS/cli/lib.sh"
TL="$GD_TESTS/../tools/tell-literals"

cat >"$CASE_DIR/ok.c" <<'C'
/* fixes_advice(fl, fd, FIX_RANK_USER, "pip install x") in a comment */
static void f(struct findings *fl, struct finding *fd)
{
    fixes_advice(fl, fd, FIX_RANK_ENV, "Take the other toolkit off PATH, so that XLA uses the ptxas pip installed "
                 "with JAX's CUDA extra");
    fixes_advice(fl, fd, FIX_RANK_USER, "Use an OpenCV built with CUDA (CMake option WITH_CUDA on)");
    fixes_link(fl, fd, FIX_RANK_NONE, "DGL's install page", "https://www.dgl.ai/pages/start.html");
    fixes_run(NULL, fl, fd, FIX_TOOL_SLURM_GPU, NULL, NULL, NULL);
    fixes_container_start(NULL, fl, fd, "In a container: start it with the GPUs", FIX_CTR_GPUS);
}
C
sh "$TL" -a "$CASE_DIR/ok.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
[ ! -s "$OUT" ] || fail "flagged: $(cat "$OUT")"

cat >"$CASE_DIR/bad.c" <<'C'
static void f(struct findings *fl, struct finding *fd)
{
    fixes_advice(fl, fd, FIX_RANK_USER, "Install DGL's CUDA build (pip install dgl -f "
                 "https://data.dgl.ai/wheels/cuXXX/repo.html)");
    fixes_advice(fl, fd, FIX_RANK_SYSTEM, "Make it the default (`nvidia-ctk runtime configure`)");
    fixes_advice(fl, fd, FIX_RANK_NEW_ENV, "In a container start it with the GPU (docker run --gpus all ...)");
    fixes_link(fl, fd, FIX_RANK_NONE, "Build it: cmake -DWITH_CUDA=ON ..", "https://example.org");
    fixes_advice(fl, fd, FIX_RANK_ENV, arena_printf(fl->arena, "Run export CUDA_HOME=%s first", home));
}
C
sh "$TL" -a "$CASE_DIR/bad.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
expect_text "bad.c:3: a command in advice (the fix engine writes commands: diagnose/fixes_intent.h): \"Install DGL's CUDA build (pip install dgl -f https://data.dgl.ai/wheels/cuXXX/repo.html)\""
expect_text "bad.c:5: a command in advice"
expect_text "bad.c:6: a command in advice"
expect_text "bad.c:7: a command in advice"
expect_text "bad.c:8: a command in advice"
[ "$(wc -l <"$OUT")" -eq 5 ] || fail "expected 5 hits: $(cat "$OUT")"

# Without -a advice is not looked at.
sh "$TL" "$CASE_DIR/bad.c" >"$OUT" 2>"$ERR"; RC=$?
expect_rc 0
