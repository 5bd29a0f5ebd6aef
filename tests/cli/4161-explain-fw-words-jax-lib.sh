#!/bin/sh
# 4161-explain-fw-words-jax-lib: JAX's CUDA plugin reads each component's version through its library
# (jax_plugins/cuda/__init__.py, _version_check, jax 0.4.26+); when that library does not load it says
# "Unable to load cuDNN. Is it installed?" with the component's name, not the file's: cuDNN is GD202, the
# CUDA runtime GD201, the others (cuFFT, cuPTI, cuBLAS, cuSPARSE) GD203.
# Log: tests/explain/fw-words-jax-lib.log (written from the source's format string).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/fw-words-jax-lib.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "jax_cuda_lib_missing" and .first_line == 5)'
expect_json '.hypotheses[0].code == "GD202" and .hypotheses[0].kind == "missing_cudnn"'

sed 's/load cuDNN/load CUDA/' "$GD_TESTS/explain/fw-words-jax-lib.log" >"$CASE_DIR/cudart.log"
gd explain --json "$CASE_DIR/cudart.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD201"'

sed 's/load cuDNN/load cuPTI/' "$GD_TESTS/explain/fw-words-jax-lib.log" >"$CASE_DIR/cupti.log"
gd explain --json "$CASE_DIR/cupti.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD203"'
expect_json '.hypotheses[0].why | test("cuPTI")'
