#!/bin/sh
# 4033-explain-nvml-mismatch: Failed to initialize NVML: Driver/library version mismatch.
# Corpus file: tests/explain/nvml-mismatch.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/nvml-mismatch.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD103"'
expect_json '.findings[0].kind == "driver_library_mismatch"'
