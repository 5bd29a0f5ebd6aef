#!/bin/sh
# 4027-explain-jax-plugin-mismatch: JAX plugin and jaxlib versions differ.
# Corpus file: tests/explain/jax-plugin-mismatch.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/jax-plugin-mismatch.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD213"'
expect_json '.findings[0].kind == "framework_plugin_mismatch"'
