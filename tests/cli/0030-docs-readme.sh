# Docs as tests: every line of the README's sample output is what gpudoctor
# prints for that machine (the classic TF 2.10 on CUDA 12.0, built here as
# in 3101), and the subcommands the README lists exist.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
readme="$GD_TESTS/../README.md"
[ -f "$readme" ] || fail "README.md not found"
machine 535.104.05 0x2684
cuda_toolkit /usr/local/cuda-12.0 12.0.140
link /usr/local/cuda-12.0 /usr/local/cuda
venv /home/u/proj/.venv 3.10
tensorflow 2.10.0 11.2 8 ""
gdcheck --env VIRTUAL_ENV=/home/u/proj/.venv --env LD_LIBRARY_PATH=/usr/local/cuda/lib64
expect_rc 1
awk '/^```$/ { n++; next } n == 1 { print }' "$readme" | grep -v '^  \.\.\.$' | sed 's/^gpudoctor [0-9.]*$//' >"$CASE_DIR/sample"
[ "$(grep -c . "$CASE_DIR/sample")" -ge 10 ] || fail "README sample too short"
while IFS= read -r line; do
    [ -n "$line" ] || continue
    grep -F -x -q -- "$line" "$OUT" || fail "README sample line not printed: $line"
done <"$CASE_DIR/sample"
for c in check which matrix plan explain probe fleet ps; do
    grep -q "gpudoctor $c\|gpudoctor \[check\]" "$readme" || fail "README lacks $c"
    gd help $c
    expect_rc 0
done
