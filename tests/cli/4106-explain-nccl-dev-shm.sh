#!/bin/sh
# 4106-explain-nccl-dev-shm: NCCL in a container with Docker's 64 MB /dev/shm.
# Log: tests/explain/nccl-dev-shm.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/nccl-dev-shm.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD409"'
expect_json '.hypotheses[0].kind == "shm_too_small"'
expect_json '.facts.setting.docker_gpus.value == "gpus"'
expect_json 'any(.findings[0].fixes[]; .command | test("--ipc=host"))'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
