#!/bin/sh
# 4110-explain-jax-no-supported-devices: JAX: the CUDA backend finds no supported device.
# Log: tests/explain/jax-no-supported-devices.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/jax-no-supported-devices.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.hypotheses[0].kind == "cpu_only_build"'
expect_json '.facts.jaxlib.value == "0.4.30"'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
