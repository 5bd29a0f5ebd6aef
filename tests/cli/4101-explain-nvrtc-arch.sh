#!/bin/sh
# 4101-explain-nvrtc-arch: NVRTC: the toolkit's compiler does not know this GPU (RTX 4060 Ti, torch 1.11+cu113).
# Log: tests/explain/nvrtc-arch.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/nvrtc-arch.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD209"'
expect_json '.hypotheses[0].kind == "gpu_arch_unsupported"'
expect_json 'any(.facts.messages[]; .family == "compiler_arch_unsupported")'
expect_json '.facts.command.value | test("python train.py")'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
