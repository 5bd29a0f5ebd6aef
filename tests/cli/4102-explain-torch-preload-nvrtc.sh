#!/bin/sh
# 4102-explain-torch-preload-nvrtc: torch's _preload_cuda_deps: a pip nvidia-* library is missing.
# Log: tests/explain/torch-preload-nvrtc.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-preload-nvrtc.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.hypotheses | map(.kind) | index("pip_nvidia_libs_not_found") != null'
expect_json 'any(.hypotheses[]; .kind == "broken_install" and (.tell_apart | test("pip list")))'
expect_json '.facts.python.value == "3.10"'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
