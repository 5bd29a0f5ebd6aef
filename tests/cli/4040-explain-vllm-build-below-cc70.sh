#!/bin/sh
# 4040-explain-vllm-build-below-cc70: vLLM's setup.py refuses GPUs below compute capability 7.0: GD209, the floor in the title.
# Log: tests/explain/vllm-build-below-cc70.log (written from the message's format in the cited source)
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/vllm-build-below-cc70.log"
expect_rc 0
expect_json '.cause == "GD209"'
expect_json '.hypotheses[0].kind == "gpu_arch_unsupported"'
expect_json '.findings[0].title | test("below 7.0")'
