# The classic: TensorFlow 2.10 (built for CUDA 11.2 / cuDNN 8.1, dlopens
# libcudart.so.11.0) on a machine with only CUDA 12.0.  GPU: no; the cause
# (only another CUDA), the missing library, and the fixes that match.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x2684
cuda_toolkit /usr/local/cuda-12.0 12.0.140
link /usr/local/cuda-12.0 /usr/local/cuda
venv /home/u/proj/.venv 3.10
tensorflow 2.10.0 11.2 8 ""
gdcheck --json --env VIRTUAL_ENV=/home/u/proj/.venv --env LD_LIBRARY_PATH=/usr/local/cuda/lib64
expect_rc 1
expect_json "$(v tensorflow) | .gpu == \"no\""
# One root cause, one error finding (issue 16): the missing libraries are
# evidence of GD206, not GD201/GD203 findings of their own.
expect_json "$(v tensorflow) | .findings | index(\"GD206\") != null and index(\"GD201\") == null"
expect_json '[.findings[] | select(.code == "GD206") | .evidence[].text] | any(test("searched the module.s RPATH/RUNPATH"))'
expect_json "$(v tensorflow) | .needs[] | select(.role == \"cudart\") | .library == \"libcudart.so.11.0\" and .resolved_path == null"
expect_json '.findings[] | select(.code == "GD206") | .title | test("CUDA 11.2")'
expect_json '.findings[] | select(.code == "GD206") | .evidence[0].text | test("libcudart.so.12")'
expect_json '[.findings[] | select(.code == "GD206") | .fixes[].command] | any(test("tensorflow/tensorflow:2.10.0-gpu"))'
expect_json '[.findings[] | select(.code == "GD206") | .fixes[].command] | any(test("cudatoolkit=11.2 cudnn=8"))'
gdcheck -v --env VIRTUAL_ENV=/home/u/proj/.venv --env LD_LIBRARY_PATH=/usr/local/cuda/lib64
expect_text "tensorflow 2.10.0 (venv /home/u/proj/.venv): GPU NO"
expect_text "libcudart.so.11.0 wanted; libcudart.so.12"
# Issue 31: TensorFlow 2.10 on Linux (built against NumPy 1: pkg_fact
# tensorflow numpy_abi_major) -- the reinstall pins numpy<2 beside
# tensorflow==2.10.*, or pip brings NumPy 2 and the import breaks; and the
# conda route's loader-path line comes for fish too (one group), so a
# reader with SHELL=/usr/bin/fish is not handed `export ...${...:+...}`.
gdcheck --json --env VIRTUAL_ENV=/home/u/proj/.venv --env LD_LIBRARY_PATH=/usr/local/cuda/lib64
f='[.findings[] | select(.code == "GD206") | .fixes[] | select(.command != null)]'
expect_json "$f | map(select(.command | test(\"tensorflow==2.10\"))) | length >= 1"
expect_json "$f | map(select(.command | test(\"tensorflow==2.10\"))) | all(.command | test(\"numpy<2\"))"
# the conda route: sh and fish (one group: the text report shows the reader's)
expect_json "$f | map(select(.command | test(\"conda create\"))) | (map(.shell) | sort) == [\"fish\", \"sh\"]"
expect_json "$f | map(select(.shell == \"fish\" and (.command | test(\"conda create\")))) | all(.command | test(\"set -gx LD_LIBRARY_PATH \\\\\$CONDA_PREFIX/lib \\\\\$LD_LIBRARY_PATH\") and (test(\"export \") | not))"
# the text report for a fish user shows no POSIX-only line
SHELL=/usr/bin/fish gd check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/home/u/proj/.venv \
    --env LD_LIBRARY_PATH=/usr/local/cuda/lib64
expect_text 'set -gx LD_LIBRARY_PATH $CONDA_PREFIX/lib $LD_LIBRARY_PATH'
expect_no_text 'LD_LIBRARY_PATH:+'
