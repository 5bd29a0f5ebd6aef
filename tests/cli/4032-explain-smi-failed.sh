#!/bin/sh
# 4032-explain-smi-failed: nvidia-smi cannot talk to the driver.
# Corpus file: tests/explain/smi-failed.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/smi-failed.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD101"'
expect_json '.findings[0].kind == "no_driver"'
