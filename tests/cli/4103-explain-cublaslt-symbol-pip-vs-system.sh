#!/bin/sh
# 4103-explain-cublaslt-symbol-pip-vs-system: torch's pip cuBLAS resolving libcublasLt from a system CUDA.
# Log: tests/explain/cublaslt-symbol-pip-vs-system.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cublaslt-symbol-pip-vs-system.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD109"'
expect_json '.hypotheses[0].kind == "multiple_cuda_conflict"'
expect_json 'any(.hypotheses[]; .kind == "toolkit_version_mismatch")'
expect_json '.facts.setting.pip_nvidia.line == 5'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
