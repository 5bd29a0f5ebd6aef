#!/bin/sh
# 4210-explain-framework-messages-2: every message of tests/explain/framework-messages-2.txt (57
# messages that llama.cpp/ggml, TensorRT, DeepSpeed, xFormers, Triton and torch's inductor, Numba,
# vLLM, RAPIDS cuDF, NCCL, accelerate/transformers, bitsandbytes and MXNet print about GPU setup, one
# synthetic log each, written from the source that prints it; the kinds from the condition that
# prints it) through explain: at least 57 right at top-1 and 57 in the top three (measured when the
# list was made: 57 and 57; main before it: 14 and 14).
. "$GD_TESTS/cli/lib.sh"

list="$GD_TESTS/explain/framework-messages-2.txt"
mkdir -p "$CASE_DIR/m"
awk -v d="$CASE_DIR/m" '/^=== /{split(substr($0, 5), a, " \\| "); f = d "/" a[1]; print a[2] > (f ".want");
    close(f ".want"); next} f != "" {print >> (f ".log"); close(f ".log")}' "$list"
n=0 ok1=0 ok3=0
for log in "$CASE_DIR"/m/*.log; do
    id=$(basename "$log" .log)
    want=",$(cat "$CASE_DIR/m/$id.want"),"
    gd explain --json "$log"
    expect_rc 0
    got=$(jq -r '[.hypotheses[].kind] | join(",")' "$CASE_DIR/stdout")
    n=$((n + 1))
    case "$want" in *",${got%%,*},"*) ok1=$((ok1 + 1)) ;; esac
    for k in $(echo "$got" | tr ',' ' ' | cut -d' ' -f1-3); do
        case "$want" in *",$k,"*) ok3=$((ok3 + 1)); break ;; esac
    done
done
echo "framework messages (second list): $n, top-1 $ok1, top-3 $ok3"
[ "$n" -eq 57 ] || fail "expected 57 messages, read $n"
[ "$ok1" -ge 57 ] || fail "top-1 $ok1 < 57"
[ "$ok3" -ge 57 ] || fail "top-3 $ok3 < 57"
