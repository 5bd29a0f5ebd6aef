#!/bin/sh
# 4111-explain-jax-backend-no-devices: JAX: Unable to initialize backend 'cuda' ... no supported devices found.
# Log: tests/explain/jax-backend-no-devices.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/jax-backend-no-devices.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json 'any(.hypotheses[]; .kind == "driver_too_old")'
expect_json 'any(.hypotheses[]; .kind == "env_hides_gpu")'
expect_json '(.hypotheses | length) == 3'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
