# Issue 30's plan defects, each against the row that settles it: Python per
# release (the release's own range, not its kb row's newest), TensorFlow
# 2.15-2.17 carry no sm_35 (CUDA 12 cannot build it; data/tf_arch.kb), a
# Kepler GPU is refused by CUDA 12's own floor, and a 615 driver's CUDA
# ceiling rests on an unverified row and says so.
. "$GD_TESTS/cli/lib.sh"

# Python ranges of the release asked (jax/setup.py python_requires,
# onnxruntime's classifiers, data/py_support.kb).
gd plan --framework jax --version 0.8.0 --python 3.11 --json
expect_rc 0
expect_json '.version == "0.8.0" and .python == "3.11 or newer"'
gd plan --framework onnxruntime --version 1.22.0 --python 3.10 --json
expect_rc 0
expect_json '.version == "1.22.0" and .python == "3.10-3.13"'
gd plan --framework jax --version 0.4.9 --python 3.8 --json
expect_rc 0
expect_json '.version == "0.4.9" and .variant == "cuda11"'
gd plan --framework jax --version 0.6.0 --python 3.9
expect_rc 1
expect_text "3.10"

# TensorFlow 2.16.1: machine code from 5.0 up, H100 through PTX.
gd plan --framework tensorflow --version 2.16.1 --gpu H100
expect_rc 0
expect_text "has machine code for 5.0;6.0;7.0;7.5;8.0 only"
expect_no_text "3.5;5.0"
gd plan --framework tensorflow --version 2.14.0 --gpu 3.5
expect_rc 0
gd plan --framework tensorflow --version 2.16.1 --gpu 3.5
expect_rc 1
expect_text "uses CUDA 12.3, which dropped compute capability 3.5 (CUDA 11.8 was the last to build for it)"

# Tesla K80 (3.7): CUDA 12 dropped it; the newest plan is a CUDA 11.8 build.
gd plan --framework tensorflow --gpu "Tesla K80" --json
expect_rc 0
expect_json '.version == "2.14.0" and .cuda == "11.8"'
expect_json '[.rejected[] | select(.text | test("dropped compute capability 3.7"))] | length >= 1'
expect_json '[.rejected[] | select(.text | test("predates"))] | length == 0'

# A 615 driver: its CUDA ceiling (13.3) is an unverified row.
gd plan --framework torch --driver 615.71.09 --json
expect_rc 0
expect_json '[.notes[] | select(.topic == "unverified" and (.text | test("driver")))] | length == 1'
gd plan --framework torch --driver 610.43.02 --json
expect_rc 0
expect_json '[.notes[] | select(.topic == "unverified")] | length == 0'
