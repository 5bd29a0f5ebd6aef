#!/bin/sh
# 4136-explain-said-missing-lib: a CUDA library the reporter says in words is not there (the file name
# and an anchor phrase on one line) is a library not found, as the loader's own line would be.
# Log: tests/explain/said-missing-cudnn.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/said-missing-cudnn.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "libcudnn.so.8" and .loaded == false and .line == 1)'
expect_json '.hypotheses[0].kind == "missing_cudnn"'

# A loader line is read by its own reader, not as words.
printf 'libcudnn.so.8 is not installed here, could not load it: cannot open shared object file\n' >"$CASE_DIR/ldr.log"
gd explain --json "$CASE_DIR/ldr.log"
expect_rc 0
expect_json 'all(.facts.libraries[]; .error != "the log says it is not there")'
