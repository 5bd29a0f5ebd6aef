#!/bin/sh
# 4045-explain-conda-cpu-jaxlib: conda list shows jaxlib's conda-forge CPU build (build string
# cpu_py311..., conda-forge/jaxlib-feedstock recipe): the jax build is a CPU variant, which
# check's judge decides (GD211); conda's install plan (::jaxlib-0.4.4-cpu_py311...) too.
# Log: tests/explain/conda-cpu-jaxlib.log (written from conda's formats)
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/conda-cpu-jaxlib.log"
expect_rc 0
expect_json '.cause == "GD211"'
expect_json '.hypotheses[0].kind == "cpu_only_build"'
expect_json '[.facts.packages[] | select(.name == "jaxlib") | .version] == ["0.4.23"]'

printf '  jaxlib             conda-forge/linux-64::jaxlib-0.4.4-cpu_py311h7146453_1\n  jax                conda-forge/noarch::jax-0.4.4-pyhd8ed1ab_0\n' >"$CASE_DIR/plan.log"
gd explain --json "$CASE_DIR/plan.log"
expect_rc 0
expect_json '.cause == "GD211"'

printf '  jaxlib             conda-forge/linux-64::jaxlib-0.4.4-cuda120py311h6f2d3d2_201\n  jax                conda-forge/noarch::jax-0.4.4-pyhd8ed1ab_0\n' >"$CASE_DIR/cuda.log"
gd explain --json "$CASE_DIR/cuda.log"
expect_rc 0
expect_json '.cause != "GD211"'
