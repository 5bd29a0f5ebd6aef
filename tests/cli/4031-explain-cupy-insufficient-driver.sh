#!/bin/sh
# 4031-explain-cupy-insufficient-driver: CuPy: cudaErrorInsufficientDriver.
# Corpus file: tests/explain/cupy-insufficient-driver.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cupy-insufficient-driver.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD208"'
expect_json '.facts.cuda_errors[0].name == "cudaErrorInsufficientDriver"'
expect_json '.facts.cuda_errors[0].number == 35'
expect_json '.facts.cupy.value == "13.3.0"'
