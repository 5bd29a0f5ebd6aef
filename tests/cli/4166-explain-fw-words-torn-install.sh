#!/bin/sh
# 4166-explain-fw-words-torn-install: a framework whose own check finds its parts from different
# releases is a broken install (GD216): jax's check_jaxlib_version (jax/_src/lib/__init__.py: "jaxlib is
# version X, but this version of jax requires version >= Y", "jaxlib version X is newer than and
# incompatible with jax version Y") and CuPy's _detect_duplicate_installation (cupy/_environment.py:
# "multiple CuPy packages are installed").  Also the GPU build of Paddle that counted no GPU
# (python/paddle/base/framework.py, paddle/fluid/platform/init.cc): the device count failed, its code
# unprinted.  Log: tests/explain/fw-words-torn-install.log (from the source's format strings).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/fw-words-torn-install.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD216" and (.hypotheses[0].why | test("0.4.14")) and (.hypotheses[0].why | test("0.4.19"))'

printf '%s\n' 'RuntimeError: jaxlib version 0.4.7 is newer than and incompatible with jax version 0.4.6. Please update your jax and/or jaxlib packages.' >"$CASE_DIR/newer.log"
gd explain --json "$CASE_DIR/newer.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD216" and (.hypotheses[0].why | test("jax 0.4.6"))'

printf '%s\n' 'UserWarning: ' '  CuPy may not function correctly because multiple CuPy packages are installed' '  in your environment:' '    cupy-cuda11x, cupy-cuda12x' >"$CASE_DIR/cupy.log"
gd explain --json "$CASE_DIR/cupy.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD216" and (.hypotheses[0].why | test("CuPy"))'

printf '%s\n' 'W0101 12:00:00.123456  1234 init.cc:182] Compiled with WITH_GPU, but no GPU found in runtime.' >"$CASE_DIR/paddle.log"
gd explain --json "$CASE_DIR/paddle.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "cuda_device_count_failed")'
expect_json '[.hypotheses[:3][].kind] | (index("no_driver") != null and index("no_gpu") != null)'
