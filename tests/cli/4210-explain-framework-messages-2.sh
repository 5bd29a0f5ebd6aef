#!/bin/sh
# 4210-explain-framework-messages-2: every message of tests/explain/framework-messages-2.txt (57
# messages that llama.cpp/ggml, TensorRT, DeepSpeed, xFormers, Triton and torch's inductor, Numba,
# vLLM, RAPIDS cuDF, NCCL, accelerate/transformers, bitsandbytes and MXNet print about GPU setup, one
# synthetic log each, written from the source that prints it; the kinds from the condition that
# prints it) through explain: at least 57 right at top-1 and 57 in the top three (measured when the
# list was made: 57 and 57; main before it: 14 and 14).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/messages.inc"

messages_score "$GD_TESTS/explain/framework-messages-2.txt"
echo "framework messages (second list): $n, top-1 $ok1, top-3 $ok3"
[ "$n" -eq 57 ] || fail "expected 57 messages, read $n"
[ "$ok1" -ge 57 ] || fail "top-1 $ok1 < 57"
[ "$ok3" -ge 57 ] || fail "top-3 $ok3 < 57"
