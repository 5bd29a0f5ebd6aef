#!/bin/sh
# 4100-explain-corpus: explain's accuracy on the corpus of real logs
# (tests/explain/corpus/, each with the cause its thread established).
# Fails when top-1 or top-3 accuracy of the train split falls below the
# bar, set to the train split as measured (rounded down): 356 logs, top-1
# 85.7%, top-3 91.6% (h28t's classes on the 324 older train logs: PyTorch's
# build CUDA and the thin no-GPU ranking, TensorFlow's answers in comments
# and XLA_GPU lists, cuDNN's own symbols, graphics named without NVIDIA,
# module toolkit directories, ggml's device count, libraries said missing;
# h28u's on batch 4's train logs: vLLM's and the runtime's
# compute-capability messages, cuInit's own error 3, conda's CPU builds,
# TensorFlow 1.0's CPU-feature noise, a Kubernetes pod without libcuda; the
# same 356 logs were at 81.2%, 87.9% before them).  The held-out split (90
# logs: 54.4%, 64.4%; batch 1, 48 logs: 47.9%, 58.3%; batch 2, 16 logs:
# 62.5%, 75.0%; batch 3, 10 logs: 90.0%, 90.0%; batch 4, 16 logs: 43.8%,
# 56.2%) has no bar; its accuracy, like the rest, is printed in the test's log.
. "$GD_TESTS/cli/lib.sh"

corpus="$GD_TESTS/explain/corpus"
ls "$corpus"/*.log >/dev/null 2>&1 || skip "no corpus in tests/explain/corpus"
command -v jq >/dev/null || skip "jq is not installed"
sh "$GD_TESTS/explain/run-corpus.sh" "$GD_BIN" "$corpus" 85 91 >"$OUT" 2>"$ERR"
RC=$?
cat "$OUT"
grep -q '^CRASH' "$OUT" && fail "explain crashed on a corpus log"
expect_rc 0
