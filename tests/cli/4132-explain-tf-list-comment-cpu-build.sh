#!/bin/sh
# 4132-explain-tf-list-comment-cpu-build: the empty GPU list given as a comment after the call, and
# tf.test.is_built_with_cuda() answering False on the next line: a build without CUDA, no library guess.
# Log: tests/explain/tf-list-comment-cpu-build.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-list-comment-cpu-build.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "tf_gpu_list_empty" and .first_line == 2)'
expect_json 'any(.hypotheses[]; .kind == "cpu_only_build" and (.why | test("is_built_with_cuda")))'
expect_json 'all(.ranking[]; .kind != "missing_cudart")'
