#!/bin/sh
# 4044-explain-tf1-cpu-feature-noise: TensorFlow 1.0's cpu_feature_guard wording (wasn't compiled to use SSE4.2 ...) is harmless noise.
# Log: tests/explain/tf1-cpu-feature-noise.log (written from the message's format in the cited source)
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf1-cpu-feature-noise.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "harmless_noise"'
