#!/bin/sh
# 4135-explain-module-toolkit-dir: a cluster module's toolkit directory (.../CUDA/12.4.0/lib64) of the
# missing libnvrtc.so.12's CUDA line: installed, not on the loader path, ranked first.
# Log: tests/explain/module-toolkit-dir-nvrtc.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/module-toolkit-dir-nvrtc.log"
expect_rc 0
expect_json '.cause == "GD204"'
expect_json '.hypotheses[0].kind == "library_path_not_set"'
expect_json '.hypotheses[1].kind == "missing_other_cuda_lib"'
