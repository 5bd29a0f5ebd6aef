# What tells a cause apart (a hypothesis's tell_apart, and the fix "Confirm it
# on that machine" when that cause is the answer) is a command a user pastes
# on the machine that wrote the log: for every log of tests/explain and its
# corpus, each one sh -n accepts (advice rides in a trailing # comment, never
# as words: "nvidia-smi (CUDA Version) vs ..." is a syntax error), and a
# library name the log gave reaches a command only when it is a name (a log
# line with a backquote must not become a command substitution).
. "$GD_TESTS/cli/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
n=0 bad=0
for l in "$GD_TESTS"/explain/*.log "$GD_TESTS"/explain/corpus/*.log; do
    "$GD_BIN" explain --json "$l" >"$OUT" 2>"$ERR"
    RC=$?
    case $RC in 86|87) fail "sanitizer error (exit $RC) on $l";; esac
    jq -r '(.hypotheses[]?.tell_apart // empty), (.findings[]? | .fixes[]? | select(.title == "Confirm it on that machine") | .command // empty) | @json' "$OUT" >"$CASE_DIR/tells" ||
        fail "no JSON for $l"
    while IFS= read -r t; do
        c=$(printf '%s' "$t" | jq -r .)
        n=$((n + 1))
        if ! sh -n -c "$c" 2>/dev/null; then
            bad=$((bad + 1))
            echo "not a command: $(basename "$l"): $c"
        fi
        case $c in *'`'*) bad=$((bad + 1)); echo "a backquote from the log: $(basename "$l"): $c" ;; esac
    done <"$CASE_DIR/tells"
done
[ "$n" -gt 100 ] || fail "only $n tells read"
[ "$bad" -eq 0 ] || fail "$bad of $n tells cannot be pasted"
