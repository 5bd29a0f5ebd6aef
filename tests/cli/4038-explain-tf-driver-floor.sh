#!/bin/sh
# 4038-explain-tf-driver-floor: nvidia-smi shows driver 520 and pip shows TensorFlow 2.18.0
# (CUDA 12.5): too old by TensorFlow's own documented minimum, 525.60.13, cited from its
# pip page (issue 18), not CUDA 12.5's release driver 555.42.02.
# Corpus file: tests/explain/smi-520-tf-218.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/smi-520-tf-218.log"
expect_rc 0
expect_json '.cause == "GD208"'
expect_json '.facts.driver.value == "520.61.05"'
expect_json '.findings[0].title | test("520.61.05.*525.60.13")'
expect_json 'any(.findings[0].evidence[]; (.text | test("needs driver >= 525.60.13")) and (.path | test("^https://www.tensorflow.org/install/pip")))'
expect_json '.hypotheses[0].judged'
expect_json '[.findings[0].evidence[].text] | all(test("555.42.02") | not)'
