#!/bin/sh
# 4104-explain-cudnn-zlibwapi: cuDNN 8 on Windows without zlibwapi.dll.
# Log: tests/explain/cudnn-zlibwapi.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cudnn-zlibwapi.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.hypotheses[0].kind == "missing_other_cuda_lib"'
expect_json '.facts.os == "windows"'
expect_json 'any(.facts.libraries[]; .name == "zlibwapi.dll")'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
# What tells the alternatives apart is the fix engine's look, in the Windows
# spelling for a Windows log (no find, ldconfig or grep there).
expect_json 'any(.hypotheses[]; .code == "GD204" and .tell_apart == "Get-ChildItem -Path C:\\ -Recurse -Filter '"'"'zlibwapi*.dll'"'"' -ErrorAction SilentlyContinue; where.exe zlibwapi*.dll")'
expect_json 'any(.hypotheses[]; .code == "GD206" and .tell_apart == "nvcc --version; pip list | Select-String nvidia-")'
expect_json 'all(.hypotheses[]; (.tell_apart // "") | test("ldconfig|grep|find /") | not)'
