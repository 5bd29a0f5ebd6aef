# plan --os macos: no CUDA set exists on a Mac; the answer is the Metal
# recipe, built from the knowledge base with its sources: tensorflow-metal
# with the TensorFlow it pairs with (data/tf_metal.kb) under the name
# Apple's page gives that release (pkg_fact macos_dist), PyTorch's MPS
# (mps_min_macos), jax-metal.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework tensorflow --version 2.12 --os macos --json
expect_rc 1
expect_json '.found == false and (.why | test("pip install \"tensorflow-macos==2.12.[*]\" \"tensorflow-metal==[0-9.]+\""))'
expect_json '[.notes[].source] | any(test("developer.apple.com/metal/tensorflow-plugin"))'
# the newest pair the matrix lists, under the name Apple gives it (2.13+: tensorflow)
gd matrix tensorflow-metal --json
M=$(jq -r '[.rows[] | .metal] | max_by(split(".") | map(tonumber))' "$OUT" 2>/dev/null)
[ -n "$M" ] && [ "$M" != null ] || fail "no tensorflow-metal rows in the matrix"
gd plan --framework tensorflow --os macos --json
expect_json ".why | test(\"pip install \\\"tensorflow==[0-9.]+[*]\\\" \\\"tensorflow-metal==$M\\\"\")"
gd plan --framework torch --os macos
expect_rc 1
expect_text "MPS backend: python3 -m pip install torch"
expect_text "macOS 12.3 or later"
gd plan --framework jax --os macos
expect_text "pip install jax-metal"
