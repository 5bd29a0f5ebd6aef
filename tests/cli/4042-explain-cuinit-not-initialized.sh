#!/bin/sh
# 4042-explain-cuinit-not-initialized: cuInit itself returning CUDA_ERROR_NOT_INITIALIZED [3]: an old driver and a driver that is not loaded are ranked.
# Log: tests/explain/cuinit-not-initialized.log (written from the message's format in the cited source)
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cuinit-not-initialized.log"
expect_rc 0
expect_json '.facts.cuda_errors[0].name == "CUDA_ERROR_NOT_INITIALIZED"'
expect_json '[.hypotheses[].kind] | index("driver_too_old") != null'
expect_json '[.hypotheses[].kind] | index("no_driver") != null'
