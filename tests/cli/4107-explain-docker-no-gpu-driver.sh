#!/bin/sh
# 4107-explain-docker-no-gpu-driver: docker --gpus without the NVIDIA Container Toolkit.
# Log: tests/explain/docker-no-gpu-driver.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/docker-no-gpu-driver.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD408"'
expect_json '.hypotheses[0].kind == "container_toolkit_missing"'
expect_json '.hypotheses[1].kind == "no_gpu"'
expect_json '.hypotheses[1].tell_apart | test("lspci")'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
