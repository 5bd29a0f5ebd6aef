#!/bin/sh
# 4022-explain-torch-winerror126: torch on Windows: WinError 126 loading a cuDNN DLL.
# Corpus file: tests/explain/torch-winerror126.log
# The DLL's path is torch\lib, where torch's CUDA wheel ships it: the file is
# there, so torch's install (or a DLL it needs) is the cause (GD412, as the
# real thread tests/explain/corpus/0365 established), cuDNN missing after it.
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-winerror126.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD412"'
expect_json '[.ranking[].code] | index("GD202") != null'
expect_json '.facts.libraries[0].name == "cudnn_cnn_infer64_8.dll"'
# The other cuDNN's tell is written for Windows (where.exe, Select-String).
expect_json 'any(.hypotheses[]; .code == "GD207" and .tell_apart == "where.exe cudnn*.dll; pip list | Select-String cudnn")'
