#!/bin/sh
# 4019-explain-torch-driver-too-old: torch 2.1.0+cu121 on a CUDA 11.4 driver (found version 11040).
# Corpus file: tests/explain/torch-driver-too-old.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-driver-too-old.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD208"'
expect_json '.findings[0].kind == "driver_too_old"'
expect_json '.findings[0].title | test("525.60.13")'
expect_json 'any(.findings[0].evidence[]; .text | test("11.4"))'
