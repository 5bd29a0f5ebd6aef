#!/bin/sh
# 4020-explain-smi-470-torch-cu121: nvidia-smi shows driver 470 and pip shows torch cu121: the driver is too old (525.60.13).
# Corpus file: tests/explain/smi-470-torch-cu121.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/smi-470-torch-cu121.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD208"'
expect_json '.facts.driver.value == "470.223.02"'
expect_json '.facts.driver_cuda.value == "11.4"'
expect_json '.facts.gpu.value == "Tesla T4"'
expect_json '.findings[0].title | test("470.223.02.*525.60.13")'
