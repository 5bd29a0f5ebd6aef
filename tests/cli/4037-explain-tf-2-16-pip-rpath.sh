#!/bin/sh
# 4037-explain-tf-2-16-pip-rpath: TF 2.16.1 does not find its own nvidia-* pip libraries.
# Corpus file: tests/explain/tf-2-16-pip-rpath.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-2-16-pip-rpath.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD205"'
expect_json '.findings[0].kind == "pip_nvidia_libs_not_found"'
# TensorFlow's judge (partial facts): 2.16.1's wheels lack the RUNPATH into
# site-packages/nvidia (tf_libs.kb); the fix engine's install through the one
# chooser: the same release check's fix names on that machine (3104)
expect_json '.findings[0].severity == "warning"'
expect_json 'any(.findings[0].fixes[]; .command | test("tensorflow\\[and-cuda\\]==2\\.21\\."))'
