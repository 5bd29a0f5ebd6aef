#!/bin/sh
# 4113-explain-no-cuda-gpus-cvd: No CUDA GPUs are available with CUDA_VISIBLE_DEVICES=1 on the command line.
# Log: tests/explain/no-cuda-gpus-cvd.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/no-cuda-gpus-cvd.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD108"'
expect_json '.hypotheses[0].kind == "env_hides_gpu"'
expect_json '.facts.cuda_visible_devices.value == "1"'
expect_json '.facts.cuda_visible_devices.line == 1'
expect_json '.hypotheses[0].confidence > .hypotheses[1].confidence'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
