#!/bin/sh
# 4112-explain-torch-oom: torch.cuda.OutOfMemoryError: the GPU works, it is full.
# Log: tests/explain/torch-oom.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-oom.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD407"'
expect_json '.hypotheses[0].kind == "out_of_memory"'
expect_json '(.hypotheses | length) == 1'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
