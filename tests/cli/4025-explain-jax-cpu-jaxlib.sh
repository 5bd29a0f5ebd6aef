#!/bin/sh
# 4025-explain-jax-cpu-jaxlib: JAX without its CUDA plugin.
# Corpus file: tests/explain/jax-cpu-jaxlib.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/jax-cpu-jaxlib.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD211"'
expect_json '.facts.jaxlib.value == "0.4.30"'
expect_json 'any(.findings[0].fixes[]; .command | test("jax\\[cuda12\\]"))'
