# jax with a CUDA plugin whose version does not match jaxlib.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2684
venv /home/u/jx 3.11
dist "$SITE" jax 0.4.30
put "$SITE/jax/__init__.py" ""
dist "$SITE" jaxlib 0.4.30
dist "$SITE" jax-cuda12-plugin 0.4.28
dist "$SITE" jax-cuda12-pjrt 0.4.28
gdcheck --json --env VIRTUAL_ENV=/home/u/jx
expect_rc 1
expect_json "$(v jax) | .gpu == \"no\""
expect_json '[.findings[] | select(.code == "GD213" and .kind == "framework_plugin_mismatch")] | length == 1'
# The fix engine pins jax (and through its extra jaxlib and the plugin) to jax's own
# release, validated against jax.kb (issue 16: no unpinned -U).
expect_json '.findings[] | select(.code == "GD213") | .fixes[0].command | test("^\\S+/bin/python[0-9.]* -m pip install \"jax\\[cuda12\\]==0\\.4\\.30\"$")'
