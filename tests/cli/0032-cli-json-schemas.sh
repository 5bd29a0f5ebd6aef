# The JSON contracts (docs/schemas, JSON Schema 2020-12): the schemas are
# valid schemas, one document of each kind validates against its own, and
# the validator refuses what breaks a contract (a missing member, a value
# outside its enumeration, a document without "schema").  The suite
# validates every document the other cases write (tests/run.sh).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
command -v python3 >/dev/null || skip "python3 is not installed"
python3 -c 'import jsonschema' 2>/dev/null || skip "python3-jsonschema is not installed (tools/install-deps.sh --test)"
command -v jq >/dev/null || skip "jq is not installed"
V="python3 $GD_TESTS/schema/validate.py $GD_TESTS/../docs/schemas"
machine 550.54.15 0x2684
venv /home/u/pt 3.11
torch_cpu 2.3.1+cpu
D="$CASE_DIR/docs"; mkdir -p "$D"
n=0
doc() {   # doc ARGS...: run gpudoctor ARGS, keep its stdout as a document
    n=$((n + 1))
    "$GD_BIN" "$@" >"$D/$n.json" 2>"$CASE_DIR/doc.err"
    _rc=$?
    [ $_rc -le 1 ] || fail "gpudoctor $* exits $_rc: $(head -c 300 "$CASE_DIR/doc.err")"
}
doc check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/home/u/pt --json
doc check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/home/u/pt --facts
doc explain --json "$GD_TESTS/explain/$(ls "$GD_TESTS/explain" | grep '\.log$' | head -n 1)"
doc plan --framework torch --json
doc matrix --json
doc matrix pytorch 2.1 --json
doc matrix gpu H100 --json
doc which --root "$ROOT" --clear-env libcuda.so.1 --json
doc which --root "$ROOT" --clear-env --deps /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15 --json
$V --require-json "$D"/*.json >"$OUT" 2>"$ERR" || fail "a document does not validate: $(head -n 20 "$OUT") $(tail -n 5 "$ERR")"
expect_text "$n documents valid, 0 invalid, 0 not JSON"
for f in "$D"/*.json; do
    jq -e 'has("schema")' "$f" >/dev/null || fail "$f has no schema member"
done
# The validator can fail: a broken check report, a report without its
# schema, a fix for a shell gpudoctor does not write.
jq 'del(.exit_status) | .verdicts[0].gpu = "maybe"' "$D/1.json" >"$CASE_DIR/bad1.json"
jq 'del(.schema)' "$D/1.json" >"$CASE_DIR/bad2.json"
jq '.findings[0].fixes[0].shell = "zsh"' "$D/1.json" >"$CASE_DIR/bad3.json"
printf 'not json\n' >"$CASE_DIR/bad4.json"
for b in 1 2 3 4; do
    $V --require-json "$CASE_DIR/bad$b.json" >"$OUT" 2>"$ERR" && fail "bad$b.json validated"
    expect_text "0 documents valid, 1 invalid"
done
$V "$CASE_DIR/bad4.json" >"$OUT" 2>"$ERR" || fail "text skipped without --require-json failed"
expect_text "0 documents valid, 0 invalid, 1 not JSON"
