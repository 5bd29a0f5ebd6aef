#!/bin/sh
# 4080-explain-parts-out-of-order: lines that hold a message's parts in the
# wrong order or overlapping (found by fuzz_logread) are read without a crash
# and without reading past the line.  The first crashed explain (SIGSEGV).
. "$GD_TESTS/cli/lib.sh"

printf 'not compatible with the installed jaxlib version 0.7.1 JAX plugin x\n' >"$CASE_DIR/order.log"
gd explain --json "$CASE_DIR/order.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == null'

# "Outdated " and " installation found" overlap: not the JAX message, and no
# bytes from past the line in the report.
printf 'Outdated installation found\n' >"$CASE_DIR/overlap.log"
gd explain --json "$CASE_DIR/overlap.log"
expect_rc 0
expect_json '.cause == null'
expect_json '[.findings[] | select(.kind == "toolkit_version_mismatch")] | length == 0'

# A number at the end of a line is read to the end of the line only: error 3,
# not 35 made up with the longer line before it.
printf 'xxxxxxxxxxxxxxxxxxxxx5\ncuda runtime error (3\n' >"$CASE_DIR/num.log"
gd explain --no-color "$CASE_DIR/num.log"
expect_rc 0
expect_no_text 'GD208'
expect_no_text 'older than the CUDA runtime'
