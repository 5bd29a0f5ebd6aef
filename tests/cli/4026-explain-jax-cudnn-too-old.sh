#!/bin/sh
# 4026-explain-jax-cudnn-too-old: JAX: installed cuDNN older than the one it was built against.
# Corpus file: tests/explain/jax-cudnn-too-old.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/jax-cudnn-too-old.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD207"'
expect_json '.findings[0].title | test("8700.*8904")'
