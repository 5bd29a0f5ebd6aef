#!/bin/sh
# 4018-explain-torch-not-compiled-windows: PyTorch CPU wheel on Windows.
# Corpus file: tests/explain/torch-not-compiled-windows.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-not-compiled-windows.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD211"'
expect_json '.findings[0].kind == "cpu_only_build"'
expect_json '.facts.os == "windows"'
expect_json 'any(.facts.messages[]; .family == "python_exception")'
# The evidence is what the log says (torch's own message, by its line), not
# a "+cpu" label the log never shows.
expect_json '[.findings[0].evidence[] | .text] | any(test("not compiled with CUDA")) and all(test("\\+cpu") | not)'
expect_json '.findings[0].evidence | all(.line != null)'
