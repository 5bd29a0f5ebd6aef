#!/bin/sh
# 4143-explain-conda-cudatoolkit: conda's cudatoolkit package (an install's "cudatoolkit=10.1", a
# conda list row) is the toolkit the environment has, as "CUDA Toolkit 10.1" in words is: check's judge
# then weighs the missing libcudart.so.10.0 against it (another CUDA than the build wants, GD206).
# Log: tests/explain/conda-cudatoolkit-cudart.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/conda-cudatoolkit-cudart.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "libcudart.so.10.0" and .loaded == false)'
expect_json '.hypotheses[0].code == "GD206" and .hypotheses[0].kind == "toolkit_version_mismatch"'
expect_json 'any(.hypotheses[1:][]; .kind == "missing_cudart")'

# conda list's row says the same.
printf 'cudatoolkit               10.1.243             h6bb024c_0\n' >"$CASE_DIR/list.log"
tail -n 1 "$GD_TESTS/explain/conda-cudatoolkit-cudart.log" >>"$CASE_DIR/list.log"
gd explain --json "$CASE_DIR/list.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "toolkit_version_mismatch"'

# Without it the machine may have no CUDA at all: missing stays first.
tail -n 1 "$GD_TESTS/explain/conda-cudatoolkit-cudart.log" >"$CASE_DIR/bare.log"
gd explain --json "$CASE_DIR/bare.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "missing_cudart"'

# Another package whose name starts so (cudatoolkit-dev) states no toolkit.
printf 'cudatoolkit-dev=10.1\n' >"$CASE_DIR/dev.log"
tail -n 1 "$GD_TESTS/explain/conda-cudatoolkit-cudart.log" >>"$CASE_DIR/dev.log"
gd explain --json "$CASE_DIR/dev.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "missing_cudart"'
