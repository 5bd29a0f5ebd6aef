#!/bin/sh
# 4133-explain-torch-version-cuda-print: print(torch.version.cuda) answering 12.1 is the build's CUDA
# (not a CPU build); the one-line CPython banner says linux; is_available() False then ranks the
# driver older than that CUDA first, and no CPU-only guess.
# Log: tests/explain/torch-version-cuda-print.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-version-cuda-print.log"
expect_rc 0
expect_json '.facts.os == "linux"'
expect_json '.facts.torch_cuda.value == "12.1" and .facts.torch_cuda.line == 7'
expect_json '.facts.torch.value == "2.1.0"'
expect_json '.hypotheses[0].kind == "driver_too_old"'
expect_json 'all(.ranking[]; .kind != "cpu_only_build")'
