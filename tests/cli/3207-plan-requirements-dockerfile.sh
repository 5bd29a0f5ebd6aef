# --requirements and --dockerfile.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework torch --version 2.4.0 --cuda 12.4 --requirements
expect_rc 0
expect_text "--extra-index-url https://download.pytorch.org/whl/cu124"
expect_text "torch==2.4.0+cu124"
gd plan --framework tensorflow --version 2.10 --os windows --requirements
expect_rc 0
expect_text "tensorflow==2.10.0"
expect_text "numpy<2"
gd plan --framework tensorflow --driver 535.104.05 --dockerfile
expect_rc 0
# TensorFlow's own floor (525.60.13) admits 2.21 on driver 535 (issue 18; was 2.15.0).
expect_text "FROM tensorflow/tensorflow:2.21.0-gpu"
gd plan --framework jax --driver 550.54.14 --dockerfile
expect_rc 0
# The Python is jax 0.11.0's floor (py_support.kb), the release pinned (issue 16).
expect_text "FROM python:3.12-slim"
expect_text 'RUN python -m pip install --no-cache-dir "jax[cuda12]==0.11.0"'
