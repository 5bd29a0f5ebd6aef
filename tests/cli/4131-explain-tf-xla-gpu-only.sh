#!/bin/sh
# 4131-explain-tf-xla-gpu-only: TensorFlow 2.0-2.3 lists an XLA_GPU but no GPU: the driver sees the GPU
# and a pinned CUDA library did not load (another CUDA installed first); no Windows or Mac guess.
# Log: tests/explain/tf-xla-gpu-only.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-xla-gpu-only.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "toolkit_version_mismatch"'
expect_json '.hypotheses[0].evidence[0].line == 3'
expect_json 'all(.ranking[]; .kind != "windows_native_unsupported" and .kind != "apple_silicon")'
