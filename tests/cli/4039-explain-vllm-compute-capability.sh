#!/bin/sh
# 4039-explain-vllm-compute-capability: vLLM's bfloat16 check (vllm/worker/worker.py) names a GPU below compute capability 8.0: GD209.
# Log: tests/explain/vllm-compute-capability.log (written from the message's format in the cited source)
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/vllm-compute-capability.log"
expect_rc 0
expect_json '.cause == "GD209"'
expect_json '.findings[0].kind == "gpu_arch_unsupported"'
expect_json '[.findings[0].evidence[].line] | index(5) != null'
