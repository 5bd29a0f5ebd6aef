#!/bin/sh
# 4010-explain-tf-windows-cudart64-110: the seed's classic: TF 2.10 on Windows, cudart64_110.dll missing -> CUDA 11.2 / cuDNN 8.1, PowerShell and conda fixes.
# Corpus file: tests/explain/tf-windows-cudart64-110.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-windows-cudart64-110.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD201"'
expect_json '.facts.os == "windows"'
expect_json '.facts.tensorflow.value == "2.10.0"'
expect_json 'any(.findings[]; .code == "GD202" and .kind == "missing_cudnn")'
expect_json '.findings[0].evidence[0].line == 2'
# TensorFlow's judge (the same as check's): its Windows install with the tested CUDA 11.2 / cuDNN 8.1
expect_json 'any(.findings[0].fixes[]; .title | test("CUDA 11.2 and cuDNN 8.1"))'
expect_json 'any(.findings[0].fixes[]; .shell == "powershell" and (.command | test("CUDA.v11.2.bin")))'
expect_json 'any(.findings[0].fixes[]; .command | test("conda create .*cudatoolkit=11.2 cudnn=8.1"))'

gd explain --no-color "$GD_TESTS/explain/tf-windows-cudart64-110.log"
expect_rc 0
expect_text 'Cause: cudart64_110.dll not found: tensorflow cannot load it'
expect_text 'line 2: '
expect_text '[powershell]'
