#!/bin/sh
# 4100-explain-corpus: explain's accuracy on the corpus of real logs
# (tests/explain/corpus/, each with the cause its thread established).
# Fails when top-1 or top-3 accuracy of the train split falls below the
# bar, set to the train split as measured (rounded down): 324 logs, top-1
# 84.9%, top-3 91.0% (h28t's classes: PyTorch's build CUDA and the thin
# no-GPU ranking, TensorFlow's answers in comments and XLA_GPU lists, cuDNN's
# own symbols, graphics named without NVIDIA, module toolkit directories,
# ggml's device count, libraries said missing; before it 81.8%, 89.2%).  The
# held-out split (74 logs; 56.8%, 66.2%: batch 1, 48 logs: 47.9%, 58.3%;
# batch 2, 16 logs: 62.5%, 75.0%; batch 3, 10 logs: 90.0%, 90.0%) has no
# bar; its accuracy, like the rest, is printed in the test's log.
. "$GD_TESTS/cli/lib.sh"

corpus="$GD_TESTS/explain/corpus"
ls "$corpus"/*.log >/dev/null 2>&1 || skip "no corpus in tests/explain/corpus"
command -v jq >/dev/null || skip "jq is not installed"
sh "$GD_TESTS/explain/run-corpus.sh" "$GD_BIN" "$corpus" 84 90 >"$OUT" 2>"$ERR"
RC=$?
cat "$OUT"
grep -q '^CRASH' "$OUT" && fail "explain crashed on a corpus log"
expect_rc 0
