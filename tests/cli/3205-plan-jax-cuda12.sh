# JAX with driver 550: the cuda12 plugin (cuda13 needs 580).
. "$GD_TESTS/cli/lib.sh"
gd plan --framework jax --driver 550.54.14 --json
expect_rc 0
# Pinned to the newest release the kb knows (kb_meta), not an open "-U" (issue 16).
expect_json '.variant == "cuda12" and .commands.pip == "python3 -m pip install \"jax[cuda12]==0.11.0\""'
expect_json '.python == "3.12 or newer" and .python_pick == "3.12"'
expect_json '.docker_image == null and .commands.docker == null'
expect_json '[.rejected[] | select(.text | test("cuda13"))] | length > 0'
gd plan --framework jax --os windows
expect_rc 1
expect_text "WSL2"
